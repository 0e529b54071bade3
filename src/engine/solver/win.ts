import { apply, type Action } from '../actions.js';
import { DICE_COUNT, type Dice } from '../dice.js';
import { RuleError } from '../errors.js';
import { assertGame, newGame, ROLLS_PER_TURN, winners, type Game, type GameSetup } from '../game.js';
import { ROWS, type RowId } from '../rows.js';
import { playerTotal, type RuleSetId, type Scores } from '../rules.js';
import {
  FACE_KEY,
  facesOfKeep,
  KEEP_ADD,
  KEEP_COUNT,
  KEEP_SIZE,
  KEEP_SUB,
  KEEP_SUB_START,
  keepOfFaces,
  keepOfKey,
  ROLL_COUNT,
  ROLL_OFFSET,
  rollOfFaces,
} from './dice-tables.js';
import {
  ALL_FILLED,
  maskOf,
  ROW_COUNT,
  ROW_POINTS,
  ROW_POINT_VALUES,
  ROW_POINT_VALUES_START,
  trackedUpper,
  UPPER_MASK,
} from './sheet-model.js';
import { getTable, stateValue, type StateValues } from './table.js';
import { LEAF_WIDTH } from './turn.js';
import { solveBonusChances, type BonusChances } from './win-bonus.js';
import {
  MAX_ROW_TOTAL,
  reachChance,
  solveRemainingDistributions,
  solveTargetTables,
  TurnFollower,
  type RemainingDistributions,
  type TargetTables,
} from './win-tables.js';

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
 * - Under `classic` the upper bonus is an approximation, not a dimension of the tables: from a sheet
 *   with filled rows F and upper total u, the rest of the game gives the rows' points of the tables
 *   (which know nothing of the bonus), moved by the points expected-score play of classic gives up in
 *   the rows for the bonus (`shift`, a fraction of a point shared between the two points around it),
 *   plus 35 with the chance that expected-score play of classic earns the bonus from (F, u), as if
 *   independent of the rows (win-bonus.ts). Rows and bonus taken now are exact.
 */

/** Everything the player that plays to win needs for a rule set. */
export interface WinModel {
  readonly rules: RuleSetId;
  /** The expected-score table of the rule set (near-ties, and the value of every option for points). */
  readonly table: StateValues;
  /** (a): the rows' points still to come under expected-score play. */
  readonly distributions: RemainingDistributions;
  /** (b) for every sheet (from the asset, win-asset.ts, or solved), or null: then see `late`. */
  readonly targets: TargetTables | null;
  /**
   * (b) solved from late sheets on when `targets` is null, most recent first (a few kept: one for each
   * player of a game being reviewed).
   */
  late: TargetTables[];
  /** The classic bonus (null under `seed`). */
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
  /** The solved `seed` table (the rows alone), when the rule set is another. */
  seedTable?: StateValues;
}

/**
 * The model of a rule set: solves the distributions (a) (under a second), and under `classic` the bonus
 * chances (a few seconds more), with the expected-score tables given or solved.
 */
export function createWinModel(rules: RuleSetId, options: WinModelOptions = {}): WinModel {
  const table = options.table?.rules === rules ? options.table : getTable(rules);
  const seedTable =
    rules === 'seed' ? table : options.seedTable?.rules === 'seed' ? options.seedTable : getTable('seed');
  const targets = options.targets ?? null;
  if (targets && targets.from !== 0) throw new RangeError('The target tables must cover every sheet');
  return {
    rules,
    table,
    distributions: solveRemainingDistributions(seedTable),
    targets,
    late: [],
    bonus: table.model.upperStates > 1 ? solveBonusChances(table, seedTable) : null,
  };
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

function freeCount(mask: number): number {
  let count = 0;
  for (let row = 0; row < ROW_COUNT; row++) if (!(mask & (1 << row))) count++;
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
    if (freeCount(mask) > LATE_FREE_ROWS) return null;
    tables = solveTargetTables({ from: mask });
    model.late.length = Math.min(model.late.length, LATE_KEPT - 1);
  }
  model.late.unshift(tables);
  return tables;
}

/** Late tables kept per model. */
const LATE_KEPT = 6;

// ---------------------------------------------------------------------------------------------------
// Final totals as distributions.

/** Final totals considered: 0..MAX_FINAL (every row at its most, and the bonus). */
const MAX_FINAL = MAX_ROW_TOTAL + 35;
const FINALS = MAX_FINAL + 1;

interface Sheet {
  mask: number;
  upper: number;
  total: number;
}

