import * as CANNON from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { seedRng } from '../engine/index.js';
import { chiSquarePValue, chiSquareUniform } from './chi-square.js';
import { topFace } from './face-reading.js';
import { faceUpRotation, levelRotation, squareRotation } from './level-rotations.js';
import { randomRotation, randomUnitVector } from './rotations.js';

describe('rotations', () => {
  it('draws unit quaternions, the same ones from the same generator state', () => {
    const a = new CANNON.Quaternion();
    const b = new CANNON.Quaternion();
    const next = randomRotation(seedRng(42), a);
    expect(randomRotation(seedRng(42), b)).toBe(next);
    expect([b.x, b.y, b.z, b.w]).toEqual([a.x, a.y, a.z, a.w]);
    expect(Math.hypot(a.x, a.y, a.z, a.w)).toBeCloseTo(1, 12);
    randomRotation(next, b);
    expect([b.x, b.y, b.z, b.w]).not.toEqual([a.x, a.y, a.z, a.w]);
  });

  it('puts each face on top equally often and spreads world up evenly over the die', () => {
    const q = new CANNON.Quaternion();
    const counts = [0, 0, 0, 0, 0, 0];
    let sumUpY = 0;
    let rng = seedRng(7);
    const n = 12000;
    for (let i = 0; i < n; i++) {
      rng = randomRotation(rng, q);
      counts[topFace(q).face - 1]!++;
      sumUpY += q.vmult(new CANNON.Vec3(0, 1, 0)).y;
    }
    expect(chiSquarePValue(chiSquareUniform(counts), 5)).toBeGreaterThan(0.001);
    expect(Math.abs(sumUpY / n)).toBeLessThan(0.03);
  });

  it('draws unit vectors over the whole sphere', () => {
    const v = new CANNON.Vec3();
    let rng = seedRng(3);
    let sum = 0;
    for (let i = 0; i < 4000; i++) {
      rng = randomUnitVector(rng, v);
      expect(v.length()).toBeCloseTo(1, 12);
      sum += v.y;
    }
    expect(Math.abs(sum / 4000)).toBeLessThan(0.05);
  });

  it('shows the asked face for every face and heading', () => {
    const q = new CANNON.Quaternion();
    for (let face = 1; face <= 6; face++) {
      for (const yaw of [0, 0.3, Math.PI / 2, 2.5]) {
        faceUpRotation(face, yaw, q);
        expect(topFace(q)).toEqual({ face, angleDeg: expect.closeTo(0, 4) });
      }
    }
  });

  it('levels a tilted die without changing its face or heading', () => {
    const q = new CANNON.Quaternion();
    for (let face = 1; face <= 6; face++) {
      faceUpRotation(face, 0.7, q);
      const tilt = new CANNON.Quaternion().setFromAxisAngle(new CANNON.Vec3(1, 0, 1).unit(), 0.2);
      const tilted = tilt.mult(q);
      const level = levelRotation(tilted, new CANNON.Quaternion());
      expect(topFace(level).face).toBe(face);
      expect(topFace(level).angleDeg).toBeLessThan(1e-6);
      // Same heading: the level die is the untilted one, up to sign.
      expect(Math.abs(level.x * q.x + level.y * q.y + level.z * q.z + level.w * q.w)).toBeCloseTo(1, 9);
    }
  });

  it('sets a die square to the table: same face up, sides along the table, turned at most 45 degrees', () => {
    let rng = seedRng(7);
    const q = new CANNON.Quaternion();
    const side = new CANNON.Vec3();
    for (let i = 0; i < 300; i++) {
      rng = randomRotation(rng, q);
      const level = levelRotation(q, new CANNON.Quaternion());
      const square = squareRotation(q, new CANNON.Quaternion());
      expect(topFace(square).face).toBe(topFace(q).face);
      expect(topFace(square).angleDeg).toBeLessThan(1e-4);
      // Every face points along a table axis.
      for (const [x, y, z] of [
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 1],
      ] as const) {
        square.vmult(side.set(x, y, z), side);
        for (const c of [side.x, side.y, side.z])
          expect(Math.min(Math.abs(c), Math.abs(1 - Math.abs(c)))).toBeLessThan(1e-9);
      }
      // The least turn from the level die: cos(angle / 2) >= cos(22.5 degrees).
      const dot = Math.abs(level.x * square.x + level.y * square.y + level.z * square.z + level.w * square.w);
      expect(dot).toBeGreaterThanOrEqual(Math.cos(Math.PI / 8) - 1e-9);
    }
  });
});
