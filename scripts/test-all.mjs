// `npm test`: every unit test (vitest), every browser test (Playwright, Chromium), the smoke tests in Firefox and
// WebKit (tests/engines), the npm package as an embedder installs it, then one line that adds them up.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync, openSync, closeSync } from 'node:fs';

const RESULTS = 'test-results';
mkdirSync(RESULTS, { recursive: true });

function run(command, args) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', shell: false }).status ?? 1;
}

/** Runs `command args` with this process's output, letting other work go on; resolves with its status. */
function runInherited(command, args) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const child = spawn(command, args, { stdio: 'inherit', shell: false });
  return new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('close', (status) => resolve(status ?? 1));
  });
}

/**
 * Starts `command args` in the background, its output into the file `log`; resolves with its status.
 * For work that may share the cores with the unit tests, which spend much of their time waiting on the
 * servers they start.
 */
function runAside(command, args, log) {
  const out = openSync(log, 'a');
  const child = spawn(command, args, { stdio: ['ignore', out, out], shell: false });
  return new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('close', (status) => {
      closeSync(out);
      resolve(status ?? 1);
    });
  });
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

// The unit tests start a redis-server of their own (server/src/shared-rooms.test.ts): installed here first
// where it is missing, as Chromium is for the browser tests, never from inside a test.
run('node', ['scripts/ensure-redis.mjs']);
// And a PostgreSQL server of their own (server/src/database/database.test.ts): its programs, the same way.
run('node', ['scripts/ensure-postgres.mjs']);

// Firefox and WebKit (scripts/ensure-engines.mjs) and Chromium, installed first where missing: installs
// take the package manager's lock, so none of them runs beside another.
const ensureEnginesStatus = run('node', ['scripts/ensure-engines.mjs']);
const ensureChromiumStatus = run('node', ['scripts/ensure-chromium.mjs']);

// The smoke tests in Firefox and WebKit, then the npm package as an embedder gets it, run beside the
// unit tests (those spend much of their time waiting on the servers they start); their output is
// printed once they end. The smoke tests run even when an engine could not be installed: an engine
// that is not there fails its tests, saying so, and the others still run.
const enginesJson = `${RESULTS}/engines.json`;
const asideLog = `${RESULTS}/engines-and-package.log`;
rmSync(enginesJson, { force: true });
rmSync(asideLog, { force: true });
// First the game server, compiled: the unit tests then start it as `npm start` does, told so by
// DP_SERVER_BUILT (server/src/processes.ts), each start 1.6 s of CPU less than through tsx.
const serverBuild = runAside('npm', ['run', 'build', '-w', 'server'], asideLog);
const aside = (async () => {
  // Beside it, the page: the browser tests serve both (playwright.config.ts), told there that they are
  // built (DP_TEST_BUILT); the smoke tests use the same page, and the browser tests, which take both
  // cores when they run, then start at once.
  const built = (await runAside('npm', ['run', 'build:app'], asideLog)) || (await serverBuild);
  const engines = await runAside('npx', ['tsx', 'tests/engines/run.ts'], asideLog);
  // Packed, installed into a fresh strict Vite + TypeScript app, type-checked, built and thrown in
  // Chromium (scripts/check-package.mjs). One test.
  const pack = await runAside('node', ['scripts/check-package.mjs'], asideLog);
  return { built, engines, pack };
})();

// Where the server could not be built, the unit tests start it through tsx (and the build's error is
// printed with the work beside them).
if ((await serverBuild) === 0) process.env.DP_SERVER_BUILT = '1';
const vitestJson = `${RESULTS}/vitest.json`;
rmSync(vitestJson, { force: true });
// Not spawnSync: the work beside it must be told, as it goes, that each of its steps ended.
const unitStatus = await runInherited('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${vitestJson}`,
]);
const unit = readJson(vitestJson);
let passed = unit?.numPassedTests ?? 0;
let failed = unit ? unit.numFailedTests : 1;
if (unitStatus !== 0 && failed === 0) failed = 1; // the run broke before counting (e.g. a file failed to load)

const asideStatus = await aside;
console.log(
  `\n$ npm run build:app; npm run build -w server; npx tsx tests/engines/run.ts; node scripts/check-package.mjs (beside the unit tests)`,
);
console.log(existsSync(asideLog) ? readFileSync(asideLog, 'utf8') : '(no output)');
const engines = existsSync(enginesJson) ? readJson(enginesJson) : undefined;
passed += engines?.passed ?? 0;
failed += engines?.failed ?? 0;
if ((ensureEnginesStatus !== 0 || asideStatus.engines !== 0) && !(engines?.failed > 0)) failed += 1;
if (ensureChromiumStatus === 0 && asideStatus.pack === 0) passed += 1;
else failed += 1;

// Last, alone: the browser tests take both cores (software WebGL draws on the CPU).
const browserJson = `${RESULTS}/playwright.json`;
rmSync(browserJson, { force: true });
// Where the build beside the unit tests failed, the browser tests build again themselves (and say why).
if (asideStatus.built === 0) process.env.DP_TEST_BUILT = '1';
const browserStatus = ensureChromiumStatus || run('npx', ['playwright', 'test']);
const browser = existsSync(browserJson) ? readJson(browserJson) : undefined;
const stats = browser?.stats;
if (stats) {
  passed += stats.expected ?? 0;
  failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0);
}
if (browserStatus !== 0 && !(stats?.unexpected > 0)) failed += 1;

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
