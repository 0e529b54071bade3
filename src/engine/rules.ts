import { RuleError } from './errors.js';
import type { RowId } from './rows.js';
import { UPPER_ROWS } from './rows.js';

/** The rule sets: `seed` is RULES.md exactly; `classic` adds the 35-point bonus for 63+ in rows 1-6. */
export const RULE_SETS = ['seed', 'classic'] as const;

/** A rule set's id. */
export type RuleSetId = (typeof RULE_SETS)[number];

/** Points in the upper rows (ones..sixes) that earn the classic bonus. */
export const UPPER_BONUS_THRESHOLD = 63;
/** The classic bonus. */
export const UPPER_BONUS_POINTS = 35;

/** Whether a value names a rule set. */
export function isRuleSetId(value: unknown): value is RuleSetId {
  return typeof value === 'string' && (RULE_SETS as readonly string[]).includes(value);
}

/** Refuses an unknown rule set. */
export function assertRuleSet(value: unknown): asserts value is RuleSetId {
  if (!isRuleSetId(value)) {
    throw new RuleError(
      'unknown-rules',
      `Unknown rule set ${JSON.stringify(value)}; use ${RULE_SETS.join(' or ')}`,
    );
  }
}

/** The filled rows of one player's sheet. */
export type Scores = Partial<Record<RowId, number>>;

/** Sum of the filled upper rows. */
export function upperSum(scores: Scores): number {
  return UPPER_ROWS.reduce((total, row) => total + (scores[row] ?? 0), 0);
}

/** The bonus a sheet has earned under a rule set (0 under `seed`, which has none). */
export function bonus(rules: RuleSetId, scores: Scores): number {
  return rules === 'classic' && upperSum(scores) >= UPPER_BONUS_THRESHOLD ? UPPER_BONUS_POINTS : 0;
}

/** A sheet's total: its rows plus any bonus. */
export function playerTotal(rules: RuleSetId, scores: Scores): number {
  const rows = Object.values(scores).reduce((total, points) => total + (points ?? 0), 0);
  return rows + bonus(rules, scores);
}
