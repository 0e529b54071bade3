import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RuleError } from '../errors.js';
import { newGame } from '../game.js';
import { apply } from '../actions.js';
import { ROWS, type RowId } from '../rows.js';
import { playerTotal, type Scores } from '../rules.js';
import { rowPoints } from '../scoring.js';
import { bestAction, positionOf, rankHolds, rankRows, type Position } from './decisions.js';
import { maskOf, trackedUpper } from './sheet-model.js';
import { getTable, solveTable, stateValue, type StateValues } from './table.js';

const ALL = (1 << ROWS.length) - 1;

/** Every positional throw of n dice. */
function throwsOf(n: number): number[][] {
  let all: number[][] = [[]];
  for (let i = 0; i < n; i++) all = all.flatMap((faces) => [1, 2, 3, 4, 5, 6].map((f) => [...faces, f]));
  return all;
}

/** The value of a position under its best option, read from the public rankings only. */
function bestValue(table: StateValues, scores: Scores, dice: number[], rollsUsed: number): number {
  const position = { scores, dice, rollsUsed };
  return rollsUsed === 3 ? rankRows(table, position)[0]!.expected : rankHolds(table, position)[0]!.expected;
}

/**
 * A hold's value by enumeration: throw the dice not held in every positional way and take the best
 * option of each outcome one throw later. Must equal the value rankHolds gives the hold exactly.
 */
function holdByEnumeration(table: StateValues, position: Position, held: boolean[]): number {
  const free = held.flatMap((h, i) => (h ? [] : [i]));
  const memo = new Map<string, number>();
  let sum = 0;
  const outcomes = throwsOf(free.length);
  for (const faces of outcomes) {
    const dice = [...position.dice];
    free.forEach((i, j) => (dice[i] = faces[j]!));
    const key = [...dice].sort().join('');
    let value = memo.get(key);
    if (value === undefined) {
      value = bestValue(table, position.scores, dice, position.rollsUsed + 1);
      memo.set(key, value);
    }
    sum += value;
  }
  return sum / outcomes.length;
}

/** The value of a sheet at the start of a turn by enumerating the first throw. */
function turnByEnumeration(table: StateValues, scores: Scores): number {
  const memo = new Map<string, number>();
  let sum = 0;
  const all = throwsOf(5);
  for (const dice of all) {
    const key = [...dice].sort().join('');
    let value = memo.get(key);
    if (value === undefined) {
      value = bestValue(table, scores, dice, 1);
      memo.set(key, value);
    }
    sum += value;
  }
  return sum / all.length;
}

const diceArb = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 5, maxLength: 5 });

/** A sheet with some rows filled (never all), each with points that real dice score there. */
function sheetArb(rows: readonly RowId[] = ROWS): fc.Arbitrary<Scores> {
  return fc
    .tuple(
      fc.array(fc.boolean(), { minLength: rows.length, maxLength: rows.length }),
      fc.array(diceArb, {
        minLength: rows.length,
        maxLength: rows.length,
      }),
    )
    .map(([filled, dice]) => {
      const scores: Scores = {};
      rows.forEach((row, i) => {
        if (filled[i]) scores[row] = rowPoints('seed', row, dice[i]!);
      });
      if (Object.keys(scores).length === ROWS.length) delete scores.chance;
      return scores;
    });
}

const seed = getTable('seed');

