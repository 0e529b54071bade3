import { stateIndex, stateValue, type StateValues } from './table.js';
import { LEAF_WIDTH } from './turn.js';
import { TurnFollower } from './win-tables.js';

/**
 * What a rule set adds to its rows' points, as the player that plays to win sees it (an approximation,
 * see win.ts): the upper bonus (`classic`, `yahtzee` 35; `yatzy` 50) and, under `yahtzee`, the Yahtzee
 * bonuses (100 each) and the joker's full-value rows. For each state of the rule set's table (filled
 * rows, capped upper total, Yahtzee flag; indexed as `stateIndex`):
 * - `chance`: the chance that expected-score play of the rule set earns the upper bonus from there on (0
 *   once earned: it is in the total already);
 * - `yahtzee1`, `yahtzee2`: under `yahtzee`, the chances that it earns exactly one more Yahtzee bonus,
 *   and two or more (counted as two: more is rarer than 1 in 2,000 games), else empty;
 * - `shift`: the points the rows give up (or, with jokers, gain) for all that, against expected-score
 *   play of the rows alone: `value = rows value + shift + bonus * chance + 100 * (yahtzee1 + 2 yahtzee2)`.
 * NaN where no game goes. The upper bonus and the Yahtzee bonuses are taken as independent.
 */
export interface BonusChances {
  readonly upperStates: number;
  readonly chance: Float64Array;
  readonly shift: Float64Array;
  readonly yahtzee1: Float64Array;
  readonly yahtzee2: Float64Array;
}

/**
 * Follows the rule set's expected-score play over every state it can reach (a few seconds, once).
 * @param table the solved table of the rule set (one with an upper bonus)
 * @param rows the solved table of its rows alone (`rowsTableOf`)
 * @param from only the states whose filled rows include these (a mask; the others stay NaN): enough for
 *   a game from such sheets on, as `solveTable`'s `from`
 */
export function solveBonusChances(table: StateValues, rows: StateValues, from = 0): BonusChances {
  const { upperStates: states, threshold, points: bonusPoints } = table.model;
  const sheet = table.sheet;
  const { allFilled, rowCount, upperMask, flagStates, jokerRow, yahtzeeBonus } = sheet;
  const size = flagStates * (allFilled + 1) * states;
  const chance = new Float64Array(size).fill(NaN);
  const shift = new Float64Array(size).fill(NaN);
  const jokers = flagStates > 1;
  const yahtzee1 = new Float64Array(jokers ? size : 0);
  const yahtzee2 = new Float64Array(jokers ? size : 0);
  const follower = new TurnFollower();
  const { outcome, bonusOutcome } = follower;
  const points = sheet.pointValues;
  const pointsStart = sheet.pointValuesStart;
  for (let mask = allFilled; mask >= 0; mask--) {
    if ((mask & from) !== from) continue;
    let upperLeft = 0;
    for (let row = 0; row < rowCount; row++)
      if (upperMask & ~mask & (1 << row)) upperLeft += sheet.maxPoints[row]!;
    for (let flag = 0; flag < flagStates; flag++) {
      // Once the bonus is banked or out of reach, every such state of a mask is played alike (table.ts
      // gives them one value): followed once.
      let settled = -1;
      for (let upper = 0; upper < states; upper++) {
        const at = stateIndex(table, mask, upper, flag);
        const value = table.values[at]!;
        if (Number.isNaN(value)) continue;
        let q = 0;
        let y1 = 0;
        let y2 = 0;
        const upperOpen = upper < threshold && upper + upperLeft >= threshold;
        if (jokers && !upperOpen && settled >= 0) {
          y1 = yahtzee1[settled]!;
          y2 = yahtzee2[settled]!;
        } else if (mask !== allFilled && (upperOpen || jokers)) {
          follower.solve(table, mask, upper, flag);
          follower.follow();
          for (let row = 0; row < rowCount; row++) {
            const bit = 1 << row;
            if (mask & bit) continue;
            const end = pointsStart[row + 1]!;
            for (let i = pointsStart[row]!; i < end; i++) {
              const p = points[i]!;
              const w = outcome[row * LEAF_WIDTH + p]!;
              if (w === 0) continue;
              const reached = bit & upperMask ? Math.min(threshold, upper + p) : upper;
              const nextFlag = row === jokerRow ? (p > 0 ? 1 : 0) : flag;
              const next = stateIndex(table, mask | bit, reached, nextFlag);
              if (upperOpen) q += reached >= threshold ? w : w * chance[next]!;
              if (!jokers) continue;
              const b = bonusOutcome[row * LEAF_WIDTH + p]!;
              // With a bonus now, every later count moves up one (two or more stays two).
              y1 += (w - b) * yahtzee1[next]! + b * (1 - yahtzee1[next]! - yahtzee2[next]!);
              y2 += (w - b) * yahtzee2[next]! + b * (yahtzee1[next]! + yahtzee2[next]!);
            }
          }
        }
        chance[at] = q;
        if (!upperOpen && settled < 0) settled = at;
        if (jokers) {
          yahtzee1[at] = y1;
          yahtzee2[at] = y2;
        }
        shift[at] = value - bonusPoints * q - yahtzeeBonus * (y1 + 2 * y2) - stateValue(rows, mask);
      }
    }
  }
  return { upperStates: states, chance, shift, yahtzee1, yahtzee2 };
}
