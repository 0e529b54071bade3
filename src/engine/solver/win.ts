import { apply, type Action } from '../actions.js';
import { DICE_COUNT, safeText, type Dice } from '../dice.js';
import { RuleError } from '../errors.js';
import {
  assertGame,
  newGame,
  ROLLS_PER_TURN,
  winners,
  type Game,
  type GameSetup,
  type PlayerSheet,
} from '../game.js';
import type { RowId } from '../rows.js';
import { playerTotal, type RuleSetId } from '../rules.js';
import { allowedRows, earnsYahtzeeBonus, sheetRowPoints } from '../scoring.js';
import * as diceTables from './dice-tables.js';
import { facesOfKeep, KEEP_SIZE, rollOfFaces } from './dice-tables.js';
import { flagOf, maskOf, MAX_ROW_COUNT, trackedUpper, type SheetModel } from './sheet-model.js';
import { getTable, stateIndex, stateValue, type StateValues } from './table.js';
import { preferredOf, ROLL_SUBKEEPS, ROLL_SUBKEEPS_START, TIE } from './ties.js';
import * as turnModule from './turn.js';
import { jokerRowsMask, rowValue } from './turn.js';
import { calibrateLine, seatFeaturesOf } from './win-calibration.js';
import { winModelCovers } from './win-rules.js';
import { solveBonusChances, type BonusChances } from './win-bonus.js';
import { providedBonusChances } from './win-bonus-asset.js';
import {
  maxRemaining,
  rowsSheetOf,
  rowsAndDistributionsOf,
  rowsTableOf,
  solveRemainingDistributions,
  solveTargetTables,
  TurnFollower,
  type RemainingDistributions,
  type TargetTables,
} from './win-tables.js';

// Module-local copies of the tables (see turn.ts: imported bindings are slow in hot loops).
const KEEP_ADD = diceTables.KEEP_ADD;
const KEEP_COUNT = diceTables.KEEP_COUNT;
const KEEP_SUB = diceTables.KEEP_SUB;
const KEEP_SUB_START = diceTables.KEEP_SUB_START;
const ROLL_COUNT = diceTables.ROLL_COUNT;
const ROLL_OFFSET = diceTables.ROLL_OFFSET;
const ROLL_PROBABILITY = diceTables.ROLL_PROBABILITY;
const LEAF_WIDTH = turnModule.LEAF_WIDTH;

/*
 * Playing to win (after Pawlewicz 2010; own code). At each decision the turn is solved as the
 * expected-score solver solves it (throws, holds, the row), but an end-of-turn position is valued by
 * the chance that my final total beats the best of my opponents' (ties counted half), and only near-ties
 * of that chance are broken by the expected final score (so a decided game is played on for points).
 *
 * - Each opponent's final total is their total now plus the points their free rows still give under
 *   expected-score play (table (a) of win-tables.ts), all independent; the best of them has the product
 *   of their distribution functions.
 * - My own rest of the game is valued with table (b): for each total M the best of them may reach, the
 *   best chance of scoring more than M (plus half the chance of M exactly). Each M gets the strategy best
 *   for it, so this is an optimistic approximation of one strategy against the whole distribution of M.
 * - The tables count a sheet's rows alone (`yatzy`'s 15, else the 13 as `seed` scores them). Under a
 *   rule set with more (`classic`, `yatzy`: an upper bonus; `yahtzee`: that, the Yahtzee bonuses and the
 *   joker) the rest is an approximation, not a dimension of the tables: from a sheet with filled rows F,
 *   upper total u (and Yahtzee flag), the rest of the game gives the rows' points of the tables, moved
 *   by the points expected-score play of the rule set gives up (or gains, by jokers) in the rows for
 *   its bonuses (`shift`, a fraction of a point shared between the two points around it), plus the
 *   upper bonus with the chance that that play earns it from there, and under `yahtzee` 100 or 200 with
 *   the chances of one or two more Yahtzee bonuses, each as if independent of the rest (win-bonus.ts).
 *   Rows, bonuses and jokers taken in the turn being played are exact.
 *
 * What the coach shows (`winChances`, and the chance beside each choice) is each seat judged as it plays
 * (`WinOptions.seats`), and calibrated so that it says what happens (win-calibration.ts; the method and
 * its measurements are docs/CALIBRATION.md):
 * - The line starts from the model's own chance of each player with every seat playing for points (exact
 *   for such a table, up to the classic bonus's approximation). A seat that plays to win gets a fitted
 *   fraction of what the model says it could gain over that: its value played to win (the chance of its
 *   best option after a throw, else of its next turn), an upper bound as each target gets its own
 *   strategy. What it gains the others lose.
 * - The chance beside each option of the player to act is the model's own for that option as their seat
 *   plays on (to win: the target tables; for points: the expected-score choices, then table (a)), mapped
 *   monotonically so that the option their play makes shows their chance in the line. The order of the
 *   options, and so every move, is the model's own.
 */

/** Everything the player that plays to win needs for a rule set. */
export interface WinModel {
  readonly rules: RuleSetId;
  /** The expected-score table of the rule set (near-ties, and the value of every option for points). */
  readonly table: StateValues;
  /** The rule set's sheet (`table.sheet`): its rows, points and joker. */
  readonly sheet: SheetModel;
  /** The expected-score table of its rows alone (`rowsTableOf`), whose play (a) follows. */
  readonly rows: StateValues;
  /** Final totals considered: 0..finals - 1 (every row at its most, and every bonus). */
  readonly finals: number;
  /** (a): the rows' points still to come under expected-score play. */
  readonly distributions: RemainingDistributions;
  /** (b) for every sheet (from the asset, win-asset.ts, or solved), or null: then see `late`. */
  readonly targets: TargetTables | null;
  /**
   * (b) solved from late sheets on when `targets` is null, most recent first (a few kept: one for each
   * player of a game being reviewed).
   */
  late: TargetTables[];
  /** The bonuses beyond the rows (null under `seed`, which has none). */
  readonly bonus: BonusChances | null;
}

/**
 * Without the whole target tables, sheets with at most this many free rows get theirs solved on the spot
 * (a fraction of a second, once a game); before that a `null` answer means "no tables yet".
 */
export const LATE_FREE_ROWS = 7;

/** Options for `createWinModel`. */
export interface WinModelOptions {
  /** The whole target tables (`decodeTargetTables` of the asset, or `solveTargetTables()`). */
  targets?: TargetTables;
  /** The solved expected-score table of the rule set. */
  table?: StateValues;
  /** The solved `seed` table (the 13 rows alone), when the rule set is `classic` or `yahtzee`. */
  seedTable?: StateValues;
  /** Under `yatzy`, the solved table of its rows alone (`solveRowsTable`); solved when left out. */
  rowsTable?: StateValues;
  /**
   * Model only the sheets whose filled rows include these (a mask), for games from such sheets on: the
   * tables given must hold those states (`solveTable`'s `from`). Seconds less to build; 0 (all) by default.
   */
  from?: number;
}

export { winModelCovers } from './win-rules.js';

