import type { RuleSetId } from '../rules.js';
import {
  KEEP_ADD,
  KEEP_COUNT,
  KEEP_SUB,
  KEEP_SUB_START,
  ROLL_COUNT,
  ROLL_OFFSET,
  ROLL_PROBABILITY,
} from './dice-tables.js';
import { MAX_ROW_COUNT, sheetModel, type SheetModel } from './sheet-model.js';
import { fillStates, getTable, type StateValues } from './table.js';
import * as ties from './ties.js';
import { LEAF_WIDTH, rowValue, solveTurn, TurnWorkspace } from './turn.js';

/*
 * The tables of the player that plays to win (after the idea of Pawlewicz 2010, "A Nearly Optimal
 * Computer Player in Multi-player Yahtzee"; own code). Both are over the sets of filled rows of a sheet
 * (8,192 of the 13-row sheet, 32,768 of `yatzy`'s 15) and count the rows' points only (no bonus, no
 * joker): the 13 rows score alike under `seed`, `classic` and `yahtzee`, whose bonuses (and joker) are
 * added on top by the decisions (win.ts, win-bonus.ts); `yatzy` has rows of its own (`rowsSheetOf`).
 *
 * (a) `RemainingDistributions`: for each set of filled rows, the probability of each number of points
 *     still to come when the rest of the game is played for the highest expected score (the `optimal`
 *     bot, the model of an opponent).
 * (b) `TargetTables`: for each set of filled rows and each target t, the best chance of scoring at least
 *     t more points, each target with the strategy best for it.
 */

// Module-local copies of the tables (see turn.ts: imported bindings are slow in hot loops).
const ADD = KEEP_ADD;
const SUB = KEEP_SUB;
const SUB_START = KEEP_SUB_START;
const KEEPS = KEEP_COUNT;
const ROLLS = ROLL_COUNT;
const OFFSET = ROLL_OFFSET;
const PROBABILITY = ROLL_PROBABILITY;
const WIDTH = LEAF_WIDTH;
const preferredKeepUpTo = ties.preferredKeepUpTo;
const preferredRow = ties.preferredRow;
const rowValueOf = rowValue;

/** The 13-row sheet scored without bonus or joker (`seed`'s), whose tables `seed`, `classic`, `yahtzee` share. */
const SEED_SHEET = sheetModel('seed');

/**
 * The sheet whose rows' points the win tables of a rule set count: `yatzy`'s own 15 rows, else the
 * 13-row sheet as `seed` scores it (`classic` and `yahtzee` score their rows alike; the bonuses and the
 * joker are layered on top, win-bonus.ts).
 */
export function rowsSheetOf(rules: RuleSetId): SheetModel {
  return rules === 'yatzy' ? sheetModel('yatzy') : SEED_SHEET;
}

/**
 * The expected-score table of a rule set's rows alone (`rowsSheetOf`: no bonus, no joker), whose play
 * the distributions (a) follow: `seed`'s table for the 13-row sheet, solved here (and kept) for
 * `yatzy`'s (about 1 s: its 32,768 sets of rows, without upper totals).
 */
export function rowsTableOf(rules: RuleSetId): StateValues {
  if (rules !== 'yatzy') return getTable('seed');
  let table = rowsTables.get(rules);
  if (!table) {
    table = solveRowsTable(rules);
    rowsTables.set(rules, table);
  }
  return table;
}

const rowsTables = new Map<RuleSetId, StateValues>();

/**
 * Solves the table of a rule set's rows alone (`rowsTableOf`), only the sets of rows that include
 * `from` when given (the others NaN).
 */
export function solveRowsTable(rules: RuleSetId, from = 0): StateValues {
  const sheet = rowsSheetOf(rules);
  const model = { threshold: 63, points: 0, upperStates: 1 };
  const ws = new TurnWorkspace();
  const values = fillStates(model, sheet, from, (values, mask) =>
    solveTurn(values, model, mask, 0, ws, sheet),
  );
  // The table keeps the rule set's name, with the rows' own (bonus-free) model and sheet.
  return { rules: sheet.rules, model, sheet, values };
}

