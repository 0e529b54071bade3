// The solver's worker thread, started by solver-tables.ts. The solver is TypeScript, and a worker thread
// does not inherit tsx from `node --import tsx`, so it is loaded through tsx's API here.
import { tsImport } from 'tsx/esm/api';

await tsImport('./solver.worker.ts', import.meta.url);