/**
 * The model of a rule set: solves the distributions (a) (under a second; `yatzy` a few), and under a
 * rule set with bonuses their chances (`classic` about a second; `yahtzee` and `yatzy` take theirs from
 * their shipped asset when provided, `provideBonusChances`, else solve them: minutes), with the
 * expected-score tables given or solved.
 * @throws RuleError `unknown-rules` for a rule set the win model does not cover (`winModelCovers`)
 * @throws RangeError for target tables of another sheet, or not of every sheet
 */
export function createWinModel(rules: RuleSetId, options: WinModelOptions = {}): WinModel {
  if (!winModelCovers(rules)) {
    throw new RuleError('unknown-rules', `The chance to win is not modelled under ${rules} yet`);
  }
  const table = options.table?.rules === rules ? options.table : getTable(rules);
  const from = options.from ?? 0;
  const givenRows =
    rules === 'yatzy'
      ? options.rowsTable?.sheet.rules === 'yatzy' && options.rowsTable.model.upperStates === 1
        ? options.rowsTable
        : null
      : rules === 'seed'
        ? table
        : options.seedTable?.rules === 'seed'
          ? options.seedTable
          : getTable('seed');
  // Without its rows' table, `yatzy`'s is solved in the pass of the distributions.
  let rows: StateValues;
  let distributions: RemainingDistributions;
  if (givenRows === null && from === 0) {
    ({ rows, distributions } = rowsAndDistributionsOf(rules));
  } else {
    rows = givenRows ?? rowsTableOf(rules);
    distributions = solveRemainingDistributions(rows, from);
  }
  const targets = options.targets ?? null;
  if (targets && targets.from !== 0) throw new RangeError('The target tables must cover every sheet');
  if (targets && targets.lo.length !== rows.sheet.allFilled + 1) {
    throw new RangeError(`These target tables are not of the ${rules} rows`);
  }
  const { sheet, model } = table;
  return {
    rules,
    table,
    sheet,
    rows,
    finals: maxFinal(rules, sheet, model.points) + 1,
    distributions,
    targets,
    late: [],
    // Shipped (win-bonus-asset.ts) where following the play over every state would take too long.
    bonus:
      model.upperStates > 1
        ? (providedBonusChances(table, rows) ?? solveBonusChances(table, rows, from))
        : null,
  };
}

/**
 * The highest final total of a rule set: every row at its most, the upper bonus and, under `yahtzee`, a
 * Yahtzee bonus for every turn after the one that scores the Yahtzee row.
 */
function maxFinal(rules: RuleSetId, sheet: SheetModel, upperBonus: number): number {
  return maxRemaining(0, rowsSheetOf(rules)) + upperBonus + sheet.yahtzeeBonus * (sheet.rowCount - 1);
}

const models = new Map<RuleSetId, WinModel>();

/**
 * The model of a rule set, made on first use and kept; given target tables replace missing ones.
 */
export function getWinModel(rules: RuleSetId, targets?: TargetTables): WinModel {
  let model = models.get(rules);
  if (!model || (targets && !model.targets)) {
    model = model ? { ...model, targets: targets!, late: [] } : createWinModel(rules, { targets });
    models.set(rules, model);
  }
  return model;
}

function freeCount(sheet: SheetModel, mask: number): number {
  let count = 0;
  for (let row = 0; row < sheet.rowCount; row++) if (!(mask & (1 << row))) count++;
  return count;
}

/** The target tables for decisions from a sheet, solving late ones when needed; null when there are none. */
function targetsFor(model: WinModel, mask: number): TargetTables | null {
  if (model.targets) return model.targets;
  const known = model.late.findIndex((late) => (mask & late.from) === late.from);
  let tables = model.late[known];
  if (tables) {
    model.late.splice(known, 1);
  } else {
    if (freeCount(model.sheet, mask) > LATE_FREE_ROWS) return null;
    tables = solveTargetTables({ from: mask, sheet: model.rows.sheet });
    model.late.length = Math.min(model.late.length, LATE_KEPT - 1);
  }
  model.late.unshift(tables);
  return tables;
}

/** Late tables kept per model. */
const LATE_KEPT = 6;

// ---------------------------------------------------------------------------------------------------
// Final totals as distributions.

interface Sheet {
  mask: number;
  upper: number;
  /** Under `yahtzee`, 1 when the Yahtzee row holds 50 (`flagOf`). */
  flag: number;
  total: number;
}

function sheetOf(model: WinModel, player: PlayerSheet): Sheet {
  const { scores } = player;
  return {
    mask: maskOf(scores, model.sheet),
    upper: trackedUpper(model.table.model, scores),
    flag: flagOf(model.sheet, scores),
    total: playerTotal(model.rules, scores, player.yahtzeeBonuses ?? 0),
  };
}

/**
 * What a sheet's rest of the game adds to its rows' points (see the top of this file): `shift`, and the
 * bonus points with their chances as pairs `[points, chance, points, chance, ...]` (`[0, 1]` under
 * `seed`).
 */
function extrasOf(model: WinModel, { mask, upper, flag }: Sheet): { shift: number; atoms: number[] } {
  const bonus = model.bonus;
  if (!bonus || mask === model.sheet.allFilled) return { shift: 0, atoms: [0, 1] };
  const i = stateIndex(model.table, mask, upper, flag);
  const chance = bonus.chance[i]!;
  if (Number.isNaN(chance)) throw new RuleError('bad-state', 'No game reaches this sheet');
  const upperBonus = model.table.model.points;
  const upperAtoms = [0, 1 - chance, upperBonus, chance];
  if (bonus.yahtzee1.length === 0) return { shift: bonus.shift[i]!, atoms: upperAtoms };
  const one = bonus.yahtzee1[i]!;
  const two = bonus.yahtzee2[i]!;
  const each = model.sheet.yahtzeeBonus;
  const atoms: number[] = [];
  for (const [k, w] of [
    [0, 1 - one - two],
    [1, one],
    [2, two],
  ] as const) {
    if (w <= 0) continue;
    for (let a = 0; a < upperAtoms.length; a += 2)
      atoms.push(upperAtoms[a]! + k * each, upperAtoms[a + 1]! * w);
  }
  return { shift: bonus.shift[i]!, atoms };
}

/** Adds `weight` times the final total's distribution from a sheet at the start of a turn into `out`. */
function addFinal(model: WinModel, sheet: Sheet, weight: number, out: Float64Array): void {
  const { offset, values } = model.distributions;
  const start = offset[sheet.mask]!;
  const length = offset[sheet.mask + 1]! - start;
  const { shift, atoms } = extrasOf(model, sheet);
  const whole = Math.floor(shift);
  const part = shift - whole;
  const last = model.finals - 1;
  for (let a = 0; a < atoms.length; a += 2) {
    const w = atoms[a + 1]!;
    if (w === 0) continue;
    for (const [move, v] of [
      [whole, 1 - part],
      [whole + 1, part],
    ] as const) {
      if (v === 0) continue;
      const at = sheet.total + atoms[a]! + move;
      const scale = weight * w * v;
      for (let x = 0; x < length; x++) {
        const p = values[start + x]!;
        if (p !== 0) out[Math.min(last, Math.max(0, at + x))]! += scale * p;
      }
    }
  }
}