function sheetOf(model: WinModel, scores: Scores): Sheet {
  return {
    mask: maskOf(scores),
    upper: trackedUpper(model.table.model, scores),
    total: playerTotal(model.rules, scores),
  };
}

/** Adds `weight` times the final total's distribution from a sheet at the start of a turn into `out`. */
function addFinal(model: WinModel, { mask, upper, total }: Sheet, weight: number, out: Float64Array): void {
  const { offset, values } = model.distributions;
  const start = offset[mask]!;
  const length = offset[mask + 1]! - start;
  let chance = 0;
  let shift = 0;
  if (model.bonus) {
    const i = mask * model.bonus.upperStates + upper;
    chance = model.bonus.chance[i]!;
    shift = model.bonus.shift[i]!;
    if (Number.isNaN(chance)) throw new RuleError('bad-state', 'No game reaches this sheet');
  }
  const whole = Math.floor(shift);
  const part = shift - whole;
  const bonusPoints = model.table.model.points;
  for (const [extra, w] of [
    [0, 1 - chance],
    [bonusPoints, chance],
  ] as const) {
    if (w === 0) continue;
    for (const [move, v] of [
      [whole, 1 - part],
      [whole + 1, part],
    ] as const) {
      if (v === 0) continue;
      const at = total + extra + move;
      const scale = weight * w * v;
      for (let x = 0; x < length; x++) {
        const p = values[start + x]!;
        if (p !== 0) out[Math.min(MAX_FINAL, Math.max(0, at + x))]! += scale * p;
      }
    }
  }
}

/** The chance of each final total of a player (the one to act from the dice on the table). */
function finalOf(model: WinModel, game: Game, player: number): Float64Array {
  const out = new Float64Array(FINALS);
  const scores = game.players[player]!.scores;
  const sheet = sheetOf(model, scores);
  if (sheet.mask === ALL_FILLED) {
    out[Math.min(MAX_FINAL, sheet.total)] = 1;
    return out;
  }
  if (player !== game.current || game.rollsUsed === 0) {
    addFinal(model, sheet, 1, out);
    return out;
  }
  // The player to act, from the dice on the table on, playing for points.
  const follower = new TurnFollower();
  follower.solve(model.table, sheet.mask, sheet.upper);
  follower.follow(game.rollsUsed, rollOfFaces(game.dice));
  forEachOutcome(model, sheet, (next, w) => addFinal(model, next, w, out), follower.outcome);
  return out;
}

/** Calls `visit` with the sheet after each row and points a turn can end with, and its chance. */
function forEachOutcome(
  model: WinModel,
  { mask, upper, total }: Sheet,
  visit: (next: Sheet, chance: number) => void,
  outcome: Float64Array,
): void {
  for (let row = 0; row < ROW_COUNT; row++) {
    const bit = 1 << row;
    if (mask & bit) continue;
    const end = ROW_POINT_VALUES_START[row + 1]!;
    for (let i = ROW_POINT_VALUES_START[row]!; i < end; i++) {
      const p = ROW_POINT_VALUES[i]!;
      const w = outcome[row * LEAF_WIDTH + p]!;
      if (w === 0) continue;
      const after = afterRow(model, mask, upper, row, p);
      visit({ mask: mask | bit, upper: after.upper, total: total + p + after.bonus }, w);
    }
  }
}

/** The tracked upper total after scoring p in a row, and the bonus that completes now. */
function afterRow(
  model: WinModel,
  mask: number,
  upper: number,
  row: number,
  points: number,
): { upper: number; bonus: number } {
  const { upperStates, threshold, points: bonusPoints } = model.table.model;
  if (upperStates === 1 || !((1 << row) & UPPER_MASK)) return { upper, bonus: 0 };
  const next = Math.min(threshold, upper + points);
  return { upper: next, bonus: upper < threshold && next >= threshold ? bonusPoints : 0 };
}

/**
 * Each player's chance to win now, in player order (ties shared equally): every player's final total
 * as an independent distribution, from their sheet and total under expected-score play (the player to
 * act from the dice on the table); 1 for the winner of a finished game (shared on a draw).
 */
export function winChances(game: Game, model: WinModel): number[] {
  assertGame(game);
  if (game.rules !== model.rules)
    throw new RangeError(`A ${model.rules} model cannot judge a ${game.rules} game`);
  const n = game.players.length;
  if (game.over) {
    const won = winners(game);
    return game.players.map((_, i) => (won.includes(i) ? 1 / won.length : 0));
  }
  const finals = game.players.map((_, i) => finalOf(model, game, i));
  const below = finals.map((pmf) => {
    const cdf = new Float64Array(FINALS + 1); // cdf[x] = chance of less than x
    for (let x = 0; x < FINALS; x++) cdf[x + 1] = cdf[x]! + pmf[x]!;
    return cdf;
  });
  const chances = new Array<number>(n).fill(0);
  const poly = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let x = 0; x < FINALS; x++) {
      const p = finals[i]![x]!;
      if (p === 0) continue;
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
      let share = 0;
      for (let d = 0; d <= degree; d++) share += poly[d]! / (d + 1);
      sum += p * share;
    }
    chances[i] = sum;
  }
  return chances;
}

