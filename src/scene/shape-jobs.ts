import * as THREE from 'three';
import { RoundedBoxGeometry } from 'three/examples/jsm/geometries/RoundedBoxGeometry.js';
import { createDieGeometry } from './die-geometry.js';

/**
 * One of the table's rounded shapes, as plain data, so that it is built alike on the page's thread and
 * on a worker's (table-pixels.worker.ts): rounding a box is tens of milliseconds of arithmetic in code
 * not yet optimised, a task long enough to hold up a tap on a phone.
 */
export type ShapeJob =
  /** A die (die-geometry.ts). */
  | { kind: 'die' }
  /** A rounded wooden board, its UVs in world units (see boxUvsInUnits). */
  | {
      kind: 'board';
      width: number;
      height: number;
      depth: number;
      radius: number;
      unitsPerRepeat: number;
      uvOffset: number;
    };

/** The dice's shape. */
export const DIE_SHAPE: ShapeJob = { kind: 'die' };

/** A shape's vertices (not indexed) as plain arrays: built on a worker and handed over, not copied. */
export interface ShapeArrays {
  position: Float32Array<ArrayBuffer>;
  normal: Float32Array<ArrayBuffer>;
  uv: Float32Array<ArrayBuffer>;
  /** The sphere around it, centre x, y, z and radius: three would visit every vertex at the first frame. */
  bounds: readonly [number, number, number, number];
}

/** Builds the shape `job` describes. */
export function buildShape(job: ShapeJob): ShapeArrays {
  const geometry =
    job.kind === 'die'
      ? createDieGeometry().geometry
      : new RoundedBoxGeometry(job.width, job.height, job.depth, 2, job.radius);
  if (job.kind === 'board') boxUvsInUnits(geometry, job.unitsPerRepeat, job.uvOffset);
  if (!geometry.boundingSphere) geometry.computeBoundingSphere();
  const { center, radius } = geometry.boundingSphere!;
  const array = (name: string) => geometry.getAttribute(name).array as Float32Array<ArrayBuffer>;
  return {
    position: array('position'),
    normal: array('normal'),
    uv: array('uv'),
    bounds: [center.x, center.y, center.z, radius],
  };
}

/** The geometry of a shape built by `buildShape` (its arrays become the geometry's own). */
export function shapeGeometry(arrays: ShapeArrays): THREE.BufferGeometry {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(arrays.position, 3));
  geometry.setAttribute('normal', new THREE.BufferAttribute(arrays.normal, 3));
  geometry.setAttribute('uv', new THREE.BufferAttribute(arrays.uv, 2));
  const [x, y, z, radius] = arrays.bounds;
  geometry.boundingSphere = new THREE.Sphere(new THREE.Vector3(x, y, z), radius);
  return geometry;
}

/**
 * Replaces a box-like geometry's UVs by its positions in world units divided by `unitsPerRepeat`,
 * projected along the dominant axis of each vertex normal, so a tiling texture keeps one scale on
 * boards of any size (grain along X on X-long boards, along Z on Z-long ones).
 */
export function boxUvsInUnits(geometry: THREE.BufferGeometry, unitsPerRepeat: number, offset = 0): void {
  // The attributes' arrays read and written directly: a table's build runs this once per part, in
  // code not yet optimised, where an accessor call per coordinate costs more than the arithmetic.
  const uv = geometry.getAttribute('uv');
  const positions = geometry.getAttribute('position').array;
  const normals = geometry.getAttribute('normal').array;
  const uvs = uv.array;
  let minX = Infinity;
  let maxX = -Infinity;
  let minZ = Infinity;
  let maxZ = -Infinity;
  for (let j = 0; j < positions.length; j += 3) {
    minX = Math.min(minX, positions[j]!);
    maxX = Math.max(maxX, positions[j]!);
    minZ = Math.min(minZ, positions[j + 2]!);
    maxZ = Math.max(maxZ, positions[j + 2]!);
  }
  const alongX = maxX - minX >= maxZ - minZ;
  for (let i = 0, j = 0; j < positions.length; i += 2, j += 3) {
    const x = positions[j]!;
    const y = positions[j + 1]!;
    const z = positions[j + 2]!;
    const ax = Math.abs(normals[j]!);
    const ay = Math.abs(normals[j + 1]!);
    const az = Math.abs(normals[j + 2]!);
    const along = alongX ? x : z;
    let across: number;
    if (ay >= ax && ay >= az) across = alongX ? z : x;
    else across = y + (alongX ? z : x) * 0.37; // sides and ends: height, shifted so faces do not match up
    uvs[i] = along / unitsPerRepeat + offset;
    uvs[i + 1] = across / unitsPerRepeat;
  }
  uv.needsUpdate = true;
}
