import { FACE_NORMALS } from './types.js';

/**
 * A die counts as flat only when its top face normal is within this angle of straight up. A die
 * resting on the felt reads well under 1°; one leaning on a wall or on another die reads 10° or more.
 */
export const FLAT_TOLERANCE_DEG = 5;

/** Any unit quaternion as plain numbers (a CANNON.Quaternion fits). */
export interface QuaternionLike {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly w: number;
}

/** The face on top and how far its normal leans from straight up. */
export interface FaceReading {
  /** Face value 1..6 whose world normal is nearest +Y. */
  face: number;
  /** Angle in degrees between that normal and +Y (0 = perfectly flat). */
  angleDeg: number;
}

const RAD_TO_DEG = 180 / Math.PI;
/** FACE_NORMALS bound once, so the hot loop below reads a local rather than an imported binding. */
const NORMALS = FACE_NORMALS;

/** acos clamped into its domain so rounding never gives NaN. */
function angleFromCosine(cosine: number): number {
  return Math.acos(Math.min(1, Math.max(-1, cosine))) * RAD_TO_DEG;
}

/**
 * The face whose world normal is nearest +Y, and its angle from up. Rotates each face normal of
 * FACE_NORMALS into the world by `q` (v' = v + w t + q × t with t = 2 q × v) and keeps the highest.
 */
export function topFace(q: QuaternionLike, out: FaceReading = { face: 1, angleDeg: 0 }): FaceReading {
  let bestFace = 1;
  let bestY = -Infinity;
  for (let face = 1; face <= 6; face++) {
    const [vx, vy, vz] = NORMALS[face]!;
    // t = 2 (q.xyz × v); only the y component of the rotated vector matters.
    const tx = 2 * (q.y * vz - q.z * vy);
    const tz = 2 * (q.x * vy - q.y * vx);
    const ty = 2 * (q.z * vx - q.x * vz);
    const worldY = vy + q.w * ty + (q.z * tx - q.x * tz);
    if (worldY > bestY) {
      bestY = worldY;
      bestFace = face;
    }
  }
  out.face = bestFace;
  out.angleDeg = angleFromCosine(bestY);
  return out;
}

/** True when the die with orientation `q` lies flat within `toleranceDeg`. */
export function isFlat(q: QuaternionLike, toleranceDeg = FLAT_TOLERANCE_DEG): boolean {
  return topFace(q, scratchReading).angleDeg <= toleranceDeg;
}

const scratchReading: FaceReading = { face: 1, angleDeg: 0 };

/**
 * Face value by local axis and sign, written out by hand rather than taken from FACE_NORMALS so the
 * check below shares no table with `topFace`: [+x, -x, +y, -y, +z, -z].
 */
const FACE_BY_AXIS = [2, 5, 1, 6, 3, 4] as const;

/**
 * An independent second reading, used by the benchmark and tests to catch misreads. It works the
 * other way round from `topFace`: world up is carried into the die's own frame (the middle row of the
 * rotation matrix, i.e. Rᵀ·(0, 1, 0)), and the local axis with the largest component names the face.
 */
export function upFaceByAxis(q: QuaternionLike): FaceReading {
  const { x, y, z, w } = q;
  // Second row of the rotation matrix of a unit quaternion.
  const upLocal = [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)] as const;
  let axis = 0;
  for (let i = 1; i < 3; i++) if (Math.abs(upLocal[i]!) > Math.abs(upLocal[axis]!)) axis = i;
  const component = upLocal[axis]!;
  return {
    face: FACE_BY_AXIS[axis * 2 + (component >= 0 ? 0 : 1)]!,
    angleDeg: angleFromCosine(Math.abs(component)),
  };
}
