import { playerTotal, RuleError, type RuleSetId } from '../../engine/index.js';
import {
  flagOf,
  getTable,
  maskOf,
  rankHolds,
  rankRows,
  stateValue,
  trackedUpper,
  type StateValues,
} from '../../engine/solver/index.js';
import { reviewGame } from '../../engine/solver/review.js';
import type { Advice, AdviceQuery, SolverRequest, SolverResponse } from './protocol.js';

/** Differences below this are rounding, not a better move (the solver's own tie). */
const TIE = 1e-9;

/**
 * The coach's advice on a position against a solved table. Pure: the worker and the main-thread
 * fallback both answer with it.
 * @throws RuleError `bad-dice`, `game-over` or `bad-state` for a position the table cannot value
 */
export function adviseOn(table: StateValues, query: AdviceQuery): Advice {
  const { rules, scores, dice, rollsUsed } = query;
  if (rollsUsed === 0) {
    const mask = maskOf(scores, table.sheet);
    const rest = stateValue(table, mask, trackedUpper(table.model, scores), flagOf(table.sheet, scores));
    if (Number.isNaN(rest)) throw new RuleError('bad-state', 'The table has no value for this sheet');
    const expected = playerTotal(rules, scores, query.yahtzeeBonuses ?? 0) + rest;
    return { rules, rollsUsed, dice: [...dice], expected, rows: [], holds: [], best: null };
  }
  const rows = rankRows(table, query);
  const holds = rankHolds(table, query);
  const hold = holds.find((choice) => choice.rerolls);
  const row = rows[0]!;
  const holdWins = !!hold && hold.expected > row.expected + TIE;
  return {
    rules,
    rollsUsed,
    dice: [...dice],
    expected: holdWins ? hold.expected : row.expected,
    rows,
    holds,
    best: holdWins ? { type: 'hold', held: hold.held } : { type: 'row', row: row.row },
  };
}

/** Solves a rule set's table once and keeps it (the engine's own cache), timing the first solve. */
export function tableFor(rules: RuleSetId): { table: StateValues; millis: number } {
  const start = performance.now();
  const table = getTable(rules);
  return { table, millis: performance.now() - start };
}

/**
 * Answers one request of the solver protocol. Errors become `{ ok: false }` answers, so a bad request
 * never takes the worker down.
 */
export function answer(request: SolverRequest): SolverResponse {
  const { id } = request;
  try {
    switch (request.kind) {
      case 'advice':
        return {
          id,
          ok: true,
          kind: 'advice',
          advice: adviseOn(getTable(request.query.rules), request.query),
        };
      case 'review': {
        const table = getTable(request.setup.rules ?? 'seed');
        return { id, ok: true, kind: 'review', review: reviewGame(request.setup, request.log, table) };
      }
      case 'table':
        return { id, ok: true, kind: 'table', table: getTable(request.rules) };
      case 'prepare':
        return { id, ok: true, kind: 'prepare', millis: tableFor(request.rules).millis };
      default:
        // The chance to win is the win worker's (win.worker.ts): never built in the page's own thread.
        return { id, ok: false, error: 'The chance to win needs its worker', code: 'unavailable' };
    }
  } catch (error) {
    const code = error instanceof RuleError ? error.code : undefined;
    return { id, ok: false, error: error instanceof Error ? error.message : String(error), code };
  }
}
