import { describe, expect, it } from 'vitest';
import type { Action } from '../../engine/index.js';
import { getTable } from '../../engine/solver/index.js';
import { reviewGame } from '../../engine/solver/review.js';
import { en } from '../i18n/en.js';
import { et } from '../i18n/et.js';
import { coachStringsFor } from '../i18n/coach-strings.js';
import { lossByRound, optionText, sameOption } from './review-model.js';

const table = getTable('seed');

describe('lossByRound', () => {
  it('adds up the losses of each round', () => {
    const log: Action[] = [
      { type: 'roll', faces: [6, 6, 6, 6, 6] },
      { type: 'score', row: 'ones' },
      { type: 'roll', faces: [1, 1, 2, 3, 4] },
      { type: 'score', row: 'fiveOfAKind' },
    ];
    const [review] = reviewGame({ players: ['a'], seed: 1 }, log, table).players;
    const rounds = lossByRound(review!);
    expect(rounds).toHaveLength(13);
    expect(rounds[0]).toBeCloseTo(review!.decisions[0]!.loss, 9);
    expect(rounds[1]).toBeCloseTo(review!.decisions[1]!.loss, 9);
    expect(rounds.slice(2).every((loss) => loss === 0)).toBe(true);
  });
});

describe('optionText', () => {
  it('says a row with its points, or the faces kept, in each language', () => {
    expect(optionText({ type: 'row', row: 'chance', points: 22, expected: 0 }, en)).toBe('Chance (22)');
    expect(optionText({ type: 'row', row: 'fullHouse', points: 25, expected: 0 }, et)).toBe('Maja (25)');
    const hold = {
      type: 'hold',
      held: [true, true, false, false, false],
      kept: [5, 5],
      expected: 0,
    } as const;
    expect(optionText({ ...hold, held: [...hold.held], kept: [...hold.kept] }, et)).toBe('Hoia 5 5');
    expect(optionText({ type: 'hold', held: [], kept: [], expected: 0 }, en)).toBe('Throw all again');
    expect(coachStringsFor('et').loss(1.25)).toBe('−1,3');
    expect(coachStringsFor('en').loss(12)).toBe('−12.0');
  });
});

describe('sameOption', () => {
  it('matches rows by row and holds by the faces kept', () => {
    const row = { type: 'row', row: 'chance', points: 22, expected: 1 } as const;
    expect(sameOption(row, { ...row, expected: 2 })).toBe(true);
    expect(sameOption(row, { ...row, row: 'ones' })).toBe(false);
    const a = { type: 'hold', held: [true, false, false, false, false], kept: [6], expected: 1 } as const;
    const b = { type: 'hold', held: [false, true, false, false, false], kept: [6], expected: 1 } as const;
    expect(sameOption({ ...a, held: [...a.held], kept: [6] }, { ...b, held: [...b.held], kept: [6] })).toBe(
      true,
    );
    expect(sameOption(row, { ...a, held: [...a.held], kept: [6] })).toBe(false);
  });
});
