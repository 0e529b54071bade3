import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apply, refusal, type Action } from '../actions.js';
import { RuleError } from '../errors.js';
import { canHold, newGame, totals, type Game } from '../game.js';
import { nextUnit } from '../random.js';
import { ROWS } from '../rows.js';
import { playerTotal, type RuleSetId } from '../rules.js';
import { expectedScoreFromStart } from '../solver/index.js';
import { BOT_IDS, createBot, createEasyBot, isBotId, playGame, type Bot, type BotId } from './index.js';

const seedArb = fc.integer({ min: 0, max: 0xffffffff });

/** A finished game: every row filled once, totals as the engine adds them. */
function expectFinished(game: Game): void {
  expect(game.over).toBe(true);
  for (const player of game.players) expect(Object.keys(player.scores).sort()).toEqual([...ROWS].sort());
  expect(totals(game)).toEqual(game.players.map((p) => playerTotal(game.rules, p.scores)));
}

/** Dice come from the game's generator (no faces given) and each of the 13 turns ends in one row. */
function expectDrawnDice(game: Game): void {
  expect(game.log.filter((a) => a.type === 'roll' && a.faces !== undefined)).toEqual([]);
  expect(game.log.filter((a) => a.type === 'score')).toHaveLength(ROWS.length * game.players.length);
}

const cases: [BotId, RuleSetId][] = [
  ['optimal', 'seed'],
  // Its classic table (with the upper-section totals) takes a few seconds to solve, once.
  ['optimal', 'classic'],
  ['good', 'seed'],
  ['good', 'classic'],
  ['easy', 'seed'],
  ['easy', 'classic'],
];

describe('bots', () => {
  it.each(cases)(
    '%s never makes an illegal move (%s rules)',
    (id, rules) => {
      fc.assert(
        fc.property(seedArb, (seed) => {
          const game = playGame({ players: ['bot'], rules, seed }, [createBot(id, { seed })]);
          expectFinished(game);
          expectDrawnDice(game);
        }),
        { numRuns: 40 },
      );
    },
    // The optimal bot first solves the classic table: seconds, more on a busy machine.
    60_000,
  );

  it('share a table between players of different strengths', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const bots = BOT_IDS.map((id) => createBot(id, { seed }));
        expectFinished(playGame({ players: [...BOT_IDS], seed }, bots));
      }),
      { numRuns: 10 },
    );
  });

  it.each(BOT_IDS)('%s plays on from whatever holds a person left (seed rules)', (id) => {
    // A person toggles random holds between the bot's moves: the bot must still answer legally.
    fc.assert(
      fc.property(seedArb, (seed) => {
        const bot = createBot(id, { seed });
        let game = newGame({ players: ['bot'], seed });
        let rng = seed;
        while (!game.over) {
          let unit: number;
          [unit, rng] = nextUnit(rng);
          if (canHold(game) && unit < 0.3) {
            const hold: Action = { type: 'hold', index: Math.floor(unit * 16) % 5, held: unit < 0.15 };
            // A person's hold the rules take (one that changes a die, while holds are left).
            game = refusal(game, hold) === null ? apply(game, hold) : game;
          } else {
            game = apply(game, bot.next(game));
          }
        }
        expectFinished(game);
      }),
      { numRuns: 15 },
    );
  });

  it('answers a finished game with a RuleError', () => {
    const game = playGame({ players: ['bot'], seed: 3 }, [createBot('easy')]);
    for (const id of BOT_IDS) {
      expect(() => createBot(id).next(game)).toThrow(RuleError);
    }
  });

  it('makes the first throw of a turn, then acts on the dice', () => {
    const game = newGame({ players: ['bot'], seed: 11 });
    for (const id of BOT_IDS) expect(createBot(id).next(game)).toEqual({ type: 'roll' });
  });

  it('lets easy repeat itself from the same seed and vary with another', () => {
    const play = (botSeed: number): Action[] =>
      playGame({ players: ['bot'], seed: 5 }, [createEasyBot(botSeed)]).log;
    expect(play(1)).toEqual(play(1));
    const logs = [1, 2, 3, 4, 5, 6].map((s) => JSON.stringify(play(s)));
    expect(new Set(logs).size).toBeGreaterThan(1);
  });

  it('names the bots', () => {
    expect(BOT_IDS).toEqual(['winner', 'optimal', 'good', 'easy']);
    expect(isBotId('good')).toBe(true);
    expect(isBotId('hard')).toBe(false);
  });

  it('rank by strength: optimal scores its expectation, then good, then easy (seed rules)', () => {
    const games = 400;
    const mean = (id: BotId): [number, number] => {
      const bot: Bot = createBot(id, { seed: 9 });
      const scores = Array.from(
        { length: games },
        (_, i) => totals(playGame({ players: ['bot'], seed: 1000 + i }, [bot]))[0]!,
      );
      const m = scores.reduce((a, b) => a + b, 0) / games;
      const sd = Math.sqrt(scores.reduce((a, b) => a + (b - m) ** 2, 0) / (games - 1));
      return [m, sd / Math.sqrt(games)];
    };
    const [optimal, se] = mean('optimal');
    const [good] = mean('good');
    const [easy] = mean('easy');
    // Fixed seeds make this deterministic; 4 standard errors would be a real discrepancy.
    expect(Math.abs(optimal - expectedScoreFromStart('seed'))).toBeLessThan(4 * se);
    expect(optimal).toBeGreaterThan(good + 5);
    expect(good).toBeGreaterThan(easy + 10);
  });
});
