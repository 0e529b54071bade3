// A physics worker thread, started by ThrowPool.ts. The physics is TypeScript, and a worker thread
// does not inherit tsx from `node --import tsx`, so it is loaded through tsx's API here, and its
// handler passed on to piscina.
import { tsImport } from 'tsx/esm/api';

export default (await tsImport('./throw.worker.ts', import.meta.url)).default;