/** The chance of each final total of a player (the one to act from the dice on the table). */
function finalOf(model: WinModel, game: Game, player: number): Float64Array {
  const out = new Float64Array(model.finals);
  // One who forfeited ends on nothing: below every total a sheet can end on, so they never win.
  if (game.players[player]!.out) {
    out[0] = 1;
    return out;
  }
  const sheet = sheetOf(model, game.players[player]!);
  if (sheet.mask === model.sheet.allFilled) {
    out[Math.min(model.finals - 1, sheet.total)] = 1;
    return out;
  }
  if (player !== game.current || game.rollsUsed === 0) {
    addFinal(model, sheet, 1, out);
    return out;
  }
  // The player to act, from the dice on the table on, playing for points.
  const follower = new TurnFollower();
  follower.solve(model.table, sheet.mask, sheet.upper, sheet.flag);
  follower.follow(game.rollsUsed, rollOfFaces(game.dice));
  forEachOutcome(model, sheet, (next, w) => addFinal(model, next, w, out), follower);
  return out;
}

/**
 * Calls `visit` with the sheet after each row and points a followed turn can end with (and any Yahtzee
 * bonus it earns), and its chance.
 */
function forEachOutcome(
  model: WinModel,
  sheet: Sheet,
  visit: (next: Sheet, chance: number) => void,
  { outcome, bonusOutcome }: TurnFollower,
): void {
  forEachLeaf(model, sheet, (row, p, next) => {
    const w = outcome[row * LEAF_WIDTH + p]!;
    if (w === 0) return;
    const b = bonusOutcome[row * LEAF_WIDTH + p]!;
    if (w - b > 0) visit(next, w - b);
    if (b > 0) visit({ ...next, total: next.total + model.sheet.yahtzeeBonus }, b);
  });
}

/** The tracked upper total and Yahtzee flag after scoring p in a row, and the upper bonus that completes now. */
function afterRow(
  model: WinModel,
  { upper, flag }: Sheet,
  row: number,
  points: number,
): { upper: number; flag: number; bonus: number } {
  const { upperStates, threshold, points: bonusPoints } = model.table.model;
  const nextFlag = row === model.sheet.jokerRow ? (points > 0 ? 1 : 0) : flag;
  if (upperStates === 1 || !((1 << row) & model.sheet.upperMask)) return { upper, flag: nextFlag, bonus: 0 };
  const next = Math.min(threshold, upper + points);
  return {
    upper: next,
    flag: nextFlag,
    bonus: upper < threshold && next >= threshold ? bonusPoints : 0,
  };
}

/**
 * Calls `visit` with each free row and points a turn can end with (a joker's among them: they are
 * points the row can give), and the sheet it leaves (without any Yahtzee bonus).
 */
function forEachLeaf(
  model: WinModel,
  sheet: Sheet,
  visit: (row: number, points: number, next: Sheet) => void,
): void {
  const { rowCount, pointValues, pointValuesStart } = model.sheet;
  for (let row = 0; row < rowCount; row++) {
    const bit = 1 << row;
    if (sheet.mask & bit) continue;
    const end = pointValuesStart[row + 1]!;
    for (let i = pointValuesStart[row]!; i < end; i++) {
      const p = pointValues[i]!;
      const after = afterRow(model, sheet, row, p);
      visit(row, p, {
        mask: sheet.mask | bit,
        upper: after.upper,
        flag: after.flag,
        total: sheet.total + p + after.bonus,
      });
    }
  }
}

/**
 * Under `yahtzee`, whether the throw r of a sheet is a joker (five of a kind, the Yahtzee row filled):
 * its face index 0..5, else -1.
 */
function jokerFace(model: WinModel, mask: number, r: number): number {
  const { jokerRow, fiveOfAKindRolls } = model.sheet;
  if (jokerRow < 0 || !(mask & (1 << jokerRow))) return -1;
  return fiveOfAKindRolls.indexOf(r);
}

// ---------------------------------------------------------------------------------------------------
// Who plays each seat.

/**
 * How the model takes a seat to be played: `win` by the player that plays to win (the `winner`
 * computer, or a person the coach judges so), `points` by one that plays for the highest expected score
 * (the `optimal` computer; everyone, when nothing is said).
 */
export type SeatPlay = 'win' | 'points';

/** Options of the chance to win of a game. */
export interface WinOptions {
  /**
   * How each seat plays, one entry per player in player order. Left out: every seat for points in
   * `winChances`; the player to act to win and the others for points in `rankRowsByWin`,
   * `rankHoldsByWin`, `bestWinAction` and `reviewByWin`. Give the same list to all of them, and the chance
   * beside the choice a seat makes is that seat's chance in the line.
   */
  seats?: readonly SeatPlay[];
  /**
   * False: the model's own numbers, before the calibration (win-calibration.ts) that makes them what
   * happens. For measuring that calibration; true by default.
   */
  calibrated?: boolean;
}

/** How each seat plays, `acting` for the player to act when no list is given. */
function playsOf(game: Game, options: WinOptions | undefined, acting: SeatPlay): SeatPlay[] {
  const seats = options?.seats;
  const n = game.players.length;
  if (seats === undefined) return game.players.map((_, i) => (i === game.current ? acting : 'points'));
  if (!Array.isArray(seats) || seats.length !== n) {
    throw new RangeError(`seats must say how each of the ${n} players plays`);
  }
  for (const play of seats) {
    if (play !== 'win' && play !== 'points') {
      throw new RangeError(`A seat plays 'win' or 'points', not ${safeText(play)}`);
    }
  }
  return [...seats];
}

// ---------------------------------------------------------------------------------------------------
// Every player playing for points: the model's own line.

/**
 * For each player, the share of the win each final total x of theirs gives against the others' final
 * totals (ties shared equally): `shares[i][x]`.
 */
function sharesOf(finals: readonly Float64Array[]): Float64Array[] {
  const n = finals.length;
  const FINALS = finals[0]!.length;
  const below = finals.map((pmf) => {
    const cdf = new Float64Array(FINALS + 1); // cdf[x] = chance of less than x
    for (let x = 0; x < FINALS; x++) cdf[x + 1] = cdf[x]! + pmf[x]!;
    return cdf;
  });
  const poly = new Float64Array(n + 1);
  return finals.map((_, i) => {
    const share = new Float64Array(FINALS);
    for (let x = 0; x < FINALS; x++) {
      // Others all at most x; with k of them at exactly x, the win is shared k + 1 ways: the mean of
      // the product of (below + z * at) over z in [0, 1] counts each share once.
      poly.fill(0);
      poly[0] = 1;
      let degree = 0;
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        const less = below[j]![x]!;
        const at = finals[j]![x]!;
        for (let d = degree + 1; d >= 1; d--) poly[d] = poly[d]! * less + poly[d - 1]! * at;
        poly[0] = poly[0]! * less;
        degree++;
      }
      let sum = 0;
      for (let d = 0; d <= degree; d++) sum += poly[d]! / (d + 1);
      share[x] = sum;
    }
    return share;
  });
}

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let x = 0; x < a.length; x++) if (a[x] !== 0) sum += a[x]! * b[x]!;
  return sum;
}

