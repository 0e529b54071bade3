import { describe, expect, it } from 'vitest';
import { apply, newGame, totals, type Action, type Game } from '../../engine/index.js';
import { createBot, playGame } from '../../engine/bots/index.js';
import { getTable } from '../../engine/solver/table.js';
import { diceLuck, reviewGame } from '../../engine/solver/review.js';
import { setupOf } from '../../engine/game.js';
import { parseGameRecord } from '../persistence/game-record.js';
import { averagesOf, namesOf, recordsOf } from './history-model.js';

const table = getTable('seed');
const date = new Date('2026-12-01T20:00:00.000Z');

describe('recordsOf', () => {
  const game = playGame({ players: ['Mari', 'Bot'], seed: 5 }, [
    createBot('easy', { seed: 2 }),
    createBot('optimal', { table }),
  ]);
  const review = reviewGame(setupOf(game), game.log, table);

  it('keeps the people’s seats with their review: points lost, luck and the average, and their place', () => {
    const [mine] = recordsOf(game, review, [], { seats: [0], online: false, date });
    expect(parseGameRecord(mine)).toEqual(mine);
    const sums = totals(game);
    expect(mine).toMatchObject({
      id: '2026-12-01T20:00:00.000Z/0',
      name: 'Mari',
      players: 2,
      score: sums[0],
      place: sums[0]! >= sums[1]! ? 1 : 2,
      winLost: 0,
    });
    expect(mine!.pointsLost).toBeCloseTo(review.players[0]!.totalLoss, 2);
    expect(mine!.luck).toBeCloseTo(diceLuck(review.players[0]!), 2);
    expect(mine!.pointsLost).toBeGreaterThan(5); // the beginner loses points: skill is there to see
  });

  it('sums the chance to win a seat gave away, and keeps a game without a review by its score', () => {
    const decisions = [
      { player: 0, loss: 0.02 },
      { player: 1, loss: 0.5 },
      { player: 0, loss: 0.03 },
    ] as unknown as Parameters<typeof recordsOf>[2];
    expect(recordsOf(game, review, decisions, { seats: [0], online: true, date })[0]).toMatchObject({
      winLost: 0.05,
      online: true,
    });
    // Given up more than all, added up (chances came back between the decisions): all of it, no more.
    const lavish = [0.6, 0.5, 0.2].map((loss) => ({ player: 0, loss })) as unknown as typeof decisions;
    expect(recordsOf(game, review, lavish, { seats: [0], online: true, date })[0]!.winLost).toBe(1);
    const bare = recordsOf(game, null, null, { seats: [0, 1], online: false, date });
    expect(bare.map((r) => [r.pointsLost, r.winLost, r.luck, r.score])).toEqual([
      [null, null, null, totals(game)[0]],
      [null, null, null, totals(game)[1]],
    ]);
    expect(bare.every((r) => parseGameRecord(r) !== null)).toBe(true);
  });

  it('alone: no chance to win to give away', () => {
    let solo: Game = newGame({ players: ['Mari'], seed: 1 });
    const log: Action[] = [];
    for (let turn = 0; turn < 13; turn++) {
      for (const action of [
        { type: 'roll', faces: [1, 2, 3, 4, 6] },
        {
          type: 'score',
          row: [
            'ones',
            'twos',
            'threes',
            'fours',
            'fives',
            'sixes',
            'threeOfAKind',
            'fourOfAKind',
            'fullHouse',
            'smallStraight',
            'largeStraight',
            'fiveOfAKind',
            'chance',
          ][turn],
        },
      ] as Action[]) {
        solo = apply(solo, action);
        log.push(action);
      }
    }
    const [mine] = recordsOf(solo, reviewGame(setupOf(solo), log, table), [], {
      seats: [0],
      online: false,
      date,
    });
    expect(mine!.winLost).toBeNull();
    expect(parseGameRecord(mine)).toEqual(mine);
  });
});

describe('averagesOf', () => {
  it('averages the last 10 with a value and all of them', () => {
    const values = [...Array.from({ length: 12 }, (_, i) => i + 1), null];
    expect(averagesOf(values)).toEqual({ recent: 7.5, all: 6.5, count: 12 });
    expect(averagesOf([null])).toEqual({ recent: null, all: null, count: 0 });
  });

  it('names the most recent first', () => {
    const r = (name: string) => ({ name }) as Parameters<typeof namesOf>[0][number];
    expect(namesOf([r('a'), r('b'), r('a')])).toEqual(['a', 'b']);
  });
});
