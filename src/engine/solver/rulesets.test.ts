import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createBot, playGame } from '../bots/index.js';
import { setupOf, totals } from '../game.js';
import { reviewGame } from './review.js';
import { decodeStateValues, encodeStateValues, TABLE_ASSET_CHECKSUMS } from './table-asset.js';
import { fnv1a } from './win-asset.js';
import { rowsOf, type RuleSetId, type Scores } from '../rules.js';
import type { RowId } from '../rows.js';
import { allowedRows, earnsYahtzeeBonus, rowPoints, sheetRowPoints } from '../scoring.js';
import { bestAction, rankHolds, rankRows } from './decisions.js';
import { flagOf, maskOf, sheetModel, trackedUpper } from './sheet-model.js';
import { expectedScoreFromStart, getTable, solveTable, stateValue, type StateValues } from './table.js';

/*
 * The exact solver under `yahtzee` (its flag, joker and Yahtzee bonus) and `yatzy` (15 rows): the
 * published optima, and brute force on the last turns, which shares nothing with the solver but the
 * engine's points and joker rules.
 */

/** Every positional throw of n dice. */
function throwsOf(n: number): number[][] {
  let all: number[][] = [[]];
  for (let i = 0; i < n; i++) all = all.flatMap((faces) => [1, 2, 3, 4, 5, 6].map((f) => [...faces, f]));
  return all;
}
const THROWS = [0, 1, 2, 3, 4, 5].map(throwsOf);
const keyOf = (dice: readonly number[]): string => [...dice].sort().join('');

/** Expected value of a turn from its first throw, standing on `leaf(dice)` after any throw. */
function bruteTurn(leaf: (dice: readonly number[]) => number): number {
  const memo = new Map<string, number>();
  const throwRest = (kept: readonly number[], throwsLeft: number): number => {
    const key = `k${keyOf(kept)}/${throwsLeft}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const outcomes = THROWS[5 - kept.length]!;
    let sum = 0;
    for (const faces of outcomes) sum += value([...kept, ...faces], throwsLeft - 1);
    memo.set(key, sum / outcomes.length);
    return sum / outcomes.length;
  };
  const value = (dice: readonly number[], throwsLeft: number): number => {
    const key = `d${keyOf(dice)}/${throwsLeft}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best = leaf(dice);
    if (throwsLeft > 0) {
      for (let bits = 0; bits < 31; bits++) {
        best = Math.max(
          best,
          throwRest(
            dice.filter((_, i) => bits & (1 << i)),
            throwsLeft,
          ),
        );
      }
    }
    memo.set(key, best);
    return best;
  };
  return throwRest([], 3);
}

/** A sheet with every row of the rule set filled with the points of `fill` dice, but those left free. */
function sheetWithout(
  rules: RuleSetId,
  free: readonly RowId[],
  fill: Partial<Record<RowId, number>>,
): Scores {
  const scores: Scores = {};
  for (const row of rowsOf(rules)) if (!free.includes(row)) scores[row] = fill[row] ?? 0;
  return scores;
}

/** The value the table gives a sheet at the start of a turn. */
function valueOf(table: StateValues, scores: Scores): number {
  return stateValue(
    table,
    maskOf(scores, table.sheet),
    trackedUpper(table.model, scores),
    flagOf(table.sheet, scores),
  );
}

/**
 * A sheet's last turns by brute force: the best row the rules let the dice go in, its points, the
 * upper bonus it completes, a Yahtzee bonus, and (with more than one row free) the table's value of
 * the sheet after it (itself checked by brute force with one row free).
 */
function bruteValue(table: StateValues, scores: Scores): number {
  const rules = table.rules;
  const upperBonus = table.model.points;
  return bruteTurn((dice) => {
    let best = -Infinity;
    for (const row of allowedRows(rules, scores, dice)) {
      const points = sheetRowPoints(rules, scores, row, dice);
      const after: Scores = { ...scores, [row]: points };
      const upperBefore = trackedUpper(table.model, scores);
      const upperAfter = trackedUpper(table.model, after);
      const gained =
        (upperBonus > 0 && upperBefore < 63 && upperAfter >= 63 ? upperBonus : 0) +
        (earnsYahtzeeBonus(rules, scores, dice) ? 100 : 0);
      const rest = Object.keys(after).length === rowsOf(rules).length ? 0 : valueOf(table, after);
      best = Math.max(best, points + gained + rest);
    }
    return best;
  });
}

