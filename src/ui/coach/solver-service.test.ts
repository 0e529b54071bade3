import { describe, expect, it } from 'vitest';
import { expectedScoreFromStart, getTable, rankHolds, rankRows } from '../../engine/solver/index.js';
import { adviseOn, answer } from './solver-service.js';

const table = getTable('seed');

describe('adviseOn', () => {
  it('before the first throw gives only the expected score of the position', () => {
    const advice = adviseOn(table, { rules: 'seed', scores: {}, dice: [1, 2, 3, 4, 5], rollsUsed: 0 });
    expect(advice).toMatchObject({ rows: [], holds: [], best: null, rollsUsed: 0 });
    expect(advice.expected).toBeCloseTo(expectedScoreFromStart(table), 9);
  });

  it('counts the points already on the sheet in the expected score', () => {
    const scores = { chance: 22, ones: 3 };
    const empty = adviseOn(table, { rules: 'seed', scores: {}, dice: [1, 1, 1, 1, 1], rollsUsed: 0 });
    const later = adviseOn(table, { rules: 'seed', scores, dice: [1, 1, 1, 1, 1], rollsUsed: 0 });
    expect(later.expected).toBeGreaterThan(25);
    expect(later.expected).not.toBeCloseTo(empty.expected, 3);
  });

  it('after a throw lists every free row and every hold as the solver ranks them', () => {
    const position = { scores: { ones: 2 }, dice: [6, 6, 6, 2, 1], rollsUsed: 1 };
    const advice = adviseOn(table, { rules: 'seed', ...position });
    expect(advice.rows).toEqual(rankRows(table, position));
    expect(advice.holds).toEqual(rankHolds(table, position));
    expect(advice.rows).toHaveLength(12);
    expect(advice.best).toEqual({ type: 'hold', held: [true, true, true, false, false] });
    expect(advice.expected).toBeCloseTo(advice.holds[0]!.expected, 9);
  });

  it('names a row as best when scoring now beats every throw, and has no holds after the third throw', () => {
    const five = adviseOn(table, { rules: 'seed', scores: {}, dice: [4, 4, 4, 4, 4], rollsUsed: 1 });
    expect(five.best).toEqual({ type: 'row', row: 'fiveOfAKind' });
    expect(five.expected).toBeCloseTo(five.rows[0]!.expected, 9);
    const last = adviseOn(table, { rules: 'seed', scores: {}, dice: [1, 2, 3, 4, 6], rollsUsed: 3 });
    expect(last.holds).toEqual([]);
    expect(last.best).toEqual({ type: 'row', row: last.rows[0]!.row });
  });
});

describe('answer', () => {
  it('answers each kind of request under its id', () => {
    expect(answer({ id: 7, kind: 'table', rules: 'seed' })).toMatchObject({ id: 7, ok: true, table });
    expect(answer({ id: 8, kind: 'prepare', rules: 'seed' })).toMatchObject({
      id: 8,
      ok: true,
      kind: 'prepare',
    });
    const review = answer({
      id: 9,
      kind: 'review',
      setup: { players: ['a'], rules: 'seed', seed: 1 },
      log: [
        { type: 'roll', faces: [1, 2, 3, 4, 5] },
        { type: 'score', row: 'chance' },
      ],
    });
    expect(review).toMatchObject({ id: 9, ok: true, kind: 'review' });
  });

  it('turns a refusal into an answer with the engine code instead of throwing', () => {
    const bad = answer({
      id: 3,
      kind: 'advice',
      query: { rules: 'seed', scores: {}, dice: [7, 1, 1, 1, 1], rollsUsed: 1 },
    });
    expect(bad).toMatchObject({ id: 3, ok: false, code: 'bad-dice' });
    const illegal = answer({
      id: 4,
      kind: 'review',
      setup: { players: ['a'] },
      log: [{ type: 'score', row: 'chance' }],
    });
    expect(illegal).toMatchObject({ id: 4, ok: false, code: 'no-roll-yet' });
  });
});
