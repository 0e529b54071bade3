import { getTable, type StateValues } from '../solver/index.js';
import type { Bot } from './bot.js';
import { solverBot } from './solver-bot.js';

/**
 * The strongest bot: every hold and row maximises the expected final score of solitaire play, from
 * the solver's table of the game's rule set (solved on first use: about 0.2 s for `seed`, a few seconds
 * for `classic`; pass a table solved elsewhere, e.g. in a worker, to skip that).
 */
export function createOptimalBot(table?: StateValues): Bot {
  return solverBot('optimal', (rules) => (table?.rules === rules ? table : getTable(rules)));
}
