/** The 13 rows of the score sheet, in sheet order (RULES.md). */
export const ROWS = [
  'ones',
  'twos',
  'threes',
  'fours',
  'fives',
  'sixes',
  'threeOfAKind',
  'fourOfAKind',
  'fullHouse',
  'smallStraight',
  'largeStraight',
  'fiveOfAKind',
  'chance',
] as const;

/** One row of the score sheet. */
export type RowId = (typeof ROWS)[number];

/** The six upper rows (ones..sixes), whose sum the classic bonus looks at. */
export const UPPER_ROWS: readonly RowId[] = ROWS.slice(0, 6);

/** Whether a value from outside (an attribute, a click, JSON) names a row. */
export function isRowId(value: unknown): value is RowId {
  return typeof value === 'string' && (ROWS as readonly string[]).includes(value);
}
