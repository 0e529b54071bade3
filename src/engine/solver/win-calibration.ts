import type { Game } from '../game.js';
import type { RuleSetId } from '../rules.js';
import { bonusModel, maskOf, sheetModel } from './sheet-model.js';
import { WIN_CALIBRATION_TABLE } from './win-calibration-table.js';

/*
 * The calibration of the chance to win (docs/CALIBRATION.md says why this way and how well it works).
 *
 * The model's own numbers (win.ts) are exact only for a table where every seat plays for points. A seat
 * that plays to win does better than that: its chance lies about between the model's points line `q` and
 * the model's own value of playing to win `v` (each target with the strategy best for it: a bound). The
 * calibrated chance of such a seat is `q + λ (v - q)`, where λ, the share of that gap that is real
 * (mostly 0.2 to 0.7, near 1 in the last rounds), is read from a table fitted by simulation
 * (scripts/fit-win-calibration.ts, which writes win-calibration-table.ts) by the rule set, the size of
 * the table, whether the seat has thrown in its turn, whether it plays last in a round, and its free rows.
 * Where `v` is 0 or 1 the seat's chance is `v` (a sure win or loss for the bound is sure for one strategy
 * too), and so it is where every other seat has finished (the bound knows nothing it should not). What one seat gains the others lose, each in proportion to their chance. Before the gains the
 * points line itself is tempered under a rule set with a bonus (each chance raised to a fitted power
 * near 1, made to sum to 1 again): there the bonus's approximation makes it a little too sure of itself.
 */

/** What the calibration reads of a seat. */
export interface SeatFeatures {
  /** Free rows of its sheet (13, or 15 under `yatzy`, before its first turn; 1 in its last). */
  free: number;
  /** It is to act and has thrown in this turn. */
  thrown: boolean;
  /** It plays last in each round. */
  last: boolean;
}

/** What the calibration reads of each seat of a game. */
export function seatFeaturesOf(game: Game): SeatFeatures[] {
  const n = game.players.length;
  const sheet = sheetModel(game.rules);
  return game.players.map((player, i) => {
    let free = 0;
    const mask = maskOf(player.scores, sheet);
    for (let row = 0; row < sheet.rowCount; row++) if (!(mask & (1 << row))) free++;
    return { free, thrown: i === game.current && game.rollsUsed > 0, last: i === n - 1 };
  });
}

/** Table sizes: two players, and three or more. */
export const SIZES = 2;
/** Free rows a seat can have while the game goes on: 1..13, or 1..15 under `yatzy`. */
export const FREE = 15;

/** Numbers in the shape of the gains: `[size][thrown][last][free - 1]`. */
export type GainShaped = readonly (readonly (readonly (readonly number[])[])[])[];

/**
 * What a fit rests on, over every point of every seat that plays to win: with q its chance in the
 * model's points line, x = v - q (the model's room to gain), y = won - q (what it did gain) and h the
 * change of q as the line is tempered (`temperSlope`), per cell (`[size][thrown][last][free - 1]`) the
 * sums of x·y, x², x·h and the points, and per size the sums of h·y and h². λ of a cell is about
 * xy / xx, smoothed over the free rows, the temper about hy / hh: both fitted together (`fitOf`).
 */
export interface GainSums {
  readonly xy: GainShaped;
  readonly xx: GainShaped;
  readonly xh: GainShaped;
  readonly n: GainShaped;
  readonly hy: readonly number[];
  readonly hh: readonly number[];
}

/** The fitted numbers of one rule set. */
export interface RuleCalibration {
  /**
   * `gain[size][thrown][last][free - 1]`: the λ of a seat that plays to win; size 0 for a table of two,
   * 1 for three or more; thrown and last 0 or 1.
   */
  readonly gain: GainShaped;
  /**
   * `temper[size]`: the power the points line is raised to (and made to sum to 1 again) before the
   * gains: below 1 it is less sure of itself (the classic bonus's approximation makes it too sure).
   */
  readonly temper: readonly number[];
  /** How this rule set's numbers were made, where not as the table's (`WinCalibrationTable.made`). */
  readonly made?: { readonly deals: readonly number[]; readonly seed: number };
}

/**
 * The sums each rule set's numbers were fitted from (`fitOf(sums)` gives them again): for the fitting
 * script's --refit and the table's test only, an export of their own so that the page never bundles
 * them.
 */
