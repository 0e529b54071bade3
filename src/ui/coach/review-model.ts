import { TURNS, type RuleSetId } from '../../engine/index.js';
import { rowPoints } from '../../engine/scoring.js';
import type { WinReviewedDecision } from '../../engine/solver/index.js';
import type { PlayerReview, ReviewOption } from '../../engine/solver/review.js';
import { rowName, type Strings } from '../i18n/index.js';
import { coachStringsFor } from '../i18n/coach-strings.js';

/**
 * Expected points a player lost in each round (13 entries, 15 when a round past the 13th has a
 * decision, as under `yatzy`; 0 where nothing was lost).
 */
export function lossByRound(review: PlayerReview): number[] {
  const rounds = Array<number>(TURNS).fill(0);
  for (const decision of review.decisions)
    rounds[decision.turn] = (rounds[decision.turn] ?? 0) + decision.loss;
  return Array.from(rounds, (loss) => loss ?? 0);
}

/**
 * An option in words: a row with its points (named as the rule set names it, `seed`'s names when left
 * out), the faces kept, or throwing all again.
 */
export function optionText(option: ReviewOption, s: Strings, rules: RuleSetId = 'seed'): string {
  if (option.type === 'row')
    return coachStringsFor(s.lang).scored(rowName(s, rules, option.row), option.points);
  return option.kept.length
    ? `${coachStringsFor(s.lang).hold} ${option.kept.join(' ')}`
    : coachStringsFor(s.lang).holdNone;
}

/** Whether two options are the same move (the same row, or holds keeping the same faces). */
export function sameOption(a: ReviewOption, b: ReviewOption): boolean {
  if (a.type === 'row') return b.type === 'row' && a.row === b.row;
  return b.type === 'hold' && a.kept.join() === b.kept.join();
}

/** Chance to win below this is not called a loss (a rounding, or a decided game). */
export const WIN_LOSS_MIN = 0.001;

/** Which dice of a throw keep these faces (the first of equal ones). */
export function heldOf(dice: readonly number[], kept: readonly number[]): boolean[] {
  const need = new Map<number, number>();
  for (const face of kept) need.set(face, (need.get(face) ?? 0) + 1);
  return dice.map((face) => {
    const left = need.get(face) ?? 0;
    if (left > 0) need.set(face, left - 1);
    return left > 0;
  });
}

/** An option of the review by chance to win as the review shows options: a row with its points, or a hold. */
export function winOption(option: WinReviewedDecision['best'], dice: readonly number[]): ReviewOption {
  // The win model plays `seed` and `classic` only, which score every row alike.
  return option.type === 'row'
    ? { type: 'row', row: option.row, points: rowPoints('seed', option.row, dice), expected: option.win }
    : { type: 'hold', held: heldOf(dice, option.kept), kept: option.kept, expected: option.win };
}

/** A player's decisions that gave up the most chance to win, worst first (ties in play order). */
export function worstByWin(
  decisions: readonly WinReviewedDecision[],
  player: number,
  count: number,
): WinReviewedDecision[] {
  return decisions
    .filter((d) => d.player === player && d.loss >= WIN_LOSS_MIN)
    .sort((a, b) => b.loss - a.loss)
    .slice(0, Math.max(0, count));
}
