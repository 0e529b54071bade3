import {
  ROW_POINT_VALUES,
  ROW_POINT_VALUES_START,
  ROW_COUNT,
  ALL_FILLED,
  UPPER_MASK,
} from './sheet-model.js';
import { stateValue, type StateValues } from './table.js';
import { LEAF_WIDTH } from './turn.js';
import { ROW_MAX, TurnFollower } from './win-tables.js';

/**
 * The classic upper bonus as the player that plays to win sees it (an approximation, see win.ts): for
 * each set of filled rows and capped upper total, `chance[mask * 64 + upper]` is the chance that
 * expected-score play of `classic` earns the bonus from there on (0 once earned: it is in the total
 * already), and `shift[...]` the points the rows give up for it, against expected-score play of the
 * rows alone: `classic value = seed value + shift + 35 * chance`. NaN where no game goes.
 */
export interface BonusChances {
  readonly upperStates: number;
  readonly chance: Float64Array;
  readonly shift: Float64Array;
}

/**
 * Follows the classic expected-score play over every state it can reach (a few seconds, once).
 * @param classic the solved `classic` table
 * @param seed the solved `seed` table
 */
export function solveBonusChances(classic: StateValues, seed: StateValues): BonusChances {
  const { upperStates: states, threshold, points: bonusPoints } = classic.model;
  const chance = new Float64Array((ALL_FILLED + 1) * states).fill(NaN);
  const shift = new Float64Array((ALL_FILLED + 1) * states).fill(NaN);
  const follower = new TurnFollower();
  const outcome = follower.outcome;
  for (let mask = ALL_FILLED; mask >= 0; mask--) {
    let upperLeft = 0;
    for (let row = 0; row < 6; row++) if (!(mask & (1 << row))) upperLeft += ROW_MAX[row]!;
    const base = mask * states;
    for (let upper = 0; upper < states; upper++) {
      const value = stateValue(classic, mask, upper);
      if (Number.isNaN(value)) continue;
      let q = 0;
      if (mask !== ALL_FILLED && upper < threshold && upper + upperLeft >= threshold) {
        follower.solve(classic, mask, upper);
        follower.follow();
        for (let row = 0; row < ROW_COUNT; row++) {
          const bit = 1 << row;
          if (mask & bit) continue;
          const end = ROW_POINT_VALUES_START[row + 1]!;
          for (let i = ROW_POINT_VALUES_START[row]!; i < end; i++) {
            const p = ROW_POINT_VALUES[i]!;
            const w = outcome[row * LEAF_WIDTH + p]!;
            if (w === 0) continue;
            if (!(bit & UPPER_MASK)) q += w * chance[(mask | bit) * states + upper]!;
            else if (upper + p >= threshold) q += w;
            else q += w * chance[(mask | bit) * states + upper + p]!;
          }
        }
      }
      chance[base + upper] = q;
      shift[base + upper] = value - bonusPoints * q - stateValue(seed, mask);
    }
  }
  return { upperStates: states, chance, shift };
}
