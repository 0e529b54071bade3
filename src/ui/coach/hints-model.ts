import type { Game, RowId } from '../../engine/index.js';
import type { SeatPlay } from '../../engine/solver/index.js';
import type { Advice, WinAdvice } from './protocol.js';
import type { SeatKind } from './seats.js';

/** One hold as the hints show it: which of the five dice to keep, and its expected final score. */
export interface HoldHint {
  /** The dice on the table. */
  dice: number[];
  /** Which of them to keep. */
  held: boolean[];
  /** The kept faces, ascending (empty: throw all again). */
  kept: number[];
  expected: number;
  /** Chance to win of the hold, played to win from here (undefined: not known, or not shown). */
  win?: number;
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
  /** Chance to win of scoring it now, played to win from here (undefined: not known, or not shown). */
  win?: number;
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
 * What decides the chance to win for a game: its position, every player's sheet, and how each seat is
 * judged to play (when the request says).
 */
export function winKey(game: Game, seats?: readonly SeatPlay[]): string {
  const key: unknown[] = [positionKey(game), game.players.map((p) => p.scores)];
  if (seats) key.push(seats);
  return JSON.stringify(key);
}

/**
 * How the chance to win judges each seat, from who plays it (the `seats` of a win request): the `winner`
 * computer plays to win, the other computers for points (the model of `optimal`: `good` and `easy` score
 * less, so their chances read a little high), and a person as `person` says, to win by default: the
 * chance beside each choice is that of taking it and going on playing to win, so that the choice the
 * coach puts first shows the person's own chance in the line.
 */
export function seatPlaysOf(
  kinds: readonly (SeatKind | undefined)[],
  players: number,
  person: SeatPlay = 'win',
): SeatPlay[] {
  return Array.from({ length: players }, (_, i) => {
    const kind = kinds[i] ?? 'human';
    return kind === 'human' ? person : kind === 'winner' ? 'win' : 'points';
  });
}

/** Whether win advice was made for this game's player, throws and dice (a guard against a stale answer). */
export function winFits(win: WinAdvice, game: Game): boolean {
  return (
    win.rules === game.rules &&
    win.current === game.current &&
    win.rollsUsed === game.rollsUsed &&
    win.chances.length === game.players.length &&
    (game.rollsUsed === 0 || win.dice.every((face, i) => face === game.dice[i]))
  );
}

/** One player's chance to win now, for the line under the hints' heading. */
export interface PlayerChance {
  name: string;
  chance: number;
  /** The player to act. */
  current: boolean;
}

/** Every player's chance to win, in player order. */
export function playerChances(win: WinAdvice, game: Game): PlayerChance[] {
  return game.players.map((player, i) => ({
    name: player.name,
    chance: win.chances[i] ?? 0,
    current: i === game.current,
  }));
}

/**
 * The hints for a game from advice on its position: the best `holdCount` holds that throw again, the
 * player's own hold if it is not among them, and every free row, the optimal move marked.
 */
export function hintsView(advice: Advice, game: Game, holdCount = 3, win?: WinAdvice | null): HintsView {
  const best = advice.best;
  const holdWins = new Map((win?.holds ?? []).map((choice) => [keptKey(choice.kept), choice.win]));
  const rowWins = new Map((win?.rows ?? []).map((choice) => [choice.row, choice.win]));
  const mine = keptKey(advice.dice.filter((_, i) => game.held[i]));
  const holds = advice.holds
    .filter((choice) => choice.rerolls)
    .map((choice): HoldHint => ({
      dice: advice.dice,
      held: choice.held,
      kept: choice.kept,
      expected: choice.expected,
      ...(holdWins.has(keptKey(choice.kept)) ? { win: holdWins.get(keptKey(choice.kept))! } : {}),
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
      ...(rowWins.has(choice.row) ? { win: rowWins.get(choice.row)! } : {}),
      best: best?.type === 'row' && best.row === choice.row,
    })),
  };
}
