import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allowedRows,
  apply,
  bonusParts,
  newGame,
  playerTotal,
  refusal,
  restoreGame,
  rowsOf,
  RULE_SETS,
  scoreOptions,
  scoreRow,
  scoringRows,
  sheetRowPoints,
  totals,
  turnsOf,
  UPPER_ROWS,
  type Action,
  type Game,
  type RowId,
  type RuleSetId,
  type Scores,
} from './index.js';
import { rowPoints } from './scoring.js';

/*
 * The four rule sets against an independent reference written plainly from RULES.md: the dice as a
 * sorted string, every row of every rule set for all 252 distinct throws.
 */

/** Every distinct throw of five dice, ascending faces. */
function allThrows(): number[][] {
  const out: number[][] = [];
  for (let a = 1; a <= 6; a++)
    for (let b = a; b <= 6; b++)
      for (let c = b; c <= 6; c++)
        for (let d = c; d <= 6; d++) for (let e = d; e <= 6; e++) out.push([a, b, c, d, e]);
  return out;
}
const THROWS = allThrows();

/** How many dice show each face 1..6, as a plain object. */
function tally(dice: number[]): Record<number, number> {
  const t: Record<number, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 };
  for (const d of dice) t[d]!++;
  return t;
}

const total = (dice: number[]) => dice[0]! + dice[1]! + dice[2]! + dice[3]! + dice[4]!;
const faceNames = ['ones', 'twos', 'threes', 'fours', 'fives', 'sixes'];

/** RULES.md's table for seed, classic and yahtzee (no joker): written without the engine's helpers. */
function referencePoker(row: string, dice: number[]): number {
  const t = tally(dice);
  const counts = Object.values(t);
  const key = [...new Set(dice)].sort().join('');
  if (faceNames.includes(row)) return t[faceNames.indexOf(row) + 1]! * (faceNames.indexOf(row) + 1);
  if (row === 'threeOfAKind') return counts.some((c) => c >= 3) ? total(dice) : 0;
  if (row === 'fourOfAKind') return counts.some((c) => c >= 4) ? total(dice) : 0;
  if (row === 'fullHouse') return counts.includes(3) && counts.includes(2) ? 25 : 0;
  if (row === 'smallStraight') return ['1234', '2345', '3456'].some((run) => containsAll(key, run)) ? 30 : 0;
  if (row === 'largeStraight') return key === '12345' || key === '23456' ? 40 : 0;
  if (row === 'fiveOfAKind') return counts.includes(5) ? 50 : 0;
  if (row === 'chance') return total(dice);
  throw new Error(row);
}

const containsAll = (key: string, run: string) => [...run].every((ch) => key.includes(ch));

/** Scandinavian Yatzy as RULES.md states it, written without the engine's helpers. */
function referenceYatzy(row: string, dice: number[]): number {
  const t = tally(dice);
  if (faceNames.includes(row)) return t[faceNames.indexOf(row) + 1]! * (faceNames.indexOf(row) + 1);
  const sorted = [...dice].sort().join('');
  const pairs = [6, 5, 4, 3, 2, 1].filter((f) => t[f]! >= 2);
  switch (row) {
    case 'onePair':
      return pairs.length ? 2 * pairs[0]! : 0;
    case 'twoPairs':
      return pairs.length >= 2 ? 2 * pairs[0]! + 2 * pairs[1]! : 0;
    case 'threeOfAKind': {
      const f = [6, 5, 4, 3, 2, 1].find((x) => t[x]! >= 3);
      return f ? 3 * f : 0;
    }
    case 'fourOfAKind': {
      const f = [6, 5, 4, 3, 2, 1].find((x) => t[x]! >= 4);
      return f ? 4 * f : 0;
    }
    case 'smallStraight':
      return sorted === '12345' ? 15 : 0;
    case 'largeStraight':
      return sorted === '23456' ? 20 : 0;
    case 'fullHouse':
      return Object.values(t).includes(3) && Object.values(t).includes(2) ? total(dice) : 0;
    case 'chance':
      return total(dice);
    case 'fiveOfAKind':
      return Object.values(t).includes(5) ? 50 : 0;
  }
  throw new Error(row);
}

