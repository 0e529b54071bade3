import * as THREE from 'three';
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

  constructor(
    private readonly camera: THREE.Camera,
    private readonly dice: readonly THREE.Object3D[],
  ) {}

  /** Index of the nearest die under (x, y), or -1. */
  dieAt(x: number, y: number): number {
    this.aim(x, y);
    this.hits.length = 0;
    this.raycaster.intersectObjects(this.dice as THREE.Object3D[], false, this.hits);
    const hit = this.hits[0];
    if (!hit) return -1;
    return this.dice.indexOf(hit.object);
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

  private aim(x: number, y: number): void {
    this.ndc.set(x, y);
    this.raycaster.setFromCamera(this.ndc, this.camera);
  }
}