// ---------------------------------------------------------------------------------------------------
// A turn solved for the chance to win.

/** Differences of the chance to win below this are ties (then the expected score decides). */
const WIN_TIE = 1e-9;

function better(w: number, e: number, bestW: number, bestE: number): boolean {
  return w > bestW + WIN_TIE || (w >= bestW - WIN_TIE && e > bestE + TIE);
}

/**
 * The values of every position in one turn: chance to win and expected future points, side by side
 * (`leafWB`, `leafEB`: a joker's row with its Yahtzee bonus, under `yahtzee`).
 */
class WinTurn {
  readonly leafW = new Float64Array(MAX_ROW_COUNT * LEAF_WIDTH);
  readonly leafE = new Float64Array(MAX_ROW_COUNT * LEAF_WIDTH);
  readonly leafWB = new Float64Array(MAX_ROW_COUNT * LEAF_WIDTH);
  readonly leafEB = new Float64Array(MAX_ROW_COUNT * LEAF_WIDTH);
  readonly keepW1 = new Float64Array(KEEP_COUNT);
  readonly keepE1 = new Float64Array(KEEP_COUNT);
  readonly bestW1 = new Float64Array(KEEP_COUNT);
  readonly bestE1 = new Float64Array(KEEP_COUNT);
  readonly keepW2 = new Float64Array(KEEP_COUNT);
  readonly keepE2 = new Float64Array(KEEP_COUNT);
  readonly bestW2 = new Float64Array(KEEP_COUNT);
  readonly bestE2 = new Float64Array(KEEP_COUNT);
  sheet: Sheet = { mask: 0, upper: 0, flag: 0, total: 0 };
}

function averageDown(keep: Float64Array): void {
  for (let k = ROLL_OFFSET - 1; k >= 0; k--) {
    const o = k * 6;
    keep[k] =
      (keep[KEEP_ADD[o]!]! +
        keep[KEEP_ADD[o + 1]!]! +
        keep[KEEP_ADD[o + 2]!]! +
        keep[KEEP_ADD[o + 3]!]! +
        keep[KEEP_ADD[o + 4]!]! +
        keep[KEEP_ADD[o + 5]!]!) /
      6;
  }
}

function maxUp(keepW: Float64Array, keepE: Float64Array, bestW: Float64Array, bestE: Float64Array): void {
  for (let k = 0; k < KEEP_COUNT; k++) {
    let w = keepW[k]!;
    let e = keepE[k]!;
    const end = KEEP_SUB_START[k + 1]!;
    for (let i = KEEP_SUB_START[k]!; i < end; i++) {
      const s = KEEP_SUB[i]!;
      if (better(bestW[s]!, bestE[s]!, w, e)) {
        w = bestW[s]!;
        e = bestE[s]!;
      }
    }
    bestW[k] = w;
    bestE[k] = e;
  }
}

/**
 * Fills `out[i]` with the chance of a final total at least `first + i` more points from a sheet, for i =
 * 0..count-1: from table (b) and the bonuses beyond the rows (see the top of this file).
 */
function fillReach(
  model: WinModel,
  targets: TargetTables,
  sheet: Sheet,
  first: number,
  count: number,
  out: Float64Array,
): void {
  const mask = sheet.mask;
  const lo = targets.lo[mask]!;
  const hi = targets.hi[mask]!;
  const base = targets.offset[mask]! - lo;
  const values = targets.values;
  const reach = (t: number): number => (t < lo ? 1 : t > hi ? 0 : values[base + t]!);
  if (!model.bonus || mask === model.sheet.allFilled) {
    for (let i = 0; i < count; i++) out[i] = reach(first + i);
    return;
  }
  const { shift, atoms } = extrasOf(model, sheet);
  // Rows must give t - shift: shared between the two whole targets around it.
  const whole = Math.floor(-shift);
  const part = -shift - whole;
  const rows = (t: number): number => (1 - part) * reach(t + whole) + part * reach(t + whole + 1);
  for (let i = 0; i < count; i++) {
    const t = first + i;
    let sum = 0;
    for (let a = 0; a < atoms.length; a += 2)
      if (atoms[a + 1]! > 0) sum += atoms[a + 1]! * rows(t - atoms[a]!);
    out[i] = sum;
  }
}

/** Room for `fillReach` over every target a leaf asks for (grown for a model of longer totals). */
let REACH = new Float64Array(0);

/** The chance of the best final total of everyone but `me`, `best[x]` for x = 0..MAX_FINAL; null when alone. */
function bestOpponent(finals: readonly Float64Array[], me: number): Float64Array | null {
  let cdf: Float64Array | null = null;
  const FINALS = finals[0]!.length;
  for (let j = 0; j < finals.length; j++) {
    if (j === me) continue;
    const pmf = finals[j]!;
    cdf ??= new Float64Array(FINALS).fill(1);
    let run = 0;
    for (let x = 0; x < FINALS; x++) {
      run += pmf[x]!;
      cdf[x]! *= Math.min(1, run);
    }
  }
  if (!cdf) return null;
  const best = new Float64Array(FINALS);
  for (let x = 0; x < FINALS; x++) best[x] = cdf[x]! - (x > 0 ? cdf[x - 1]! : 0);
  return best;
}

/**
 * Solves a turn of player `me` (the player to act, or another at the start of their next turn) for the
 * chance to win against everyone else's final total as it stands; null when there are no target tables
 * for the sheet yet.
 */