describe('rankRows', () => {
  it('lists every free row with its points and exact expected final score, best first', () => {
    fc.assert(
      fc.property(sheetArb(), diceArb, fc.integer({ min: 1, max: 3 }), (scores, dice, rollsUsed) => {
        const rows = rankRows(seed, { scores, dice, rollsUsed });
        expect(rows.map((r) => r.row).sort()).toEqual(ROWS.filter((row) => !(row in scores)).sort());
        const soFar = playerTotal('seed', scores);
        for (const choice of rows) {
          const after = { ...scores, [choice.row]: choice.points };
          expect(choice.points).toBe(rowPoints('seed', choice.row, dice));
          expect(choice.bonus).toBe(0);
          expect(choice.expected).toBeCloseTo(soFar + choice.points + stateValue(seed, maskOf(after)), 9);
        }
        // Best first, up to the solver's own tie (ties.ts: the first in sheet order of those tied for best).
        for (let i = 1; i < rows.length; i++)
          expect(rows[i - 1]!.expected).toBeGreaterThanOrEqual(rows[i]!.expected - 1e-9);
      }),
      { numRuns: 200 },
    );
  });

  it('counts the classic bonus a row completes', () => {
    const table = solveTable('classic', {
      from: ALL & ~(1 << ROWS.indexOf('sixes')) & ~(1 << ROWS.indexOf('chance')),
    });
    // Ones..fives give 45: three sixes reach 63.
    const scores: Scores = { ones: 3, twos: 6, threes: 9, fours: 12, fives: 15 };
    for (const row of ROWS.slice(6, 12)) scores[row] = 0;
    const [first, second] = rankRows(table, { scores, dice: [6, 6, 6, 1, 2], rollsUsed: 3 });
    expect(first).toMatchObject({ row: 'sixes', points: 18, bonus: 35 });
    expect(first!.expected).toBeCloseTo(45 + 18 + 35 + stateValue(table, ALL & ~(1 << 12), 63), 9);
    expect(second).toMatchObject({ row: 'chance', points: 21, bonus: 0 });
  });
});

