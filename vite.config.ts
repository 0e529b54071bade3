import { defineConfig } from 'vitest/config';
import { minifyCssLiterals } from './scripts/minify-css-literals.js';

/** The playable page (index.html) and the unit tests. The library build is vite.lib.config.ts. */
export default defineConfig({
  // Static files (the favicon, sounds) are served from assets/ as they are.
  publicDir: 'assets',
  plugins: [minifyCssLiterals()],
  build: {
    outDir: 'dist/app',
    target: 'es2022',
    // three.js alone is ~130 KB gzip; the warning limit is raw size, so the real budget is checked in the README bench.
    chunkSizeWarningLimit: 800,
    // No preload helper (1.2 kB gzip in the entry): the few chunks loaded later (start panel, coach,
    // sounds, game end) share almost nothing, so fetching their imports in parallel would gain little.
    modulePreload: false,
  },
  worker: { format: 'es' },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    include: ['src/**/*.test.ts', 'server/src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
  },
});
