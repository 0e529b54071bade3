import { assertDice, faceCounts, type Dice } from './dice.js';
import { RuleError } from './errors.js';
import { isRowId, type RowId } from './rows.js';

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

/** Points for a row without validation; callers have checked the dice. */
export function rowPoints(row: RowId, dice: Dice): number {
  const counts = faceCounts(dice);
  const most = Math.max(...counts);
  switch (row) {
    case 'ones':
      return counts[1]! * 1;
    case 'twos':
      return counts[2]! * 2;
    case 'threes':
      return counts[3]! * 3;
    case 'fours':
      return counts[4]! * 4;
    case 'fives':
      return counts[5]! * 5;
    case 'sixes':
      return counts[6]! * 6;
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
  }
}

/**
 * The points that five dice score in a row under the default rules (RULES.md). Rows score the same
 * under every rule set; rule sets differ only in bonuses (see `playerTotal`).
 * @throws RuleError `unknown-row` or `bad-dice`
 */
export function scoreRow(row: RowId, dice: Dice): number {
  if (!isRowId(row)) throw new RuleError('unknown-row', `Unknown row ${JSON.stringify(row)}`);
  assertDice(dice);
  return rowPoints(row, dice);
}
