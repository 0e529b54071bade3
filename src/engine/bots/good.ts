import type { RuleSetId } from '../rules.js';
import { myopicTable, type StateValues } from '../solver/index.js';
import type { Bot } from './bot.js';
import { solverBot } from './solver-bot.js';

const tables = new Map<RuleSetId, StateValues>();

function myopic(rules: RuleSetId): StateValues {
  let table = tables.get(rules);
  if (!table) {
    table = myopicTable(rules);
    tables.set(rules, table);
  }
  return table;
}

/**
 * A solid bot that thinks one turn ahead: its holds and row maximise the expected points of the
 * current turn (the row's points and any bonus completed now), blind to what the row would be worth
 * later. It grabs big scores early and sacrifices nothing for the future.
 */
export function createGoodBot(): Bot {
  return solverBot('good', myopic);
}
