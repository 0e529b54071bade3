/**
 * Makes one rule set's table for the optimal computer player off the main thread (solving `classic`
 * takes seconds; decoding a shipped table a fraction of one) and hands it back with its values
 * transferred, not copied, and how it was made.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isRuleSetId } from '../../src/engine/index.js';
import { loadOrSolveTable } from './solver-asset.js';

const rules: unknown = (workerData as { rules?: unknown } | null)?.rules;
if (!isRuleSetId(rules)) throw new Error(`Unknown rules ${String(rules)}`);
const { table, source } = loadOrSolveTable(rules);
parentPort?.postMessage({ table, source }, [table.values.buffer as ArrayBuffer]);
