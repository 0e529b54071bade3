import * as THREE from 'three';

/** Degrees to radians. */
const DEG = Math.PI / 180;

/** How the rig frames the table. */
export interface CameraRigOptions {
  /** Vertical field of view on wide screens, degrees. */
  fov: number;
  /** Narrowest horizontal field of view (tall screens widen the vertical one to keep it), degrees. */
  minHorizontalFov: number;
  /** Downward tilt on wide screens (aspect >= 1.3), degrees from horizontal. */
  pitchWide: number;
  /** Downward tilt on tall screens (aspect <= 0.6), degrees; in between it is interpolated. */
  pitchTall: number;
  /** Empty border kept around the table, as a share of the view on each side. */
  margin: number;
}

const DEFAULTS: CameraRigOptions = {
  fov: 30,
  minHorizontalFov: 28,
  pitchWide: 54,
  pitchTall: 66,
  margin: 0.03,
};

/**
 * The player's view: a perspective camera on the near (+Z) side, tilted down at the table, placed so
 * that the whole box `bounds` fits the view at any aspect ratio. The fit is exact for the eight
 * corners of the box: for each screen axis the camera distance and the sideways shift of the aim are
 * solved so the extreme corners touch the (margin-reduced) frustum, and the larger distance wins.
 */
export class CameraRig {
  /** The camera; its aspect, position and orientation are set by `frame`. */
  readonly camera: THREE.PerspectiveCamera;
  private readonly options: CameraRigOptions;
  private readonly corners: THREE.Vector3[] = [];
  private readonly center = new THREE.Vector3();
  private readonly forward = new THREE.Vector3();
  private readonly up = new THREE.Vector3();
  private readonly right = new THREE.Vector3(1, 0, 0);
  private readonly scratch = new THREE.Vector3();
  private readonly offset = new THREE.Vector3();

  constructor(bounds: THREE.Box3, options: Partial<CameraRigOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
    this.camera = new THREE.PerspectiveCamera(this.options.fov, 1, 0.5, 100);
    bounds.getCenter(this.center);
    for (let i = 0; i < 8; i++) {
      this.corners.push(
        new THREE.Vector3(
          i & 1 ? bounds.max.x : bounds.min.x,
          i & 2 ? bounds.max.y : bounds.min.y,
          i & 4 ? bounds.max.z : bounds.min.z,
        ),
      );
    }
  }

  /** Frames the table for a view of `width` x `height` (any units; only the ratio counts). */
  frame(width: number, height: number): void {
    const o = this.options;
    const aspect = Math.max(width, 1) / Math.max(height, 1);
    const tall = THREE.MathUtils.clamp((1.3 - aspect) / (1.3 - 0.6), 0, 1);
    const pitch = THREE.MathUtils.lerp(o.pitchWide, o.pitchTall, tall) * DEG;
    const minVertical = 2 * Math.atan(Math.tan((o.minHorizontalFov * DEG) / 2) / aspect);
    const fov = Math.max(o.fov * DEG, minVertical);
    this.forward.set(0, -Math.sin(pitch), -Math.cos(pitch));
    this.up.set(0, Math.cos(pitch), -Math.sin(pitch));

    const shrink = 1 - 2 * o.margin;
    const tanV = Math.tan(fov / 2) * shrink;
    const tanH = Math.tan(fov / 2) * aspect * shrink;
    const [distanceY, shiftY] = this.fit(this.up, tanV);
    const [distanceX, shiftX] = this.fit(this.right, tanH);
    const distance = Math.max(distanceX, distanceY);

    const target = this.scratch
      .copy(this.center)
      .addScaledVector(this.up, shiftY)
      .addScaledVector(this.right, shiftX);
    const camera = this.camera;
    camera.fov = fov / DEG;
    camera.aspect = aspect;
    camera.position.copy(target).addScaledVector(this.forward, -distance);
    camera.up.set(0, 1, 0);
    camera.lookAt(target);
    camera.near = Math.max(0.1, distance * 0.3);
    camera.far = distance * 2.5;
    camera.updateProjectionMatrix();
    camera.updateMatrixWorld();
  }

  /**
   * For one screen axis: the least camera distance (behind the box centre, along forward) at which
   * every corner fits within ±tan of the axis, and the shift of the aim along the axis that centres them.
   */
  private fit(axis: THREE.Vector3, tan: number): [number, number] {
    let low = -Infinity; // max of (a - tan * z)
    let high = Infinity; // min of (a + tan * z)
    const q = this.offset;
    for (const corner of this.corners) {
      q.subVectors(corner, this.center);
      const a = q.dot(axis);
      const z = q.dot(this.forward);
      low = Math.max(low, a - tan * z);
      high = Math.min(high, a + tan * z);
    }
    return [(low - high) / (2 * tan), (low + high) / 2];
  }
}