const reference = (rules: RuleSetId, row: string, dice: number[]) =>
  rules === 'yatzy' ? referenceYatzy(row, dice) : referencePoker(row, dice);

describe('every row of every rule set, all 252 throws', () => {
  for (const rules of RULE_SETS) {
    it(`${rules}: scoreRow matches the reference on ${rowsOf(rules).length} rows x 252 throws`, () => {
      let checked = 0;
      for (const row of rowsOf(rules)) {
        for (const dice of THROWS) {
          // In order and shuffled: order never matters.
          expect(scoreRow(row, dice, rules), `${rules} ${row} ${dice.join('')}`).toBe(
            reference(rules, row, dice),
          );
          expect(scoreRow(row, [...dice].reverse(), rules)).toBe(reference(rules, row, dice));
          checked++;
        }
      }
      expect(checked).toBe(252 * rowsOf(rules).length);
    });
  }

  it('refuses a row that is not on the rule set, and scores seed without a rule set', () => {
    expect(() => scoreRow('onePair', [1, 1, 2, 3, 4])).toThrow(
      expect.objectContaining({ code: 'unknown-row' }),
    );
    expect(() => scoreRow('twoPairs', [1, 1, 2, 2, 4], 'yahtzee')).toThrow(
      expect.objectContaining({ code: 'unknown-row' }),
    );
    expect(() => scoreRow('ones', [1, 1, 2, 2, 4], 'yatzee' as RuleSetId)).toThrow(
      expect.objectContaining({ code: 'unknown-rules' }),
    );
    expect(scoreRow('fullHouse', [2, 2, 3, 3, 3])).toBe(25);
    expect(scoreRow('fullHouse', [2, 2, 3, 3, 3], 'yatzy')).toBe(13);
  });

  it('lists each rule set’s rows: 13, and 15 under yatzy', () => {
    expect(rowsOf('seed')).toHaveLength(13);
    expect(rowsOf('classic')).toEqual(rowsOf('seed'));
    expect(rowsOf('yahtzee')).toEqual(rowsOf('seed'));
    expect(rowsOf('yatzy')).toEqual([
      'ones',
      'twos',
      'threes',
      'fours',
      'fives',
      'sixes',
      'onePair',
      'twoPairs',
      'threeOfAKind',
      'fourOfAKind',
      'smallStraight',
      'largeStraight',
      'fullHouse',
      'chance',
      'fiveOfAKind',
    ]);
    expect(turnsOf('yatzy')).toBe(15);
    expect(turnsOf('yahtzee')).toBe(13);
  });
});

