import type { Action, Game, GameSetup, RuleSetId } from '../../engine/index.js';
import type { TurnPlan } from '../../engine/bots/bot.js';
import type { GameReview } from '../../engine/solver/review.js';
import type {
  HoldChoice,
  Position,
  RowChoice,
  SeatPlay,
  StateValues,
  WinHoldChoice,
  WinReviewedDecision,
  WinRowChoice,
} from '../../engine/solver/index.js';

/**
 * The coach's view of one position: the expected final score under optimal play from here and, once
 * the dice are thrown, every free row and every distinct hold with its expected final score.
 */
export interface Advice {
  rules: RuleSetId;
  /** Throws used in the turn, 0..3. */
  rollsUsed: number;
  /** The dice the advice is for (those on the table; meaningless before the first throw). */
  dice: number[];
  /** Expected final score of the position when played optimally from here. */
  expected: number;
  /** Free rows, best first; empty before the first throw. */
  rows: RowChoice[];
  /** Distinct holds, best first; empty before the first throw and after the third. */
  holds: HoldChoice[];
  /** The optimal move now, if there is a move to make. */
  best: { type: 'row'; row: RowChoice['row'] } | { type: 'hold'; held: boolean[] } | null;
}

/** A position to advise on: the player to act's sheet, dice and throws used, under a rule set. */
export interface AdviceQuery extends Omit<Position, 'dice'> {
  rules: RuleSetId;
  dice: number[];
}

/**
 * The chance to win of one position (the win worker's answer): every player's chance now and, once the
 * dice are thrown, every free row and distinct hold of the player to act with theirs.
 */
export interface WinAdvice {
  rules: RuleSetId;
  /** Who is to act, the throws used and the dice the advice is for. */
  current: number;
  rollsUsed: number;
  dice: number[];
  /** Each player's chance to win now, in player order (they sum to 1). */
  chances: number[];
  /** Free rows by chance to win; empty before the first throw; null when no target tables cover the sheet. */
  rows: WinRowChoice[] | null;
  /** Distinct holds by chance to win; empty before the first throw and after the third; null as `rows`. */
  holds: WinHoldChoice[] | null;
}

/** What the client asks the worker. Every request carries an id its answer repeats. */
export type SolverRequest =
  | { id: number; kind: 'advice'; query: AdviceQuery }
  | { id: number; kind: 'review'; setup: GameSetup; log: Action[] }
  | { id: number; kind: 'table'; rules: RuleSetId }
  | { id: number; kind: 'prepare'; rules: RuleSetId }
  // The win worker's (win.worker.ts): a game's log is not sent (the model reads sheets and dice only).
  | { id: number; kind: 'win-prepare'; rules: RuleSetId }
  // `seats`: how each seat plays (seatPlaysOf in hints-model.ts); see win-service.ts.
  | { id: number; kind: 'win-advice'; game: Game; seats?: SeatPlay[] }
  | { id: number; kind: 'win-plan'; game: Game }
  | { id: number; kind: 'win-review'; setup: GameSetup; log: Action[]; seats?: SeatPlay[] };

/** What the worker answers: the request's result, or the message of the error it threw. */
export type SolverResponse =
  | { id: number; ok: true; kind: 'advice'; advice: Advice }
  | { id: number; ok: true; kind: 'review'; review: GameReview }
  | { id: number; ok: true; kind: 'table'; table: StateValues }
  | { id: number; ok: true; kind: 'prepare'; millis: number }
  | { id: number; ok: true; kind: 'win-prepare'; millis: number; targets: boolean }
  | { id: number; ok: true; kind: 'win-advice'; advice: WinAdvice }
  /** The move of the player that plays to win; null when no target tables cover the sheet (play for points). */
  | { id: number; ok: true; kind: 'win-plan'; plan: TurnPlan | null }
  | { id: number; ok: true; kind: 'win-review'; decisions: WinReviewedDecision[] }
  | { id: number; ok: false; error: string; code?: string };