function solveWinTurn(
  game: Game,
  model: WinModel,
  finals: readonly Float64Array[],
  me: number,
): WinTurn | null {
  const sheet = sheetOf(model, game.players[me]!);
  const best = bestOpponent(finals, me);
  // Alone at the table every move wins: no targets needed, the expected score decides.
  const targets = best ? targetsFor(model, sheet.mask) : null;
  if (best && !targets) return null;
  const turn = new WinTurn();
  turn.sheet = sheet;
  const FINALS = model.finals;
  let lo = 0;
  let hi = -1;
  if (best) {
    while (lo < FINALS && best[lo]! === 0) lo++;
    hi = FINALS - 1;
    while (hi > lo && best[hi]! === 0) hi--;
    if (REACH.length < hi - lo + 2) REACH = new Float64Array(hi - lo + 2);
  }
  const { leafW, leafE, leafWB, leafEB } = turn;
  /** [win, expected future points] of ending the turn on `next`, `gained` points scored this turn. */
  const valueOf = (next: Sheet, gained: number): [number, number] => {
    const e = gained + stateValue(model.table, next.mask, next.upper, next.flag);
    if (!best || !targets) return [1, e];
    // More than x, plus half of exactly x: the mean of reaching x + 1 and x more than I have.
    fillReach(model, targets, next, lo - next.total, hi - lo + 2, REACH);
    let w = 0;
    for (let x = lo; x <= hi; x++) w += best[x]! * 0.5 * (REACH[x - lo + 1]! + REACH[x - lo]!);
    return [w, e];
  };
  forEachLeaf(model, sheet, (row, p, next) => {
    [leafW[row * LEAF_WIDTH + p], leafE[row * LEAF_WIDTH + p]] = valueOf(next, next.total - sheet.total);
  });
  const rules = model.sheet;
  const yahtzeeBonus = sheet.flag * rules.yahtzeeBonus;
  if (yahtzeeBonus > 0 && jokerFace(model, sheet.mask, rules.fiveOfAKindRolls[0]!) >= 0) {
    // A joker with 50 in the Yahtzee row also earns a Yahtzee bonus: its own leaves.
    for (let f = 0; f < 6; f++) {
      for (let row = 0; row < rules.rowCount; row++) {
        if (!(jokerRowsMask(rules, sheet.mask, f) & (1 << row))) continue;
        const p = rules.jokerPoints[f * rules.rowCount + row]!;
        const after = afterRow(model, sheet, row, p);
        const next = {
          mask: sheet.mask | (1 << row),
          upper: after.upper,
          flag: after.flag,
          total: sheet.total + p + after.bonus + yahtzeeBonus,
        };
        [leafWB[row * LEAF_WIDTH + p], leafEB[row * LEAF_WIDTH + p]] = valueOf(
          next,
          next.total - sheet.total,
        );
      }
    }
  }
  // No throw left: the best row for each throw.
  const { keepW1, keepE1, bestW1, bestE1, keepW2, keepE2, bestW2, bestE2 } = turn;
  const points = rules.rowPoints;
  for (let r = 0; r < ROLL_COUNT; r++) {
    let w = -Infinity;
    let e = -Infinity;
    const f = jokerFace(model, sheet.mask, r);
    for (let row = 0; row < rules.rowCount; row++) {
      if (sheet.mask & (1 << row)) continue;
      let leaf: number;
      let lw = leafW;
      let le = leafE;
      if (f >= 0) {
        if (!(jokerRowsMask(rules, sheet.mask, f) & (1 << row))) continue;
        leaf = row * LEAF_WIDTH + rules.jokerPoints[f * rules.rowCount + row]!;
        if (yahtzeeBonus > 0) [lw, le] = [leafWB, leafEB];
      } else leaf = row * LEAF_WIDTH + points[row * ROLL_COUNT + r]!;
      if (better(lw[leaf]!, le[leaf]!, w, e)) {
        w = lw[leaf]!;
        e = le[leaf]!;
      }
    }
    keepW1[ROLL_OFFSET + r] = w;
    keepE1[ROLL_OFFSET + r] = e;
  }
  averageDown(keepW1);
  averageDown(keepE1);
  maxUp(keepW1, keepE1, bestW1, bestE1);
  keepW2.set(bestW1.subarray(ROLL_OFFSET), ROLL_OFFSET);
  keepE2.set(bestE1.subarray(ROLL_OFFSET), ROLL_OFFSET);
  averageDown(keepW2);
  averageDown(keepE2);
  maxUp(keepW2, keepE2, bestW2, bestE2);
  return turn;
}

/** The chance to win of a solved turn before its first throw. */
function turnStartValue(turn: WinTurn): number {
  let value = 0;
  for (let r = 0; r < ROLL_COUNT; r++) value += ROLL_PROBABILITY[r]! * turn.bestW2[ROLL_OFFSET + r]!;
  return value;
}

/** The chance to win of the dice on the table after `rollsUsed` throws, played to win from there. */
function thrownValue(turn: WinTurn, rollsUsed: number, roll: number): number {
  const k = ROLL_OFFSET + roll;
  return rollsUsed === 1 ? turn.bestW2[k]! : rollsUsed === 2 ? turn.bestW1[k]! : turn.keepW1[k]!;
}

// ---------------------------------------------------------------------------------------------------
// The turn of the player to act, played for points, valued by the chance to win.

/**
 * The chance to win of every option of the player to act who plays for points: the turn's choices are
 * those of expected-score play (`TurnFollower`, the `optimal` bot's), and after it their final total
 * follows table (a), against everyone else's final total as it stands.
 */
class PointsTurn {
  readonly follower = new TurnFollower();
  /** `leafP[row * LEAF_WIDTH + points]`: the chance to win after scoring these points in this row. */
  readonly leafP = new Float64Array(MAX_ROW_COUNT * LEAF_WIDTH);
  /** The same for a joker's row with its Yahtzee bonus (`yahtzee`). */
  readonly leafPB = new Float64Array(MAX_ROW_COUNT * LEAF_WIDTH);
  /** Holding a keep with one throw after it (the keeps of a full throw: standing on it). */
  readonly keep1 = new Float64Array(KEEP_COUNT);
  /** Holding a keep with two throws after it. */
  readonly keep2 = new Float64Array(KEEP_COUNT);
  /** `thrown1[r]`, `thrown2[r]`: the first or second throw r played on for points. */
  readonly thrown1 = new Float64Array(ROLL_COUNT);
  readonly thrown2 = new Float64Array(ROLL_COUNT);
  sheet: Sheet = { mask: 0, upper: 0, flag: 0, total: 0 };
}

function solvePointsTurn(game: Game, model: WinModel, share: Float64Array): PointsTurn {
  const turn = new PointsTurn();
  const sheet = sheetOf(model, game.players[game.current]!);
  turn.sheet = sheet;
  const { follower, leafP, leafPB, keep1, keep2, thrown1, thrown2 } = turn;
  follower.solve(model.table, sheet.mask, sheet.upper, sheet.flag);
  const final = new Float64Array(model.finals);
  const chanceOf = (next: Sheet): number => {
    final.fill(0);
    addFinal(model, next, 1, final);
    return dot(final, share);
  };
  const yahtzeeBonus = sheet.flag * model.sheet.yahtzeeBonus;
  forEachLeaf(model, sheet, (row, p, next) => {
    leafP[row * LEAF_WIDTH + p] = chanceOf(next);
    // A joker's leaves (`yahtzee`, five of a kind with 50 in the Yahtzee row) also earn the bonus.
    if (yahtzeeBonus > 0)
      leafPB[row * LEAF_WIDTH + p] = chanceOf({ ...next, total: next.total + yahtzeeBonus });
  });
  for (let r = 0; r < ROLL_COUNT; r++) {
    const leaf = follower.bestRow[r]! * LEAF_WIDTH + follower.bestPoints[r]!;
    keep1[ROLL_OFFSET + r] = (follower.bestBonus[r] ? leafPB : leafP)[leaf]!;
  }
  averageDown(keep1);
  for (let r = 0; r < ROLL_COUNT; r++) {
    const to = follower.after2[r]!;
    thrown2[r] = keep1[to]!; // standing: keep1 of the throw itself
  }
  keep2.set(thrown2, ROLL_OFFSET);
  averageDown(keep2);
  for (let r = 0; r < ROLL_COUNT; r++) {
    const to = follower.after1[r]!;
    thrown1[r] = to === ROLL_OFFSET + r ? keep1[to]! : keep2[to]!;
  }
  return turn;
}

