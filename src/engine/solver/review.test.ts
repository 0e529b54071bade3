import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Action } from '../actions.js';
import { createBot, playGame } from '../bots/index.js';
import { RuleError } from '../errors.js';
import { newGame, setupOf, totals } from '../game.js';
import { expectedScoreFromStart, getTable, myopicTable } from './table.js';
import { rankHolds, rankRows } from './index.js';
import { diceLuck, reviewGame, worstDecisions } from './review.js';
import { apply } from '../actions.js';
import { positionOf } from './decisions.js';

const table = getTable('seed');

describe('reviewGame', () => {
  it('finds nothing lost in a game the optimal bot played', () => {
    const game = playGame({ players: ['ai'], seed: 42 }, [createBot('optimal', { table })]);
    const [review] = reviewGame(setupOf(game), game.log, table).players;
    expect(review!.totalLoss).toBeLessThan(1e-9);
    expect(review!.decisions.every((d) => d.loss < 1e-9)).toBe(true);
    expect(review!.score).toBe(totals(game)[0]);
    expect(review!.expectedAtStart).toBeCloseTo(expectedScoreFromStart(table), 9);
    // 13 rows scored, plus one hold decision per throw after the first.
    const scores = review!.decisions.filter((d) => d.chosen.type === 'row');
    const throws = game.log.filter((a) => a.type === 'roll').length;
    expect(scores).toHaveLength(13);
    expect(review!.decisions).toHaveLength(13 + throws - 13);
  });

  it('prices a wasted five of a kind at the gap between the two rows', () => {
    const log: Action[] = [
      { type: 'roll', faces: [6, 6, 6, 6, 6] },
      { type: 'score', row: 'ones' },
    ];
    const setup = { players: ['me'], seed: 1 };
    const [review] = reviewGame(setup, log, table).players;
    const [decision] = review!.decisions;
    const rows = rankRows(table, { scores: {}, dice: [6, 6, 6, 6, 6], rollsUsed: 1 });
    expect(decision).toMatchObject({ player: 0, turn: 0, rollsUsed: 1, dice: [6, 6, 6, 6, 6] });
    expect(decision!.chosen).toMatchObject({ type: 'row', row: 'ones', points: 0 });
    expect(decision!.best).toMatchObject({ type: 'row', row: 'fiveOfAKind', points: 50 });
    const ones = rows.find((r) => r.row === 'ones')!;
    expect(decision!.loss).toBeCloseTo(rows[0]!.expected - ones.expected, 9);
    expect(decision!.loss).toBeGreaterThan(30);
  });

  it('judges a throw by the dice held for it, against the best hold', () => {
    const setup = { players: ['me'], seed: 1 };
    const log: Action[] = [
      { type: 'roll', faces: [1, 1, 2, 5, 6] },
      { type: 'hold', index: 4, held: true },
      { type: 'roll', faces: [3, 4, 2, 5, 6] },
      { type: 'score', row: 'chance' },
    ];
    const [review] = reviewGame(setup, log, table).players;
    const [hold, row] = review!.decisions;
    const holds = rankHolds(table, { scores: {}, dice: [1, 1, 2, 5, 6], rollsUsed: 1 });
    const chosen = holds.find((h) => h.kept.join() === '6')!;
    expect(hold!.chosen).toMatchObject({ type: 'hold', kept: [6], held: [false, false, false, false, true] });
    expect(hold!.best).toMatchObject({ type: 'hold', kept: holds[0]!.kept });
    expect(hold!.loss).toBeCloseTo(holds[0]!.expected - chosen.expected, 9);
    // Chance with a large straight after two throws: scoring is the question, and the straight is best.
    expect(row!).toMatchObject({ rollsUsed: 2, chosen: { type: 'row', row: 'chance', points: 20 } });
    expect(row!.best).toMatchObject({ type: 'row', row: 'largeStraight' });
  });

  it('names a hold as the best option when scoring early gave points away', () => {
    // Three sixes on an empty sheet: stopping to score chance is worse than throwing again.
    const log: Action[] = [
      { type: 'roll', faces: [6, 6, 6, 1, 2] },
      { type: 'score', row: 'chance' },
    ];
    const [review] = reviewGame({ players: ['me'], seed: 1 }, log, table).players;
    const [decision] = review!.decisions;
    expect(decision!.best).toMatchObject({ type: 'hold', kept: [6, 6, 6] });
    expect(decision!.loss).toBeGreaterThan(0);
  });

  it('reviews each seat on its own, and never finds a negative loss', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        const bots = [createBot('easy', { seed }), createBot('optimal', { table }), createBot('good')];
        const game = playGame({ players: ['a', 'b', 'c'], seed }, bots);
        const review = reviewGame(setupOf(game), game.log, table);
        expect(review.players.map((p) => p.name)).toEqual(['a', 'b', 'c']);
        for (const p of review.players) {
          expect(p.decisions.every((d) => d.player === p.player && d.loss >= 0)).toBe(true);
          const sum = p.decisions.reduce((total, d) => total + d.loss, 0);
          expect(p.totalLoss).toBeCloseTo(sum, 9);
          expect(p.decisions.filter((d) => d.chosen.type === 'row')).toHaveLength(13);
        }
        expect(review.players[1]!.totalLoss).toBeLessThan(1e-9);
        expect(review.players[0]!.totalLoss).toBeGreaterThan(review.players[1]!.totalLoss);
      }),
      { numRuns: 4 },
    );
  });

  it('refuses a table of another rule set and an illegal log', () => {
    expect(() => reviewGame({ players: ['me'], rules: 'classic' }, [], table)).toThrow(RangeError);
    const log: Action[] = [
      { type: 'roll', faces: [1, 2, 3, 4, 5] },
      { type: 'score', row: 'ones' },
      { type: 'roll', faces: [1, 2, 3, 4, 5] },
      { type: 'score', row: 'ones' },
    ];
    expect(() => reviewGame({ players: ['me'] }, log, table)).toThrow(RuleError);
  });

  it('judges against whatever table it is given (a myopic one values only this turn)', () => {
    const game = newGame({ players: ['me'], seed: 3 });
    const log: Action[] = [
      { type: 'roll', faces: [1, 1, 2, 6, 6] },
      { type: 'roll', faces: [3, 1, 2, 6, 4] },
      { type: 'roll', faces: [2, 3, 4, 5, 5] },
      { type: 'score', row: 'largeStraight' },
    ];
    const [review] = reviewGame(setupOf(game), log, myopicTable('seed')).players;
    expect(review!.decisions[2]!.best).toMatchObject({ type: 'row', row: 'smallStraight' });
    expect(review!.decisions[2]!.loss).toBeCloseTo(30, 9);
  });
});

