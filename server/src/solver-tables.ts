/**
 * The optimal computer player's tables on the server: each rule set made once per process, in a worker
 * thread (solving `classic` takes seconds, which would stall every room if done on the main thread):
 * `yahtzee` and `yatzy` read from their shipped, checksummed assets as the page reads them, the others
 * solved (solver-asset.ts). If a worker cannot be started, the table is made on the main thread, once.
 */
import { Worker } from 'node:worker_threads';
import { COMPILED } from './package-root.js';
import type { StateValues } from '../../src/engine/solver/index.js';
import type { RuleSetId } from '../../src/engine/index.js';
import { loadOrSolveTable, type TableSource } from './solver-asset.js';

const tables = new Map<RuleSetId, Promise<StateValues>>();
/** Where each rule set's table was solved, once it was. */
const solvedIn = new Map<RuleSetId, 'worker' | 'main thread'>();
/** How each rule set's table was made (read from its asset, or solved), once it was. */
const sources = new Map<RuleSetId, TableSource>();

/** The solved table of a rule set: solving starts on the first call, later calls share it. */
export function solvedTable(rules: RuleSetId): Promise<StateValues> {
  let table = tables.get(rules);
  if (!table) {
    table = solveInWorker(rules).then(
      (made) => {
        solvedIn.set(rules, 'worker');
        sources.set(rules, made.source);
        return made.table;
      },
      (error: unknown) => {
        console.warn(`Making ${rules} in a worker failed (${String(error)}); making it here instead`);
        solvedIn.set(rules, 'main thread');
        const made = loadOrSolveTable(rules);
        sources.set(rules, made.source);
        return made.table;
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

/** How a rule set's table was made (its shipped asset read, or solved), once it was. */
export function tableSource(rules: RuleSetId): TableSource | undefined {
  return sources.get(rules);
}

type Made = { table: StateValues; source: TableSource };

function solveInWorker(rules: RuleSetId): Promise<Made> {
  return new Promise<Made>((resolve, reject) => {
    // Compiled, the worker's own JavaScript; from source, a file that loads its TypeScript through tsx.
    const file = COMPILED ? './solver.worker.js' : './solver-worker.mjs';
    const worker = new Worker(new URL(file, import.meta.url), { workerData: { rules } });
    worker.once('message', (made: Made) => {
      resolve(made);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The solver worker stopped (${code})`)));
  });
}