export type WinCalibrationSums = Readonly<Partial<Record<RuleSetId, GainSums>>>;

/** The calibration of every rule set (what the fitting script writes). */
export interface WinCalibrationTable {
  /**
   * How the table was made: the deals played per table size, and the seed of their dice (a rule set
   * fitted on its own says how in its `made`).
   */
  readonly made: { readonly deals: readonly number[]; readonly seed: number };
  /** A rule set not calibrated has no entry: its gains are 0. */
  readonly rules: Readonly<Partial<Record<RuleSetId, RuleCalibration>>>;
}

/**
 * How much the gains are smoothed over the free rows: the weight of their second differences against
 * the data, in units of a cell's mean sum of x².
 */
export const SMOOTHING = 1;

/**
 * The largest λ: at 1 a seat that plays to win is worth the model's bound of playing to win, and a seat
 * that plays last at a table of three is measured to be worth a little more late in a game (the bound
 * takes the best of the others' totals with its ties counted half).
 */
export const MAX_GAIN = 1.5;

/**
 * The least squares of y = λ x over the free rows of one size, thrown and last, with a penalty on the
 * second differences of λ (weight `SMOOTHING` times the mean of xx): the solution of
 * (diag(xx) + alpha DᵀD) λ = xy, nothing kept or rounded.
 */
function smoothed(xy: readonly number[], xx: readonly number[]): number[] {
  const m = xy.length;
  const mean = xx.reduce((a, b) => a + b, 0) / m;
  if (!(mean > 0)) return new Array<number>(m).fill(0);
  const alpha = SMOOTHING * mean;
  const a = Array.from({ length: m }, (_, i) => Array.from({ length: m }, (_, j) => (i === j ? xx[i]! : 0)));
  const b = [...xy];
  for (let k = 1; k + 1 < m; k++) {
    const d = [
      [k - 1, 1],
      [k, -2],
      [k + 1, 1],
    ] as const;
    for (const [i, di] of d) for (const [j, dj] of d) a[i]![j]! += alpha * di * dj;
  }
  // Gaussian elimination (the matrix is symmetric positive definite: no pivoting needed).
  for (let i = 0; i < m; i++) {
    for (let r = i + 1; r < m; r++) {
      const f = a[r]![i]! / a[i]![i]!;
      if (f === 0) continue;
      for (let c = i; c < m; c++) a[r]![c]! -= f * a[i]![c]!;
      b[r]! -= f * b[i]!;
    }
  }
  const x = new Array<number>(m).fill(0);
  for (let i = m - 1; i >= 0; i--) {
    let sum = b[i]!;
    for (let c = i + 1; c < m; c++) sum -= a[i]![c]! * x[c]!;
    x[i] = sum / a[i]![i]!;
  }
  return x;
}

/**
 * The λ of each free row (1..13) of one size, thrown and last, from its sums: the smoothed least
 * squares of y = λ x (`smoothed`), kept within [0, `MAX_GAIN`] and rounded to 1/1000.
 */
export function fitGains(xy: readonly number[], xx: readonly number[]): number[] {
  return smoothed(xy, xx).map((v) => Math.round(Math.min(MAX_GAIN, Math.max(0, v)) * 1000) / 1000);
}

/**
 * Whether a rule set's points line is tempered: only where it is not exact, under a rule set with a
 * bonus (win-bonus.ts approximates it); without one the line of a table playing for points is exact.
 */
export function temperedRules(rules: RuleSetId): boolean {
  return bonusModel(rules).points > 0;
}

/**
 * The gains and the temper of a rule set from its sums: for each size, the least squares of
 * y = λ x + (temper - 1) h together, λ smoothed per cell as `fitGains` does. With λ(τ) = u - τ w for
 * the smoothed solutions u of xy and w of xh, the temper's equation hh τ + Σ xh·λ(τ) = hy gives τ at
 * once; the temper 1 + τ is rounded to 1/1000 and the gains fitted with it. Where the line is not
 * tempered (`temperedRules`), the temper is 1 and the gains are fitted alone.
 */
