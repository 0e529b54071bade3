import * as CANNON from 'cannon-es';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLAT_TOLERANCE_DEG, isFlat, topFace, upFaceByAxis } from './face-reading.js';
import { FACE_NORMALS } from './types.js';

const X = new CANNON.Vec3(1, 0, 0);
const Y = new CANNON.Vec3(0, 1, 0);

/** The 24 rotations of a cube, built as the closure of quarter turns about X and Y (not from FACE_NORMALS). */
function cubeRotations(): CANNON.Quaternion[] {
  const turns = [
    new CANNON.Quaternion().setFromAxisAngle(X, Math.PI / 2),
    new CANNON.Quaternion().setFromAxisAngle(Y, Math.PI / 2),
  ];
  const found: CANNON.Quaternion[] = [new CANNON.Quaternion()];
  const same = (a: CANNON.Quaternion, b: CANNON.Quaternion): boolean =>
    Math.abs(Math.abs(a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w) - 1) < 1e-9;
  for (let i = 0; i < found.length; i++) {
    for (const turn of turns) {
      const next = turn.mult(found[i]!).normalize();
      if (!found.some((q) => same(q, next))) found.push(next);
    }
  }
  return found;
}

/** Which local face normal a rotation carries onto world +Y, found by rotating vectors with cannon-es. */
function faceCarriedUp(q: CANNON.Quaternion): number {
  for (let face = 1; face <= 6; face++) {
    const [x, y, z] = FACE_NORMALS[face]!;
    if (q.vmult(new CANNON.Vec3(x, y, z)).y > 0.999) return face;
  }
  throw new Error('no face up');
}

describe('topFace', () => {
  const rotations = cubeRotations();

  it('reads every one of the 24 orientations of a die, flat', () => {
    expect(rotations).toHaveLength(24);
    const perFace = [0, 0, 0, 0, 0, 0, 0];
    for (const q of rotations) {
      const reading = topFace(q);
      expect(reading.face).toBe(faceCarriedUp(q));
      expect(reading.angleDeg).toBeLessThan(1e-6);
      expect(isFlat(q)).toBe(true);
      perFace[reading.face]!++;
    }
    expect(perFace.slice(1)).toEqual([4, 4, 4, 4, 4, 4]);
  });

  it('agrees with the independent reading on all 24 orientations', () => {
    for (const q of rotations) {
      expect(upFaceByAxis(q).face).toBe(topFace(q).face);
      expect(upFaceByAxis(q).angleDeg).toBeLessThan(1e-6);
    }
  });

  it('knows the opposite face is down: faces add up to 7', () => {
    for (const q of rotations) {
      const down = 7 - topFace(q).face;
      const [x, y, z] = FACE_NORMALS[down]!;
      expect(q.vmult(new CANNON.Vec3(x, y, z)).y).toBeCloseTo(-1, 9);
    }
  });

  it('is flat just inside the tolerance and cocked just outside it, whichever way the die tilts', () => {
    expect(FLAT_TOLERANCE_DEG).toBeGreaterThanOrEqual(3);
    expect(FLAT_TOLERANCE_DEG).toBeLessThanOrEqual(8);
    for (const q of rotations) {
      const face = topFace(q).face;
      for (let k = 0; k < 8; k++) {
        const azimuth = (k * Math.PI) / 4 + 0.1;
        const axis = new CANNON.Vec3(Math.cos(azimuth), 0, Math.sin(azimuth));
        for (const [tilt, flat] of [
          [FLAT_TOLERANCE_DEG - 0.05, true],
          [FLAT_TOLERANCE_DEG + 0.05, false],
          [30, false],
        ] as const) {
          const tilted = new CANNON.Quaternion().setFromAxisAngle(axis, (tilt * Math.PI) / 180).mult(q);
          const reading = topFace(tilted);
          expect(reading.face).toBe(face);
          expect(reading.angleDeg).toBeCloseTo(tilt, 6);
          expect(isFlat(tilted)).toBe(flat);
          expect(upFaceByAxis(tilted).face).toBe(face);
        }
      }
    }
  });

  it('matches the independent reading for any rotation (property)', () => {
    fc.assert(
      fc.property(
        fc.tuple(
          fc.double({ min: -1, max: 1 }),
          fc.double({ min: -1, max: 1 }),
          fc.double({ min: -1, max: 1 }),
          fc.double({ min: -1, max: 1 }),
        ),
        ([x, y, z, w]) => {
          const length = Math.hypot(x, y, z, w);
          fc.pre(length > 1e-3);
          const q = { x: x / length, y: y / length, z: z / length, w: w / length };
          const a = topFace(q);
          const b = upFaceByAxis(q);
          expect(a.angleDeg).toBeCloseTo(b.angleDeg, 6);
          // Near a tie (a die on an edge or corner) either face is a fair reading; elsewhere they must agree.
          if (a.angleDeg < 44) expect(a.face).toBe(b.face);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
