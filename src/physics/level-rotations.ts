/**
 * The orientations a die is set down in between throws (shown face up, set level, set square to the
 * table), in plain arithmetic on {x, y, z, w}: the same operations, in the same order, as cannon-es's
 * Quaternion and Vec3 make them (checked bit for bit in level-rotations.test.ts), so that the physics
 * and the page's layout of the dice (dice-layout.ts, which loads no cannon-es) agree exactly.
 */
import { topFace, type QuaternionLike } from './face-reading.js';
import { FACE_NORMALS } from './types.js';

/** A quaternion to write into (a cannon-es Quaternion is one). */
export interface Quat {
  x: number;
  y: number;
  z: number;
  w: number;
}

interface Vec {
  x: number;
  y: number;
  z: number;
}

const QUARTER_TURN = Math.PI / 2;
const normal: Vec = { x: 0, y: 0, z: 0 };
const side: Vec = { x: 0, y: 0, z: 0 };
const sideNow: Vec = { x: 0, y: 0, z: 0 };
const align: Quat = { x: 0, y: 0, z: 0, w: 1 };
const yawed: Quat = { x: 0, y: 0, z: 0, w: 1 };

/** The orientation that shows `face` on top, turned by `yaw` radians about the vertical. */
export function faceUpRotation<Q extends Quat>(face: number, yaw: number, out: Q): Q {
  const [nx, ny, nz] = FACE_NORMALS[face]!;
  alignToUp(nx, ny, nz, align);
  axisAngleUp(yaw, yawed);
  return multiply(yawed, align, out);
}

/**
 * `q` turned by the smallest rotation that makes its top face exactly level: same face up, same
 * heading, no tilt. Used when a die is lifted onto the ledge or back onto the felt.
 */
export function levelRotation<Q extends Quat>(q: QuaternionLike, out: Q): Q {
  const [nx, ny, nz] = FACE_NORMALS[topFace(q).face]!;
  yawed.x = q.x;
  yawed.y = q.y;
  yawed.z = q.z;
  yawed.w = q.w;
  rotate(yawed, nx, ny, nz, normal);
  alignToUp(normal.x, normal.y, normal.z, align);
  multiply(align, yawed, out);
  return normalize(out);
}

/**
 * `q` set square to the table: same face up, level, and turned about the vertical by the least angle
 * that lines its sides up with the table's (a multiple of 90 degrees from the `faceUpRotation`
 * heading), as a person sets a kept die in its slot.
 */
export function squareRotation<Q extends Quat>(q: QuaternionLike, out: Q): Q {
  const face = topFace(q).face;
  // A side of the die (a face normal square to the top one): where it points once the die is level,
  // and where it points at heading 0; the angle between them about the vertical is the heading.
  const [nx, ny, nz] = FACE_NORMALS[face]!;
  const [sx, sy, sz] = FACE_NORMALS.find((n, f) => f > 0 && n[0] * nx + n[1] * ny + n[2] * nz === 0)!;
  rotate(levelRotation(q, out), sx, sy, sz, sideNow);
  rotate(faceUpRotation(face, 0, out), sx, sy, sz, side);
  const heading = Math.atan2(
    side.z * sideNow.x - side.x * sideNow.z,
    side.x * sideNow.x + side.z * sideNow.z,
  );
  return faceUpRotation(face, Math.round(heading / QUARTER_TURN) * QUARTER_TURN, out);
}

/** `out` set to `angle` radians about the vertical (cannon's setFromAxisAngle with the axis (0, 1, 0)). */
function axisAngleUp(angle: number, out: Quat): void {
  const s = Math.sin(angle * 0.5);
  out.x = 0 * s;
  out.y = 1 * s;
  out.z = 0 * s;
  out.w = Math.cos(angle * 0.5);
}

/** `out` set to the rotation that takes (ux, uy, uz) to straight up (cannon's setFromVectors). */
function alignToUp(ux: number, uy: number, uz: number, out: Quat): void {
  const [vx, vy, vz] = [0, 1, 0];
  if (Math.abs(-ux - vx) <= 1e-6 && Math.abs(-uy - vy) <= 1e-6 && Math.abs(-uz - vz) <= 1e-6) {
    // Pointing straight down: half a turn about a tangent of it (cannon's Vec3.tangents, first one).
    const norm = Math.sqrt(ux * ux + uy * uy + uz * uz);
    const inorm = 1 / norm;
    const [nx, ny, nz] = [ux * inorm, uy * inorm, uz * inorm];
    const [rx, ry, rz] = Math.abs(nx) < 0.9 ? [1, 0, 0] : [0, 1, 0];
    const tx = ny * rz - nz * ry;
    const ty = nz * rx - nx * rz;
    const tz = nx * ry - ny * rx;
    const s = Math.sin(Math.PI * 0.5);
    out.x = tx * s;
    out.y = ty * s;
    out.z = tz * s;
    out.w = Math.cos(Math.PI * 0.5);
    return;
  }
  out.x = uy * vz - uz * vy;
  out.y = uz * vx - ux * vz;
  out.z = ux * vy - uy * vx;
  const uLength = Math.sqrt(ux * ux + uy * uy + uz * uz);
  const vLength = Math.sqrt(vx * vx + vy * vy + vz * vz);
  out.w = Math.sqrt(uLength ** 2 * vLength ** 2) + (ux * vx + uy * vy + uz * vz);
  normalize(out);
}

/** `out` = a * b (cannon's Quaternion.mult); `out` may be either. */
function multiply<Q extends Quat>(a: Quat, b: Quat, out: Q): Q {
  const { x: ax, y: ay, z: az, w: aw } = a;
  const { x: bx, y: by, z: bz, w: bw } = b;
  out.x = ax * bw + aw * bx + ay * bz - az * by;
  out.y = ay * bw + aw * by + az * bx - ax * bz;
  out.z = az * bw + aw * bz + ax * by - ay * bx;
  out.w = aw * bw - ax * bx - ay * by - az * bz;
  return out;
}

/** The vector (x, y, z) turned by `q`, into `out` (cannon's Quaternion.vmult). */
function rotate(q: Quat, x: number, y: number, z: number, out: Vec): void {
  const { x: qx, y: qy, z: qz, w: qw } = q;
  const ix = qw * x + qy * z - qz * y;
  const iy = qw * y + qz * x - qx * z;
  const iz = qw * z + qx * y - qy * x;
  const iw = -qx * x - qy * y - qz * z;
  out.x = ix * qw + iw * -qx + iy * -qz - iz * -qy;
  out.y = iy * qw + iw * -qy + iz * -qx - ix * -qz;
  out.z = iz * qw + iw * -qz + ix * -qy - iy * -qx;
}

/** `q` scaled to length 1 (cannon's Quaternion.normalize). */
function normalize<Q extends Quat>(q: Q): Q {
  let l = Math.sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
  if (l === 0) {
    q.x = 0;
    q.y = 0;
    q.z = 0;
    q.w = 0;
  } else {
    l = 1 / l;
    q.x *= l;
    q.y *= l;
    q.z *= l;
    q.w *= l;
  }
  return q;
}