export function fitOf(sums: GainSums, temper = true): { gain: number[][][][]; temper: number[] } {
  const powers: number[] = [];
  const gain = sums.xy.map((bySize, size) => {
    const xh = sums.xh[size]!;
    const xx = sums.xx[size]!;
    let explained = 0;
    let coupled = 0;
    bySize.forEach((byThrown, t) =>
      byThrown.forEach((xy, l) => {
        const u = smoothed(xy, xx[t]![l]!);
        const w = smoothed(xh[t]![l]!, xx[t]![l]!);
        u.forEach((v, f) => (explained += xh[t]![l]![f]! * v));
        w.forEach((v, f) => (coupled += xh[t]![l]![f]! * v));
      }),
    );
    const hh = sums.hh[size] ?? 0;
    const rest = hh - coupled;
    const tau = temper && hh > 0 && rest > 1e-9 * hh ? (sums.hy[size]! - explained) / rest : 0;
    const power = Math.round((1 + tau) * 1000) / 1000;
    powers.push(power);
    return bySize.map((byThrown, t) =>
      byThrown.map((xy, l) =>
        fitGains(
          xy.map((v, f) => v - (power - 1) * xh[t]![l]![f]!),
          xx[t]![l]!,
        ),
      ),
    );
  });
  return { gain, temper: powers };
}

/**
 * How each chance of the points line moves as it is tempered, at a temper of 1 (the derivative of
 * q_i^a / Σ q_j^a in a): q_i (ln q_i - Σ q_j ln q_j), 0 for a chance of 0 or 1.
 */
export function temperSlope(raw: readonly number[], i: number): number {
  const q = raw[i]!;
  if (!(q > 0 && q < 1)) return 0;
  let mean = 0;
  for (const p of raw) if (p > 0) mean += p * Math.log(p);
  return q * (Math.log(q) - mean);
}

/** The points line tempered: each chance raised to `power`, made to sum to 1 again. */
export function tempered(raw: readonly number[], power: number): number[] {
  if (power === 1) return [...raw];
  const raised = raw.map((q) => (q > 0 ? q ** power : 0));
  const sum = raised.reduce((a, b) => a + b, 0);
  return sum > 0 ? raised.map((q) => q / sum) : [...raw];
}

/** The size of a table of this many players, as the gains are indexed. */
export function sizeOf(players: number): number {
  return players >= 3 ? 1 : 0;
}

/** The λ of a seat, 0 where the table has none. */
export function gainFactor(rules: RuleSetId, players: number, seat: SeatFeatures): number {
  const table = WIN_CALIBRATION_TABLE.rules[rules];
  const size = table?.gain[sizeOf(players)];
  return size?.[seat.thrown ? 1 : 0]?.[seat.last ? 1 : 0]?.[seat.free - 1] ?? 0;
}

/**
 * The line calibrated: each player's chance from the model's points line `raw`, the values `values` of
 * the seats that play to win (NaN for the others, or where the model has none), and their features.
 * Sums to 1 as `raw` does; a chance of 0 or 1 stays.
 */
export function calibrateLine(
  rules: RuleSetId,
  raw: readonly number[],
  values: readonly number[],
  seats: readonly SeatFeatures[],
): number[] {
  const n = raw.length;
  const power = WIN_CALIBRATION_TABLE.rules[rules]?.temper?.[sizeOf(n)] ?? 1;
  const line = n > 1 ? tempered(raw, power) : [...raw];
  const gains = raw.map((q, i) => {
    const v = values[i]!;
    if (Number.isNaN(v)) return 0;
    // A sure win or loss even for the bound is sure for one strategy too (it reaches every target when
    // the highest is certain): the seat's chance is v.
    if (v <= 0 || v >= 1) return v - line[i]!;
    // Against totals all known the bound is no bound: it is the chance of the best way on.
    if (seats.every((seat, j) => j === i || seat.free === 0)) return v - line[i]!;
    return gainFactor(rules, n, seats[i]!) * (v - q);
  });
  if (gains.every((g) => g === 0)) return line;
  const chances = line.map((q, i) => {
    let p = q + gains[i]!;
    // What another seat gains is taken from the rest in proportion to their chances.
    for (let j = 0; j < n; j++)
      if (j !== i && gains[j] !== 0 && line[j]! < 1) p -= (gains[j]! * q) / (1 - line[j]!);
    return Math.min(1, Math.max(0, p));
  });
  const sum = chances.reduce((a, b) => a + b, 0);
  return sum > 0 ? chances.map((p) => p / sum) : line;
}