describe('the exact solver under yahtzee and yatzy', { timeout: 600_000 }, () => {
  it('yahtzee with the forced joker (RULES.md): 254.5877 from an empty sheet', () => {
    expect(expectedScoreFromStart('yahtzee')).toBeCloseTo(254.5877, 4);
  });

  it("yahtzee under Verhoeff's and Glenn's reading of the joker: their 254.5896", () => {
    const value = expectedScoreFromStart(solveTable('yahtzee', { unforcedJoker: true }));
    expect(value).toBeCloseTo(254.5896, 4);
    expect(value).toBeCloseTo(254.589609, 6);
  });

  it('yatzy: 248.44 from an empty sheet, as two independent solvers found', () => {
    expect(expectedScoreFromStart('yatzy')).toBeCloseTo(248.44, 2);
  });

  it('matches brute force on yahtzee last turns with the Yahtzee row at 50, at 0 and free', () => {
    const cases: [RowId[], Partial<Record<RowId, number>>][] = [
      [['fullHouse'], { fiveOfAKind: 50 }],
      [['fullHouse'], { fiveOfAKind: 0 }],
      [['fiveOfAKind'], {}],
      [['sixes'], { fiveOfAKind: 50, ones: 3, twos: 6, threes: 9, fours: 12, fives: 15 }],
      [['threes', 'fullHouse'], { fiveOfAKind: 50, ones: 5, twos: 10, fours: 20, fives: 15, sixes: 0 }],
      [['threes', 'smallStraight'], { fiveOfAKind: 0, ones: 5, twos: 10, fours: 20, fives: 15, sixes: 0 }],
      [['twos', 'largeStraight'], { fiveOfAKind: 50, threes: 15 }],
    ];
    for (const [free, fill] of cases) {
      const scores = sheetWithout('yahtzee', free, fill);
      const table = solveTable('yahtzee', { from: maskOf(scores, sheetModel('yahtzee')) });
      // Two free rows need the one-free-row states after them, which `from` solves too.
      expect(valueOf(table, scores), free.join('+')).toBeCloseTo(bruteValue(table, scores), 9);
    }
  });

  it('matches brute force on yatzy last turns', () => {
    const cases: [RowId[], Partial<Record<RowId, number>>][] = [
      [['twoPairs'], {}],
      [['fullHouse'], {}],
      [['onePair', 'fourOfAKind'], { ones: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18 }],
      [['sixes', 'smallStraight'], { ones: 4, twos: 8, threes: 12, fours: 12, fives: 10 }],
    ];
    for (const [free, fill] of cases) {
      const scores = sheetWithout('yatzy', free, fill);
      const table = solveTable('yatzy', { from: maskOf(scores, sheetModel('yatzy')) });
      expect(valueOf(table, scores), free.join('+')).toBeCloseTo(bruteValue(table, scores), 9);
    }
  });

  it('ranks only the rows a joker may go in, with its Yahtzee bonus', () => {
    const free: RowId[] = ['threes', 'fullHouse', 'chance', 'twos'];
    const scores = sheetWithout('yahtzee', free, {
      fiveOfAKind: 50,
      ones: 3,
      fours: 12,
      fives: 15,
      sixes: 18,
    });
    const table = solveTable('yahtzee', { from: maskOf(scores, sheetModel('yahtzee')) });
    const position = { scores, dice: [3, 3, 3, 3, 3], rollsUsed: 3, yahtzeeBonuses: 1 };
    const rows = rankRows(table, position);
    expect(rows.map((r) => r.row)).toEqual(['threes']);
    // 15 in Threes takes the upper rows to 63: the upper bonus and the Yahtzee bonus both.
    expect(rows[0]).toMatchObject({ points: 15, bonus: 135 });
    expect(bestAction(table, position)).toMatchObject({ type: 'score', row: 'threes' });
    // Standing on the joker is one of the holds, worth what the forced row is worth.
    const holds = rankHolds(table, { ...position, rollsUsed: 2 });
    const stand = holds.find((h) => !h.rerolls)!;
    expect(stand.expected).toBeCloseTo(rows[0]!.expected, 9);
    expect(rowPoints('yahtzee', 'fullHouse', [3, 3, 3, 3, 3])).toBe(0);
  });

  it('ranks every free yatzy row with its own points', () => {
    const table = getTable('yatzy');
    const rows = rankRows(table, { scores: {}, dice: [3, 3, 5, 5, 5], rollsUsed: 3 });
    expect(rows).toHaveLength(15);
    expect(rows.find((r) => r.row === 'twoPairs')!.points).toBe(16);
    expect(rows.find((r) => r.row === 'fullHouse')!.points).toBe(21);
  });
});

