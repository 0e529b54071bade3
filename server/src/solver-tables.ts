/**
 * The optimal computer player's tables on the server: each rule set solved once per process, in a worker
 * thread (solving `classic` takes seconds, which would stall every room if done on the main thread).
 * If a worker cannot be started, the table is solved on the main thread instead, once.
 */
import { Worker } from 'node:worker_threads';
import { COMPILED } from './package-root.js';
import { solveTable, type StateValues } from '../../src/engine/solver/index.js';
import type { RuleSetId } from '../../src/engine/index.js';

const tables = new Map<RuleSetId, Promise<StateValues>>();
/** Where each rule set's table was solved, once it was. */
const solvedIn = new Map<RuleSetId, 'worker' | 'main thread'>();

/** The solved table of a rule set: solving starts on the first call, later calls share it. */
export function solvedTable(rules: RuleSetId): Promise<StateValues> {
  let table = tables.get(rules);
  if (!table) {
    table = solveInWorker(rules).then(
      (solved) => {
        solvedIn.set(rules, 'worker');
        return solved;
      },
      (error: unknown) => {
        console.warn(`Solving ${rules} in a worker failed (${String(error)}); solving it here instead`);
        solvedIn.set(rules, 'main thread');
        return solveTable(rules);
      },
    );
    tables.set(rules, table);
  }
  return table;
}

/** Where a rule set's table was solved (a worker, or the main thread after a worker failed), once it was. */
export function whereSolved(rules: RuleSetId): 'worker' | 'main thread' | undefined {
  return solvedIn.get(rules);
}

function solveInWorker(rules: RuleSetId): Promise<StateValues> {
  return new Promise<StateValues>((resolve, reject) => {
    // Compiled, the worker's own JavaScript; from source, a file that loads its TypeScript through tsx.
    const file = COMPILED ? './solver.worker.js' : './solver-worker.mjs';
    const worker = new Worker(new URL(file, import.meta.url), { workerData: { rules } });
    worker.once('message', (table: StateValues) => {
      resolve(table);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The solver worker stopped (${code})`)));
  });
}
