import { describe, expect, it } from 'vitest';
import { ROWS, type RowId } from '../rows.js';
import { rowPoints } from '../scoring.js';
import { ALL_FILLED } from './sheet-model.js';
import { getTable, stateValue } from './table.js';
import { decodeTargetTables, encodeTargetTables } from './win-asset.js';
import {
  maxRemaining,
  reachChance,
  remainingChance,
  rowsAndDistributionsOf,
  solveRemainingDistributions,
  solveRowsTable,
  solveTargetTables,
  type TargetTables,
} from './win-tables.js';

const bit = (row: RowId): number => 1 << (ROWS as readonly RowId[]).indexOf(row);
const keyOf = (dice: readonly number[]): string => [...dice].sort().join('');

/** Every positional throw of n dice. */
function throwsOf(n: number): number[][] {
  let all: number[][] = [[]];
  for (let i = 0; i < n; i++) all = all.flatMap((faces) => [1, 2, 3, 4, 5, 6].map((f) => [...faces, f]));
  return all;
}
const THROWS = [0, 1, 2, 3, 4, 5].map(throwsOf);

/**
 * A naive turn to check the solver against: positional dice, all 32 holds after each throw, every
 * positional outcome of a throw; after any throw the player may stand on the dice (value = leaf). For
 * each of `width` aims at once: the best chance (or value) of the turn from its first throw.
 */
function bruteTurn(leaf: (dice: readonly number[]) => Float64Array, width: number): Float64Array {
  const memo = new Map<string, Float64Array>();
  const throwRest = (kept: readonly number[], left: number): Float64Array => {
    const key = `k${keyOf(kept)}/${left}`;
    let known = memo.get(key);
    if (known) return known;
    const outcomes = THROWS[5 - kept.length]!;
    known = new Float64Array(width);
    for (const faces of outcomes) {
      const next = value([...kept, ...faces], left - 1);
      for (let j = 0; j < width; j++) known[j]! += next[j]! / outcomes.length;
    }
    memo.set(key, known);
    return known;
  };
  const value = (dice: readonly number[], left: number): Float64Array => {
    const key = `d${keyOf(dice)}/${left}`;
    let known = memo.get(key);
    if (known) return known;
    known = Float64Array.from(leaf(dice));
    if (left > 0) {
      for (let bits = 0; bits < 31; bits++) {
        const average = throwRest(
          dice.filter((_, i) => bits & (1 << i)),
          left,
        );
        for (let j = 0; j < width; j++) known[j] = Math.max(known[j]!, average[j]!);
      }
    }
    memo.set(key, known);
    return known;
  };
  return throwRest([], 3);
}

function expectMonotone(tables: TargetTables, mask: number): void {
  const most = maxRemaining(mask);
  expect(reachChance(tables, mask, 0)).toBe(1);
  expect(reachChance(tables, mask, -5)).toBe(1);
  expect(reachChance(tables, mask, most + 1)).toBe(0);
  for (let t = 1; t <= most + 1; t++) {
    const p = reachChance(tables, mask, t);
    expect(p).toBeGreaterThanOrEqual(0);
    expect(p).toBeLessThanOrEqual(reachChance(tables, mask, t - 1) + 1e-12);
  }
}

describe('target tables (b): the best chance of at least t more points', { timeout: 60_000 }, () => {
  it('match brute force on every sheet with one free row, for every target', () => {
    for (const row of ROWS) {
      const mask = ALL_FILLED & ~bit(row);
      const one = solveTargetTables({ from: mask });
      const most = maxRemaining(mask);
      const brute = bruteTurn(
        (dice) =>
          Float64Array.from({ length: most + 1 }, (_, t) => (rowPoints('seed', row, dice) >= t ? 1 : 0)),
        most + 1,
      );
      for (let t = 0; t <= most + 1; t++) {
        expect(reachChance(one, mask, t), `${row} >= ${t}`).toBeCloseTo(brute[t] ?? 0, 12);
      }
      expectMonotone(one, mask);
    }
  });

  it('match brute force on sheets with two free rows', () => {
    const pairs: [RowId, RowId][] = [
      ['fullHouse', 'smallStraight'],
      ['sixes', 'fiveOfAKind'],
      ['ones', 'chance'],
    ];
    for (const [a, b] of pairs) {
      const mask = ALL_FILLED & ~bit(a) & ~bit(b);
      const tables = solveTargetTables({ from: mask });
      const most = maxRemaining(mask);
      // The last turn's chances, themselves checked against brute force above.
      const last = (row: RowId, t: number): number => reachChance(tables, ALL_FILLED & ~bit(row), t);
      const brute = bruteTurn(
        (dice) =>
          Float64Array.from({ length: most + 1 }, (_, t) =>
            Math.max(last(b, t - rowPoints('seed', a, dice)), last(a, t - rowPoints('seed', b, dice))),
          ),
        most + 1,
      );
      for (let t = 0; t <= most; t++) {
        expect(reachChance(tables, mask, t), `${a}+${b} >= ${t}`).toBeCloseTo(brute[t]!, 12);
      }
      expectMonotone(tables, mask);
    }
  });

  it('are non-increasing in t on every sheet above a late one, and at least the expected-score play', () => {
    const from = bit('ones') | bit('twos') | bit('threes') | bit('fours') | bit('fives') | bit('sixes');
    const tables = solveTargetTables({ from });
    const dist = solveRemainingDistributions();
    for (let mask = ALL_FILLED; mask >= 0; mask--) {
      if ((mask & from) !== from) continue;
      expectMonotone(tables, mask);
      // Expected-score play is one strategy: the best for each target does at least as well.
      let tail = 1;
      for (let t = 0; t <= maxRemaining(mask); t++) {
        expect(reachChance(tables, mask, t)).toBeGreaterThanOrEqual(tail - 1e-9);
        tail -= remainingChance(dist, mask, t);
      }
    }
  });
});

