/**
 * The solver's Web Worker (a module worker): solves each rule set's table on first use (about 0.3 s for
 * `seed`, several seconds for `classic`) and keeps it, then answers advice, review and table requests
 * one at a time, so that the page never stalls. Started by `SolverClient`.
 */
import { answer } from './solver-service.js';
import type { SolverRequest, SolverResponse } from './protocol.js';

/** The parts of the dedicated worker scope used here (the project's lib is DOM, not WebWorker). */
interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<SolverRequest>) => void): void;
  postMessage(message: SolverResponse): void;
}

const scope = self as unknown as WorkerScope;

scope.addEventListener('message', (event) => scope.postMessage(answer(event.data)));
