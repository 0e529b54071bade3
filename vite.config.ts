import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { minifyCssLiterals } from './scripts/minify-css-literals.js';
import { precompress } from './scripts/precompress.js';
import { trimThree } from './scripts/three-trim.js';
import { trimCannon } from './scripts/cannon-trim.js';
import { sharedWorkers } from './scripts/shared-workers.js';
import { webManifest } from './scripts/web-manifest.js';
import ProcessesFirst from './tests/support/sequencer.js';
import { TEST_NODE_FLAGS } from './tests/support/node-flags.js';

/** The module Vite's import analysis wraps every dynamic import of a build in (`__vitePreload`). */
const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Vite wraps every dynamic import in its preload helper even with `modulePreload: false`
 * (vitejs/vite#18551): the helper fetches a chunk's CSS and imports before it, and tells a failed load
 * as a `vite:preloadError` event. No chunk here has CSS, nothing preloads, and nothing listens for that
 * event, so the helper only ever ran the import: here it does just that (0.7 kB gzip less in the entry).
 */
function plainDynamicImports(): Plugin {
  return {
    name: 'dice-poker:plain-dynamic-imports',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === PRELOAD_HELPER ? id : undefined;
    },
    load(id) {
      return id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : undefined;
    },
  };
}

/**
 * Marks the page's own scripts in index.html (the entry and the chunks it preloads) as wanted after
 * what paints: the page paints its poster from index.html and page.css (.dp-poster) before the
 * game's code runs, so the style sheet goes first and the scripts, which never block a paint (module
 * scripts are deferred), take the rest of the connection after it.
 */
function scriptsAfterPaint(): Plugin {
  return {
    name: 'dice-poker:scripts-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<(script type="module"|link rel="modulepreload")( crossorigin)? /g,
          '<$1$2 fetchpriority="low" ',
        ),
    },
  };
}

/**
 * The playable page (index.html) and the unit tests. The library build is vite.lib.config.ts.
 * Only this build makes the service worker (sw.js) and the web app manifest: they are the page's
 * (src/page/main.ts registers the worker), never the element's.
 */
export default defineConfig({
  // Static files (the favicon, sounds) are served from assets/ as they are.
  publicDir: 'assets',
  plugins: [
    minifyCssLiterals(),
    // three.js without the shaders and parts the table never uses (40 kB gzip), loud if one is asked for.
    trimThree(),
    // cannon-es without the shapes and ray casts the dice never meet (10 kB gzip), loud if one is reached.
    trimCannon(),
    // The coach's two workers share the engine and the solver with the page and each other (15 kB gzip).
    sharedWorkers([
      'src/ui/coach/solver.worker.ts',
      'src/ui/coach/win.worker.ts',
      'src/scene/table-pixels.worker.ts',
    ]),
    plainDynamicImports(),
    scriptsAfterPaint(),
    VitePWA({
      // A new version waits until the player takes it (src/page/UpdateOffer.ts), never mid-game.
      registerType: 'prompt',
      // src/page/offline-worker.ts registers it, after the page has loaded.
      injectRegister: false,
      manifest: webManifest,
      // The icons are in the glob below already.
      includeManifestIcons: false,
      workbox: {
        // The page, every chunk and worker, the coach's tables and the icons: all a game needs offline.
        // (The manifest is added by the plugin itself.)
        globPatterns: ['**/*.{html,js,css,bin,png,svg,ico}'],
        // The standalone bundle is for other sites' pages; this page never loads it. The solved tables
        // of yahtzee and yatzy (solver-*.bin, 1.4 and 3.6 MB), yatzy's target tables for the chance
        // to win (win-targets-yatzy-*.bin, 7.8 MB) and the win model's bonus chances of both
        // (win-bonus-*.bin, 2.1 and 1.9 MB) are fetched only when that rule set is played, and kept
        // then (runtimeCaching below): not every visitor downloads them.
        globIgnores: ['standalone/**', '**/solver-*.bin', '**/win-targets-yatzy-*.bin', '**/win-bonus-*.bin'],
        runtimeCaching: [
          {
            // Their names change with their content, so a kept copy is always the right one.
            urlPattern: /\/(solver|win-targets-yatzy|win-bonus)-[^/]*\.bin$/,
            handler: 'CacheFirst',
            options: { cacheName: 'solver-tables', expiration: { maxEntries: 8 } },
          },
        ],
        // win-targets.bin (2.2 MB, the chance to win) is over Workbox's 2 MiB default. Precached, not
        // cached on first use: the coach's chance to win, a "plays to win" computer and the review's
        // switch all need it, and a page visited once must play them offline whether or not they were
        // opened while online. The worker fetches it in the background after the page has loaded.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // Any address of the page (an invite link is /?room=ID) opens the cached page offline.
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/matchmake\//, /^\/standalone\//],
        cleanupOutdatedCaches: true,
      },
    }),
    // Each file also brotli- and gzip-compressed beside it, for the game server to send as it is.
    precompress(),
  ],
  resolve: {
    // workbox-window's package names its ES5 build for bundlers (2.3 kB gzip); the same version's
    // ES2017 build does the same in 1.4 (the page's target is ES2022). It registers the service worker.
    alias: [{ find: /^workbox-window$/, replacement: 'workbox-window/build/workbox-window.prod.mjs' }],
  },
  build: {
    outDir: 'dist/app',
    target: 'es2022',
    // three.js alone is ~130 KB gzip; the warning limit is raw size, so the real budget is checked in the README bench.
    chunkSizeWarningLimit: 800,
    // index.html names the few small chunks the entry imports statically (<link rel="modulepreload">),
    // so they come with the entry rather than a round trip after it (on a phone's network, 0.3 s of
    // the first paint of the game). The chunks loaded later (start panel, coach, sounds, game end)
    // share almost nothing, so their imports are not preloaded: Vite's helper for that goes
    // (plainDynamicImports). No polyfill: every browser the game runs in has modulepreload.
    modulePreload: { polyfill: false },
  },
  worker: { format: 'es' },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    include: ['src/**/*.test.ts', 'server/src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    // Three at once on two cores: many files spend their time waiting on the servers they start
    // (PGlite, PostgreSQL, redis-server, the game server), which one at a time (the default on two
    // cores) leaves a core idle; more than three gains nothing (the fuzz test is the longest file).
    maxWorkers: 3,
    // Files share a worker's modules instead of importing everything again for each of the 141: about
    // 40 s of CPU less (import time 196 s -> 109 s summed over the workers). Every test that stubs a
    // global or fakes timers puts them back in its own afterEach.
    isolate: false,
    // The workers open the embedded database too (tests/support/node-flags.ts: --liftoff-only).
    execArgv: [...TEST_NODE_FLAGS],
    // No test is about speed (the benchmarks are: npm run bench:*); sharing two cores three ways, a
    // property test that takes 2 s alone may take 8, and must not fail for it.
    testTimeout: 30_000,
    // The same for a hook that starts a server in this process (fuzz.test.ts, connections.test.ts...).
    hookTimeout: 60_000,
    // An embedded database made once, copied for each test's game server (tests/support/global-setup.ts).
    globalSetup: ['tests/support/global-setup.ts'],
    // The files that start servers first: they take the longest (tests/support/sequencer.ts).
    sequence: { sequencer: ProcessesFirst },
  },
});