// Solving the tables takes a second or two, more on a busy machine.
describe(
  'remaining distributions (a): the points still to come under expected-score play',
  { timeout: 60_000 },
  () => {
    it('sum to 1 with the mean of the expected-score table, on every sheet', () => {
      const table = getTable('seed');
      const dist = solveRemainingDistributions(table);
      // Plain loops (an expect per value would take longer than the tables), the worst error checked.
      let negative = 0;
      let worstSum = 0;
      let worstMean = 0;
      for (let mask = 0; mask <= ALL_FILLED; mask++) {
        let sum = 0;
        let mean = 0;
        for (let x = 0; x <= maxRemaining(mask); x++) {
          const p = remainingChance(dist, mask, x);
          if (p < 0) negative++;
          sum += p;
          mean += p * x;
        }
        worstSum = Math.max(worstSum, Math.abs(sum - 1));
        worstMean = Math.max(worstMean, Math.abs(mean - stateValue(table, mask)));
      }
      expect(negative).toBe(0);
      expect(worstSum).toBeLessThan(1e-9);
      expect(worstMean).toBeLessThan(1e-6);
      expect(remainingChance(dist, ALL_FILLED, 0)).toBe(1);
      expect(remainingChance(dist, 0, 341)).toBe(0);
    });
  },
);

describe('the target tables as an asset', () => {
  it('round-trip every chance to within 1/131,070, and refuse damaged bytes', () => {
    // Made-up tables for every mask: a falling line from 1 to 0 (quick to make, unlike the real ones).
    const masks = ALL_FILLED + 1;
    const lo = new Int16Array(masks).fill(1);
    const hi = new Int16Array(masks);
    const offset = new Int32Array(masks + 1);
    for (let mask = 0; mask < masks; mask++) {
      hi[mask] = mask === ALL_FILLED ? 0 : Math.min(maxRemaining(mask), 20);
      offset[mask + 1] = offset[mask]! + hi[mask]! - lo[mask]! + 1;
    }
    const values = new Float64Array(offset[masks]!);
    for (let mask = 0; mask < masks; mask++) {
      for (let t = 1; t <= hi[mask]!; t++) values[offset[mask]! + t - 1] = 1 - t / (hi[mask]! + 1) ** 1.5;
    }
    const tables: TargetTables = { from: 0, lo, hi, offset, values };
    const bytes = encodeTargetTables(tables);
    const back = decodeTargetTables(bytes, null);
    for (const mask of [0, 1, 77, 4095, ALL_FILLED - 1, ALL_FILLED]) {
      for (let t = -1; t <= 25; t++) {
        expect(Math.abs(reachChance(back, mask, t) - reachChance(tables, mask, t))).toBeLessThanOrEqual(
          0.5 / 65535 + 1e-12,
        );
      }
    }
    const checksum = new DataView(bytes.buffer).getUint32(12, true);
    expect(() => decodeTargetTables(bytes, checksum)).not.toThrow();
    expect(() => decodeTargetTables(bytes, checksum + 1)).toThrow(/expected/);
    const damaged = bytes.slice();
    damaged[damaged.length - 1]! ^= 1;
    expect(() => decodeTargetTables(damaged, null)).toThrow(/checksum/);
    expect(() => decodeTargetTables(bytes.subarray(0, 100), null)).toThrow(RangeError);
    expect(() => decodeTargetTables(new Uint8Array(16), null)).toThrow(/Not a target-tables asset/);
  });
});

describe("yatzy's rows alone", { timeout: 120_000 }, () => {
  it('solved in the pass of their distributions: the very numbers of the table and distributions apart', () => {
    const { rows, distributions } = rowsAndDistributionsOf('yatzy');
    const alone = solveRowsTable('yatzy');
    const apart = solveRemainingDistributions(alone);
    // Counted, then asserted once (millions of numbers).
    let differ = 0;
    for (let i = 0; i < alone.values.length; i++) if (!Object.is(rows.values[i], alone.values[i])) differ++;
    for (let i = 0; i < apart.values.length; i++) if (distributions.values[i] !== apart.values[i]) differ++;
    expect(distributions.values.length).toBe(apart.values.length);
    expect(differ).toBe(0);
  });
});
