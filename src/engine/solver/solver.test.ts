import { describe, expect, it } from 'vitest';
import { ROWS, UPPER_ROWS } from '../rows.js';
import { bonus, playerTotal, upperSum, type Scores } from '../rules.js';
import { rowPoints } from '../scoring.js';
import { bonusModel } from './sheet-model.js';
import { expectedScoreFromStart, getTable, myopicTable, solveTable, stateValue } from './table.js';

/*
 * A deliberately naive turn solver to check the real one against: real dice positions, every one of
 * the 32 holds and every positional outcome of a throw (6^n of them), no multisets or probabilities.
 * It shares nothing with the solver but the engine's row points.
 */

/** Values of five dice in positions, one per leaf function (several positions are solved at once). */
type Leaf = (dice: readonly number[]) => Float64Array;

/** Every positional throw of n dice, each as an array of n faces. */
function throwsOf(n: number): number[][] {
  let all: number[][] = [[]];
  for (let i = 0; i < n; i++) all = all.flatMap((faces) => [1, 2, 3, 4, 5, 6].map((f) => [...faces, f]));
  return all;
}
const THROWS = [0, 1, 2, 3, 4, 5].map(throwsOf);

const keyOf = (dice: readonly number[]): string => [...dice].sort().join('');

/**
 * Expected value of a turn from its first throw, for each of `width` leaf values: after each throw
 * either stand (value = leaf) or hold any dice and throw the others, up to three throws in all.
 */
function bruteTurn(leaf: Leaf, width: number): Float64Array {
  const memo = new Map<string, Float64Array>();
  // The average over every positional outcome of throwing the dice not kept.
  const throwRest = (kept: readonly number[], throwsLeft: number): Float64Array => {
    const key = `keep ${keyOf(kept)}/${throwsLeft}`;
    const known = memo.get(key);
    if (known) return known;
    const outcomes = THROWS[5 - kept.length]!;
    const sum = new Float64Array(width);
    for (const faces of outcomes) {
      const next = value([...kept, ...faces], throwsLeft - 1);
      for (let j = 0; j < width; j++) sum[j]! += next[j]!;
    }
    const average = sum.map((t) => t / outcomes.length);
    memo.set(key, average);
    return average;
  };
  // The value of dice on the table: stand on them, or hold any of the 31 proper subsets and throw.
  const value = (dice: readonly number[], throwsLeft: number): Float64Array => {
    const key = `dice ${keyOf(dice)}/${throwsLeft}`;
    const known = memo.get(key);
    if (known) return known;
    const best = Float64Array.from(leaf(dice));
    if (throwsLeft > 0) {
      for (let bits = 0; bits < 31; bits++) {
        const average = throwRest(
          dice.filter((_, i) => bits & (1 << i)),
          throwsLeft,
        );
        for (let j = 0; j < width; j++) best[j] = Math.max(best[j]!, average[j]!);
      }
    }
    memo.set(key, best);
    return best;
  };
  return throwRest([], 3);
}

const ALL = (1 << ROWS.length) - 1;
const bit = (row: (typeof ROWS)[number]): number => 1 << ROWS.indexOf(row);

// Solving `classic` takes seconds, and the machine running the tests may be busy.
describe('solveTable', { timeout: 120_000 }, () => {
  it('reproduces the published optimum of Yahtzee without Yahtzee bonuses or jokers: 245.87 (classic)', () => {
    const value = expectedScoreFromStart('classic');
    expect(Math.abs(value - 245.87)).toBeLessThan(0.01);
    // Verhoeff's and Glenn's full-precision figure for that game.
    expect(value).toBeCloseTo(245.870775, 5);
  });

  it('values the default rules (no bonus) at 229.6385 from an empty sheet', () => {
    expect(expectedScoreFromStart('seed')).toBeCloseTo(229.6385, 4);
  });

  it('gives the same seed table when solved twice (pure)', () => {
    expect(solveTable('seed').values).toEqual(getTable('seed').values);
  });

  it('matches brute force on every state with one free row (seed)', () => {
    const table = getTable('seed');
    const brute = bruteTurn(
      (dice) => Float64Array.from(ROWS, (row) => rowPoints('seed', row, dice)),
      ROWS.length,
    );
    ROWS.forEach((row, i) => {
      expect(stateValue(table, ALL & ~bit(row)), row).toBeCloseTo(brute[i]!, 9);
    });
  });

  it('matches brute force on states with two free rows (seed)', () => {
    const table = getTable('seed');
    const pairs = [
      ['fullHouse', 'smallStraight'],
      ['ones', 'chance'],
      ['fiveOfAKind', 'sixes'],
    ] as const;
    // The last turn's value of each row left alone, itself checked against brute force above.
    const last = (row: (typeof ROWS)[number]): number => stateValue(table, ALL & ~bit(row));
    const brute = bruteTurn(
      (dice) =>
        Float64Array.from(pairs, ([a, b]) =>
          Math.max(rowPoints('seed', a, dice) + last(b), rowPoints('seed', b, dice) + last(a)),
        ),
      pairs.length,
    );
    pairs.forEach(([a, b], i) => {
      expect(stateValue(table, ALL & ~bit(a) & ~bit(b)), `${a}+${b}`).toBeCloseTo(brute[i]!, 9);
    });
  });

  it('matches brute force on last turns that can still earn the classic bonus', () => {
    const table = getTable('classic');
    const uppers = [45, 50, 62, 63, 0];
    const brute = bruteTurn((dice) => {
      const points = rowPoints('seed', 'sixes', dice);
      return Float64Array.from(uppers, (u) => points + (u < 63 && u + points >= 63 ? 35 : 0));
    }, uppers.length);
    uppers.forEach((upper, i) => {
      expect(stateValue(table, ALL & ~bit('sixes'), upper), `upper ${upper}`).toBeCloseTo(brute[i]!, 9);
    });
  });

  it('marks upper totals no sheet can reach as NaN', () => {
    const table = getTable('classic');
    // Only ones filled: the upper total is 0..5.
    expect(stateValue(table, bit('ones'), 5)).not.toBeNaN();
    expect(stateValue(table, bit('ones'), 6)).toBeNaN();
  });

  it('values every state at 0 in the myopic table', () => {
    expect(myopicTable('seed').values.every((v) => v === 0)).toBe(true);
  });
});

describe('bonusModel', () => {
  it('follows the engine: classic has 35 for 63 in the upper rows, seed has none', () => {
    expect(bonusModel('classic')).toEqual({ threshold: 63, points: 35, upperStates: 64 });
    expect(bonusModel('seed')).toEqual({ threshold: 63, points: 0, upperStates: 1 });
  });

  it('agrees with playerTotal on sheets of any upper total', () => {
    for (const rules of ['seed', 'classic'] as const) {
      const model = bonusModel(rules);
      for (let total = 0; total <= 105; total += 3) {
        const scores: Scores = {
          threes: Math.min(total, 15),
          sixes: total - Math.min(total, 15),
          chance: 20,
        };
        const rows = Object.values(scores).reduce((a, b) => a + b, 0);
        const expected = upperSum(scores) >= model.threshold ? model.points : 0;
        expect(playerTotal(rules, scores)).toBe(rows + expected);
        expect(bonus(rules, scores)).toBe(expected);
      }
    }
    expect(UPPER_ROWS).toHaveLength(6);
  });
});
