import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, findChromium, SOFTWARE_COMPOSITING_ARGS } from './scripts/chromium.mjs';
import { guideSeen } from './tests/browser/helpers.js';
import { madeDataTemplate } from './tests/support/data-template.js';

/** The port the built game is served on (as `npm start` serves it); another can be set to run two suites at once. */
const port = Number(process.env.DP_TEST_PORT ?? 4173);

/** Where the test server keeps its games: a folder of its own per port, emptied for each run. */
const dataDir = join(tmpdir(), `dp-test-data-${port}`);

/**
 * The page and the game server are built before they are served, unless DP_TEST_BUILT=1 says they
 * are built already (scripts/test-all.mjs builds them beside the unit tests).
 */
const build = process.env.DP_TEST_BUILT === '1' ? '' : 'npm run build:app && npm run build -w server && ';

/**
 * The test server's data folder starts as a copy of the made database the unit tests keep
 * (tests/support/data-template.ts), where there is one: making it again takes seconds of a core.
 */
const template = madeDataTemplate();
const freshData = `rm -rf ${dataDir}${template ? ` && cp -r ${template} ${dataDir}` : ''}`;

/** Browser tests: the built game served as `npm start` serves it (page and game server), in a real Chromium with (software) WebGL. */
export default defineConfig({
  testDir: 'tests/browser',
  // A folder of its own, which Playwright empties when it starts: the unit tests' results written
  // before it (test-results/vitest.json, engines.json) stay to be read after the run.
  outputDir: 'test-results/browser',
  fullyParallel: false,
  // Software WebGL takes a core per page: two workers on two cores.
  workers: 2,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Estonian, the game's first language: a browser in any other shows English on a first visit
    // (first-visit.spec.ts opens pages in other languages on purpose).
    locale: 'et-EE',
    // A returning visitor: "How to play" (shown once, on a first visit) does not stand over the start
    // panel that most tests begin at. The tests of a first visit open a context without it.
    storageState: guideSeen(`http://127.0.0.1:${port}`),
    trace: 'off',
    screenshot: 'only-on-failure',
    // The page's service worker (it caches the whole site in the background) is tested on its own
    // (installable.spec.ts allows it); elsewhere it would add that download to every test and answer
    // requests that tests watch or change with page.route.
    serviceWorkers: 'block',
    // Composited on the CPU, as Chrome does without a GPU (SwiftShader draws the WebGL canvas only):
    // SwiftShader as the compositor too presents the whole window each frame, which made the suite
    // some 25% slower on 2 cores, on a machine no player has.
    launchOptions: { executablePath: findChromium(), args: [...CHROMIUM_ARGS, ...SOFTWARE_COMPOSITING_ARGS] },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 720 } } },
  ],
  webServer: {
    // As `npm start` serves it: the built page and the online game server on one port (every page of
    // the suite is on this machine: loopback is not limited here).
    command: `${build}${freshData} && PORT=${port} DATA_DIR=${dataDir} LIMIT_LOOPBACK=0 node server/dist/server/src/main.js`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
