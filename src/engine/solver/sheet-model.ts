import { ROWS, UPPER_ROWS } from '../rows.js';
import { bonus, upperSum, UPPER_BONUS_THRESHOLD, type RuleSetId, type Scores } from '../rules.js';
import { rowPoints } from '../scoring.js';
import { DICE, ROLL_COUNT, ROLL_FACES } from './dice-tables.js';

/**
 * The score sheet as the solver sees it: a bit mask of filled rows (bit i = `ROWS[i]`), the points each
 * row gives each of the 252 throws (read from the engine's `rowPoints`, never recomputed here), and the
 * rule set's upper bonus (read from the engine's `bonus`).
 */

/** Rows on the sheet. */
export const ROW_COUNT = ROWS.length;
/** Mask with every row filled: the game is over. */
export const ALL_FILLED = (1 << ROW_COUNT) - 1;
/** Mask of the upper rows (ones..sixes), whose sum the classic bonus looks at. */
export const UPPER_MASK = UPPER_ROWS.reduce((mask, row) => mask | (1 << ROWS.indexOf(row)), 0);

/** `ROW_POINTS[row * 252 + r]`: points throw r scores in row `ROWS[row]`. */
export const ROW_POINTS = new Uint8Array(ROW_COUNT * ROLL_COUNT);
for (let row = 0; row < ROW_COUNT; row++) {
  for (let r = 0; r < ROLL_COUNT; r++) {
    const faces = Array.from(ROLL_FACES.subarray(r * DICE, (r + 1) * DICE));
    ROW_POINTS[row * ROLL_COUNT + r] = rowPoints(ROWS[row]!, faces);
  }
}
/** The most points one row can give (50, five of a kind). */
export const MAX_ROW_POINTS = ROW_POINTS.reduce((a, b) => Math.max(a, b), 0);

/**
 * The distinct points each row can give, as compressed rows: those of row i are
 * `ROW_POINT_VALUES[ROW_POINT_VALUES_START[i] .. ROW_POINT_VALUES_START[i + 1]]`, ascending.
 */
export const ROW_POINT_VALUES_START = new Int32Array(ROW_COUNT + 1);
export const ROW_POINT_VALUES = Uint8Array.from(
  Array.from({ length: ROW_COUNT }, (_, row) => {
    const distinct = [...new Set(ROW_POINTS.subarray(row * ROLL_COUNT, (row + 1) * ROLL_COUNT))];
    ROW_POINT_VALUES_START[row + 1] = ROW_POINT_VALUES_START[row]! + distinct.length;
    return distinct.sort((a, b) => a - b);
  }).flat(),
);

/** A rule set's upper bonus as the solver tracks it. */
export interface BonusModel {
  /** Upper-row points that earn the bonus (63); the solver caps its running upper total here. */
  readonly threshold: number;
  /** The bonus (35 under `classic`, 0 when the rule set has none). */
  readonly points: number;
  /** Upper totals tracked per set of filled rows: threshold + 1 with a bonus (0..63), else 1. */
  readonly upperStates: number;
}

/**
 * The upper bonus of a rule set, asked of the engine's own `bonus()` with sheets just under and at the
 * threshold, so that the solver follows the rule set rather than restating it.
 */
export function bonusModel(rules: RuleSetId): BonusModel {
  const threshold = UPPER_BONUS_THRESHOLD;
  const points = bonus(rules, { sixes: threshold });
  if (bonus(rules, { sixes: threshold - 1 }) !== 0) {
    throw new Error(`Rule set ${rules} has a bonus the solver does not model`);
  }
  return { threshold, points, upperStates: points > 0 ? threshold + 1 : 1 };
}

/** The mask of a sheet's filled rows. */
export function maskOf(scores: Scores): number {
  let mask = 0;
  for (let i = 0; i < ROW_COUNT; i++) if (ROWS[i]! in scores) mask |= 1 << i;
  return mask;
}

/** A sheet's upper total as the solver tracks it: capped at the threshold, and 0 without a bonus. */
export function trackedUpper(model: BonusModel, scores: Scores): number {
  return model.upperStates === 1 ? 0 : Math.min(model.threshold, upperSum(scores));
}