/** The most points each row of the 13-row sheet can give. */
export const ROW_MAX = SEED_SHEET.maxPoints;

/** The most points the free rows of a sheet (its filled rows as a mask) can still give. */
export function maxRemaining(mask: number, sheet: SheetModel = SEED_SHEET): number {
  let total = 0;
  for (let row = 0; row < sheet.rowCount; row++) if (!(mask & (1 << row))) total += sheet.maxPoints[row]!;
  return total;
}

/** Most points a whole 13-row sheet's rows can give (340; `yatzy`'s 15 rows: 324). */
export const MAX_ROW_TOTAL = maxRemaining(0);

// ---------------------------------------------------------------------------------------------------
// (a) The distribution of the points still to come under expected-score play.

/**
 * For each set of filled rows (mask), the distribution of the rows' points still to come when the rest
 * of the game is played for the highest expected score (as the `optimal` bot plays under `seed` rules):
 * `values[offset[mask] + x]` is the chance of exactly x more points, x = 0..maxRemaining(mask).
 */
export interface RemainingDistributions {
  readonly offset: Int32Array;
  readonly values: Float64Array;
}

/** The chance of exactly `points` more points from a sheet with these rows filled. */
export function remainingChance(dist: RemainingDistributions, mask: number, points: number): number {
  const start = dist.offset[mask]!;
  const length = dist.offset[mask + 1]! - start;
  return points >= 0 && points < length ? dist.values[start + points]! : 0;
}

/**
 * One turn under expected-score play, followed forward: which row the turn ends in with which points
 * (and, under `yahtzee`, whether with a Yahtzee bonus). Its choices are the `optimal` bot's, ties broken
 * the same way (ties.ts), a joker placed as the rules force it. Reused for every state; nothing is
 * allocated per state.
 */
export class TurnFollower {
  readonly ws = new TurnWorkspace();
  /**
   * `after1[r]`: what the first throw r of the turn is followed by: `ROLL_OFFSET + r` to stand on it (the
   * row at once), else the keep held for the second throw.
   */
  readonly after1 = new Int16Array(ROLL_COUNT);
  /** The same for the second throw r, before the third. */
  readonly after2 = new Int16Array(ROLL_COUNT);
  /** The row each throw is scored in. */
  readonly bestRow = new Int8Array(ROLL_COUNT);
  /** The points it scores there (a joker's under `yahtzee`). */
  readonly bestPoints = new Int8Array(ROLL_COUNT);
  /** 1 where scoring the throw earns a Yahtzee bonus (`yahtzee`: a joker with 50 in the Yahtzee row). */
  readonly bestBonus = new Uint8Array(ROLL_COUNT);
  private readonly mass = new Float64Array(KEEP_COUNT);
  private readonly next = new Float64Array(KEEP_COUNT);
  /** `outcome[row * LEAF_WIDTH + points]`: chance that the turn ends with these points in this row. */
  readonly outcome = new Float64Array(MAX_ROW_COUNT * LEAF_WIDTH);
  /** The part of `outcome` that also earns a Yahtzee bonus (all zero outside `yahtzee`). */
  readonly bonusOutcome = new Float64Array(MAX_ROW_COUNT * LEAF_WIDTH);
  private readonly rowValues = new Float64Array(MAX_ROW_COUNT);

