import type { RuleSetId } from '../rules.js';

/**
 * Whether the win model covers a rule set: `seed` and `classic`, whose 13 rows score alike. `yahtzee`
 * (its Yahtzee bonus and joker) and `yatzy` (15 rows) are not modelled yet: their coach gives expected
 * scores only, and the `winner` bot plays them as `optimal`. A module of its own, so that the page can
 * ask without loading the model.
 */
export function winModelCovers(rules: RuleSetId): boolean {
  return rules === 'seed' || rules === 'classic';
}
