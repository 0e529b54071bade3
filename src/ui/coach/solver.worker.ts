/**
 * The solver's Web Worker (a module worker): makes each rule set's table on first use and keeps it, then
 * answers advice, review and table requests one at a time, so that the page never stalls. `seed` and
 * `classic` are solved here (about 0.1 s and 3 s); `yahtzee` and `yatzy`, whose tables take longer to
 * solve than a player should wait, are fetched as shipped assets (table-asset.ts) the first time a
 * request needs them, and solved here only if that fails. Started by `SolverClient`.
 */
import type { RuleSetId } from '../../engine/index.js';
import { answer } from './solver-service.js';
import { loadTable } from './table-assets.js';
import type { SolverRequest, SolverResponse } from './protocol.js';

/** The parts of the dedicated worker scope used here (the project's lib is DOM, not WebWorker). */
interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<SolverRequest>) => void): void;
  postMessage(message: SolverResponse): void;
}

const scope = self as unknown as WorkerScope;

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
