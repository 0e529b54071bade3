/**
 * The solver's Web Worker (a module worker): makes each rule set's table on first use and keeps it, then
 * answers advice, review and table requests one at a time, so that the page never stalls. `seed` and
 * `classic` are solved here (about 0.1 s and 3 s); `yahtzee` and `yatzy`, whose tables take longer to
 * solve than a player should wait, are fetched as shipped assets (table-asset.ts) the first time a
 * request needs them, and solved here only if that fails. Started by `SolverClient`.
 */
import type { RuleSetId } from '../../engine/index.js';
import { decodeStateValues, hasTableAsset } from '../../engine/solver/table-asset.js';
import { hasTable, provideTable } from '../../engine/solver/table.js';
import { answer } from './solver-service.js';
import type { SolverRequest, SolverResponse } from './protocol.js';

/** The parts of the dedicated worker scope used here (the project's lib is DOM, not WebWorker). */
interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<SolverRequest>) => void): void;
  postMessage(message: SolverResponse): void;
}

const scope = self as unknown as WorkerScope;

/** Where a rule set's shipped table is: each address written out, so that the bundler ships the file. */
function assetUrl(rules: RuleSetId): URL | null {
  switch (rules) {
    case 'yahtzee':
      return new URL('../../engine/solver/solver-yahtzee.bin?no-inline', import.meta.url);
    case 'yatzy':
      return new URL('../../engine/solver/solver-yatzy.bin?no-inline', import.meta.url);
    default:
      return null;
  }
}

/** Loads a rule set's shipped table into the engine's cache, once; on failure the table is solved. */
async function loadTable(rules: RuleSetId): Promise<void> {
  const url = assetUrl(rules);
  if (!url || hasTable(rules) || !hasTableAsset(rules)) return;
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    provideTable(decodeStateValues(rules, new Uint8Array(await response.arrayBuffer())));
  } catch (error) {
    console.warn(`The ${rules} table is solved here instead:`, error);
  }
}

/** The rule set a request needs the table of, if any. */
function rulesOf(request: SolverRequest): RuleSetId | null {
  switch (request.kind) {
    case 'advice':
      return request.query.rules;
    case 'review':
      return request.setup.rules ?? 'seed';
    case 'table':
    case 'prepare':
      return request.rules;
    default:
      return null;
  }
}

// One request at a time, in the order they came, each after the table it needs has loaded.
let queue = Promise.resolve();
scope.addEventListener('message', (event) => {
  const request = event.data;
  queue = queue.then(async () => {
    const rules = rulesOf(request);
    const start = performance.now();
    if (rules) await loadTable(rules);
    const response = answer(request);
    // Getting ready includes fetching the table.
    if (response.ok && response.kind === 'prepare') response.millis = performance.now() - start;
    scope.postMessage(response);
  });
});
