import { RuleError } from './errors.js';
import type { RowId } from './rows.js';
import { ROWS, UPPER_ROWS, YATZY_ROWS } from './rows.js';

/**
 * The rule sets (RULES.md): `seed` is the user's Täringupokker (no bonus); `classic` adds 35 for 63 in
 * rows 1-6; `yahtzee` is Yahtzee as published (35 for 63, a Yahtzee bonus of 100 and the forced joker);
 * `yatzy` is Scandinavian Yatzy (15 rows, 50 for 63).
 */
export const RULE_SETS = ['seed', 'classic', 'yahtzee', 'yatzy'] as const;

/** A rule set's id. */
export type RuleSetId = (typeof RULE_SETS)[number];

/** Points in the upper rows (ones..sixes) that earn the upper bonus of a rule set that has one. */
export const UPPER_BONUS_THRESHOLD = 63;
/** The classic (and Yahtzee) upper bonus. */
export const UPPER_BONUS_POINTS = 35;
/** The Scandinavian Yatzy upper bonus. */
export const YATZY_UPPER_BONUS_POINTS = 50;
/** Each Yahtzee bonus (`yahtzee`: a further five of a kind once the Yahtzee row holds 50). */
export const YAHTZEE_BONUS_POINTS = 100;

/** Whether a value names a rule set. */
export function isRuleSetId(value: unknown): value is RuleSetId {
  return typeof value === 'string' && (RULE_SETS as readonly string[]).includes(value);
}

/** Refuses an unknown rule set. */
export function assertRuleSet(value: unknown): asserts value is RuleSetId {
  if (!isRuleSetId(value)) {
    throw new RuleError(
      'unknown-rules',
      `Unknown rule set ${JSON.stringify(value)}; use ${RULE_SETS.join(', ')}`,
    );
  }
}

/** The rows of a rule set's sheet, in sheet order: 13, or 15 under `yatzy`. */
export function rowsOf(rules: RuleSetId): readonly RowId[] {
  return rules === 'yatzy' ? YATZY_ROWS : ROWS;
}

/** Whether a row is on a rule set's sheet. */
export function hasRow(rules: RuleSetId, row: RowId): boolean {
  return rowsOf(rules).includes(row);
}

/** Turns each player plays under a rule set: one per row. */
export function turnsOf(rules: RuleSetId): number {
  return rowsOf(rules).length;
}

/** The upper bonus a rule set gives for `UPPER_BONUS_THRESHOLD` in rows 1-6 (0: it has none). */
export function upperBonusOf(rules: RuleSetId): number {
  if (rules === 'seed') return 0;
  return rules === 'yatzy' ? YATZY_UPPER_BONUS_POINTS : UPPER_BONUS_POINTS;
}

/** The filled rows of one player's sheet. */
export type Scores = Partial<Record<RowId, number>>;

/** Sum of the filled upper rows. */
export function upperSum(scores: Scores): number {
  return UPPER_ROWS.reduce((total, row) => total + (scores[row] ?? 0), 0);
}

/** The upper bonus a sheet has earned under a rule set (0 under `seed`, which has none). */
export function bonus(rules: RuleSetId, scores: Scores): number {
  return upperSum(scores) >= UPPER_BONUS_THRESHOLD ? upperBonusOf(rules) : 0;
}

/** What a sheet's bonus lines show (see `bonusParts`). */
export interface BonusParts {
  /** Sum of the filled upper rows. */
  upperSum: number;
  /** Upper points that earn the upper bonus (63). */
  upperThreshold: number;
  /** The rule set's upper bonus (0 when it has none: then the sheet shows no bonus line). */
  upperBonusPoints: number;
  /** The upper bonus earned so far: `upperBonusPoints` or 0. */
  upperBonus: number;
  /** Whether the rule set has Yahtzee bonuses (`yahtzee` only): the sheet shows their line. */
  hasYahtzeeBonus: boolean;
  /** Yahtzee bonuses earned (each `YAHTZEE_BONUS_POINTS`). */
  yahtzeeBonuses: number;
  /** Their points. */
  yahtzeeBonus: number;
  /** The filled rows' sum, without any bonus. */
  rows: number;
  /** The sheet's total: rows and every bonus. */
  total: number;
}

/**
 * The parts of a sheet's total: its rows, its upper bonus and its Yahtzee bonuses (the count of which
 * is kept beside the scores: `PlayerSheet.yahtzeeBonuses`).
 */
export function bonusParts(rules: RuleSetId, scores: Scores, yahtzeeBonuses = 0): BonusParts {
  const rows = Object.values(scores).reduce<number>((total, points) => total + (points ?? 0), 0);
  const upperBonus = bonus(rules, scores);
  const hasYahtzeeBonus = rules === 'yahtzee';
  const count = hasYahtzeeBonus ? yahtzeeBonuses : 0;
  const yahtzeeBonus = count * YAHTZEE_BONUS_POINTS;
  return {
    upperSum: upperSum(scores),
    upperThreshold: UPPER_BONUS_THRESHOLD,
    upperBonusPoints: upperBonusOf(rules),
    upperBonus,
    hasYahtzeeBonus,
    yahtzeeBonuses: count,
    yahtzeeBonus,
    rows,
    total: rows + upperBonus + yahtzeeBonus,
  };
}

/** A sheet's total: its rows plus any bonus (`yahtzeeBonuses`: the Yahtzee bonuses it has earned). */
export function playerTotal(rules: RuleSetId, scores: Scores, yahtzeeBonuses = 0): number {
  return bonusParts(rules, scores, yahtzeeBonuses).total;
}