  /** Solves the turn of a state for the highest expected score and reads off its choices. */
  solve(table: StateValues, mask: number, upper = 0, flag = 0): void {
    const ws = this.ws;
    const sheet = table.sheet;
    solveTurn(table.values, table.model, mask, upper, ws, sheet, flag);
    const { keep1, keep2, best1, best2, freeRows, freeCount } = ws;
    const points = sheet.rowPoints;
    const rowValues = this.rowValues;
    const jokers = sheet.jokerRow >= 0 && (mask & (1 << sheet.jokerRow)) !== 0;
    for (let r = 0; r < ROLLS; r++) {
      const stand = keep1[OFFSET + r]!;
      // The largest value over a throw's holds, from the solved turn's best sub-keeps (each of them the
      // best over its own sub-multisets): after the last throw but one the best sub-keep of the throw's
      // own (`best1` over every sub-multiset, the throw's dice among them, whose keep1 is `stand`); after
      // the first, the best of its sub-keeps' `best2`, beside standing.
      let max1 = stand;
      const end = SUB_START[OFFSET + r + 1]!;
      for (let i = SUB_START[OFFSET + r]!; i < end; i++) {
        const v = best2[SUB[i]!]!;
        if (v > max1) max1 = v;
      }
      this.after1[r] = preferredKeepUpTo(r, stand, keep2, max1);
      this.after2[r] = preferredKeepUpTo(r, stand, keep1, best1[OFFSET + r]!);
      for (let i = 0; i < freeCount; i++) rowValues[i] = rowValueOf(ws, freeRows[i]!, r);
      const row = freeRows[preferredRow(rowValues, freeCount)]!;
      this.bestRow[r] = row;
      this.bestPoints[r] = points[row * ROLLS + r]!;
      this.bestBonus[r] = 0;
    }
    if (jokers) {
      for (let f = 0; f < 6; f++) {
        const r = sheet.fiveOfAKindRolls[f]!;
        this.bestPoints[r] = sheet.jokerPoints[f * sheet.rowCount + this.bestRow[r]!]!;
        this.bestBonus[r] = flag;
      }
    }
  }

  /**
   * Fills `outcome` for the solved turn: from its start (`rollsUsed` 0), or from the throw `roll` (0..251)
   * on the table after `rollsUsed` throws (1..3).
   */
  follow(rollsUsed = 0, roll = 0): void {
    const { mass, next, after1, after2, outcome } = this;
    // `next[OFFSET + r]`: the chance that the turn stands on throw r (scores it).
    mass.fill(0);
    next.fill(0);
    outcome.fill(0);
    this.bonusOutcome.fill(0);
    if (rollsUsed === 0) for (let r = 0; r < ROLLS; r++) mass[OFFSET + r] = PROBABILITY[r]!;
    else if (rollsUsed === 1) mass[OFFSET + roll] = 1;
    if (rollsUsed <= 1) {
      // The first throw: stand, or hold and throw again.
      for (let r = 0; r < ROLLS; r++) {
        const m = mass[OFFSET + r]!;
        if (m === 0) continue;
        mass[OFFSET + r] = 0;
        const to = after1[r]!;
        if (to === OFFSET + r) next[to]! += m;
        else mass[to]! += m;
      }
      spread(mass);
    } else if (rollsUsed === 2) mass[OFFSET + roll] = 1;
    if (rollsUsed <= 2) {
      // The second throw: stand, or hold and throw the last time.
      for (let r = 0; r < ROLLS; r++) {
        const m = mass[OFFSET + r]!;
        if (m === 0) continue;
        mass[OFFSET + r] = 0;
        const to = after2[r]!;
        if (to === OFFSET + r) next[to]! += m;
        else mass[to]! += m;
      }
      spread(mass);
      for (let r = 0; r < ROLLS; r++) next[OFFSET + r]! += mass[OFFSET + r]!;
    } else next[OFFSET + roll] = 1;
    for (let r = 0; r < ROLLS; r++) {
      const p = next[OFFSET + r]!;
      if (p === 0) continue;
      const at = this.bestRow[r]! * WIDTH + this.bestPoints[r]!;
      outcome[at]! += p;
      if (this.bestBonus[r]) this.bonusOutcome[at]! += p;
    }
  }
}

/** Throws the dice missing from each keep of fewer than five: its chance moves to the full throws. */
function spread(mass: Float64Array): void {
  for (let k = 0; k < OFFSET; k++) {
    const m = mass[k]!;
    if (m === 0) continue;
    mass[k] = 0;
    const o = k * 6;
    const share = m / 6;
    for (let f = 0; f < 6; f++) mass[ADD[o + f]!]! += share;
  }
}

/**
 * Solves (a) by backward induction over the sets of filled rows, with the turn's choices of an
 * expected-score table of the rows alone (no bonus, no joker: `seed`'s, or `rowsTableOf('yatzy')`).
 * @param table the solved table of the rows (`seed`'s, solved here when left out)
 * @param from only the sets of rows that include these (a mask; the others have no chances): enough for
 *   a game from such sheets on
 */