/** The chance to win of the dice on the table after `rollsUsed` throws, played on for points. */
function pointsValue(turn: PointsTurn, rollsUsed: number, roll: number): number {
  return rollsUsed === 1
    ? turn.thrown1[roll]!
    : rollsUsed === 2
      ? turn.thrown2[roll]!
      : turn.keep1[ROLL_OFFSET + roll]!;
}

// ---------------------------------------------------------------------------------------------------
// The line: every player's chance to win now, each seat played as it plays.

/** The turn of the player to act after a throw, as their seat plays it. */
type ActingTurn = { play: 'win'; turn: WinTurn } | { play: 'points'; turn: PointsTurn };

/** What the model says of a game: the line, and the turn of the player to act as they play it. */
interface Judged {
  /** Each player's chance with every seat playing for points (the model's own line, uncalibrated). */
  raw: number[];
  /** For a seat that plays to win, its chance played so, as the model sees it (NaN: none known). */
  values: number[];
  /** Each player's chance to win: calibrated, or else the model's own line. */
  chances: number[];
  /** The turn of the player to act after a throw (null: not thrown, or no tables), solved when asked. */
  acting(): ActingTurn | null;
  /**
   * Turns the model's chance of an option of the player to act into the chance shown: the option their
   * seat's play takes is shown with their chance in the line (the identity when not calibrated).
   */
  shown(chance: number): number;
}

/** The last few games judged per model (a position is asked for its line, rows and holds in turn). */
const judgedCache = new WeakMap<WinModel, { game: Game; key: string; judged: Judged }[]>();
const JUDGED_KEPT = 4;

function judge(game: Game, model: WinModel, plays: readonly SeatPlay[], calibrated: boolean): Judged {
  const key = `${plays.join()}/${calibrated}`;
  let cache = judgedCache.get(model);
  if (!cache) judgedCache.set(model, (cache = []));
  const hit = cache.find((entry) => entry.game === game && entry.key === key);
  if (hit) return hit.judged;
  const judged = judgeAnew(game, model, plays, calibrated);
  cache.unshift({ game, key, judged });
  cache.length = Math.min(cache.length, JUDGED_KEPT);
  return judged;
}

function judgeAnew(game: Game, model: WinModel, plays: readonly SeatPlay[], calibrated: boolean): Judged {
  const me = game.current;
  const finals = game.players.map((_, i) => finalOf(model, game, i));
  const shares = sharesOf(finals);
  const raw = finals.map((pmf, i) => dot(pmf, shares[i]!));
  const roll = rollOfFaces(game.dice);
  const thrown = game.rollsUsed > 0;
  let acting: ActingTurn | null | undefined;
  const actingTurn = (): ActingTurn | null => {
    if (acting === undefined) {
      if (!thrown) acting = null;
      else if (plays[me] === 'points')
        acting = { play: 'points', turn: solvePointsTurn(game, model, shares[me]!) };
      else {
        const turn = winTurnOf(game, model, finals, me);
        acting = turn && { play: 'win', turn };
      }
    }
    return acting;
  };
  const values = plays.map((play, i) => {
    const sheet = game.players[i]!;
    if (play !== 'win' || sheet.out || maskOf(sheet.scores, model.sheet) === model.sheet.allFilled)
      return NaN;
    if (i === me && thrown) {
      const turn = actingTurn();
      return turn?.play === 'win' ? thrownValue(turn.turn, game.rollsUsed, roll) : NaN;
    }
    const turn = winTurnOf(game, model, finals, i);
    return turn ? turnStartValue(turn) : NaN;
  });
  const chances = calibrated ? calibrateInGame(model.rules, game, raw, values) : [...raw];
  let shown: ((chance: number) => number) | undefined;
  return {
    raw,
    values,
    chances,
    acting: actingTurn,
    shown(chance) {
      if (!shown) {
        // The model's own chance of the option the acting seat's play takes: shown as its line.
        const turn = actingTurn();
        let anchor = NaN;
        if (turn?.play === 'win') anchor = thrownValue(turn.turn, game.rollsUsed, roll);
        else if (turn?.play === 'points') anchor = pointsValue(turn.turn, game.rollsUsed, roll);
        shown = calibrated ? shownBy(anchor, chances[me]!) : (x) => x;
      }
      return shown(chance);
    },
  };
}

/**
 * The line calibrated (calibrateLine) over the players still in the game: one who forfeited has no
 * chance, and the table is calibrated as the table of those left.
 */
function calibrateInGame(
  rules: RuleSetId,
  game: Game,
  raw: readonly number[],
  values: readonly number[],
): number[] {
  const seats = seatFeaturesOf(game);
  const inGame = game.players.flatMap((player, i) => (player.out ? [] : [i]));
  if (inGame.length === game.players.length) return calibrateLine(rules, raw, values, seats);
  const pick = <T>(all: readonly T[]): T[] => inGame.map((i) => all[i]!);
  const line = calibrateLine(rules, pick(raw), pick(values), pick(seats));
  const chances = game.players.map(() => 0);
  inGame.forEach((i, k) => (chances[i] = line[k]!));
  return chances;
}

/**
 * The monotone map of [0, 1] into itself, linear on each side of `from`, that sends `from` to `to`: 0
 * and 1 stay (a choice that surely wins or loses says so) unless `from` is one of them, and the order of
 * the options never changes.
 */
function shownBy(from: number, to: number): (chance: number) => number {
  if (!(to >= 0 && to <= 1) || Number.isNaN(from)) return (x) => x;
  if (from >= 1) return (x) => x * to;
  if (from <= 0) return (x) => to + x * (1 - to);
  return (x) => (x <= from ? (x * to) / from : to + ((x - from) * (1 - to)) / (1 - from));
}

/** The turn of player `me` solved for the chance to win, from a small cache; null without tables. */
function winTurnOf(game: Game, model: WinModel, finals: readonly Float64Array[], me: number): WinTurn | null {
  // The player to act's own turn depends on the others' sheets only; another's, on the dice too.
  const key = me === game.current ? `${me}` : `${me}/${game.current}/${game.rollsUsed}/${game.dice.join('')}`;
  let cache = turnCache.get(model);
  if (!cache || cache.players !== game.players) {
    cache = { players: game.players, turns: new Map() };
    turnCache.set(model, cache);
  }
  if (cache.turns.has(key)) return cache.turns.get(key)!;
  const turn = solveWinTurn(game, model, finals, me);
  if (turn) {
    if (cache.turns.size >= TURNS_KEPT) cache.turns.delete(cache.turns.keys().next().value!);
    cache.turns.set(key, turn);
  }
  return turn;
}

/** Turns solved per model, while the sheets (the same `players` list) stay. */
const turnCache = new WeakMap<WinModel, { players: Game['players']; turns: Map<string, WinTurn> }>();
const TURNS_KEPT = 16;

