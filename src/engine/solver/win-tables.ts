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
  ALL_FILLED,
  ROW_COUNT,
  ROW_POINT_VALUES,
  ROW_POINT_VALUES_START,
  ROW_POINTS,
} from './sheet-model.js';
import { getTable, type StateValues } from './table.js';
import * as ties from './ties.js';
import { LEAF_WIDTH, solveTurn, TurnWorkspace } from './turn.js';

/*
 * The tables of the player that plays to win (after the idea of Pawlewicz 2010, "A Nearly Optimal
 * Computer Player in Multi-player Yahtzee"; own code). Both are over the 8,192 sets of filled rows and
 * count the rows' points only (no bonus): the points a row gives do not depend on the rule set, and the
 * classic bonus is added on top by the decisions (win.ts).
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
const POINTS = ROW_POINTS;
const WIDTH = LEAF_WIDTH;
const preferredKeep = ties.preferredKeep;
const preferredRow = ties.preferredRow;

/** The most points each row can give. */
export const ROW_MAX = Int32Array.from({ length: ROW_COUNT }, (_, row) =>
  ROW_POINTS.subarray(row * ROLLS, (row + 1) * ROLLS).reduce((a, b) => Math.max(a, b), 0),
);

/** The most points the free rows of a sheet (its filled rows as a mask) can still give. */
export function maxRemaining(mask: number): number {
  let total = 0;
  for (let row = 0; row < ROW_COUNT; row++) if (!(mask & (1 << row))) total += ROW_MAX[row]!;
  return total;
}

/** Most points a whole sheet's rows can give (340). */
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
 * One turn under expected-score play, followed forward: which row the turn ends in with which points.
 * Its choices are the `optimal` bot's, ties broken the same way (ties.ts). Reused for every state;
 * nothing is allocated per state.
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
  private readonly mass = new Float64Array(KEEP_COUNT);
  private readonly next = new Float64Array(KEEP_COUNT);
  /** `outcome[row * LEAF_WIDTH + points]`: chance that the turn ends with these points in this row. */
  readonly outcome = new Float64Array(ROW_COUNT * LEAF_WIDTH);
  private readonly rowValues = new Float64Array(ROW_COUNT);

  /** Solves the turn of a state for the highest expected score and reads off its choices. */
  solve(table: StateValues, mask: number, upper = 0): void {
    const ws = this.ws;
    solveTurn(table.values, table.model, mask, upper, ws);
    const { keep1, keep2, leaf, freeRows, freeCount } = ws;
    const rowValues = this.rowValues;
    for (let r = 0; r < ROLLS; r++) {
      const stand = keep1[OFFSET + r]!;
      this.after1[r] = preferredKeep(r, stand, keep2);
      this.after2[r] = preferredKeep(r, stand, keep1);
      for (let i = 0; i < freeCount; i++) {
        const row = freeRows[i]!;
        rowValues[i] = leaf[row * WIDTH + POINTS[row * ROLLS + r]!]!;
      }
      this.bestRow[r] = freeRows[preferredRow(rowValues, freeCount)]!;
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
      const row = this.bestRow[r]!;
      outcome[row * WIDTH + POINTS[row * ROLLS + r]!]! += p;
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
 * Solves (a) by backward induction over the sets of filled rows, with the turn's choices of the
 * expected-score table of `seed` (rows only, no bonus).
 * @param table the solved `seed` table (solved here when left out)
 */
export function solveRemainingDistributions(table: StateValues = getTable('seed')): RemainingDistributions {
  if (table.model.upperStates !== 1)
    throw new RangeError('Distributions are of the rows alone: a seed table');
  const offset = new Int32Array(ALL_FILLED + 2);
  for (let mask = 0; mask <= ALL_FILLED; mask++) offset[mask + 1] = offset[mask]! + maxRemaining(mask) + 1;
  const values = new Float64Array(offset[ALL_FILLED + 1]!);
  values[offset[ALL_FILLED]!] = 1;
  const follower = new TurnFollower();
  const outcome = follower.outcome;
  for (let mask = ALL_FILLED - 1; mask >= 0; mask--) {
    follower.solve(table, mask);
    follower.follow();
    const base = offset[mask]!;
    for (let row = 0; row < ROW_COUNT; row++) {
      const bit = 1 << row;
      if (mask & bit) continue;
      const from = offset[mask | bit]!;
      const length = offset[(mask | bit) + 1]! - from;
      const end = ROW_POINT_VALUES_START[row + 1]!;
      for (let i = ROW_POINT_VALUES_START[row]!; i < end; i++) {
        const p = ROW_POINT_VALUES[i]!;
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
  readonly shifted = new Float64Array(ROW_COUNT * (BLOCK + 64));
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
function solveTargetBlock(tables: TargetTables, mask: number, first: number, ws: TargetWorkspace): void {
  const B = BLOCK;
  const { keep, best, shifted, out } = ws;
  const stride = B + 64;
  let firstRow = true;
  for (let row = 0; row < ROW_COUNT; row++) {
    const bit = 1 << row;
    if (mask & bit) continue;
    const most = ROW_MAX[row]!;
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
}

/**
 * Solves (b) exactly by backward induction over the sets of filled rows, every target of a state at
 * once in blocks. The whole table (about 1.4 million targets) takes some 10 s or more in Node: ship it
 * as an asset (win-asset.ts) or solve it once in a worker. With `from`, only the masks above it: a
 * few milliseconds for a sheet with four rows free.
 */
export function solveTargetTables({ from = 0 }: TargetOptions = {}): TargetTables {
  const lo = new Int16Array(ALL_FILLED + 1).fill(1);
  const hi = new Int16Array(ALL_FILLED + 1).fill(-1);
  const offset = new Int32Array(ALL_FILLED + 2);
  for (let mask = 0; mask <= ALL_FILLED; mask++) {
    const solved = (mask & from) === from && mask !== ALL_FILLED;
    offset[mask + 1] = offset[mask]! + (solved ? maxRemaining(mask) : 0);
  }
  hi[ALL_FILLED] = 0;
  const values = new Float64Array(offset[ALL_FILLED + 1]!);
  const tables: TargetTables = { from, lo, hi, offset, values };
  const ws = new TargetWorkspace();
  for (let mask = ALL_FILLED - 1; mask >= 0; mask--) {
    if ((mask & from) !== from) continue;
    const most = maxRemaining(mask);
    const base = offset[mask]!;
    for (let first = 1; first <= most; first += BLOCK) {
      solveTargetBlock(tables, mask, first, ws);
      const count = Math.min(BLOCK, most - first + 1);
      for (let j = 0; j < count; j++) values[base + first - 1 + j] = ws.out[j]!;
    }
    hi[mask] = most;
  }
  return tables;
}
