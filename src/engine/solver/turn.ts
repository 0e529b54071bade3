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
  MAX_ROW_COUNT,
  MAX_ROW_POINTS,
  sheetModel,
  type BonusModel,
  type SheetModel,
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
const WIDTH = LEAF_WIDTH;
/** The sheet of `seed` and `classic`: what a caller that names no sheet solves. */
const SEED_SHEET = sheetModel('seed');

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
  readonly leaf = new Float64Array(MAX_ROW_COUNT * LEAF_WIDTH);
  /** Keeps with one throw left; throws' entries are the best row with none left. */
  readonly keep1 = new Float64Array(KEEP_COUNT);
  /** Best sub-keep of each keep, one throw left. */
  readonly best1 = new Float64Array(KEEP_COUNT);
  /** Keeps with two throws left. */
  readonly keep2 = new Float64Array(KEEP_COUNT);
  /** Best sub-keep of each keep, two throws left. */
  readonly best2 = new Float64Array(KEEP_COUNT);
  /** Free rows of the state, `freeRows[0 .. freeCount]`. */
  readonly freeRows = new Int32Array(MAX_ROW_COUNT);
  freeCount = 0;
  /** The state solved: its sheet, filled rows and Yahtzee flag (see `rowValue`). */
  sheet: SheetModel = SEED_SHEET;
  mask = 0;
  flag = 0;
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
 * @param sheet the rule set's sheet (`seed`'s, which `classic` shares, when left out)
 * @param flag under `yahtzee`, 1 when the Yahtzee row holds 50 (`values` has a plane per flag)
 */
export function solveTurn(
  values: Float64Array,
  model: BonusModel,
  mask: number,
  upper: number,
  ws: TurnWorkspace,
  sheet: SheetModel = SEED_SHEET,
  flag = 0,
): number {
  const { leaf, keep1, best1, keep2, best2, freeRows } = ws;
  const states = model.upperStates;
  const { threshold, points: bonusPoints } = model;
  const POINTS = sheet.rowPoints;
  const POINT_VALUES = sheet.pointValues;
  const POINT_VALUES_START = sheet.pointValuesStart;
  const UPPER = sheet.upperMask;
  const rowCount = sheet.rowCount;
  const plane = (sheet.allFilled + 1) * states;
  const jokerRow = sheet.jokerRow;
  ws.sheet = sheet;
  ws.mask = mask;
  ws.flag = flag;
  let free = 0;
  for (let row = 0; row < rowCount; row++) {
    const bit = 1 << row;
    if (mask & bit) continue;
    freeRows[free++] = row;
    const next = flag * plane + (mask | bit) * states;
    const o = row * WIDTH;
    if (row === jokerRow) {
      // The Yahtzee row: 50 there makes every later five of a kind earn the Yahtzee bonus.
      const end = POINT_VALUES_START[row + 1]!;
      for (let i = POINT_VALUES_START[row]!; i < end; i++) {
        const p = POINT_VALUES[i]!;
        leaf[o + p] = p + values[(p > 0 ? plane : 0) + (mask | bit) * states + upper]!;
      }
      continue;
    }
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
  // A five of a kind once the Yahtzee row is filled is a joker: placed as the rules force it.
  if (jokerRow >= 0 && mask & (1 << jokerRow)) {
    for (let f = 0; f < 6; f++) {
      const r = sheet.fiveOfAKindRolls[f]!;
      let best = -Infinity;
      for (let i = 0; i < free; i++) {
        const v = rowValue(ws, freeRows[i]!, r);
        if (v > best) best = v;
      }
      keep1[OFFSET + r] = best;
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

/**
 * Under `yahtzee`, the rows a joker (five dice of face f + 1, the Yahtzee row filled) may go in on a
 * sheet with the filled rows `mask`, as a mask: its own upper row if free; else the free lower rows;
 * else the free upper rows (RULES.md, `allowedRows`).
 */
export function jokerRowsMask(sheet: SheetModel, mask: number, f: number): number {
  const free = sheet.allFilled & ~mask;
  if (!sheet.forcedJoker) return free;
  const own = 1 << sheet.rows.indexOf(UPPER_ROW_IDS[f]!);
  if (free & own) return own;
  const lower = free & ~sheet.upperMask;
  return lower !== 0 ? lower : free;
}

const UPPER_ROW_IDS = ['ones', 'twos', 'threes', 'fours', 'fives', 'sixes'] as const;

/**
 * The value of scoring throw r in free row `row` of the state a workspace has solved: its points, any
 * bonus they complete (the upper bonus; a joker's Yahtzee bonus) and the optimal rest. -Infinity for a
 * row the rules do not let a joker go in.
 */
export function rowValue(ws: TurnWorkspace, row: number, r: number): number {
  const sheet = ws.sheet;
  const o = row * WIDTH;
  if (sheet.jokerRow >= 0 && ws.mask & (1 << sheet.jokerRow)) {
    const f = sheet.fiveOfAKindRolls.indexOf(r);
    if (f >= 0) {
      if (!(jokerRowsMask(sheet, ws.mask, f) & (1 << row))) return -Infinity;
      // Unforced (Verhoeff's reading): full values only once its own upper row is filled.
      if (!sheet.forcedJoker && !(ws.mask & (1 << sheet.rows.indexOf(UPPER_ROW_IDS[f]!)))) {
        return leaf(ws, o + sheet.rowPoints[row * ROLLS + r]!) + ws.flag * sheet.yahtzeeBonus;
      }
      return leaf(ws, o + sheet.jokerPoints[f * sheet.rowCount + row]!) + ws.flag * sheet.yahtzeeBonus;
    }
  }
  return leaf(ws, o + sheet.rowPoints[row * ROLLS + r]!);
}

function leaf(ws: TurnWorkspace, at: number): number {
  return ws.leaf[at]!;
}