describe('Scandinavian Yatzy: the cases RULES.md settles', () => {
  // [dice, row, points]
  const cases: [number[], RowId, number][] = [
    // One pair: the highest pair; a three or four of a kind holds a pair.
    [[3, 3, 5, 5, 1], 'onePair', 10],
    [[6, 6, 6, 2, 1], 'onePair', 12],
    [[1, 2, 3, 4, 6], 'onePair', 0],
    // Two pairs: two different numbers. A full house holds two pairs; four of a kind does not.
    [[3, 3, 5, 5, 1], 'twoPairs', 16],
    [[1, 1, 2, 2, 6], 'twoPairs', 6],
    [[3, 3, 5, 5, 5], 'twoPairs', 16],
    [[4, 4, 4, 4, 2], 'twoPairs', 0],
    [[6, 6, 6, 6, 6], 'twoPairs', 0],
    // Three and four of a kind: the sum of those dice only.
    [[5, 5, 5, 2, 1], 'threeOfAKind', 15],
    [[4, 4, 4, 4, 2], 'threeOfAKind', 12],
    [[4, 4, 4, 4, 2], 'fourOfAKind', 16],
    [[6, 6, 6, 6, 6], 'fourOfAKind', 24],
    [[5, 5, 5, 2, 2], 'fourOfAKind', 0],
    // Straights: 1-2-3-4-5 and 2-3-4-5-6 exactly.
    [[1, 2, 3, 4, 5], 'smallStraight', 15],
    [[1, 2, 3, 4, 5], 'largeStraight', 0],
    [[2, 3, 4, 5, 6], 'largeStraight', 20],
    [[2, 3, 4, 5, 6], 'smallStraight', 0],
    [[1, 2, 3, 4, 4], 'smallStraight', 0],
    // Full house: three of one and two of another, all five dice counted; five of a kind is not one.
    [[3, 3, 5, 5, 5], 'fullHouse', 21],
    [[6, 6, 6, 6, 6], 'fullHouse', 0],
    [[6, 6, 6, 6, 6], 'fiveOfAKind', 50],
    [[1, 1, 1, 1, 2], 'fiveOfAKind', 0],
    [[6, 5, 6, 5, 6], 'chance', 28],
  ];
  it.each(cases)('%j scores %s %i', (dice, row, points) => {
    expect(scoreRow(row, dice, 'yatzy')).toBe(points);
  });

  it('gives 50 for 63 in rows 1-6 and tops out at 374', () => {
    const upper: Scores = { ones: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18 };
    expect(bonusParts('yatzy', upper)).toMatchObject({ upperSum: 63, upperBonus: 50, total: 113 });
    expect(bonusParts('yatzy', { ...upper, sixes: 17 }).upperBonus).toBe(0);
    const best = Object.fromEntries(
      rowsOf('yatzy').map((row) => [row, Math.max(...THROWS.map((dice) => scoreRow(row, dice, 'yatzy')))]),
    ) as Scores;
    expect(playerTotal('yatzy', best)).toBe(374);
  });

  it('plays 15 rounds, and refuses the rows it does not have', () => {
    let game = newGame({ players: ['Ann'], rules: 'yatzy', seed: 5 });
    expect(refusal(apply(game, { type: 'roll' }), { type: 'score', row: 'fiveOfAKind' })).toBeNull();
    for (const row of rowsOf('yatzy')) {
      game = apply(game, { type: 'roll' });
      game = apply(game, { type: 'score', row });
    }
    expect(game.over).toBe(true);
    expect(game.turn).toBe(14);
    const seed = apply(newGame({ players: ['Ann'], seed: 5 }), { type: 'roll' });
    expect(refusal(seed, { type: 'score', row: 'onePair' })?.code).toBe('unknown-row');
    expect(restoreGame(JSON.parse(JSON.stringify(game)))).toEqual(game);
  });
});

/** A one-player yahtzee game whose sheet is `scores`, with `dice` thrown once (plain data, as saved). */
function sheetGame(scores: Scores, dice: number[], yahtzeeBonuses?: number): Game {
  const game = newGame({ players: ['Ann'], rules: 'yahtzee', seed: 3 });
  const player = { ...game.players[0]!, scores, ...(yahtzeeBonuses ? { yahtzeeBonuses } : {}) };
  return { ...game, players: [player], dice, rollsUsed: 1 };
}