export function solveRemainingDistributions(
  table: StateValues = getTable('seed'),
  from = 0,
): RemainingDistributions {
  if (table.model.upperStates !== 1 || table.sheet.flagStates !== 1)
    throw new RangeError('Distributions are of the rows alone: a table without bonus or joker');
  return followRows(table, from, false);
}

/**
 * The table of a rule set's rows alone (`rowsTableOf`, kept as it keeps it) and its distributions (a),
 * solved in one pass when the table is not at hand yet: each set of rows' turn is solved once, for its
 * value and for the choices (a) follows (under `yatzy` the table alone took about a second more).
 */
export function rowsAndDistributionsOf(rules: RuleSetId): {
  rows: StateValues;
  distributions: RemainingDistributions;
} {
  const known = rules === 'yatzy' ? rowsTables.get(rules) : getTable('seed');
  if (known) return { rows: known, distributions: followRows(known, 0, false) };
  const sheet = rowsSheetOf(rules);
  const model = { threshold: 63, points: 0, upperStates: 1 };
  const values = new Float64Array(sheet.allFilled + 1).fill(NaN);
  values[sheet.allFilled] = 0;
  const rows: StateValues = { rules: sheet.rules, model, sheet, values };
  const distributions = followRows(rows, 0, true);
  rowsTables.set(rules, rows);
  return { rows, distributions };
}

/**
 * (a) by backward induction; with `solveRows`, the table's value of each set of rows is solved on the
 * way (the turn solved for the choices gives it: `solveRowsTable`'s very numbers).
 */
function followRows(table: StateValues, from: number, solveRows: boolean): RemainingDistributions {
  const sheet = table.sheet;
  const all = sheet.allFilled;
  const offset = new Int32Array(all + 2);
  for (let mask = 0; mask <= all; mask++) offset[mask + 1] = offset[mask]! + maxRemaining(mask, sheet) + 1;
  const values = new Float64Array(offset[all + 1]!);
  values[offset[all]!] = 1;
  const follower = new TurnFollower();
  const outcome = follower.outcome;
  const pointValues = sheet.pointValues;
  const pointValuesStart = sheet.pointValuesStart;
  for (let mask = all - 1; mask >= 0; mask--) {
    if ((mask & from) !== from) continue;
    follower.solve(table, mask);
    if (solveRows) table.values[mask] = follower.ws.expected;
    follower.follow();
    const base = offset[mask]!;
    for (let row = 0; row < sheet.rowCount; row++) {
      const bit = 1 << row;
      if (mask & bit) continue;
      const from = offset[mask | bit]!;
      const length = offset[(mask | bit) + 1]! - from;
      const end = pointValuesStart[row + 1]!;
      for (let i = pointValuesStart[row]!; i < end; i++) {
        const p = pointValues[i]!;
        const w = outcome[row * WIDTH + p]!;
        if (w === 0) continue;
        const to = base + p;
        for (let x = 0; x < length; x++) values[to + x]! += w * values[from + x]!;
      }
    }
  }
  return { offset, values };
}

// ---------------------------------------------------------------------------------------------------
// (b) The best chance of reaching each target.

/**
 * For each set of filled rows (mask) and each target t, the best chance of scoring at least t more
 * points in the rows (each target with the strategy best for it): 1 for t below `lo[mask]` (every t <= 0
 * among them), 0 above `hi[mask]`, else `values[offset[mask] + t - lo[mask]]`. Non-increasing in t.
 */
export interface TargetTables {
  /** Only the masks that contain `from` are solved (0: all of them). */
  readonly from: number;
  readonly lo: Int16Array;
  readonly hi: Int16Array;
  readonly offset: Int32Array;
  readonly values: Float64Array;
}

/** The best chance of scoring at least `target` more points from a sheet with these rows filled. */
export function reachChance(tables: TargetTables, mask: number, target: number): number {
  const lo = tables.lo[mask]!;
  if (target < lo) return 1;
  if (target > tables.hi[mask]!) return 0;
  return tables.values[tables.offset[mask]! + target - lo]!;
}

