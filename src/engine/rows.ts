/**
 * The 13 rows of the `seed`, `classic` and `yahtzee` score sheets, in sheet order (RULES.md). A rule
 * set's own rows, in its sheet order, are `rowsOf(rules)` (rules.ts): `yatzy` has 15 (`YATZY_ROWS`).
 */
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

/**
 * The 15 rows of the Scandinavian `yatzy` sheet, in its order (RULES.md). Rows with the same id as a
 * row of `ROWS` are the same idea scored the Yatzy way (`rowPoints` takes the rule set); `fiveOfAKind`
 * is the Yatzy row.
 */
export const YATZY_ROWS = [
  'ones',
  'twos',
  'threes',
  'fours',
  'fives',
  'sixes',
  'onePair',
  'twoPairs',
  'threeOfAKind',
  'fourOfAKind',
  'smallStraight',
  'largeStraight',
  'fullHouse',
  'chance',
  'fiveOfAKind',
] as const;

/** Every row id of any rule set: the 13 of `ROWS`, then the rows only `yatzy` has. */
export const ROW_IDS = [...ROWS, 'onePair', 'twoPairs'] as const;

/** One row of a score sheet (of any rule set). */
export type RowId = (typeof ROW_IDS)[number];

/** The most rows a sheet has (15, under `yatzy`). */
export const MAX_ROWS = YATZY_ROWS.length;

/** The six upper rows (ones..sixes), whose sum an upper bonus looks at; the same in every rule set. */
export const UPPER_ROWS: readonly RowId[] = ROWS.slice(0, 6);

/** Whether a value from outside (an attribute, a click, JSON) names a row of some rule set. */
export function isRowId(value: unknown): value is RowId {
  return typeof value === 'string' && (ROW_IDS as readonly string[]).includes(value);
}

/** Whether a row is one of the six upper rows. */
export function isUpperRow(row: RowId): boolean {
  return UPPER_ROWS.includes(row);
}