describe('bots and the review under yahtzee and yatzy', { timeout: 600_000 }, () => {
  it('every bot plays whole games within the rules; the review finds that optimal lost nothing', () => {
    for (const rules of ['yahtzee', 'yatzy'] as const) {
      for (const seed of [1, 2]) {
        // `winner` plays these rule sets to win now, from a model that takes minutes to build here:
        // tests/unit/win-rulesets.test.ts plays it from late sheets. Here a second `optimal` sits in.
        const bots = [
          createBot('optimal'),
          createBot('optimal'),
          createBot('good'),
          createBot('easy', { seed }),
        ];
        const game = playGame({ players: ['A', 'B', 'C', 'D'], rules, seed }, bots);
        expect(game.over).toBe(true);
        expect(game.players.every((p) => Object.keys(p.scores).length === rowsOf(rules).length)).toBe(true);
        const review = reviewGame(setupOf(game), game.log, getTable(rules));
        expect(review.players[0]!.totalLoss).toBeCloseTo(0, 9);
        expect(review.players[1]!.totalLoss).toBeCloseTo(0, 9);
        expect(review.players[2]!.totalLoss).toBeGreaterThan(0);
        expect(review.players.map((p) => p.score)).toEqual(totals(game));
      }
    }
  });
});

describe(
  'the shipped tables of yahtzee and yatzy (src/engine/solver/solver-*.bin)',
  { timeout: 600_000 },
  () => {
    const fileOf = (rules: 'yahtzee' | 'yatzy') =>
      readFileSync(fileURLToPath(new URL(`./solver-${rules}.bin`, import.meta.url)));

    it('carry the pinned checksums, are refused damaged or for another rule set, and agree with the solver', () => {
      for (const rules of ['yahtzee', 'yatzy'] as const) {
        const bytes = fileOf(rules);
        expect(fnv1a(bytes, 16)).toBe(TABLE_ASSET_CHECKSUMS[rules]);
        const damaged = Uint8Array.from(bytes);
        damaged[50_000]! ^= 4;
        expect(() => decodeStateValues(rules, damaged)).toThrow(/checksum/);
        expect(() => decodeStateValues(rules === 'yatzy' ? 'yahtzee' : 'yatzy', bytes)).toThrow(/Not the/);
        const shipped = decodeStateValues(rules, bytes);
        const solved = getTable(rules);
        // Every state: the same ones unreachable, the others within float32's rounding.
        // (Counted, then asserted once: an assertion per state, millions of them, took a minute.)
        let worst = 0;
        let reachDiffers = 0;
        for (let i = 0; i < solved.values.length; i++) {
          const [a, b] = [shipped.values[i]!, solved.values[i]!];
          if (Number.isNaN(a) !== Number.isNaN(b)) reachDiffers++;
          else if (!Number.isNaN(a)) worst = Math.max(worst, Math.abs(a - b));
        }
        expect(reachDiffers).toBe(0);
        expect(worst).toBeLessThan(2e-5);
        expect(expectedScoreFromStart(shipped).toFixed(4)).toBe(expectedScoreFromStart(solved).toFixed(4));
        // What the asset would be made of the table solved now: the very bytes shipped.
        expect(Buffer.from(encodeStateValues(solved)).equals(bytes)).toBe(true);
      }
    });
  },
);
