/**
 * Solves one rule set's table for the optimal computer player off the main thread (several seconds for
 * `classic`), and hands it back with its values transferred, not copied.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { solveTable, type StateValues } from '../../src/engine/solver/index.js';
import { isRuleSetId } from '../../src/engine/index.js';

const rules: unknown = (workerData as { rules?: unknown } | null)?.rules;
if (!isRuleSetId(rules)) throw new Error(`Unknown rules ${String(rules)}`);
const table: StateValues = solveTable(rules);
parentPort?.postMessage(table, [table.values.buffer as ArrayBuffer]);
