import { ROWS, UPPER_ROWS, MAX_ROWS, isUpperRow, type RowId } from '../rows.js';
import {
  bonus,
  rowsOf,
  upperSum,
  UPPER_BONUS_THRESHOLD,
  YAHTZEE_BONUS_POINTS,
  type RuleSetId,
  type Scores,
} from '../rules.js';
import { rowPoints, sheetRowPoints } from '../scoring.js';
import { DICE, ROLL_COUNT, ROLL_FACES, rollOfFaces } from './dice-tables.js';

/**
 * The score sheet as the solver sees it: a bit mask of filled rows (bit i = the rule set's i-th row,
 * `rowsOf(rules)[i]`), the points each row gives each of the 252 throws (read from the engine's
 * `rowPoints`, never recomputed here), the rule set's upper bonus (read from the engine's `bonus`) and,
 * under `yahtzee`, its joker and Yahtzee bonus (read from `sheetRowPoints`).
 *
 * The module-level constants (`ROW_COUNT`, `ROW_POINTS`, ...) are those of the 13-row sheet scored as
 * `seed` and `classic` score it, which the win model (win*.ts) reads; the exact solver reads a rule
 * set's own `SheetModel`.
 */

/** The most rows any sheet has (15); workspaces are sized for it. */
export const MAX_ROW_COUNT = MAX_ROWS;

/** A rule set's sheet as the exact solver reads it. */
export interface SheetModel {
  readonly rules: RuleSetId;
  /** The rule set's rows in sheet order: bit i of a mask is `rows[i]`. */
  readonly rows: readonly RowId[];
  readonly rowCount: number;
  /** Mask with every row filled: the game is over. */
  readonly allFilled: number;
  /** Mask of the upper rows. */
  readonly upperMask: number;
  /** `rowPoints[row * 252 + r]`: points throw r scores in row `rows[row]` (no joker). */
  readonly rowPoints: Uint8Array;
  /** The most points each row can give. */
  readonly maxPoints: Int32Array;
  /** The distinct points of row i: `pointValues[pointValuesStart[i] .. pointValuesStart[i + 1]]`. */
  readonly pointValuesStart: Int32Array;
  readonly pointValues: Uint8Array;
  /**
   * Under `yahtzee`, the index of the Yahtzee row (`fiveOfAKind`), whose filling turns a five of a kind
   * into a joker; -1 in rule sets without jokers.
   */
  readonly jokerRow: number;
  /** 2 under `yahtzee` (a state also says whether the Yahtzee row holds 50), else 1. */
  readonly flagStates: number;
  /** The Yahtzee bonus (100 under `yahtzee`, else 0). */
  readonly yahtzeeBonus: number;
  /**
   * Under `yahtzee`: `jokerPoints[f * rowCount + row]`, the points five dice of face f + 1 take in each
   * row as a joker (the full house and straights at full value); empty otherwise.
   */
  readonly jokerPoints: Uint8Array;
  /** The throw index of five dice of face f + 1, f = 0..5. */
  readonly fiveOfAKindRolls: Int32Array;
  /**
   * Under `yahtzee`: true for the joker as the rules have it (forced: its upper row if free, else a
   * lower row, else an upper row); false for the reading of Verhoeff's and Glenn's solvers, kept to
   * check the solver against their 254.5896 (`SheetOptions.unforcedJoker`).
   */
  readonly forcedJoker: boolean;
}

/** Options of `sheetModel`. */
export interface SheetOptions {
  /**
   * Under `yahtzee`, the joker as Verhoeff's and Glenn's solvers read the rules, for checking the
   * solver against their published optimum (254.5896): a five of a kind with the Yahtzee row filled
   * may go in any free row; while its own upper row is free it scores there as five dice do and
   * elsewhere only what the dice make (0 as a full house or straight); once its upper row is filled,
   * the lower rows take it at full value (25, 30, 40) and the other upper rows for 0. The Yahtzee bonus
   * is the same. Not a rule set: games are played with the forced joker of RULES.md.
   */
  unforcedJoker?: boolean;
}

const FIVES = Int32Array.from({ length: 6 }, (_, f) => rollOfFaces([f + 1, f + 1, f + 1, f + 1, f + 1]));

