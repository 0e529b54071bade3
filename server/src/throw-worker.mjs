// A physics worker thread, started by ThrowPool.ts. The physics is TypeScript, and a worker thread
// does not inherit tsx from `node --import tsx`, so it is loaded through tsx's API here.
import { tsImport } from 'tsx/esm/api';

await tsImport('./throw.worker.ts', import.meta.url);
