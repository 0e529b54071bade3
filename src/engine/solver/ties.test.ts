import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ROWS, type RowId } from '../rows.js';
import type { Scores } from '../rules.js';
import { rowPoints } from '../scoring.js';
import { bestAction, rankHolds, rankRows, type Position } from './decisions.js';
import { facesOfKeep, KEEP_COUNT, KEEP_SIZE, ROLL_COUNT, ROLL_OFFSET, rollOfFaces } from './dice-tables.js';
import { maskOf, trackedUpper } from './sheet-model.js';
import { getTable, stateValue, type StateValues } from './table.js';
import { KEEP_RANK, ROLL_SUBKEEPS, ROLL_SUBKEEPS_START } from './ties.js';
import { TurnFollower } from './win-tables.js';

const diceArb = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 5, maxLength: 5 });

/** A sheet with some rows filled (never all), each with points that real dice score there. */
const sheetArb: fc.Arbitrary<Scores> = fc
  .tuple(
    fc.array(fc.boolean(), { minLength: ROWS.length, maxLength: ROWS.length }),
    fc.array(diceArb, { minLength: ROWS.length, maxLength: ROWS.length }),
  )
  .map(([filled, dice]) => {
    const scores: Scores = {};
    ROWS.forEach((row, i) => {
      if (filled[i]) scores[row] = rowPoints('seed', row, dice[i]!);
    });
    if (Object.keys(scores).length === ROWS.length) delete scores.chance;
    return scores;
  });

/** A sheet with only these rows free, every other row filled with 0. */
function onlyFree(...free: RowId[]): Scores {
  return Object.fromEntries(ROWS.filter((row) => !free.includes(row)).map((row) => [row, 0]));
}

/** What a decision does, as a multiset: the row scored, or the faces held for the next throw. */
function choiceOf(table: StateValues, position: Position): string {
  const best = bestAction(table, position);
  if (best.type === 'score') return `row ${best.row}`;
  return `hold ${position.dice
    .filter((_, i) => best.held[i])
    .sort((a, b) => a - b)
    .join('')}`;
}

/** The same decision as the model of a player who plays for points makes it (TurnFollower). */
function modelChoiceOf(table: StateValues, position: Position): string {
  const follower = new TurnFollower();
  follower.solve(table, maskOf(position.scores), trackedUpper(table.model, position.scores));
  const r = rollOfFaces(position.dice);
  const row = `row ${ROWS[follower.bestRow[r]!]}`;
  if (position.rollsUsed === 3) return row;
  const keep = (position.rollsUsed === 1 ? follower.after1 : follower.after2)[r]!;
  return keep === ROLL_OFFSET + r ? row : `hold ${facesOfKeep(keep).join('')}`;
}

const tables = { seed: getTable('seed'), classic: getTable('classic') };

describe('one way of breaking ties', { timeout: 60_000 }, () => {
  it('orders the holds by dice kept, then by the higher faces', () => {
    const byRank = Array.from({ length: KEEP_COUNT }, (_, k) => k).sort(
      (a, b) => KEEP_RANK[a]! - KEEP_RANK[b]!,
    );
    expect(new Set(KEEP_RANK).size).toBe(KEEP_COUNT);
    for (let i = 1; i < KEEP_COUNT; i++) {
      const [a, b] = [byRank[i - 1]!, byRank[i]!];
      expect(KEEP_SIZE[a]).toBeGreaterThanOrEqual(KEEP_SIZE[b]!);
      if (KEEP_SIZE[a] === KEEP_SIZE[b]) {
        const [fa, fb] = [facesOfKeep(a).reverse().join(''), facesOfKeep(b).reverse().join('')];
        expect(fa > fb).toBe(true);
      }
    }
    const rank = (faces: string): number =>
      KEEP_RANK[ROLL_OFFSET + rollOfFaces([...faces, 1, 1, 1, 1, 1].slice(0, 5).map(Number))]!;
    expect(rank('66543')).toBeLessThan(rank('65432'));
  });

  it('lists every hold a throw allows once, in order of preference', () => {
    for (let r = 0; r < ROLL_COUNT; r++) {
      const subs = Array.from(ROLL_SUBKEEPS.subarray(ROLL_SUBKEEPS_START[r], ROLL_SUBKEEPS_START[r + 1]));
      const faces = facesOfKeep(ROLL_OFFSET + r);
      const expected = new Set<string>();
      for (let bits = 0; bits < 31; bits++) {
        expected.add(faces.filter((_, i) => bits & (1 << i)).join(''));
      }
      expect(new Set(subs.map((k) => facesOfKeep(k).join('')))).toEqual(expected);
      expect(subs).toHaveLength(expected.size);
      for (let i = 1; i < subs.length; i++)
        expect(KEEP_RANK[subs[i - 1]!]).toBeLessThan(KEEP_RANK[subs[i]!]!);
    }
  });

  it('keeps more dice where holds tie: 1-3-4 toward a large straight, not 3-4 (the model too)', () => {
    // 1-3-4 needs 2 and 5 from two dice, 3-4 needs 1-2-5 or 2-5-6 from three: 2/36 both.
    const scores = onlyFree('largeStraight');
    for (const dice of [
      [3, 1, 3, 3, 4],
      [4, 3, 3, 1, 3],
    ]) {
      const position = { scores, dice, rollsUsed: 2 };
      expect(choiceOf(tables.seed, position)).toBe('hold 134');
      expect(modelChoiceOf(tables.seed, position)).toBe('hold 134');
    }
  });

  it('keeps the higher faces where holds of as many dice tie, wherever the dice lie', () => {
    // Only five of a kind left: a pair of threes and a pair of fours are worth the same.
    const scores = onlyFree('fiveOfAKind');
    for (const dice of [
      [3, 3, 4, 4, 1],
      [4, 1, 3, 4, 3],
      [1, 4, 4, 3, 3],
    ]) {
      for (const rollsUsed of [1, 2]) {
        const position = { scores, dice, rollsUsed };
        expect(choiceOf(tables.seed, position)).toBe('hold 44');
        expect(modelChoiceOf(tables.seed, position)).toBe('hold 44');
        expect(rankHolds(tables.seed, position)[0]!.kept).toEqual([4, 4]);
      }
    }
  });

  for (const rules of ['seed', 'classic'] as const) {
    it(`makes the same move in the bot, the coach's lists and the model, whatever the order of the dice (${rules})`, () => {
      const table = tables[rules];
      fc.assert(
        fc.property(
          sheetArb,
          diceArb,
          fc.integer({ min: 1, max: 3 }),
          fc.nat(119),
          (scores, dice, rollsUsed, shuffle) => {
            if (Number.isNaN(stateValue(table, maskOf(scores), trackedUpper(table.model, scores)))) return;
            const position = { scores, dice, rollsUsed };
            const choice = choiceOf(table, position);
            expect(modelChoiceOf(table, position)).toBe(choice);
            // Another order of the same dice.
            const left = [...dice];
            const other: number[] = [];
            for (let k = shuffle, n = 5; n > 0; k = Math.floor(k / n), n--)
              other.push(left.splice(k % n, 1)[0]!);
            expect(choiceOf(table, { ...position, dice: other })).toBe(choice);
            // The heads of the coach's lists.
            const hold = rankHolds(table, position).find((h) => h.rerolls);
            const row = rankRows(table, position)[0]!;
            const listed =
              hold && hold.expected > row.expected + 1e-9 ? `hold ${hold.kept.join('')}` : `row ${row.row}`;
            expect(listed).toBe(choice);
          },
        ),
        { numRuns: 400 },
      );
    });
  }
});
