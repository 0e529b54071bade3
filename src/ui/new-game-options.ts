import type { RuleSetId } from '../engine/index.js';
import type { SeatKind } from './coach/seats.js';

/** Options of `newGame()` and of the start panel's request; each defaults to the element's attributes. */
export interface NewGameOptions {
  players?: string[];
  seed?: number;
  rules?: RuleSetId;
  /** Who plays each seat: `human` (default) or a computer, `optimal`, `good` or `easy`. */
  seats?: SeatKind[];
}
