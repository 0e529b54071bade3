import { TURNS } from '../../engine/index.js';
import type { PlayerReview, ReviewOption } from '../../engine/solver/review.js';
import type { Strings } from '../i18n/index.js';
import { coachStringsFor } from '../i18n/coach-strings.js';

/** Expected points a player lost in each round (13 entries, 0 where nothing was lost). */
export function lossByRound(review: PlayerReview): number[] {
  const rounds = Array<number>(TURNS).fill(0);
  for (const decision of review.decisions) rounds[decision.turn] = rounds[decision.turn]! + decision.loss;
  return rounds;
}

/** An option in words: a row with its points, the faces kept, or throwing all again. */
export function optionText(option: ReviewOption, s: Strings): string {
  if (option.type === 'row') return coachStringsFor(s.lang).scored(s.rows[option.row], option.points);
  return option.kept.length
    ? `${coachStringsFor(s.lang).hold} ${option.kept.join(' ')}`
    : coachStringsFor(s.lang).holdNone;
}

/** Whether two options are the same move (the same row, or holds keeping the same faces). */
export function sameOption(a: ReviewOption, b: ReviewOption): boolean {
  if (a.type === 'row') return b.type === 'row' && a.row === b.row;
  return b.type === 'hold' && a.kept.join() === b.kept.join();
}
