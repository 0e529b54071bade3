import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ROWS, scoreRow, RuleError, type RowId } from './index.js';

// [dice, row, points]: every row, its edge cases, and the rules text's own example.
const table: [number[], RowId, number][] = [
  // The text's example: 1-3-2-4-4.
  [[1, 3, 2, 4, 4], 'ones', 1],
  [[1, 3, 2, 4, 4], 'fours', 8],
  [[1, 3, 2, 4, 4], 'smallStraight', 30],
  [[1, 3, 2, 4, 4], 'largeStraight', 0],
  [[1, 3, 2, 4, 4], 'chance', 14],
  // Upper rows count only their own face.
  [[2, 2, 5, 2, 6], 'twos', 6],
  [[3, 3, 3, 3, 1], 'threes', 12],
  [[5, 1, 5, 2, 5], 'fives', 15],
  [[6, 6, 6, 6, 6], 'sixes', 30],
  [[1, 2, 3, 4, 5], 'sixes', 0],
  // Three and four of a kind score all five dice; "or more" counts.
  [[3, 3, 3, 2, 6], 'threeOfAKind', 17],
  [[3, 3, 3, 3, 6], 'threeOfAKind', 18],
  [[4, 4, 4, 4, 4], 'threeOfAKind', 20],
  [[3, 3, 2, 2, 6], 'threeOfAKind', 0],
  [[2, 2, 2, 2, 5], 'fourOfAKind', 13],
  [[6, 6, 6, 6, 6], 'fourOfAKind', 30],
  [[6, 6, 6, 1, 1], 'fourOfAKind', 0],
  // Full house: three of one number and two of ANOTHER.
  [[2, 2, 3, 3, 3], 'fullHouse', 25],
  [[6, 1, 6, 1, 6], 'fullHouse', 25],
  [[4, 4, 4, 4, 4], 'fullHouse', 0],
  [[4, 4, 4, 4, 1], 'fullHouse', 0],
  [[1, 2, 3, 4, 5], 'fullHouse', 0],
  // Small straight: a run of 4 or more, repeats allowed around it.
  [[1, 2, 3, 3, 4], 'smallStraight', 30],
  [[3, 4, 5, 6, 6], 'smallStraight', 30],
  [[2, 3, 4, 5, 6], 'smallStraight', 30],
  [[1, 2, 3, 5, 6], 'smallStraight', 0],
  [[1, 2, 4, 5, 6], 'smallStraight', 0],
  // Large straight: all five in a run.
  [[1, 2, 3, 4, 5], 'largeStraight', 40],
  [[6, 5, 4, 3, 2], 'largeStraight', 40],
  [[1, 2, 3, 4, 6], 'largeStraight', 0],
  [[1, 3, 4, 5, 6], 'largeStraight', 0],
  // Five of a kind.
  [[5, 5, 5, 5, 5], 'fiveOfAKind', 50],
  [[5, 5, 5, 5, 4], 'fiveOfAKind', 0],
  // Chance: any dice, their sum.
  [[6, 6, 6, 6, 6], 'chance', 30],
  [[1, 1, 1, 1, 2], 'chance', 6],
];

describe('scoreRow', () => {
  it.each(table)('%j in %s scores %i', (dice, row, points) => {
    expect(scoreRow(row, dice)).toBe(points);
  });

  it('covers every row in the table', () => {
    expect(new Set(table.map(([, row]) => row))).toEqual(new Set(ROWS));
  });

  it.each([
    [[1, 2, 3, 4]],
    [[1, 2, 3, 4, 5, 6]],
    [[0, 2, 3, 4, 5]],
    [[1, 2, 3, 4, 7]],
    [[1, 2, 3, 4, 2.5]],
    [['1', 2, 3, 4, 5]],
    [null],
  ])('refuses dice %j with code bad-dice', (dice) => {
    expect(() => scoreRow('chance', dice as number[])).toThrow(expect.objectContaining({ code: 'bad-dice' }));
  });

  it('refuses an unknown row with code unknown-row', () => {
    const error = (() => {
      try {
        scoreRow('yahtzee' as RowId, [1, 1, 1, 1, 1]);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(RuleError);
    expect((error as RuleError).code).toBe('unknown-row');
  });

  const dice = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 5, maxLength: 5 });

  it('does not depend on the order of the dice', () => {
    fc.assert(
      fc.property(dice, fc.constantFrom(...ROWS), (d, row) => {
        const sorted = [...d].sort();
        expect(scoreRow(row, d)).toBe(scoreRow(row, sorted));
      }),
    );
  });

  it('keeps the row hierarchy: five of a kind implies four, four implies three; large implies small', () => {
    fc.assert(
      fc.property(dice, (d) => {
        if (scoreRow('fiveOfAKind', d) > 0) expect(scoreRow('fourOfAKind', d)).toBeGreaterThan(0);
        if (scoreRow('fourOfAKind', d) > 0) expect(scoreRow('threeOfAKind', d)).toBeGreaterThan(0);
        if (scoreRow('largeStraight', d) > 0) expect(scoreRow('smallStraight', d)).toBe(30);
        const upper = ROWS.slice(0, 6).reduce((s, row) => s + scoreRow(row, d), 0);
        expect(upper).toBe(scoreRow('chance', d));
      }),
    );
  });
});
