import * as THREE from 'three';

/** Options for the lights. */
export interface LightingOptions {
  /** Side of the shadow map in texels; 0 turns shadows off. */
  shadowMapSize: number;
  /** The box the shadows fall in (the table): the shadow camera is fitted around it. */
  tableBounds: THREE.Box3;
}

/**
 * Warm lamplight over the table: a hemisphere light (warm ceiling, dark wood floor) for the soft fill
 * and one warm directional key light from above the far left corner, the only shadow caster. Its
 * shadow camera is fitted tightly around the table so the small map still gives crisp shadows.
 */
export class Lighting {
  /** The lights, ready to add to a scene. */
  readonly group = new THREE.Group();
  /** The soft fill from above and below. */
  readonly hemisphere: THREE.HemisphereLight;
  /** The key light (casts the shadows). */
  readonly key: THREE.DirectionalLight;
  /** Unit vector from the scene towards the key light (for working out where shadows fall). */
  readonly towardsKey = new THREE.Vector3();
  private readonly hasShadowMap: boolean;

  constructor(options: LightingOptions) {
    this.hemisphere = new THREE.HemisphereLight(0xfff0dc, 0x3b2a1c, 1.35);
    this.key = new THREE.DirectionalLight(0xffe0b8, 2.1);
    this.key.position.set(-4.5, 14, -5);
    this.key.target.position.set(0, 0, 0.8);
    this.towardsKey.copy(this.key.position).sub(this.key.target.position).normalize();
    this.group.add(this.hemisphere, this.key, this.key.target);

    this.hasShadowMap = options.shadowMapSize > 0;
    if (this.hasShadowMap) {
      const shadow = this.key.shadow;
      this.key.castShadow = true;
      shadow.mapSize.set(options.shadowMapSize, options.shadowMapSize);
      shadow.bias = -0.0008;
      shadow.normalBias = 0.02;
      shadow.radius = 3;
      fitShadowCamera(this.key, options.tableBounds);
    }
    this.key.updateMatrixWorld();
    this.key.target.updateMatrixWorld();
  }

  /**
   * Whether the key light casts its shadow (never without a shadow map). Turning it off leaves the
   * shadow map unrendered and the lit materials without shadow code: a quick first frame.
   */
  get shadows(): boolean {
    return this.key.castShadow;
  }

  set shadows(on: boolean) {
    this.key.castShadow = on && this.hasShadowMap;
  }

  /** Frees the shadow map. */
  dispose(): void {
    this.key.shadow.dispose();
    this.group.clear();
  }
}

/** Fits the orthographic shadow camera of `light` around `bounds` (plus a die of headroom), seen from the light. */
function fitShadowCamera(light: THREE.DirectionalLight, bounds: THREE.Box3): void {
  const view = new THREE.Matrix4().lookAt(light.position, light.target.position, new THREE.Vector3(0, 1, 0));
  const toLight = view.clone().setPosition(light.position).invert();
  const box = new THREE.Box3();
  const corner = new THREE.Vector3();
  const grown = bounds.clone();
  grown.max.y += 2.5;
  for (let i = 0; i < 8; i++) {
    corner.set(
      i & 1 ? grown.max.x : grown.min.x,
      i & 2 ? grown.max.y : grown.min.y,
      i & 4 ? grown.max.z : grown.min.z,
    );
    box.expandByPoint(corner.applyMatrix4(toLight));
  }
  const camera = light.shadow.camera;
  camera.left = box.min.x;
  camera.right = box.max.x;
  camera.bottom = box.min.y;
  camera.top = box.max.y;
  camera.near = Math.max(0.1, -box.max.z);
  camera.far = -box.min.z;
  camera.updateProjectionMatrix();
}
