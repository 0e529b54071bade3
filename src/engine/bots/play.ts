import { apply } from '../actions.js';
import { newGame, type Game, type GameSetup } from '../game.js';
import { MAX_ROWS } from '../rows.js';
import type { Bot } from './bot.js';

/**
 * Most actions a game can take: 13 turns (15 under `yatzy`) of 3 throws and 5 holds or releases between
 * them, and a row.
 */
const MAX_ACTIONS_PER_PLAYER = MAX_ROWS * (3 + 2 * 5 + 1);

/**
 * Plays a game to its end with one bot per seat (the same bot may sit in several), drawing the dice
 * from the game's seeded generator. Every action goes through the engine's `apply`, so an illegal
 * move throws its RuleError.
 * @throws RangeError unless there is exactly one bot for each seat
 */
export function playGame(setup: GameSetup, bots: readonly Bot[]): Game {
  let game = newGame(setup);
  if (bots.length !== game.players.length) throw new RangeError('One bot per player');
  // By index: a hole in the list is a seat without a bot, which `every` would skip.
  for (let i = 0; i < bots.length; i++) {
    if (typeof bots[i]?.next !== 'function') throw new RangeError(`No bot for seat ${i}`);
  }
  const limit = MAX_ACTIONS_PER_PLAYER * game.players.length;
  for (let step = 0; !game.over; step++) {
    if (step >= limit) throw new Error(`A bot took more than ${limit} actions`);
    game = apply(game, bots[game.current]!.next(game));
  }
  return game;
}
