import {
  KEEP_ADD,
  KEEP_COUNT,
  KEEP_SUB,
  KEEP_SUB_START,
  ROLL_COUNT,
  ROLL_OFFSET,
  ROLL_PROBABILITY,
} from './dice-tables.js';
import {
  MAX_ROW_POINTS,
  ROW_COUNT,
  ROW_POINT_VALUES,
  ROW_POINT_VALUES_START,
  ROW_POINTS,
  UPPER_MASK,
  type BonusModel,
} from './sheet-model.js';

/** Width of one row's slice of `TurnWorkspace.leaf`: one entry per possible points value. */
export const LEAF_WIDTH = MAX_ROW_POINTS + 1;

// Module-local copies of the tables: test runners and some bundlers turn imported bindings into
// property reads on a module object, which costs ten times more in these hot loops.
const ADD = KEEP_ADD;
const SUB = KEEP_SUB;
const SUB_START = KEEP_SUB_START;
const KEEPS = KEEP_COUNT;
const ROLLS = ROLL_COUNT;
const OFFSET = ROLL_OFFSET;
const PROBABILITY = ROLL_PROBABILITY;
const POINTS = ROW_POINTS;
const POINT_VALUES = ROW_POINT_VALUES;
const POINT_VALUES_START = ROW_POINT_VALUES_START;
const ROWS_ON_SHEET = ROW_COUNT;
const UPPER = UPPER_MASK;
const WIDTH = LEAF_WIDTH;

/**
 * The values of every position inside one turn, for one sheet state (filled rows and upper total).
 * One workspace is reused for every state: nothing is allocated per state.
 *
 * "Throws left" counts the throws still allowed after the dice now on the table: 2 after the first
 * throw, 0 after the third. For a keep k (a multiset of 0..5 dice held before a throw):
 * - `keep1[k]`: expected future points of holding k and throwing the rest with one throw left after it
 *   (so it averages the values with 0 throws left). For a full throw r, `keep1[ROLL_OFFSET + r]` is
 *   the value of the dice r with no throws left: the best row to score them in.
 * - `best1[k]`: the best `keep1` over the sub-multisets of k. For a full throw r,
 *   `best1[ROLL_OFFSET + r]` is the value of holding r's dice with one throw left.
 * - `keep2`, `best2`: the same one throw earlier; `best2[ROLL_OFFSET + r]` is the value of the first
 *   throw of the turn showing r.
 * All values are future points from the start of this turn onward (this turn's row, any bonus it
 * completes, and the optimal rest of the game).
 */
export class TurnWorkspace {
  /**
   * `leaf[row * LEAF_WIDTH + points]`: scoring `points` in a free row now, plus the optimal rest. Set
   * only for the points the row can give.
   */
  readonly leaf = new Float64Array(ROW_COUNT * LEAF_WIDTH);
  /** Keeps with one throw left; throws' entries are the best row with none left. */
  readonly keep1 = new Float64Array(KEEP_COUNT);
  /** Best sub-keep of each keep, one throw left. */
  readonly best1 = new Float64Array(KEEP_COUNT);
  /** Keeps with two throws left. */
  readonly keep2 = new Float64Array(KEEP_COUNT);
  /** Best sub-keep of each keep, two throws left. */
  readonly best2 = new Float64Array(KEEP_COUNT);
  /** Free rows of the state, `freeRows[0 .. freeCount]`. */
  readonly freeRows = new Int32Array(ROW_COUNT);
  freeCount = 0;
  /** Expected future points from the start of the turn. */
  expected = 0;
}

/** `keep[k]` for the keeps of fewer than five dice: the average over the next die's face. */
function averageDown(keep: Float64Array): void {
  for (let k = OFFSET - 1; k >= 0; k--) {
    const o = k * 6;
    keep[k] =
      (keep[ADD[o]!]! +
        keep[ADD[o + 1]!]! +
        keep[ADD[o + 2]!]! +
        keep[ADD[o + 3]!]! +
        keep[ADD[o + 4]!]! +
        keep[ADD[o + 5]!]!) /
      6;
  }
}

/** `best[k]` = the largest `keep` over the sub-multisets of k, smaller keeps first. */
function maxUp(keep: Float64Array, best: Float64Array): void {
  for (let k = 0; k < KEEPS; k++) {
    let m = keep[k]!;
    const end = SUB_START[k + 1]!;
    for (let i = SUB_START[k]!; i < end; i++) {
      const v = best[SUB[i]!]!;
      if (v > m) m = v;
    }
    best[k] = m;
  }
}

/**
 * Solves one turn by backward induction over its throws, given the values of the states the turn can
 * lead to. Fills the workspace and returns the expected future points from the start of the turn.
 * @param values expected future points at the start of a turn, `values[mask * upperStates + upper]`;
 *   must hold every state this one can lead to
 * @param model the rule set's upper bonus
 * @param mask filled rows of this state (not all)
 * @param upper tracked upper total of this state (0 without a bonus)
 */
export function solveTurn(
  values: Float64Array,
  model: BonusModel,
  mask: number,
  upper: number,
  ws: TurnWorkspace,
): number {
  const { leaf, keep1, best1, keep2, best2, freeRows } = ws;
  const states = model.upperStates;
  const { threshold, points: bonusPoints } = model;
  let free = 0;
  for (let row = 0; row < ROWS_ON_SHEET; row++) {
    const bit = 1 << row;
    if (mask & bit) continue;
    freeRows[free++] = row;
    const next = (mask | bit) * states;
    const o = row * WIDTH;
    const end = POINT_VALUES_START[row + 1]!;
    if (states > 1 && bit & UPPER) {
      for (let i = POINT_VALUES_START[row]!; i < end; i++) {
        const p = POINT_VALUES[i]!;
        const total = upper + p;
        const reached = total >= threshold;
        leaf[o + p] =
          p +
          (reached && upper < threshold ? bonusPoints : 0) +
          values[next + (reached ? threshold : total)]!;
      }
    } else {
      const rest = values[next + upper]!;
      for (let i = POINT_VALUES_START[row]!; i < end; i++) {
        const p = POINT_VALUES[i]!;
        leaf[o + p] = p + rest;
      }
    }
  }
  ws.freeCount = free;

  // No throws left: the best free row for each throw.
  for (let r = 0; r < ROLLS; r++) keep1[OFFSET + r] = -Infinity;
  for (let i = 0; i < free; i++) {
    const row = freeRows[i]!;
    const o = row * WIDTH;
    const pointsOffset = row * ROLLS;
    for (let r = 0; r < ROLLS; r++) {
      const v = leaf[o + POINTS[pointsOffset + r]!]!;
      if (v > keep1[OFFSET + r]!) keep1[OFFSET + r] = v;
    }
  }
  averageDown(keep1);
  maxUp(keep1, best1);

  // One throw left after the dice on the table: hold the best sub-keep.
  for (let r = OFFSET; r < KEEPS; r++) keep2[r] = best1[r]!;
  averageDown(keep2);
  maxUp(keep2, best2);

  let expected = 0;
  for (let r = 0; r < ROLLS; r++) expected += PROBABILITY[r]! * best2[OFFSET + r]!;
  ws.expected = expected;
  return expected;
}