describe('Yahtzee: the Yahtzee bonus and the forced joker', () => {
  const lower: RowId[] = [
    'threeOfAKind',
    'fourOfAKind',
    'fullHouse',
    'smallStraight',
    'largeStraight',
    'chance',
  ];

  it('before the Yahtzee row is filled a five of a kind is no joker: anywhere, at its own points', () => {
    const game = sheetGame({}, [3, 3, 3, 3, 3]);
    expect(scoringRows(game)).toEqual(rowsOf('yahtzee'));
    expect(scoreOptions(game)).toMatchObject({ fiveOfAKind: 50, fullHouse: 0, smallStraight: 0, threes: 15 });
    const scored = apply(game, { type: 'score', row: 'fullHouse' });
    expect(scored.players[0]!.scores.fullHouse).toBe(0);
    expect(scored.players[0]!.yahtzeeBonuses).toBeUndefined();
  });

  it('with 50 in Yahtzee: the joker must go in its own upper row, and earns 100', () => {
    const game = sheetGame({ fiveOfAKind: 50 }, [3, 3, 3, 3, 3]);
    expect(scoringRows(game)).toEqual(['threes']);
    expect(scoreOptions(game)).toEqual({ threes: 15 });
    expect(refusal(game, { type: 'score', row: 'fullHouse' })?.code).toBe('joker-row');
    expect(refusal(game, { type: 'score', row: 'ones' })?.code).toBe('joker-row');
    const scored = apply(game, { type: 'score', row: 'threes' });
    expect(scored.players[0]).toMatchObject({ scores: { fiveOfAKind: 50, threes: 15 }, yahtzeeBonuses: 1 });
    expect(totals(scored)).toEqual([165]);
  });

  it('its upper row filled: any free lower row at full value (25, 30, 40 or the sum), no upper row', () => {
    const game = sheetGame({ fiveOfAKind: 50, threes: 9, ones: 2 }, [3, 3, 3, 3, 3]);
    expect(scoringRows(game)).toEqual(lower);
    expect(scoreOptions(game)).toEqual({
      threeOfAKind: 15,
      fourOfAKind: 15,
      fullHouse: 25,
      smallStraight: 30,
      largeStraight: 40,
      chance: 15,
    });
    expect(refusal(game, { type: 'score', row: 'twos' })?.code).toBe('joker-row');
    const scored = apply(game, { type: 'score', row: 'largeStraight' });
    expect(scored.players[0]!.scores.largeStraight).toBe(40);
    expect(bonusParts('yahtzee', scored.players[0]!.scores, scored.players[0]!.yahtzeeBonuses)).toMatchObject(
      {
        yahtzeeBonuses: 1,
        yahtzeeBonus: 100,
        total: 50 + 9 + 2 + 40 + 100,
      },
    );
  });

  it('its upper row and every lower row filled: 0 in any free upper row', () => {
    const scores: Scores = { fiveOfAKind: 50, sixes: 24 };
    for (const row of lower) scores[row] = 0;
    const game = sheetGame(scores, [6, 6, 6, 6, 6], 2);
    expect(scoringRows(game)).toEqual(['ones', 'twos', 'threes', 'fours', 'fives']);
    expect(scoreOptions(game)).toEqual({ ones: 0, twos: 0, threes: 0, fours: 0, fives: 0 });
    const scored = apply(game, { type: 'score', row: 'ones' });
    expect(scored.players[0]!.yahtzeeBonuses).toBe(3);
  });

  it('with 0 in Yahtzee the joker rules still hold, but there is no bonus', () => {
    const game = sheetGame({ fiveOfAKind: 0, fives: 20 }, [5, 5, 5, 5, 5]);
    expect(scoringRows(game)).toEqual(lower);
    const scored = apply(game, { type: 'score', row: 'fullHouse' });
    expect(scored.players[0]!.scores.fullHouse).toBe(25);
    expect(scored.players[0]!.yahtzeeBonuses).toBeUndefined();
    expect(totals(scored)).toEqual([45]);
  });

  it('classic has neither: a second five of a kind goes anywhere at its plain points', () => {
    const game = { ...sheetGame({ fiveOfAKind: 50 }, [3, 3, 3, 3, 3]), rules: 'classic' as const };
    expect(scoringRows(game)).toHaveLength(12);
    expect(scoreOptions(game).fullHouse).toBe(0);
    expect(apply(game, { type: 'score', row: 'chance' }).players[0]!.yahtzeeBonuses).toBeUndefined();
  });

  it('bonusParts: the upper bonus and the Yahtzee bonuses as the sheet shows them', () => {
    const scores: Scores = { ones: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18, fiveOfAKind: 50 };
    expect(bonusParts('yahtzee', scores, 2)).toEqual({
      upperSum: 63,
      upperThreshold: 63,
      upperBonusPoints: 35,
      upperBonus: 35,
      hasYahtzeeBonus: true,
      yahtzeeBonuses: 2,
      yahtzeeBonus: 200,
      rows: 113,
      total: 348,
    });
    expect(bonusParts('seed', scores)).toMatchObject({ upperBonusPoints: 0, upperBonus: 0, total: 113 });
    // Only yahtzee counts Yahtzee bonuses, whatever a caller passes.
    expect(bonusParts('classic', scores, 2)).toMatchObject({ hasYahtzeeBonus: false, total: 148 });
  });
});

