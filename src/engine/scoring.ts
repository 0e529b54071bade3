import { assertDice, faceCounts, type Dice } from './dice.js';
import { RuleError } from './errors.js';
import { isRowId, isUpperRow, UPPER_ROWS, type RowId } from './rows.js';
import { assertRuleSet, hasRow, rowsOf, type RuleSetId, type Scores } from './rules.js';

const sum = (dice: Dice): number => dice.reduce((a, b) => a + b, 0);

/** Length of the longest run of consecutive faces present among the dice. */
function longestRun(counts: number[]): number {
  let best = 0;
  let run = 0;
  for (let face = 1; face <= 6; face++) {
    run = counts[face]! > 0 ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

/** The highest face shown by at least `n` dice, or 0. */
function highestWith(counts: number[], n: number): number {
  for (let face = 6; face >= 1; face--) if (counts[face]! >= n) return face;
  return 0;
}

/** Points of a row under `seed`, `classic` and `yahtzee` (the table of RULES.md, before any joker). */
function pokerPoints(row: RowId, dice: Dice, counts: number[]): number {
  const most = Math.max(...counts);
  switch (row) {
    case 'threeOfAKind':
      return most >= 3 ? sum(dice) : 0;
    case 'fourOfAKind':
      return most >= 4 ? sum(dice) : 0;
    case 'fullHouse':
      // Three of one number and two of another: five of a kind is not a full house (RULES.md).
      return counts.includes(3) && counts.includes(2) ? 25 : 0;
    case 'smallStraight':
      return longestRun(counts) >= 4 ? 30 : 0;
    case 'largeStraight':
      return longestRun(counts) === 5 ? 40 : 0;
    case 'fiveOfAKind':
      return most === 5 ? 50 : 0;
    case 'chance':
      return sum(dice);
    default:
      return 0; // onePair, twoPairs: not on these sheets
  }
}

/** Points of a lower row under `yatzy` (RULES.md): the dice that make the combination count. */
function yatzyPoints(row: RowId, dice: Dice, counts: number[]): number {
  switch (row) {
    case 'onePair':
      return 2 * highestWith(counts, 2);
    case 'twoPairs': {
      // Two pairs of different numbers: four of a kind is one number, not two pairs.
      const high = highestWith(counts, 2);
      let low = 0;
      for (let face = high - 1; face >= 1 && low === 0; face--) if (counts[face]! >= 2) low = face;
      return low > 0 ? 2 * high + 2 * low : 0;
    }
    case 'threeOfAKind':
      return 3 * highestWith(counts, 3);
    case 'fourOfAKind':
      return 4 * highestWith(counts, 4);
    case 'smallStraight':
      return counts[1] === 1 && counts[2] === 1 && counts[3] === 1 && counts[4] === 1 && counts[5] === 1
        ? 15
        : 0;
    case 'largeStraight':
      return counts[2] === 1 && counts[3] === 1 && counts[4] === 1 && counts[5] === 1 && counts[6] === 1
        ? 20
        : 0;
    case 'fullHouse':
      // Three of one number and two of another; five of a kind is not a full house.
      return counts.includes(3) && counts.includes(2) ? sum(dice) : 0;
    case 'chance':
      return sum(dice);
    case 'fiveOfAKind':
      return Math.max(...counts) === 5 ? 50 : 0;
    default:
      return 0;
  }
}

/**
 * Points for a row without validation; callers have checked the dice. The row's own points, before
 * any Yahtzee joker (`sheetRowPoints`). A row that is not on the rule set's sheet scores 0.
 */
export function rowPoints(rules: RuleSetId, row: RowId, dice: Dice): number {
  const counts = faceCounts(dice);
  if (isUpperRow(row)) {
    const face = UPPER_ROWS.indexOf(row) + 1;
    return counts[face]! * face;
  }
  return rules === 'yatzy' ? yatzyPoints(row, dice, counts) : pokerPoints(row, dice, counts);
}

/** Whether all five dice show the same face. */
export function isFiveOfAKind(dice: Dice): boolean {
  return dice.every((face) => face === dice[0]);
}

/**
 * Whether five dice are a Yahtzee joker on a sheet: under `yahtzee`, five of a kind once the Yahtzee
 * row (`fiveOfAKind`) is filled, with 50 or with 0 (RULES.md).
 */
export function isJoker(rules: RuleSetId, scores: Scores, dice: Dice): boolean {
  return rules === 'yahtzee' && 'fiveOfAKind' in scores && isFiveOfAKind(dice);
}

/** Whether scoring these dice now earns a Yahtzee bonus: a joker while the Yahtzee row holds 50. */
export function earnsYahtzeeBonus(rules: RuleSetId, scores: Scores, dice: Dice): boolean {
  return isJoker(rules, scores, dice) && scores.fiveOfAKind === 50;
}

/** What a joker scores in the rows of fixed points: the full value, as if the dice made them. */
const JOKER_POINTS: Partial<Record<RowId, number>> = { fullHouse: 25, smallStraight: 30, largeStraight: 40 };

/**
 * The points dice take in a row of a sheet: `rowPoints`, except that a Yahtzee joker scores the full
 * house and the straights at full value (25, 30, 40). Callers have checked the dice.
 */
export function sheetRowPoints(rules: RuleSetId, scores: Scores, row: RowId, dice: Dice): number {
  if (isJoker(rules, scores, dice)) {
    const fixed = JOKER_POINTS[row];
    if (fixed !== undefined) return fixed;
  }
  return rowPoints(rules, row, dice);
}

/**
 * The free rows of a sheet that may take these dice, in sheet order. Every free row, except for a
 * Yahtzee joker (the forced joker of RULES.md): its own upper row if that is free; else any free lower
 * row; else any free upper row (for 0).
 */
export function allowedRows(rules: RuleSetId, scores: Scores, dice: Dice): RowId[] {
  const free = rowsOf(rules).filter((row) => !(row in scores));
  if (!isJoker(rules, scores, dice)) return free;
  const own = UPPER_ROWS[dice[0]! - 1]!;
  if (free.includes(own)) return [own];
  const lower = free.filter((row) => !isUpperRow(row));
  return lower.length > 0 ? lower : free;
}

/**
 * The points that five dice score in a row: under `seed` (the default) the table of RULES.md, else under
 * the rule set given. The row alone, with no sheet: a Yahtzee joker's full values are `sheetRowPoints`.
 * @throws RuleError `unknown-row` (also for a row not on the rule set's sheet), `unknown-rules` or
 *   `bad-dice`
 */
export function scoreRow(row: RowId, dice: Dice, rules: RuleSetId = 'seed'): number {
  assertRuleSet(rules);
  if (!isRowId(row) || !hasRow(rules, row)) {
    throw new RuleError('unknown-row', `Unknown row ${JSON.stringify(row)} under ${rules}`);
  }
  assertDice(dice);
  return rowPoints(rules, row, dice);
}