/** Targets solved together: one pass of the turn's induction for this many targets at once. */
const BLOCK = 32;

/** The workspace of the targets' turn: values of every keep for BLOCK targets side by side. */
class TargetWorkspace {
  readonly keep = new Float64Array(KEEPS * BLOCK);
  readonly best = new Float64Array(KEEPS * BLOCK);
  /** For each row, the next state's chances from (first target - row's most points) on. */
  readonly shifted = new Float64Array(MAX_ROW_COUNT * (BLOCK + 64));
  readonly out = new Float64Array(BLOCK);
}

/** `keep[k]` for the keeps of fewer than five dice: the average over the next die's face, per target. */
function averageDownBlock(keep: Float64Array): void {
  const B = BLOCK;
  for (let k = OFFSET - 1; k >= 0; k--) {
    const o = k * 6;
    const a0 = ADD[o]! * B;
    const a1 = ADD[o + 1]! * B;
    const a2 = ADD[o + 2]! * B;
    const a3 = ADD[o + 3]! * B;
    const a4 = ADD[o + 4]! * B;
    const a5 = ADD[o + 5]! * B;
    const d = k * B;
    for (let j = 0; j < B; j++) {
      keep[d + j] =
        (keep[a0 + j]! + keep[a1 + j]! + keep[a2 + j]! + keep[a3 + j]! + keep[a4 + j]! + keep[a5 + j]!) / 6;
    }
  }
}

/** `best[k]` = the largest `keep` over the sub-multisets of k, per target. */
function maxUpBlock(keep: Float64Array, best: Float64Array): void {
  const B = BLOCK;
  for (let k = 0; k < KEEPS; k++) {
    const d = k * B;
    const s = SUB_START[k]!;
    const n = SUB_START[k + 1]! - s;
    if (n === 0) {
      for (let j = 0; j < B; j++) best[d + j] = keep[d + j]!;
    } else if (n === 1) {
      const s1 = SUB[s]! * B;
      for (let j = 0; j < B; j++) {
        const v = keep[d + j]!;
        const w = best[s1 + j]!;
        best[d + j] = v > w ? v : w;
      }
    } else if (n === 2) {
      const s1 = SUB[s]! * B;
      const s2 = SUB[s + 1]! * B;
      for (let j = 0; j < B; j++) {
        let v = keep[d + j]!;
        const w1 = best[s1 + j]!;
        const w2 = best[s2 + j]!;
        if (w1 > v) v = w1;
        if (w2 > v) v = w2;
        best[d + j] = v;
      }
    } else if (n === 3) {
      const s1 = SUB[s]! * B;
      const s2 = SUB[s + 1]! * B;
      const s3 = SUB[s + 2]! * B;
      for (let j = 0; j < B; j++) {
        let v = keep[d + j]!;
        const w1 = best[s1 + j]!;
        const w2 = best[s2 + j]!;
        const w3 = best[s3 + j]!;
        if (w1 > v) v = w1;
        if (w2 > v) v = w2;
        if (w3 > v) v = w3;
        best[d + j] = v;
      }
    } else {
      for (let j = 0; j < B; j++) best[d + j] = keep[d + j]!;
      for (let i = s; i < s + n; i++) {
        const s1 = SUB[i]! * B;
        for (let j = 0; j < B; j++) {
          const w = best[s1 + j]!;
          if (w > best[d + j]!) best[d + j] = w;
        }
      }
    }
  }
}

/** Copies `reachChance(tables, mask, first + i)` for i = 0..length-1 into `to` from `at`. */
function copyChances(
  tables: TargetTables,
  mask: number,
  first: number,
  length: number,
  to: Float64Array,
  at: number,
): void {
  const lo = tables.lo[mask]!;
  const hi = tables.hi[mask]!;
  const base = tables.offset[mask]! - lo;
  const values = tables.values;
  for (let i = 0; i < length; i++) {
    const t = first + i;
    to[at + i] = t < lo ? 1 : t > hi ? 0 : values[base + t]!;
  }
}