function buildSheetModel(rules: RuleSetId, unforcedJoker: boolean): SheetModel {
  const rows = rowsOf(rules);
  const rowCount = rows.length;
  const points = new Uint8Array(rowCount * ROLL_COUNT);
  for (let row = 0; row < rowCount; row++) {
    for (let r = 0; r < ROLL_COUNT; r++) {
      const faces = Array.from(ROLL_FACES.subarray(r * DICE, (r + 1) * DICE));
      points[row * ROLL_COUNT + r] = rowPoints(rules, rows[row]!, faces);
    }
  }
  const maxPoints = Int32Array.from({ length: rowCount }, (_, row) =>
    points.subarray(row * ROLL_COUNT, (row + 1) * ROLL_COUNT).reduce((a, b) => Math.max(a, b), 0),
  );
  const pointValuesStart = new Int32Array(rowCount + 1);
  const pointValues = Uint8Array.from(
    Array.from({ length: rowCount }, (_, row) => {
      const distinct = [...new Set(points.subarray(row * ROLL_COUNT, (row + 1) * ROLL_COUNT))];
      pointValuesStart[row + 1] = pointValuesStart[row]! + distinct.length;
      return distinct.sort((a, b) => a - b);
    }).flat(),
  );
  const hasJoker = rules === 'yahtzee';
  const jokerPoints = new Uint8Array(hasJoker ? 6 * rowCount : 0);
  if (hasJoker) {
    // A sheet with the Yahtzee row filled: the engine's own joker points.
    const filled: Scores = { fiveOfAKind: 50 };
    for (let f = 0; f < 6; f++) {
      const dice = [f + 1, f + 1, f + 1, f + 1, f + 1];
      for (let row = 0; row < rowCount; row++) {
        jokerPoints[f * rowCount + row] = sheetRowPoints(rules, filled, rows[row]!, dice);
      }
    }
  }
  return {
    rules,
    rows,
    rowCount,
    allFilled: (1 << rowCount) - 1,
    upperMask: rows.reduce((mask, row, i) => (isUpperRow(row) ? mask | (1 << i) : mask), 0),
    rowPoints: points,
    maxPoints,
    pointValuesStart,
    pointValues,
    jokerRow: hasJoker ? rows.indexOf('fiveOfAKind') : -1,
    flagStates: hasJoker ? 2 : 1,
    yahtzeeBonus: hasJoker ? YAHTZEE_BONUS_POINTS : 0,
    jokerPoints,
    fiveOfAKindRolls: FIVES,
    forcedJoker: !unforcedJoker,
  };
}

const sheetModels = new Map<string, SheetModel>();

/** A rule set's sheet model, built on first use. */
export function sheetModel(rules: RuleSetId, { unforcedJoker = false }: SheetOptions = {}): SheetModel {
  const unforced = unforcedJoker && rules === 'yahtzee';
  const key = `${rules}${unforced ? '/unforced' : ''}`;
  let model = sheetModels.get(key);
  if (!model) {
    model = buildSheetModel(rules, unforced);
    sheetModels.set(key, model);
  }
  return model;
}

const SEED = sheetModel('seed');

/** Rows on the 13-row sheet. */
export const ROW_COUNT = ROWS.length;
/** Mask with every row of the 13-row sheet filled: the game is over. */
export const ALL_FILLED = (1 << ROW_COUNT) - 1;
/** Mask of the upper rows (ones..sixes), whose sum the classic bonus looks at. */
export const UPPER_MASK = UPPER_ROWS.reduce(
  (mask, row) => mask | (1 << ROWS.indexOf(row as (typeof ROWS)[number])),
  0,
);

/** `ROW_POINTS[row * 252 + r]`: points throw r scores in row `ROWS[row]` (seed and classic). */
export const ROW_POINTS = SEED.rowPoints;
/** The most points one row can give (50, five of a kind), under any rule set. */
export const MAX_ROW_POINTS = 50;

/**
 * The distinct points each row can give, as compressed rows: those of row i are
 * `ROW_POINT_VALUES[ROW_POINT_VALUES_START[i] .. ROW_POINT_VALUES_START[i + 1]]`, ascending.
 */
export const ROW_POINT_VALUES_START = SEED.pointValuesStart;
export const ROW_POINT_VALUES = SEED.pointValues;

/** A rule set's upper bonus as the solver tracks it. */
export interface BonusModel {
  /** Upper-row points that earn the bonus (63); the solver caps its running upper total here. */
  readonly threshold: number;
  /** The bonus (35 under `classic` and `yahtzee`, 50 under `yatzy`, 0 when the rule set has none). */
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

/** The mask of a sheet's filled rows (of the 13-row sheet unless a sheet model is given). */
export function maskOf(scores: Scores, sheet?: SheetModel): number {
  const rows = sheet?.rows ?? ROWS;
  let mask = 0;
  for (let i = 0; i < rows.length; i++) if (rows[i]! in scores) mask |= 1 << i;
  return mask;
}

/** The Yahtzee flag of a sheet: 1 under `yahtzee` when its Yahtzee row holds 50, else 0. */
export function flagOf(sheet: SheetModel, scores: Scores): number {
  return sheet.flagStates > 1 && scores.fiveOfAKind === 50 ? 1 : 0;
}

/** A sheet's upper total as the solver tracks it: capped at the threshold, and 0 without a bonus. */
export function trackedUpper(model: BonusModel, scores: Scores): number {
  return model.upperStates === 1 ? 0 : Math.min(model.threshold, upperSum(scores));
}
