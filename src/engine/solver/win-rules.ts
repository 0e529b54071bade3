import type { RuleSetId } from '../rules.js';

/**
 * Whether the win model covers a rule set: every rule set now (`seed`, `classic` and `yahtzee` on the
 * target tables of the 13 rows, `yatzy` on its own 15 rows'; win-tables.ts). Kept as the one place the
 * page, the bots and the scripts ask, in a module of its own so that the page can ask without loading
 * the model.
 */
export function winModelCovers(rules: RuleSetId): boolean {
  return rules === 'seed' || rules === 'classic' || rules === 'yahtzee' || rules === 'yatzy';
}
