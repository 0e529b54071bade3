import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  facesOfKeep,
  KEEP_ADD,
  KEEP_COUNT,
  KEEP_SIZE,
  KEEP_SUB,
  KEEP_SUB_START,
  keepOfFaces,
  ROLL_COUNT,
  ROLL_FACES,
  ROLL_OFFSET,
  ROLL_PROBABILITY,
  rollOfFaces,
} from './dice-tables.js';

const die = fc.integer({ min: 1, max: 6 });

describe('dice tables', () => {
  it('has 462 holds of 0..5 dice and 252 throws of five, the throws last', () => {
    expect(KEEP_COUNT).toBe(462);
    expect(ROLL_COUNT).toBe(252);
    expect([0, 1, 2, 3, 4, 5].map((n) => KEEP_SIZE.filter((s) => s === n).length)).toEqual([
      1, 6, 21, 56, 126, 252,
    ]);
    for (let k = ROLL_OFFSET; k < KEEP_COUNT; k++) expect(KEEP_SIZE[k]).toBe(5);
  });

  it('gives each throw its multinomial probability, summing to 1', () => {
    expect(ROLL_PROBABILITY.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    expect(ROLL_PROBABILITY[rollOfFaces([6, 6, 6, 6, 6])]).toBeCloseTo(1 / 7776, 15);
    expect(ROLL_PROBABILITY[rollOfFaces([1, 2, 3, 4, 5])]).toBeCloseTo(120 / 7776, 15);
    expect(ROLL_PROBABILITY[rollOfFaces([2, 2, 3, 3, 3])]).toBeCloseTo(10 / 7776, 15);
  });

  it('indexes dice the same in any order, and lists a throw’s faces ascending', () => {
    fc.assert(
      fc.property(fc.array(die, { minLength: 5, maxLength: 5 }), (dice) => {
        const r = rollOfFaces(dice);
        const sorted = [...dice].sort((a, b) => a - b);
        expect(rollOfFaces([...dice].reverse())).toBe(r);
        expect(Array.from(ROLL_FACES.subarray(r * 5, r * 5 + 5))).toEqual(sorted);
        expect(facesOfKeep(r + ROLL_OFFSET)).toEqual(sorted);
      }),
    );
  });

  it('adds and removes one die consistently', () => {
    fc.assert(
      fc.property(fc.array(die, { maxLength: 4 }), die, (faces, face) => {
        const keep = keepOfFaces(faces);
        const bigger = KEEP_ADD[keep * 6 + face - 1]!;
        expect(bigger).toBe(keepOfFaces([...faces, face]));
        const subs = Array.from(KEEP_SUB.subarray(KEEP_SUB_START[bigger]!, KEEP_SUB_START[bigger + 1]!));
        expect(subs).toContain(keep);
        expect(subs).toHaveLength(new Set([...faces, face]).size);
      }),
    );
  });
});
