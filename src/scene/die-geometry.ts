import * as THREE from 'three';
import { RoundedBoxGeometry } from 'three/examples/jsm/geometries/RoundedBoxGeometry.js';
import { DIE_SIZE, FACE_NORMALS } from '../physics/types.js';
import { ATLAS_COLUMNS, ATLAS_ROWS } from './die-pixels.js';

/** Outward normal of each side of three's box geometry, in the order its vertices are laid out. */
const BOX_SIDES: readonly (readonly [number, number, number])[] = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
];

/** Radius of a die's rounded edges and corners. */
const DIE_RADIUS = 0.14;

/** A die's shape and how its texture atlas must be drawn to fit it. */
export interface DieGeometry {
  geometry: THREE.BufferGeometry;
  /** Share of an atlas cell covered by one die edge on the flat part of a face (for createDieAtlas). */
  cellPerUnit: number;
}

/**
 * A rounded die of edge DIE_SIZE whose UVs point into the face atlas of die-textures.ts: the side with
 * local normal FACE_NORMALS[f] samples cell f - 1, so what the physics reads as "face f up" is what
 * the player sees on top.
 */
export function createDieGeometry(radius = DIE_RADIUS, segments = 3): DieGeometry {
  const geometry = new RoundedBoxGeometry(DIE_SIZE, DIE_SIZE, DIE_SIZE, segments, radius);
  const uv = geometry.getAttribute('uv') as THREE.BufferAttribute;
  // The array itself, not an accessor call per coordinate: this runs once, in code not yet optimised.
  const uvs = uv.array;
  const perSide = uv.count / 6;
  for (let side = 0; side < 6; side++) {
    const face = faceOfNormal(BOX_SIDES[side]!);
    const column = (face - 1) % ATLAS_COLUMNS;
    // Canvas rows count from the top; texture v counts from the bottom (flipY).
    const row = ATLAS_ROWS - 1 - Math.floor((face - 1) / ATLAS_COLUMNS);
    for (let i = 2 * side * perSide; i < 2 * (side + 1) * perSide; i += 2) {
      uvs[i] = (column + uvs[i]!) / ATLAS_COLUMNS;
      uvs[i + 1] = (row + uvs[i + 1]!) / ATLAS_ROWS;
    }
  }
  uv.needsUpdate = true;
  geometry.clearGroups();
  // Known without visiting the vertices: the centre, out to a corner's rounding.
  const r = Math.min(radius, DIE_SIZE / 2);
  geometry.boundingSphere = new THREE.Sphere(new THREE.Vector3(), Math.sqrt(3) * (DIE_SIZE / 2 - r) + r);
  return { geometry, cellPerUnit: dieCellPerUnit(radius) };
}

/**
 * The share of an atlas cell one die edge of flat face covers on a die rounded by `radius`: known
 * without building the geometry, so the atlas can be painted while it is built.
 */
export function dieCellPerUnit(radius = DIE_RADIUS): number {
  // RoundedBoxGeometry spends a quarter arc per rounded edge and the straight rest of the side on one
  // UV unit (see getUv in its source), so a die edge of flat face covers 1 / (arc + straight) of it.
  const r = Math.min(radius, DIE_SIZE / 2);
  const arc = (Math.PI * r) / 2;
  return DIE_SIZE / (arc + DIE_SIZE - 2 * r);
}

function faceOfNormal(normal: readonly [number, number, number]): number {
  for (let face = 1; face <= 6; face++) {
    const n = FACE_NORMALS[face]!;
    if (n[0] === normal[0] && n[1] === normal[1] && n[2] === normal[2]) return face;
  }
  throw new Error(`no face has normal ${normal.join(',')}`);
}