/** The best chances of the targets first..first+BLOCK-1 of one state, into `ws.out`. */
function solveTargetBlock(
  tables: TargetTables,
  sheet: SheetModel,
  mask: number,
  first: number,
  ws: TargetWorkspace,
): void {
  const B = BLOCK;
  const { keep, best, shifted, out } = ws;
  const stride = B + 64;
  const POINTS = sheet.rowPoints;
  let firstRow = true;
  for (let row = 0; row < sheet.rowCount; row++) {
    const bit = 1 << row;
    if (mask & bit) continue;
    const most = sheet.maxPoints[row]!;
    const q = row * stride;
    // shifted[q + i] = the next state's chance of first - most + i more points.
    copyChances(tables, mask | bit, first - most, B + most, shifted, q);
    const pointsOffset = row * ROLLS;
    for (let r = 0; r < ROLLS; r++) {
      // Scoring p points here leaves the target minus p for the rest.
      const src = q + most - POINTS[pointsOffset + r]!;
      const d = (OFFSET + r) * B;
      if (firstRow) {
        for (let j = 0; j < B; j++) keep[d + j] = shifted[src + j]!;
      } else {
        for (let j = 0; j < B; j++) {
          const w = shifted[src + j]!;
          if (w > keep[d + j]!) keep[d + j] = w;
        }
      }
    }
    firstRow = false;
  }
  // No throw left after the dice on the table: `keep` holds the best row for each throw.
  averageDownBlock(keep);
  maxUpBlock(keep, best);
  // One throw left: holding a throw's dice is worth its best sub-keep.
  for (let i = OFFSET * B; i < KEEPS * B; i++) keep[i] = best[i]!;
  averageDownBlock(keep);
  maxUpBlock(keep, best);
  out.fill(0);
  for (let r = 0; r < ROLLS; r++) {
    const p = PROBABILITY[r]!;
    const d = (OFFSET + r) * B;
    for (let j = 0; j < B; j++) out[j]! += p * best[d + j]!;
  }
}

/** Options for `solveTargetTables`. */
export interface TargetOptions {
  /** Solve only the masks that contain these rows (a mask): enough for a game from such a sheet on. */
  from?: number;
  /** The sheet of the rows (`rowsSheetOf(rules)`): the 13-row sheet by default. */
  sheet?: SheetModel;
}

/**
 * Solves (b) exactly by backward induction over the sets of filled rows, every target of a state at
 * once in blocks. The whole table (about 1.4 million targets) takes some 10 s or more in Node: ship it
 * as an asset (win-asset.ts) or solve it once in a worker. With `from`, only the masks above it: a
 * few milliseconds for a sheet with four rows free.
 */
export function solveTargetTables({ from = 0, sheet = SEED_SHEET }: TargetOptions = {}): TargetTables {
  if (sheet.flagStates !== 1) throw new RangeError('Target tables are of the rows alone, without a joker');
  const all = sheet.allFilled;
  const lo = new Int16Array(all + 1).fill(1);
  const hi = new Int16Array(all + 1).fill(-1);
  const offset = new Int32Array(all + 2);
  for (let mask = 0; mask <= all; mask++) {
    const solved = (mask & from) === from && mask !== all;
    offset[mask + 1] = offset[mask]! + (solved ? maxRemaining(mask, sheet) : 0);
  }
  hi[all] = 0;
  const values = new Float64Array(offset[all + 1]!);
  const tables: TargetTables = { from, lo, hi, offset, values };
  const ws = new TargetWorkspace();
  for (let mask = all - 1; mask >= 0; mask--) {
    if ((mask & from) !== from) continue;
    const most = maxRemaining(mask, sheet);
    const base = offset[mask]!;
    for (let first = 1; first <= most; first += BLOCK) {
      solveTargetBlock(tables, sheet, mask, first, ws);
      const count = Math.min(BLOCK, most - first + 1);
      for (let j = 0; j < count; j++) values[base + first - 1 + j] = ws.out[j]!;
    }
    hi[mask] = most;
  }
  return tables;
}
