// The entry of a `npm run sim -- --duel` worker thread: Node 20 does not pass tsx's loader (given as
// execArgv) on to a worker, so the worker registers it itself, then runs the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./sim-worker.ts');
