import * as THREE from 'three';
import { convexHull, distanceToPolygon, MAX_POINTS } from './screen-outline.js';
import { TABLE_BOUNDS } from './TableMesh.js';

/** Margin around the table, in die edges, within which a press still counts as on the table. */
const TABLE_MARGIN = 1.2;

/**
 * Answers "what is under this point of the canvas": which die (ray picking against the die meshes)
 * and where on a horizontal plane over the table. Points are in normalised device coordinates.
 */
export class ScenePicker {
  private readonly raycaster = new THREE.Raycaster();
  private readonly ndc = new THREE.Vector2();
  private readonly plane = new THREE.Plane(new THREE.Vector3(0, 1, 0), 0);
  private readonly hits: THREE.Intersection[] = [];
  private readonly corner = new THREE.Vector3();
  private readonly corners = new Float64Array(2 * MAX_POINTS);
  private readonly hull = new Float64Array(2 * (MAX_POINTS + 1));

  constructor(
    private readonly camera: THREE.Camera,
    private readonly dice: readonly THREE.Mesh[],
  ) {}

  /** Index of the nearest die under (x, y), or -1. */
  dieAt(x: number, y: number): number {
    this.aim(x, y);
    this.hits.length = 0;
    this.raycaster.intersectObjects(this.dice as THREE.Mesh[], false, this.hits);
    const hit = this.hits[0];
    if (!hit) return -1;
    return this.dice.indexOf(hit.object as THREE.Mesh);
  }

  /**
   * The die a tap at (x, y) means: the one under it, else the one whose drawn outline is nearest,
   * if within `margin`; -1 when none is that near. Points and margin are CSS pixels on a canvas of
   * `width` x `height`; the outline is the hull of the die's corners as last drawn.
   */
  nearestDie(x: number, y: number, width: number, height: number, margin: number): number {
    const under = this.dieAt((x / width) * 2 - 1, 1 - (y / height) * 2);
    if (under !== -1) return under;
    let best = -1;
    let bestDistance = margin;
    for (let i = 0; i < this.dice.length; i++) {
      const distance = this.outlineDistance(this.dice[i]!, x, y, width, height);
      if (distance <= bestDistance) {
        best = i;
        bestDistance = distance;
      }
    }
    return best;
  }

  /** Writes into `out` where the ray through (x, y) meets the plane y = height; false when it misses. */
  planeAt(x: number, y: number, height: number, out: THREE.Vector3): boolean {
    this.aim(x, y);
    this.plane.constant = -height;
    return this.raycaster.ray.intersectPlane(this.plane, out) !== null;
  }

  /** True when (x, y) lies over the table (felt, rim or ledge) or a little around it. */
  isOverTable(x: number, y: number, scratch: THREE.Vector3): boolean {
    if (!this.planeAt(x, y, 0, scratch)) return false;
    const b = TABLE_BOUNDS;
    return (
      scratch.x >= b.min.x - TABLE_MARGIN &&
      scratch.x <= b.max.x + TABLE_MARGIN &&
      scratch.z >= b.min.z - TABLE_MARGIN &&
      scratch.z <= b.max.z + TABLE_MARGIN
    );
  }

  /** CSS pixels from (x, y) to the outline `die` is drawn with on a `width` x `height` canvas. */
  private outlineDistance(die: THREE.Mesh, x: number, y: number, width: number, height: number): number {
    if (!die.geometry.boundingBox) die.geometry.computeBoundingBox();
    const box = die.geometry.boundingBox!;
    for (let i = 0; i < MAX_POINTS; i++) {
      const p = this.corner
        .set(i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z)
        .applyMatrix4(die.matrixWorld)
        .project(this.camera);
      this.corners[2 * i] = ((p.x + 1) / 2) * width;
      this.corners[2 * i + 1] = ((1 - p.y) / 2) * height;
    }
    const count = convexHull(this.corners, MAX_POINTS, this.hull);
    return distanceToPolygon(this.hull, count, x, y);
  }

  private aim(x: number, y: number): void {
    this.ndc.set(x, y);
    this.raycaster.setFromCamera(this.ndc, this.camera);
  }
}
