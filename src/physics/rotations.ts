import * as CANNON from 'cannon-es';
import { nextUnit, type RngState } from '../engine/index.js';
import { topFace, type QuaternionLike } from './face-reading.js';
import { FACE_NORMALS } from './types.js';

const TWO_PI = 2 * Math.PI;
const UP = new CANNON.Vec3(0, 1, 0);
const scratchNormal = new CANNON.Vec3();
const scratchAlign = new CANNON.Quaternion();
const scratchYaw = new CANNON.Quaternion();
const scratchSide = new CANNON.Vec3();
const scratchSideNow = new CANNON.Vec3();
const QUARTER_TURN = Math.PI / 2;

/**
 * A rotation drawn uniformly from all rotations (Shoemake's subgroup algorithm, Graphics Gems III),
 * so every face is equally likely to start on top whatever else the throw does.
 * Returns the generator state after the three draws.
 */
export function randomRotation(rng: RngState, out: CANNON.Quaternion): RngState {
  let u1: number, u2: number, u3: number;
  [u1, rng] = nextUnit(rng);
  [u2, rng] = nextUnit(rng);
  [u3, rng] = nextUnit(rng);
  const a = Math.sqrt(1 - u1);
  const b = Math.sqrt(u1);
  out.set(
    a * Math.sin(TWO_PI * u2),
    a * Math.cos(TWO_PI * u2),
    b * Math.sin(TWO_PI * u3),
    b * Math.cos(TWO_PI * u3),
  );
  return rng;
}

/** A direction drawn uniformly from the unit sphere. Returns the generator state after two draws. */
export function randomUnitVector(rng: RngState, out: CANNON.Vec3): RngState {
  let u: number, v: number;
  [u, rng] = nextUnit(rng);
  [v, rng] = nextUnit(rng);
  const y = 2 * u - 1;
  const r = Math.sqrt(Math.max(0, 1 - y * y));
  out.set(r * Math.cos(TWO_PI * v), y, r * Math.sin(TWO_PI * v));
  return rng;
}

/** The orientation that shows `face` on top, turned by `yaw` radians about the vertical. */
export function faceUpRotation(face: number, yaw: number, out: CANNON.Quaternion): CANNON.Quaternion {
  const [nx, ny, nz] = FACE_NORMALS[face]!;
  scratchNormal.set(nx, ny, nz);
  scratchAlign.setFromVectors(scratchNormal, UP);
  scratchYaw.setFromAxisAngle(UP, yaw);
  return scratchYaw.mult(scratchAlign, out);
}

/**
 * `q` turned by the smallest rotation that makes its top face exactly level: same face up, same
 * heading, no tilt. Used when a die is lifted onto the ledge or back onto the felt.
 */
export function levelRotation(q: QuaternionLike, out: CANNON.Quaternion): CANNON.Quaternion {
  const [nx, ny, nz] = FACE_NORMALS[topFace(q).face]!;
  scratchYaw.set(q.x, q.y, q.z, q.w);
  scratchNormal.set(nx, ny, nz);
  scratchYaw.vmult(scratchNormal, scratchNormal);
  scratchAlign.setFromVectors(scratchNormal, UP);
  scratchAlign.mult(scratchYaw, out);
  return out.normalize();
}

/**
 * `q` set square to the table: same face up, level, and turned about the vertical by the least angle
 * that lines its sides up with the table's (a multiple of 90 degrees from the `faceUpRotation`
 * heading), as a person sets a kept die in its slot.
 */
export function squareRotation(q: QuaternionLike, out: CANNON.Quaternion): CANNON.Quaternion {
  const face = topFace(q).face;
  // A side of the die (a face normal square to the top one): where it points once the die is level,
  // and where it points at heading 0; the angle between them about the vertical is the heading.
  const [nx, ny, nz] = FACE_NORMALS[face]!;
  const side = FACE_NORMALS.find((n, f) => f > 0 && n[0] * nx + n[1] * ny + n[2] * nz === 0)!;
  scratchSide.set(side[0], side[1], side[2]);
  levelRotation(q, out).vmult(scratchSide, scratchSideNow);
  faceUpRotation(face, 0, out).vmult(scratchSide, scratchSide);
  const heading = Math.atan2(
    scratchSide.z * scratchSideNow.x - scratchSide.x * scratchSideNow.z,
    scratchSide.x * scratchSideNow.x + scratchSide.z * scratchSideNow.z,
  );
  return faceUpRotation(face, Math.round(heading / QUARTER_TURN) * QUARTER_TURN, out);
}
