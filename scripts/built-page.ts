// The page as `npm start` builds it (vite.config.ts), built into a folder of its own and served by Vite's
// preview server on a free port: what the browser benchmarks measure. A folder of its own, because test
// runs rebuild dist/app and would pull the chunks loaded later from under a running benchmark.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';

/** The served page: its address, and the call that stops the server and removes the build. */
export interface BuiltPage {
  url: string;
  /** The folder the page was built into (its files as served), until `close`. */
  outDir: string;
  close(): Promise<void>;
}

/** Builds the page into a temporary folder named after `name` and serves it on 127.0.0.1. */
export async function serveBuiltPage(name: string): Promise<BuiltPage> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const outDir = await mkdtemp(join(tmpdir(), `${name}-`));
  const removeBuild = () => rm(outDir, { recursive: true, force: true });
  try {
    await build({ root, logLevel: 'error', build: { outDir, emptyOutDir: true } });
    const server = await preview({
      root,
      logLevel: 'error',
      build: { outDir },
      preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
    });
    const address = server.httpServer.address();
    if (typeof address !== 'object' || !address) {
      await server.close();
      throw new Error('the preview server has no port');
    }
    return {
      url: `http://127.0.0.1:${address.port}/`,
      outDir,
      close: async () => {
        await server.close();
        await removeBuild();
      },
    };
  } catch (error) {
    await removeBuild();
    throw error;
  }
}
