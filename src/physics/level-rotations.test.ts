import * as CANNON from 'cannon-es';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { topFace, type QuaternionLike } from './face-reading.js';
import { faceUpRotation, levelRotation, squareRotation } from './level-rotations.js';
import { FACE_NORMALS } from './types.js';

// The reference: the same rotations made with cannon-es's own Quaternion and Vec3, as the physics
// made them before they were written out in plain arithmetic.
const UP = new CANNON.Vec3(0, 1, 0);
const scratchNormal = new CANNON.Vec3();
const scratchAlign = new CANNON.Quaternion();
const scratchYaw = new CANNON.Quaternion();
const scratchSide = new CANNON.Vec3();
const scratchSideNow = new CANNON.Vec3();
const QUARTER_TURN = Math.PI / 2;

const reference = {
  /** The orientation that shows `face` on top, turned by `yaw` radians about the vertical. */
  faceUpRotation(face: number, yaw: number, out: CANNON.Quaternion): CANNON.Quaternion {
    const [nx, ny, nz] = FACE_NORMALS[face]!;
    scratchNormal.set(nx, ny, nz);
    scratchAlign.setFromVectors(scratchNormal, UP);
    scratchYaw.setFromAxisAngle(UP, yaw);
    return scratchYaw.mult(scratchAlign, out);
  },

  /**
   * `q` turned by the smallest rotation that makes its top face exactly level: same face up, same
   * heading, no tilt. Used when a die is lifted onto the ledge or back onto the felt.
   */
  levelRotation(q: QuaternionLike, out: CANNON.Quaternion): CANNON.Quaternion {
    const [nx, ny, nz] = FACE_NORMALS[topFace(q).face]!;
    scratchYaw.set(q.x, q.y, q.z, q.w);
    scratchNormal.set(nx, ny, nz);
    scratchYaw.vmult(scratchNormal, scratchNormal);
    scratchAlign.setFromVectors(scratchNormal, UP);
    scratchAlign.mult(scratchYaw, out);
    return out.normalize();
  },

  /**
   * `q` set square to the table: same face up, level, and turned about the vertical by the least angle
   * that lines its sides up with the table's (a multiple of 90 degrees from the `faceUpRotation`
   * heading), as a person sets a kept die in its slot.
   */
  squareRotation(q: QuaternionLike, out: CANNON.Quaternion): CANNON.Quaternion {
    const face = topFace(q).face;
    // A side of the die (a face normal square to the top one): where it points once the die is level,
    // and where it points at heading 0; the angle between them about the vertical is the heading.
    const [nx, ny, nz] = FACE_NORMALS[face]!;
    const side = FACE_NORMALS.find((n, f) => f > 0 && n[0] * nx + n[1] * ny + n[2] * nz === 0)!;
    scratchSide.set(side[0], side[1], side[2]);
    reference.levelRotation(q, out).vmult(scratchSide, scratchSideNow);
    reference.faceUpRotation(face, 0, out).vmult(scratchSide, scratchSide);
    const heading = Math.atan2(
      scratchSide.z * scratchSideNow.x - scratchSide.x * scratchSideNow.z,
      scratchSide.x * scratchSideNow.x + scratchSide.z * scratchSideNow.z,
    );
    return reference.faceUpRotation(face, Math.round(heading / QUARTER_TURN) * QUARTER_TURN, out);
  },
};

const same = (a: CANNON.Quaternion, b: { x: number; y: number; z: number; w: number }) =>
  expect([b.x, b.y, b.z, b.w]).toEqual([a.x, a.y, a.z, a.w]);
const quaternion = fc
  .tuple(
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
  )
  .filter(([x, y, z, w]) => x * x + y * y + z * z + w * w > 0.01)
  .map(([x, y, z, w]) => new CANNON.Quaternion(x, y, z, w).normalize());

describe('the rotations a die is set down in', () => {
  it('are bit for bit those cannon-es makes: every face up, at any heading', () => {
    for (let face = 1; face <= 6; face++) {
      for (const yaw of [0, 0.3, -1.2, Math.PI / 2, Math.PI, 2.5, -Math.PI]) {
        same(
          reference.faceUpRotation(face, yaw, new CANNON.Quaternion()),
          faceUpRotation(face, yaw, { x: 0, y: 0, z: 0, w: 1 }),
        );
      }
    }
  });

  it('set level and set square as cannon-es would, whatever the die’s orientation', () => {
    fc.assert(
      fc.property(quaternion, (q: QuaternionLike & CANNON.Quaternion) => {
        same(
          reference.levelRotation(q, new CANNON.Quaternion()),
          levelRotation(q, { x: 0, y: 0, z: 0, w: 1 }),
        );
        same(
          reference.squareRotation(q, new CANNON.Quaternion()),
          squareRotation(q, { x: 0, y: 0, z: 0, w: 1 }),
        );
        // In place, as the physics calls them on a body's own quaternion.
        const mine = { x: q.x, y: q.y, z: q.z, w: q.w };
        same(reference.squareRotation(q, q.clone()), squareRotation(mine, mine));
      }),
      { numRuns: 2000 },
    );
  });

  it('keep the face on top', () => {
    for (let face = 1; face <= 6; face++) {
      expect(
        topFace(
          squareRotation(faceUpRotation(face, 0.7, { x: 0, y: 0, z: 0, w: 1 }), { x: 0, y: 0, z: 0, w: 1 }),
        ).face,
      ).toBe(face);
    }
    expect(FACE_NORMALS.length).toBe(7);
  });
});