describe('worstDecisions', () => {
  it('lists the costliest decisions first and leaves out the near-perfect ones', () => {
    const game = playGame({ players: ['me'], seed: 7 }, [createBot('easy', { seed: 7 })]);
    const [review] = reviewGame(setupOf(game), game.log, table).players;
    const worst = worstDecisions(review!, 5);
    expect(worst.length).toBeGreaterThan(0);
    expect(worst.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < worst.length; i++) expect(worst[i - 1]!.loss).toBeGreaterThanOrEqual(worst[i]!.loss);
    expect(worst.every((d) => d.loss >= 0.005)).toBe(true);
    expect(worstDecisions(review!, 0)).toEqual([]);
  });
});

describe('diceLuck', () => {
  /** The best expected final score of a position just thrown: the best row, or the best hold that throws. */
  function bestAfterThrow(game: ReturnType<typeof newGame>): number {
    const position = positionOf(game);
    const row = rankRows(table, position)[0]!.expected;
    const hold = game.rollsUsed < 3 ? rankHolds(table, position).find((h) => h.rerolls) : undefined;
    return Math.max(row, hold?.expected ?? -Infinity);
  }

  it('is the sum of what each throw did to the expected final score, for two players of different skill', () => {
    const game = playGame({ players: ['a', 'b'], seed: 9 }, [
      createBot('good'),
      createBot('easy', { seed: 4 }),
    ]);
    const review = reviewGame(setupOf(game), game.log, table);
    // Walk the log: before each throw the player's expected final score is that of their last choice
    // (optimal play's expectation at the start before their first), after it that of the best option.
    const last = review.players.map((p) => p.expectedAtStart);
    const luck = [0, 0];
    const decisions = review.players.map((p) => [...p.decisions]);
    let replay = newGame(setupOf(game));
    for (const action of game.log) {
      const player = replay.current;
      if (action.type !== 'hold' && replay.rollsUsed > 0)
        last[player] = decisions[player]!.shift()!.chosen.expected;
      replay = apply(replay, action);
      if (action.type === 'roll') {
        const after = bestAfterThrow(replay);
        luck[player]! += after - last[player]!;
        last[player] = after;
      }
    }
    for (const p of review.players) {
      expect(p.totalLoss).toBeGreaterThan(1); // neither played perfectly: skill and luck are told apart
      expect(diceLuck(p)).toBeCloseTo(luck[p.player]!, 6);
    }
  });

  it('averages about 0 over games of optimal play (nothing lost: the score less the average)', () => {
    const lucks = Array.from({ length: 60 }, (_, seed) => {
      const game = playGame({ players: ['ai'], seed: 7000 + seed }, [createBot('optimal', { table })]);
      return diceLuck(reviewGame(setupOf(game), game.log, table).players[0]!);
    });
    const mean = lucks.reduce((a, b) => a + b, 0) / lucks.length;
    const sd = Math.sqrt(lucks.reduce((a, b) => a + (b - mean) ** 2, 0) / (lucks.length - 1));
    expect(Math.abs(mean)).toBeLessThan((3 * sd) / Math.sqrt(lucks.length));
    expect(sd).toBeGreaterThan(10); // dice do differ
  });
});
