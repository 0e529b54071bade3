import { resolve } from 'node:path';
import type { Plugin } from 'vite';

// Vite bundles each module worker (`new Worker(new URL('./x.worker.ts', import.meta.url))`) in a build of
// its own, so the coach's two workers each carried a copy of the engine and the solver that the page
// loads too (about 15 kB gzip twice over). Here the named workers are chunks of the page's own build
// instead (an emitted chunk per worker): the bundler splits what a worker shares with the page or with
// the other worker into chunks both import, and a browser loads each of those once. A worker only
// imports chunks of modules it reaches itself, never the page's entry (the element, three.js, Lit).
// The standalone bundle shares the table's worker the same way (vite.standalone.config.ts). The dev
// server and the npm package's build keep Vite's workers: a browser runs the source as it is.

/** `new Worker(new URL('<relative path>', import.meta.url)`, as the source writes it. */
const WORKER_URL = /new Worker\(\s*new URL\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;

/**
 * The page's build with the listed module workers (paths from the project's root) made as chunks of it.
 * @throws Error (the build fails) when a listed worker is never started with the form above
 */
export function sharedWorkers(workers: readonly string[]): Plugin {
  const wanted = new Set(workers.map((path) => resolve(path)));
  const found = new Set<string>();
  return {
    name: 'dice-poker:shared-workers',
    apply: 'build',
    // Before Vite's own worker plugin reads the same form.
    enforce: 'pre',
    transform(code, id) {
      if (!/\.[cm]?[jt]s$/.test(id) || !code.includes('new Worker(')) return null;
      let changed = false;
      const out = code.replace(WORKER_URL, (whole, _quote: string, path: string) => {
        const file = resolve(id, '..', path);
        if (!wanted.has(file)) return whole;
        found.add(file);
        changed = true;
        const ref = this.emitFile({ type: 'chunk', id: file, preserveSignature: false });
        // Vite writes the chunk's address from the site's root: made absolute as before, so the
        // worker's own imports and fetches resolve beside it.
        return `new Worker(new URL(import.meta.ROLLUP_FILE_URL_${ref}, import.meta.url)`;
      });
      return changed ? { code: out, map: null } : null;
    },
    buildEnd(error) {
      if (error) return;
      const missing = [...wanted].filter((file) => !found.has(file));
      if (missing.length)
        this.error(`shared-workers: never started as new Worker(new URL(...)): ${missing.join(', ')}`);
    },
  };
}
