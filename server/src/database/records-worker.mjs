// The database thread, started by WorkerRecords.ts from source: a worker thread does not inherit tsx
// from `node --import tsx`, so its TypeScript is loaded through tsx's API here.
import { tsImport } from 'tsx/esm/api';

await tsImport('./records.worker.ts', import.meta.url);
