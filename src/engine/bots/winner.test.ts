import { describe, expect, it } from 'vitest';
import { apply, refusal, type Action } from '../actions.js';
import { RuleError } from '../errors.js';
import { canHold, newGame, totals } from '../game.js';
import { nextUnit } from '../random.js';
import { ROWS } from '../rows.js';
import { ALL_BOT_IDS, BOT_IDS, createBot, isAnyBotId, isBotId, playGame } from './index.js';

// Without the shipped target tables (tests/unit/win-asset.test.ts plays with them), `winner` plays for
// points until LATE_FREE_ROWS rows are left, then solves what it needs and plays to win.
describe('winner', { timeout: 60_000 }, () => {
  it('is a bot createBot makes and a seat is offered', () => {
    expect(ALL_BOT_IDS).toEqual(BOT_IDS);
    expect(isAnyBotId('winner')).toBe(true);
    expect(isBotId('winner')).toBe(true);
    expect(createBot('winner').id).toBe('winner');
  });

  it('plays legal games to the end at tables of two and three', () => {
    for (const [players, seed] of [
      [2, 1],
      [3, 2],
    ] as const) {
      const bots = [createBot('winner'), createBot('optimal'), createBot('good')].slice(0, players);
      const game = playGame({ players: bots.map((b) => b.id), seed }, bots);
      expect(game.over).toBe(true);
      for (const player of game.players) expect(Object.keys(player.scores)).toHaveLength(ROWS.length);
      expect(totals(game)[0]).toBeGreaterThan(0);
    }
  });

  it('plays on from whatever holds a person left', () => {
    const bot = createBot('winner');
    const other = createBot('optimal');
    let game = newGame({ players: ['w', 'o'], seed: 8 });
    let rng = 8;
    while (!game.over) {
      let unit: number;
      [unit, rng] = nextUnit(rng);
      if (game.current === 0 && canHold(game) && unit < 0.3) {
        const hold: Action = { type: 'hold', index: Math.floor(unit * 16) % 5, held: unit < 0.15 };
        // A person's hold the rules take (one that changes a die, while holds are left).
        game = refusal(game, hold) === null ? apply(game, hold) : game;
      } else {
        game = apply(game, (game.current === 0 ? bot : other).next(game));
      }
    }
    expect(game.over).toBe(true);
  });

  it('throws first and refuses a finished game', () => {
    expect(createBot('winner').next(newGame({ players: ['a', 'b'], seed: 1 }))).toEqual({ type: 'roll' });
    const done = playGame({ players: ['a'], seed: 3 }, [createBot('easy')]);
    expect(() => createBot('winner').next(done)).toThrow(RuleError);
  });
});