/**
 * Each player's chance to win now, in player order (ties shared equally; they sum to 1): every
 * player's final total as an independent distribution from their sheet and total under expected-score
 * play (the player to act's from the dice on the table), a seat that plays to win (`options.seats`)
 * valued as it plays, and the whole calibrated (win-calibration.ts) so that each chance is what
 * happens; 1 for the winner of a finished game (shared on a draw).
 */
export function winChances(game: Game, model: WinModel, options?: WinOptions): number[] {
  assertGame(game);
  if (game.rules !== model.rules)
    throw new RangeError(`A ${model.rules} model cannot judge a ${game.rules} game`);
  const plays = playsOf(game, options, 'points');
  if (game.over) {
    const won = winners(game);
    return game.players.map((_, i) => (won.includes(i) ? 1 / won.length : 0));
  }
  return [...judge(game, model, plays, options?.calibrated !== false).chances];
}

/**
 * The line as the calibration sees it (for its scripts and tests): the model's own chances with every
 * seat playing for points, each winning seat's own chance as the model sees it, and the line shown.
 */
export function winLine(
  game: Game,
  model: WinModel,
  options?: WinOptions,
): { raw: number[]; values: number[]; chances: number[] } {
  assertGame(game);
  if (game.over) throw new RuleError('game-over', 'The game is over');
  const { raw, values, chances } = judge(
    game,
    model,
    playsOf(game, options, 'points'),
    options?.calibrated !== false,
  );
  return { raw: [...raw], values: [...values], chances: [...chances] };
}

// ---------------------------------------------------------------------------------------------------
// The options of the player to act.

/**
 * The judged position of a decision; null when the player to act plays to win and no target tables
 * cover their sheet yet. `toWin`: the player to act plays to win whatever the seats say (the winner's
 * own move).
 */
function turnOf(game: Game, model: WinModel, options: WinOptions | undefined, toWin: boolean): Judged | null {
  assertGame(game);
  if (game.rules !== model.rules)
    throw new RangeError(`A ${model.rules} model cannot play a ${game.rules} game`);
  if (game.over) throw new RuleError('game-over', 'The game is over');
  if (game.rollsUsed === 0) throw new RuleError('no-roll-yet', 'Throw before deciding');
  const plays = playsOf(game, options, 'win');
  if (toWin) plays[game.current] = 'win';
  const judged = judge(game, model, plays, options?.calibrated !== false);
  return judged.acting() ? judged : null;
}

/** Scoring the dice in one free row now, with the chance to win it leaves. */
export interface WinRowChoice {
  row: RowId;
  points: number;
  /** Bonus this earns now (the upper bonus it completes, a Yahtzee bonus), else 0. */
  bonus: number;
  /** The chance to win after scoring it and playing on as the seat plays (to win, by default). */
  win: number;
  /** Expected final score of scoring it and playing on for points (as `rankRows`). */
  expected: number;
}

/** Holding some dice and throwing the rest, with the chance to win it leaves. */
export interface WinHoldChoice {
  held: boolean[];
  /** The held faces, ascending. */
  kept: number[];
  /** False when all five are held: standing on the dice and scoring the best row now. */
  rerolls: boolean;
  /** The chance to win after the hold, playing on as the seat plays (to win, by default). */
  win: number;
  /** Expected final score of the hold when the rest of the turn is played as the seat plays. */
  expected: number;
}

/** The next move of the player that plays to win. */
export type WinAction =
  | { type: 'score'; row: RowId; win: number; expected: number }
  | { type: 'hold'; held: boolean[]; win: number; expected: number };

/**
 * Every free row of the player to act with its chance to win and expected final score, best chance
 * first (near-ties by expected score, then sheet order); null when no target tables cover the sheet
 * yet (see `LATE_FREE_ROWS`). The chance is that of playing on as the player to act's seat plays
 * (`options.seats`; to win when not given), calibrated as the line is.
 * @throws RuleError `game-over`, `no-roll-yet` or `bad-state`
 */
export function rankRowsByWin(game: Game, model: WinModel, options?: WinOptions): WinRowChoice[] | null {
  const judged = turnOf(game, model, options, false);
  return judged && rowChoices(game, model, judged);
}

/** The row options of a judged turn: [win, expected] of each free row, in sheet order. */
function rowOptions(game: Game, model: WinModel, judged: Judged): WinRowChoice[] {
  const acting = judged.acting()!;
  const sheet = acting.turn.sheet;
  const roll = rollOfFaces(game.dice);
  const { rules } = model;
  const { scores } = game.players[game.current]!;
  // The rows the dice may go in and what they score there are the engine's (a joker's included).
  const allowed = new Set(allowedRows(rules, scores, game.dice));
  const yahtzeeBonus = earnsYahtzeeBonus(rules, scores, game.dice) ? model.sheet.yahtzeeBonus : 0;
  const choices: WinRowChoice[] = [];
  for (let row = 0; row < model.sheet.rowCount; row++) {
    const id = model.sheet.rows[row]!;
    if (sheet.mask & (1 << row) || !allowed.has(id)) continue;
    const points = sheetRowPoints(rules, scores, id, game.dice);
    const leaf = row * LEAF_WIDTH + points;
    let win: number;
    let future: number;
    if (acting.play === 'win') {
      win = (yahtzeeBonus ? acting.turn.leafWB : acting.turn.leafW)[leaf]!;
      future = (yahtzeeBonus ? acting.turn.leafEB : acting.turn.leafE)[leaf]!;
    } else {
      win = (yahtzeeBonus ? acting.turn.leafPB : acting.turn.leafP)[leaf]!;
      future = rowValue(acting.turn.follower.ws, row, roll);
    }
    choices.push({
      row: id,
      points,
      bonus: afterRow(model, sheet, row, points).bonus + yahtzeeBonus,
      win,
      expected: sheet.total + future,
    });
  }
  return choices;
}

function rowChoices(game: Game, model: WinModel, judged: Judged): WinRowChoice[] {
  const choices = rowOptions(game, model, judged);
  const head = preferredOf(
    choices.map((_, i) => i),
    (i) => choices[i]!.win,
    (i) => choices[i]!.expected,
    WIN_TIE,
  );
  const [first] = choices.splice(head, 1);
  choices.sort(byWin);
  return [first!, ...choices].map((choice) => ({ ...choice, win: judged.shown(choice.win) }));
}

function byWin(a: { win: number; expected: number }, b: { win: number; expected: number }): number {
  if (Math.abs(a.win - b.win) > WIN_TIE) return b.win - a.win;
  return Math.abs(a.expected - b.expected) > TIE ? b.expected - a.expected : 0;
}

/** [win, expected future points] of holding keep k (all five: standing) after `rollsUsed` throws. */
function keepValue(judged: Judged, rollsUsed: number, keep: number): [number, number] {
  const acting = judged.acting()!;
  const standing = KEEP_SIZE[keep]! === DICE_COUNT;
  if (acting.play === 'win') {
    const t = acting.turn;
    return standing || rollsUsed === 2
      ? [t.keepW1[keep]!, t.keepE1[keep]!]
      : [t.keepW2[keep]!, t.keepE2[keep]!];
  }
  const t = acting.turn;
  const ws = t.follower.ws;
  return standing || rollsUsed === 2 ? [t.keep1[keep]!, ws.keep1[keep]!] : [t.keep2[keep]!, ws.keep2[keep]!];
}

