import type { Action } from '../actions.js';
import { RuleError } from '../errors.js';
import { assertGame, canRoll, holdsLeft, scoringRows, type Game } from '../game.js';
import { sheetRowPoints } from '../scoring.js';
import type { RowId } from '../rows.js';

/**
 * The names of the computer players a seat is offered, strongest first: `winner` plays for the chance to
 * win, `optimal` for the highest expected score. The page's seat list and its labels follow this list.
 */
export const BOT_IDS = ['winner', 'optimal', 'good', 'easy'] as const;

/** A computer player's name, of those a seat is offered. */
export type BotId = (typeof BOT_IDS)[number];

/**
 * Every computer player `createBot` makes: the same as `BOT_IDS` now that `winner` (which wins more often
 * than `optimal`, which scores more on average) is offered a seat too.
 */
export const ALL_BOT_IDS = BOT_IDS;

/** The name of any computer player `createBot` makes. */
export type AnyBotId = (typeof ALL_BOT_IDS)[number];

/**
 * A computer player. It is asked for one action at a time for the player to act, and always answers
 * with a legal one: a throw, one die held or released, or a row to score. Holds are made one die at a
 * time, then the throw follows.
 */
export interface Bot {
  readonly id: AnyBotId;
  /**
   * The next action for the player to act in the game.
   * @throws RuleError `game-over` when the game is over, `bad-state` when it is not a game
   */
  next(game: Game): Action;
}

/** What a bot wants to do with the dice on the table. */
export type TurnPlan = { type: 'score'; row: RowId } | { type: 'hold'; held: readonly boolean[] };

/** Whether a value names a bot a seat is offered (`BOT_IDS`). */
export function isBotId(value: unknown): value is BotId {
  return typeof value === 'string' && (BOT_IDS as readonly string[]).includes(value);
}

/** Whether a value names any bot `createBot` makes (`ALL_BOT_IDS`, `winner` too). */
export function isAnyBotId(value: unknown): value is AnyBotId {
  return typeof value === 'string' && (ALL_BOT_IDS as readonly string[]).includes(value);
}

/**
 * The one action that moves the game toward a plan: the first throw of a turn, the first die whose
 * hold differs from the plan, or else the throw (or the row) itself. When no holds are left before
 * the throw (a person used them up before a computer took the turn), the dice are thrown as they are
 * held, or, all five held, the row worth most now is scored.
 */
export function stepTowards(game: Game, plan: () => TurnPlan): Action {
  assertGame(game);
  if (game.over) throw new RuleError('game-over', 'The game is over');
  if (game.rollsUsed === 0) return { type: 'roll' };
  const wanted = plan();
  if (wanted.type === 'score') return { type: 'score', row: wanted.row };
  const index = wanted.held.findIndex((held, i) => held !== game.held[i]);
  if (index >= 0 && holdsLeft(game) > 0) return { type: 'hold', index, held: wanted.held[index]! };
  if (canRoll(game)) return { type: 'roll' };
  const rows = scoringRows(game);
  const points = (row: RowId): number =>
    sheetRowPoints(game.rules, game.players[game.current]!.scores, row, game.dice);
  const best = rows.reduce((a, b) => (points(b) > points(a) ? b : a));
  return { type: 'score', row: best };
}

/**
 * Remembers the last plan made, so that a decision is computed once, not once per die held: a bot is
 * asked again after each die it holds and must not change its mind in between. A plan is reused only
 * for the same rule set, the same sheet object of the player to act (games are never mutated, so a
 * new score means a new object), the same throws used and dice, and the same `extra` value.
 */
export function lastPlan(): (game: Game, extra: number, make: () => TurnPlan) => TurnPlan {
  let last: { game: Game; extra: number; plan: TurnPlan } | undefined;
  return (game, extra, make) => {
    if (!last || !sameDecision(last.game, game) || last.extra !== extra) last = { game, extra, plan: make() };
    return last.plan;
  };
}

function sameDecision(a: Game, b: Game): boolean {
  return (
    a.rules === b.rules &&
    a.players[a.current]?.scores === b.players[b.current]?.scores &&
    a.rollsUsed === b.rollsUsed &&
    a.dice.every((face, i) => face === b.dice[i])
  );
}