describe('rankHolds', () => {
  it('lists each distinct hold once, on the dice it names, best first, and none after the third throw', () => {
    fc.assert(
      fc.property(sheetArb(), diceArb, fc.integer({ min: 1, max: 2 }), (scores, dice, rollsUsed) => {
        const holds = rankHolds(seed, { scores, dice, rollsUsed });
        const distinct = [1, 2, 3, 4, 5, 6].reduce((n, f) => n * (dice.filter((d) => d === f).length + 1), 1);
        expect(holds).toHaveLength(distinct);
        expect(new Set(holds.map((h) => h.kept.join(''))).size).toBe(distinct);
        for (const hold of holds) {
          const kept = dice.filter((_, i) => hold.held[i]).sort((a, b) => a - b);
          expect(kept).toEqual(hold.kept);
          expect(hold.rerolls).toBe(kept.length < 5);
        }
        for (let i = 1; i < holds.length; i++) {
          expect(holds[i - 1]!.expected).toBeGreaterThanOrEqual(holds[i]!.expected - 1e-9);
        }
        // Holding all five is standing on the dice: the best row's value.
        const all = holds.find((h) => !h.rerolls)!;
        expect(all.expected).toBe(rankRows(seed, { scores, dice, rollsUsed })[0]!.expected);
        expect(rankHolds(seed, { scores, dice, rollsUsed: 3 })).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('gives each hold exactly the average of the best options after the throw (seed)', () => {
    fc.assert(
      fc.property(
        sheetArb(),
        diceArb,
        fc.integer({ min: 1, max: 2 }),
        fc.nat(),
        (scores, dice, rollsUsed, pick) => {
          const position = { scores, dice, rollsUsed };
          const holds = rankHolds(seed, position).filter((h) => h.rerolls);
          for (const hold of [holds[0]!, holds[pick % holds.length]!]) {
            expect(hold.expected).toBeCloseTo(holdByEnumeration(seed, position, hold.held), 9);
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it('values a turn start as the table does: the average of the best first-throw options (seed)', () => {
    fc.assert(
      fc.property(sheetArb(), (scores) => {
        const expected = playerTotal('seed', scores) + stateValue(seed, maskOf(scores));
        expect(turnByEnumeration(seed, scores)).toBeCloseTo(expected, 9);
      }),
      { numRuns: 4 },
    );
    expect(turnByEnumeration(seed, {})).toBeCloseTo(229.6385, 4);
  });

  it('is exact with the classic upper total too', () => {
    const free: RowId[] = ['fives', 'sixes', 'fullHouse', 'chance'];
    const from = free.reduce((mask, row) => mask & ~(1 << (ROWS as readonly RowId[]).indexOf(row)), ALL);
    const table = solveTable('classic', { from });
    const filled = ROWS.filter((row) => !free.includes(row));
    fc.assert(
      fc.property(sheetArb(filled), diceArb, fc.integer({ min: 1, max: 2 }), (partial, dice, rollsUsed) => {
        const scores: Scores = Object.fromEntries(filled.map((row) => [row, partial[row] ?? 0]));
        const start =
          playerTotal('classic', scores) + stateValue(table, from, trackedUpper(table.model, scores));
        expect(turnByEnumeration(table, scores)).toBeCloseTo(start, 9);
        const position = { scores, dice, rollsUsed };
        const hold = rankHolds(table, position).find((h) => h.rerolls)!;
        expect(hold.expected).toBeCloseTo(holdByEnumeration(table, position, hold.held), 9);
      }),
      { numRuns: 6 },
    );
  });
});

describe('bestAction', () => {
  it('picks the head of rankHolds while it throws, else the head of rankRows', () => {
    fc.assert(
      fc.property(sheetArb(), diceArb, fc.integer({ min: 1, max: 3 }), (scores, dice, rollsUsed) => {
        const position = { scores, dice, rollsUsed };
        const best = bestAction(seed, position);
        const hold = rankHolds(seed, position)[0];
        const row = rankRows(seed, position)[0]!;
        if (hold?.rerolls) {
          expect(best.type).toBe('hold');
          expect(best.expected).toBeCloseTo(hold.expected, 9);
        } else {
          expect(best).toEqual({ type: 'score', row: row.row, expected: row.expected });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the pair of sixes and throws the rest from 6-6-1-2-4 on an empty sheet', () => {
    const best = bestAction(seed, { scores: {}, dice: [6, 1, 6, 2, 4], rollsUsed: 1 });
    expect(best).toMatchObject({ type: 'hold', held: [true, false, true, false, false] });
  });

  it('scores a large straight at once when it is free', () => {
    expect(bestAction(seed, { scores: {}, dice: [3, 1, 4, 5, 2], rollsUsed: 1 })).toMatchObject({
      type: 'score',
      row: 'largeStraight',
    });
  });

  it('refuses positions that are not a decision', () => {
    const full: Scores = Object.fromEntries(ROWS.map((row) => [row, 0]));
    const code = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (error) {
        return (error as RuleError).code;
      }
      return undefined;
    };
    expect(code(() => bestAction(seed, { scores: {}, dice: [1, 2, 3, 4, 7], rollsUsed: 1 }))).toBe(
      'bad-dice',
    );
    expect(code(() => rankRows(seed, { scores: {}, dice: [1, 2, 3, 4], rollsUsed: 1 }))).toBe('bad-dice');
    expect(code(() => rankHolds(seed, { scores: {}, dice: [1, 2, 3, 4, 5], rollsUsed: 0 }))).toBe(
      'no-roll-yet',
    );
    expect(code(() => rankRows(seed, { scores: full, dice: [1, 2, 3, 4, 5], rollsUsed: 3 }))).toBe(
      'game-over',
    );
  });
});

describe('positionOf', () => {
  it('reads the player to act, the dice and the throws used from a game', () => {
    let game = newGame({ players: ['a', 'b'], seed: 7 });
    game = apply(game, { type: 'roll' });
    game = apply(game, { type: 'score', row: 'chance' });
    game = apply(game, { type: 'roll' });
    expect(positionOf(game)).toEqual({ scores: {}, dice: game.dice, rollsUsed: 1 });
    expect(positionOf(game).scores).toBe(game.players[1]!.scores);
  });
});
