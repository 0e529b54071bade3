import type { Game, RowId } from '../../engine/index.js';
import type { Advice } from './protocol.js';

/** One hold as the hints show it: which of the five dice to keep, and its expected final score. */
export interface HoldHint {
  /** The dice on the table. */
  dice: number[];
  /** Which of them to keep. */
  held: boolean[];
  /** The kept faces, ascending (empty: throw all again). */
  kept: number[];
  expected: number;
  /** The optimal move. */
  best: boolean;
  /** The dice the player holds now keep these faces. */
  current: boolean;
}

/** One free row as the hints show it. */
export interface RowHint {
  row: RowId;
  points: number;
  /** Bonus this completes now. */
  bonus: number;
  expected: number;
  best: boolean;
}

/** What <dp-hints> shows for a position. */
export interface HintsView {
  /** Expected final score of the position, played optimally from here. */
  expected: number;
  /** The best few holds (empty before the first throw and after the third). */
  holds: HoldHint[];
  /** The player's own hold when it is not among the best few, for comparison. */
  yourHold: HoldHint | null;
  /** Every free row, best first (empty before the first throw). */
  rows: RowHint[];
}

/**
 * What decides the advice for a game: the rule set, the player to act and their sheet, the dice and
 * the throws used. Holding or releasing a die does not change it.
 */
export function positionKey(game: Game): string {
  const { rules, current, rollsUsed, dice, over } = game;
  return JSON.stringify([rules, current, game.players[current]?.scores, dice, rollsUsed, over]);
}

/** Whether advice was made for the dice and throws of this game (a guard against a stale answer). */
export function adviceFits(advice: Advice, game: Game): boolean {
  return (
    advice.rules === game.rules &&
    advice.rollsUsed === game.rollsUsed &&
    (game.rollsUsed === 0 || advice.dice.every((face, i) => face === game.dice[i]))
  );
}

function keptKey(faces: readonly number[]): string {
  return [...faces].sort((a, b) => a - b).join(',');
}

/**
 * The hints for a game from advice on its position: the best `holdCount` holds that throw again, the
 * player's own hold if it is not among them, and every free row, the optimal move marked.
 */
export function hintsView(advice: Advice, game: Game, holdCount = 3): HintsView {
  const best = advice.best;
  const mine = keptKey(advice.dice.filter((_, i) => game.held[i]));
  const holds = advice.holds
    .filter((choice) => choice.rerolls)
    .map((choice): HoldHint => ({
      dice: advice.dice,
      held: choice.held,
      kept: choice.kept,
      expected: choice.expected,
      best:
        best?.type === 'hold' && keptKey(choice.kept) === keptKey(advice.dice.filter((_, i) => best.held[i])),
      current: keptKey(choice.kept) === mine,
    }));
  const shown = holds.slice(0, Math.max(0, holdCount));
  const own = holds.find((hold) => hold.current);
  return {
    expected: advice.expected,
    holds: shown,
    yourHold: own && !shown.includes(own) ? { ...own, held: [...game.held] } : null,
    rows: advice.rows.map((choice) => ({
      ...choice,
      best: best?.type === 'row' && best.row === choice.row,
    })),
  };
}
