import type { Action, GameSetup, RuleSetId } from '../../engine/index.js';
import type { GameReview } from '../../engine/solver/review.js';
import type { HoldChoice, Position, RowChoice, StateValues } from '../../engine/solver/index.js';

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

/** What the client asks the worker. Every request carries an id its answer repeats. */
export type SolverRequest =
  | { id: number; kind: 'advice'; query: AdviceQuery }
  | { id: number; kind: 'review'; setup: GameSetup; log: Action[] }
  | { id: number; kind: 'table'; rules: RuleSetId }
  | { id: number; kind: 'prepare'; rules: RuleSetId };

/** What the worker answers: the request's result, or the message of the error it threw. */
export type SolverResponse =
  | { id: number; ok: true; kind: 'advice'; advice: Advice }
  | { id: number; ok: true; kind: 'review'; review: GameReview }
  | { id: number; ok: true; kind: 'table'; table: StateValues }
  | { id: number; ok: true; kind: 'prepare'; millis: number }
  | { id: number; ok: false; error: string; code?: string };
