import { defineConfig } from 'vite';
import { minifyCssLiterals } from './scripts/minify-css-literals.js';
import { precompress } from './scripts/precompress.js';
import { sharedWorkers } from './scripts/shared-workers.js';

/**
 * The game for any page, no bundler needed: one `<script type="module" src=".../standalone/dice-poker.js">`
 * and the `<dice-poker>` tag. three, cannon-es and lit are inside; the coach, the solver's worker and
 * the other chunks load from beside it. Built into the site (dist/app/standalone), so `npm start`
 * serves it too.
 */
export default defineConfig({
  // Chunks and the worker are found next to the module, wherever it is served from.
  base: './',
  // Compressed copies beside each file, as the page's (vite.config.ts), brotli at its quicker quality:
  // this page never loads these files, and the build stays quick.
  plugins: [
    minifyCssLiterals(),
    // The table's worker shares three's geometry with the element (as the page's build does): apart, it
    // would carry its own copy (about 110 kB) before the first frame's shapes could be built.
    sharedWorkers(['src/scene/table-pixels.worker.ts']),
    precompress({ best: false }),
  ],
  build: {
    outDir: 'dist/app/standalone',
    target: 'es2022',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // Library builds keep whitespace by default; this file goes to browsers as it is.
    minify: true,
    lib: { entry: { 'dice-poker': 'src/index.ts' }, formats: ['es'] },
  },
  worker: { format: 'es' },
});