describe('properties', () => {
  const rowsArb = fc.subarray([...rowsOf('yahtzee')]);
  const pointsOf = (row: RowId, face: number) => rowPoints('yahtzee', row, [face, face, face, face, face]);

  it('a joker never scores where the rules forbid, and always may where they allow', () => {
    fc.assert(
      fc.property(
        rowsArb,
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(0, 50),
        (filled, face, yahtzee) => {
          const scores: Scores = Object.fromEntries(filled.map((row) => [row, pointsOf(row, face)]));
          scores.fiveOfAKind = yahtzee;
          const free = rowsOf('yahtzee').filter((row) => !(row in scores));
          fc.pre(free.length > 0);
          const dice = [face, face, face, face, face];
          const game = sheetGame(scores, dice);
          const allowed = allowedRows('yahtzee', scores, dice);
          const own = UPPER_ROWS[face - 1]!;
          const freeLower = free.filter((row) => !UPPER_ROWS.includes(row));
          // The rule, stated directly.
          if (free.includes(own)) expect(allowed).toEqual([own]);
          else if (freeLower.length > 0) expect(allowed).toEqual(freeLower);
          else expect(allowed).toEqual(free);
          for (const row of free) {
            const refused = refusal(game, { type: 'score', row });
            if (allowed.includes(row)) {
              expect(refused).toBeNull();
              const after = apply(game, { type: 'score', row });
              expect(after.players[0]!.scores[row]).toBe(sheetRowPoints('yahtzee', scores, row, dice));
              expect(after.players[0]!.yahtzeeBonuses ?? 0).toBe(yahtzee === 50 ? 1 : 0);
            } else {
              expect(refused?.code).toBe('joker-row');
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  /**
   * A whole game played by choices from `picks`: throws with faces from the list (five of a kind
   * often, to meet jokers), holds, and scores in a row the rules allow.
   */
  function playOut(rules: RuleSetId, seed: number, picks: number[], faces: number[][]): Game {
    let game = newGame({ players: ['Ann', 'Bo'], rules, seed });
    let i = 0;
    const pick = () => picks[i++ % picks.length]!;
    while (!game.over) {
      let action: Action;
      if (game.rollsUsed === 0 || (game.rollsUsed < 3 && pick() % 3 === 0)) {
        const thrown = faces[i++ % faces.length]!.map((f, k) => (game.held[k] ? game.dice[k]! : f));
        action = { type: 'roll', faces: thrown };
        if (game.held.every(Boolean)) action = { type: 'hold', index: 0, held: false };
      } else {
        const rows = scoringRows(game);
        action = { type: 'score', row: rows[pick() % rows.length]! };
      }
      game = apply(game, action);
    }
    return game;
  }
  const facesArb = fc.array(
    fc.oneof(
      fc.integer({ min: 1, max: 6 }).map((f) => [f, f, f, f, f]),
      fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 5, maxLength: 5 }),
    ),
    { minLength: 1, maxLength: 40 },
  );
  const picksArb = fc.array(fc.nat(1000), { minLength: 1, maxLength: 40 });

  it('a yatzy total never beats 374', () => {
    fc.assert(
      fc.property(fc.nat(), picksArb, facesArb, (seed, picks, faces) => {
        const game = playOut('yatzy', seed, picks, faces);
        for (const t of totals(game)) expect(t).toBeLessThanOrEqual(374);
        expect(game.players.every((p) => Object.keys(p.scores).length === 15)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it("a yahtzee game's record restored equals itself, and a changed bonus count is refused", () => {
    fc.assert(
      fc.property(fc.nat(), picksArb, facesArb, (seed, picks, faces) => {
        const game = playOut('yahtzee', seed, picks, faces);
        const saved = JSON.parse(JSON.stringify(game)) as Game;
        expect(restoreGame(saved)).toEqual(game);
        const tampered = structuredClone(saved);
        tampered.players[0]!.yahtzeeBonuses = (tampered.players[0]!.yahtzeeBonuses ?? 0) + 1;
        expect(() => restoreGame(tampered)).toThrow(expect.objectContaining({ code: 'bad-state' }));
      }),
      { numRuns: 100 },
    );
  });

  it('a saved game that scores a row its rule set has not is refused', () => {
    const game = apply(newGame({ players: ['Ann'], rules: 'classic', seed: 9 }), { type: 'roll' });
    const tampered = { ...game, log: [...game.log, { type: 'score', row: 'onePair' }] };
    expect(() => restoreGame(tampered)).toThrow(expect.objectContaining({ code: 'bad-state' }));
  });
});