// ---------------------------------------------------------------------------------------------------
// The turn of the player to act, solved for the chance to win.

/** Differences of the chance to win below this are ties (then the expected score decides). */
const WIN_TIE = 1e-9;
/** Differences of expected points below this are rounding (the solver's own tie). */
const TIE = 1e-9;

function better(w: number, e: number, bestW: number, bestE: number): boolean {
  return w > bestW + WIN_TIE || (w >= bestW - WIN_TIE && e > bestE + TIE);
}

/** The values of every position in one turn: chance to win and expected future points, side by side. */
class WinTurn {
  readonly leafW = new Float64Array(ROW_COUNT * LEAF_WIDTH);
  readonly leafE = new Float64Array(ROW_COUNT * LEAF_WIDTH);
  readonly keepW1 = new Float64Array(KEEP_COUNT);
  readonly keepE1 = new Float64Array(KEEP_COUNT);
  readonly bestW1 = new Float64Array(KEEP_COUNT);
  readonly bestE1 = new Float64Array(KEEP_COUNT);
  readonly keepW2 = new Float64Array(KEEP_COUNT);
  readonly keepE2 = new Float64Array(KEEP_COUNT);
  readonly bestW2 = new Float64Array(KEEP_COUNT);
  readonly bestE2 = new Float64Array(KEEP_COUNT);
  sheet: Sheet = { mask: 0, upper: 0, total: 0 };
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

/** The chance of a final total at least `target` more, from table (b) and, under classic, the bonus. */
function reachFrom(
  model: WinModel,
  targets: TargetTables,
  mask: number,
  upper: number,
): (t: number) => number {
  if (!model.bonus || mask === ALL_FILLED) return (t) => reachChance(targets, mask, t);
  const i = mask * model.bonus.upperStates + upper;
  const chance = model.bonus.chance[i]!;
  const shift = model.bonus.shift[i]!;
  const bonusPoints = model.table.model.points;
  const rows = (t: number): number => {
    // Rows must give t - shift: shared between the two whole targets around it.
    const need = t - shift;
    const whole = Math.floor(need);
    const part = need - whole;
    return (1 - part) * reachChance(targets, mask, whole) + part * reachChance(targets, mask, whole + 1);
  };
  return (t) => (1 - chance) * rows(t) + (chance > 0 ? chance * rows(t - bonusPoints) : 0);
}

/** The chance of the best opponent's final total, `best[x]` for x = 0..MAX_FINAL; null when alone. */
function bestOpponent(game: Game, model: WinModel): Float64Array | null {
  let cdf: Float64Array | null = null;
  for (let j = 0; j < game.players.length; j++) {
    if (j === game.current) continue;
    const pmf = finalOf(model, game, j);
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

/** Solves the turn of the player to act; null when there are no target tables for the sheet yet. */
function solveWinTurn(game: Game, model: WinModel): WinTurn | null {
  const scores = game.players[game.current]!.scores;
  const sheet = sheetOf(model, scores);
  const best = bestOpponent(game, model);
  // Alone at the table every move wins: no targets needed, the expected score decides.
  const targets = best ? targetsFor(model, sheet.mask) : null;
  if (best && !targets) return null;
  const turn = new WinTurn();
  turn.sheet = sheet;
  const { mask, upper, total } = sheet;
  let lo = 0;
  let hi = -1;
  if (best) {
    while (lo < FINALS && best[lo]! === 0) lo++;
    hi = FINALS - 1;
    while (hi > lo && best[hi]! === 0) hi--;
  }
  const { leafW, leafE } = turn;
  for (let row = 0; row < ROW_COUNT; row++) {
    const bit = 1 << row;
    if (mask & bit) continue;
    const end = ROW_POINT_VALUES_START[row + 1]!;
    for (let i = ROW_POINT_VALUES_START[row]!; i < end; i++) {
      const p = ROW_POINT_VALUES[i]!;
      const after = afterRow(model, mask, upper, row, p);
      const next = mask | bit;
      const gained = total + p + after.bonus;
      leafE[row * LEAF_WIDTH + p] = p + after.bonus + stateValue(model.table, next, after.upper);
      if (!best || !targets) {
        leafW[row * LEAF_WIDTH + p] = 1;
        continue;
      }
      const reach = reachFrom(model, targets, next, after.upper);
      // More than x, plus half of exactly x: the mean of reaching x + 1 and x.
      let w = 0;
      let above = reach(lo - gained);
      for (let x = lo; x <= hi; x++) {
        const atLeastNext = reach(x + 1 - gained);
        w += best[x]! * 0.5 * (atLeastNext + above);
        above = atLeastNext;
      }
      leafW[row * LEAF_WIDTH + p] = w;
    }
  }
  // No throw left: the best row for each throw.
  const { keepW1, keepE1, bestW1, bestE1, keepW2, keepE2, bestW2, bestE2 } = turn;
  for (let r = 0; r < ROLL_COUNT; r++) {
    let w = -Infinity;
    let e = -Infinity;
    for (let row = 0; row < ROW_COUNT; row++) {
      if (mask & (1 << row)) continue;
      const leaf = row * LEAF_WIDTH + ROW_POINTS[row * ROLL_COUNT + r]!;
      if (better(leafW[leaf]!, leafE[leaf]!, w, e)) {
        w = leafW[leaf]!;
        e = leafE[leaf]!;
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

/** The last turn solved per model, while the sheets (the same `players` list) and the seat stay. */
const lastTurns = new WeakMap<WinModel, { players: Game['players']; current: number; turn: WinTurn }>();

function turnOf(game: Game, model: WinModel): WinTurn | null {
  assertGame(game);
  if (game.rules !== model.rules)
    throw new RangeError(`A ${model.rules} model cannot play a ${game.rules} game`);
  if (game.over) throw new RuleError('game-over', 'The game is over');
  if (game.rollsUsed === 0) throw new RuleError('no-roll-yet', 'Throw before deciding');
  const last = lastTurns.get(model);
  if (last && last.players === game.players && last.current === game.current) return last.turn;
  const turn = solveWinTurn(game, model);
  if (turn) lastTurns.set(model, { players: game.players, current: game.current, turn });
  return turn;
}

/** Scoring the dice in one free row now, with the chance to win it leaves. */
export interface WinRowChoice {
  row: RowId;
  points: number;
  /** Bonus this completes now (the classic upper bonus), else 0. */
  bonus: number;
  /** The chance to win after scoring it and playing on to win (approximate: see win.ts). */
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
  win: number;
  /** Expected final score of the hold when the rest of the turn is played to win. */
  expected: number;
}

/** The next move of the player that plays to win. */
export type WinAction =
  | { type: 'score'; row: RowId; win: number; expected: number }
  | { type: 'hold'; held: boolean[]; win: number; expected: number };

function byWin(a: { win: number; expected: number }, b: { win: number; expected: number }): number {
  if (Math.abs(a.win - b.win) > WIN_TIE) return b.win - a.win;
  return Math.abs(a.expected - b.expected) > TIE ? b.expected - a.expected : 0;
}

/**
 * Every free row of the player to act with its chance to win and expected final score, best chance
 * first (near-ties by expected score, then sheet order); null when no target tables cover the sheet
 * yet (see `LATE_FREE_ROWS`).
 * @throws RuleError `game-over`, `no-roll-yet` or `bad-state`
 */
export function rankRowsByWin(game: Game, model: WinModel): WinRowChoice[] | null {
  const turn = turnOf(game, model);
  return turn && rowChoices(game, model, turn);
}

function rowChoices(game: Game, model: WinModel, turn: WinTurn): WinRowChoice[] {
  const { mask, upper, total } = turn.sheet;
  const roll = rollOfFaces(game.dice);
  const choices: WinRowChoice[] = [];
  for (let row = 0; row < ROW_COUNT; row++) {
    if (mask & (1 << row)) continue;
    const points = ROW_POINTS[row * ROLL_COUNT + roll]!;
    const leaf = row * LEAF_WIDTH + points;
    choices.push({
      row: ROWS[row]!,
      points,
      bonus: afterRow(model, mask, upper, row, points).bonus,
      win: turn.leafW[leaf]!,
      expected: total + turn.leafE[leaf]!,
    });
  }
  return choices.sort(byWin);
}

/**
 * Every distinct hold of the dice on the table with its chance to win (the rest of the turn and game
 * played to win) and expected final score, best first (near-ties: more dice held first); empty after
 * the third throw; null when no target tables cover the sheet yet.
 * @throws RuleError `game-over`, `no-roll-yet` or `bad-state`
 */
export function rankHoldsByWin(game: Game, model: WinModel): WinHoldChoice[] | null {
  const turn = turnOf(game, model);
  if (!turn) return null;
  if (game.rollsUsed >= ROLLS_PER_TURN) return [];
  const { keepW, keepE } = keepsAt(turn, game.rollsUsed);
  const total = turn.sheet.total;
  const seen = new Set<number>();
  const choices: WinHoldChoice[] = [];
  for (let bits = (1 << DICE_COUNT) - 1; bits >= 0; bits--) {
    const kept: number[] = [];
    for (let i = 0; i < DICE_COUNT; i++) if (bits & (1 << i)) kept.push(game.dice[i]!);
    const keep = keepOfFaces(kept);
    if (seen.has(keep)) continue;
    seen.add(keep);
    const rerolls = KEEP_SIZE[keep]! < DICE_COUNT;
    const [w, e] = rerolls ? [keepW[keep]!, keepE[keep]!] : [turn.keepW1[keep]!, turn.keepE1[keep]!];
    choices.push({
      held: heldFor(game.dice, keep),
      kept: facesOfKeep(keep),
      rerolls,
      win: w,
      expected: total + e,
    });
  }
  return choices.sort((a, b) => byWin(a, b) || b.kept.length - a.kept.length);
}

function keepsAt(turn: WinTurn, rollsUsed: number): { keepW: Float64Array; keepE: Float64Array } {
  return rollsUsed === 1
    ? { keepW: turn.keepW2, keepE: turn.keepE2 }
    : { keepW: turn.keepW1, keepE: turn.keepE1 };
}

function heldFor(dice: Dice, keep: number): boolean[] {
  const need = [0, 0, 0, 0, 0, 0, 0];
  for (const face of facesOfKeep(keep)) need[face]!++;
  return dice.map((face) => (need[face]! > 0 ? (need[face]!--, true) : false));
}

/** The 31 proper subsets of the five dice positions, more dice first (as the expected-score solver). */
const SUBSETS_BY_SIZE = Array.from({ length: (1 << DICE_COUNT) - 1 }, (_, bits) => bits).sort(
  (a, b) => popcount(b) - popcount(a),
);

function popcount(bits: number): number {
  let count = 0;
  for (; bits; bits &= bits - 1) count++;
  return count;
}

/**
 * The move that maximises the chance to win (near-ties by expected score, so that it plays exactly as
 * `bestAction` when the chance no longer depends on the move); null when no target tables cover the
 * sheet yet.
 * @throws RuleError `game-over`, `no-roll-yet` or `bad-state`
 */
export function bestWinAction(game: Game, model: WinModel): WinAction | null {
  const turn = turnOf(game, model);
  if (!turn) return null;
  const dice = game.dice;
  if (game.rollsUsed < ROLLS_PER_TURN) {
    const { keepW, keepE } = keepsAt(turn, game.rollsUsed);
    let fullKey = 0;
    for (let i = 0; i < DICE_COUNT; i++) fullKey += FACE_KEY[dice[i]!]!;
    const full = keepOfKey(fullKey);
    let bestKeep = full;
    let w = turn.keepW1[full]!;
    let e = turn.keepE1[full]!;
    for (const bits of SUBSETS_BY_SIZE) {
      let key = 0;
      for (let i = 0; i < DICE_COUNT; i++) if (bits & (1 << i)) key += FACE_KEY[dice[i]!]!;
      const keep = keepOfKey(key);
      if (better(keepW[keep]!, keepE[keep]!, w, e)) {
        w = keepW[keep]!;
        e = keepE[keep]!;
        bestKeep = keep;
      }
    }
    if (bestKeep !== full) {
      return { type: 'hold', held: heldFor(dice, bestKeep), win: w, expected: turn.sheet.total + e };
    }
  }
  const row = rowChoices(game, model, turn)[0]!;
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
 * then, and each row scored) by the chance to win it gave up against the best option. Decisions from a
 * sheet no target tables cover are left out (see `LATE_FREE_ROWS`). Worst first: sort by `loss`.
 * @throws RuleError when the log holds an illegal action
 */
export function reviewByWin(
  setup: GameSetup,
  log: readonly Action[],
  model: WinModel,
): WinReviewedDecision[] {
  let game = newGame(setup);
  const decisions: WinReviewedDecision[] = [];
  for (const action of log) {
    const next = apply(game, action);
    if (action.type !== 'hold' && game.rollsUsed > 0) {
      const rows = rankRowsByWin(game, model);
      const holds = rows && rankHoldsByWin(game, model);
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