/**
 * Every distinct hold of the dice on the table with its chance to win (the rest of the turn and game
 * played as the seat plays: to win by default) and expected final score, best first (near-ties: more
 * dice held first, then the higher faces); empty after the third throw; null when no target tables
 * cover the sheet yet.
 * @throws RuleError `game-over`, `no-roll-yet` or `bad-state`
 */
export function rankHoldsByWin(game: Game, model: WinModel, options?: WinOptions): WinHoldChoice[] | null {
  const judged = turnOf(game, model, options, false);
  if (!judged) return null;
  if (game.rollsUsed >= ROLLS_PER_TURN) return [];
  const total = judged.acting()!.turn.sheet.total;
  const r = rollOfFaces(game.dice);
  const keeps = [
    ROLL_OFFSET + r,
    ...ROLL_SUBKEEPS.subarray(ROLL_SUBKEEPS_START[r]!, ROLL_SUBKEEPS_START[r + 1]!),
  ];
  const values = keeps.map((keep) => keepValue(judged, game.rollsUsed, keep));
  // By chance, then expected score, then as ties.ts prefers (the order of `keeps`); then the preferred
  // hold that throws first among those that throw, as `bestWinAction` makes it (the comparison is not
  // transitive across a chain of near-ties).
  const sorted = keeps
    .map((_, i) => i)
    .sort(
      (a, b) =>
        byWin(
          { win: values[a]![0], expected: values[a]![1] },
          { win: values[b]![0], expected: values[b]![1] },
        ) || a - b,
    );
  const throwing = sorted.filter((i) => i !== 0);
  if (throwing.length > 0) {
    const ordered = [...throwing].sort((a, b) => a - b);
    const head =
      ordered[
        preferredOf(
          ordered,
          (i) => values[i]![0],
          (i) => values[i]![1],
          WIN_TIE,
        )
      ]!;
    if (head !== throwing[0]) {
      sorted.splice(sorted.indexOf(head), 1);
      sorted.splice(sorted.indexOf(throwing[0]!), 0, head);
    }
  }
  return sorted.map((i) => ({
    held: heldFor(game.dice, keeps[i]!),
    kept: facesOfKeep(keeps[i]!),
    rerolls: i !== 0,
    win: judged.shown(values[i]![0]),
    expected: total + values[i]![1],
  }));
}

function heldFor(dice: Dice, keep: number): boolean[] {
  const need = [0, 0, 0, 0, 0, 0, 0];
  for (const face of facesOfKeep(keep)) need[face]!++;
  return dice.map((face) => (need[face]! > 0 ? (need[face]!--, true) : false));
}

/**
 * The move that maximises the chance to win (near-ties by expected score, then as ties.ts says, so that
 * it plays exactly as `bestAction` when the chance no longer depends on the move); null when no target
 * tables cover the sheet yet. The player to act plays to win whatever `options.seats` says of them; the
 * others are judged as it says (the move itself does not depend on it: only the chance it shows).
 * @throws RuleError `game-over`, `no-roll-yet` or `bad-state`
 */
export function bestWinAction(game: Game, model: WinModel, options?: WinOptions): WinAction | null {
  const judged = turnOf(game, model, options, true);
  if (!judged) return null;
  const dice = game.dice;
  const total = judged.acting()!.turn.sheet.total;
  if (game.rollsUsed < ROLLS_PER_TURN) {
    const r = rollOfFaces(dice);
    const keeps = [
      ROLL_OFFSET + r,
      ...ROLL_SUBKEEPS.subarray(ROLL_SUBKEEPS_START[r]!, ROLL_SUBKEEPS_START[r + 1]!),
    ];
    const values = keeps.map((keep) => keepValue(judged, game.rollsUsed, keep));
    const best = preferredOf(
      keeps.map((_, i) => i),
      (i) => values[i]![0],
      (i) => values[i]![1],
      WIN_TIE,
    );
    if (best !== 0) {
      const [w, e] = values[best]!;
      return { type: 'hold', held: heldFor(dice, keeps[best]!), win: judged.shown(w), expected: total + e };
    }
  }
  const row = rowChoices(game, model, judged)[0]!;
  return { type: 'score', row: row.row, win: row.win, expected: row.expected };
}

// ---------------------------------------------------------------------------------------------------
// Review: the chance to win each decision gave up.

/** One decision judged by the chance to win. */
export interface WinReviewedDecision {
  player: number;
  turn: number;
  rollsUsed: number;
  dice: number[];
  /** What the player did: a row, or the faces held for the next throw. */
  chosen: { type: 'row'; row: RowId; win: number } | { type: 'hold'; kept: number[]; win: number };
  /** The best option by the chance to win. */
  best: { type: 'row'; row: RowId; win: number } | { type: 'hold'; kept: number[]; win: number };
  /** Chance to win given up: `best.win - chosen.win`, never below 0. */
  loss: number;
}

/**
 * Replays a game and judges every decision (each throw after the first of a turn, with the dice held
 * then, and each row scored) by the chance to win it gave up against the best option (each seat judged
 * as `options.seats` says it plays: by default every decision's player as playing on to win). Decisions
 * from a sheet no target tables cover are left out (see `LATE_FREE_ROWS`). Worst first: sort by `loss`.
 * @throws RuleError when the log holds an illegal action
 */
export function reviewByWin(
  setup: GameSetup,
  log: readonly Action[],
  model: WinModel,
  options?: WinOptions,
): WinReviewedDecision[] {
  let game = newGame(setup);
  const decisions: WinReviewedDecision[] = [];
  for (const action of log) {
    const next = apply(game, action);
    if (action.type !== 'hold' && action.type !== 'forfeit' && game.rollsUsed > 0) {
      const rows = rankRowsByWin(game, model, options);
      const holds = rows && rankHoldsByWin(game, model, options);
      if (rows && holds) {
        const hold = holds.find((h) => h.rerolls);
        const best =
          hold && hold.win > rows[0]!.win + WIN_TIE
            ? { type: 'hold' as const, kept: hold.kept, win: hold.win }
            : { type: 'row' as const, row: rows[0]!.row, win: rows[0]!.win };
        let chosen: WinReviewedDecision['chosen'];
        if (action.type === 'score') {
          chosen = { type: 'row', row: action.row, win: rows.find((r) => r.row === action.row)!.win };
        } else {
          const kept = game.dice.filter((_, i) => game.held[i]).sort((a, b) => a - b);
          const choice = holds.find((h) => h.kept.join() === kept.join())!;
          chosen = { type: 'hold', kept, win: choice.win };
        }
        decisions.push({
          player: game.current,
          turn: game.turn,
          rollsUsed: game.rollsUsed,
          dice: [...game.dice],
          chosen,
          best,
          loss: Math.max(0, best.win - chosen.win),
        });
      }
    }
    game = next;
  }
  return decisions;
}
