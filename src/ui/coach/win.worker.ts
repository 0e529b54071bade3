/**
 * The chance to win's Web Worker (a module worker), started by `SolverClient` on the first win request
 * (hints in a game of two or more, a `winner` seat, the review by chance to win), apart from the solver's
 * worker so that the expected scores never wait for a model being built. It fetches the target tables a
 * rule set plays with (win-targets.bin, about 2.2 MB, for the 13 rows; win-targets-yatzy.bin for
 * `yatzy`), the rule set's shipped optimal-play table and its bonus chances (`yahtzee`, `yatzy`) once,
 * then builds each rule set's model on first use. A request may say how each seat plays (`seats`: win-service.ts).
 */
import type { SolverRequest, SolverResponse } from './protocol.js';
import { fetchWinTargets, loadWinBonus } from './table-assets.js';
import { WinService } from './win-service.js';

/** The parts of the dedicated worker scope used here (the project's lib is DOM, not WebWorker). */
interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<SolverRequest>) => void): void;
  postMessage(message: SolverResponse): void;
}

const scope = self as unknown as WorkerScope;

// `loadWinBonus` loads the rule set's optimal-play table first.
const service = new WinService(fetchWinTargets, loadWinBonus);

scope.addEventListener('message', (event) => {
  void service.answer(event.data).then((response) => scope.postMessage(response));
});
