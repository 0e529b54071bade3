// The entry of a calibration worker thread (calibration-worker.ts): Node 20 does not pass tsx's loader
// (given as execArgv) on to a worker, so the worker registers it itself, then runs the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./calibration-worker.ts');
