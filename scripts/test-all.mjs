// `npm test`: every unit test (vitest), every browser test (Playwright, Chromium), the smoke tests in Firefox and
// WebKit (tests/engines), the npm package as an embedder installs it, then one line that adds them up.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';

const RESULTS = 'test-results';
mkdirSync(RESULTS, { recursive: true });

function run(command, args) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', shell: false }).status ?? 1;
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

const vitestJson = `${RESULTS}/vitest.json`;
rmSync(vitestJson, { force: true });
const unitStatus = run('npx', [
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

const browserJson = `${RESULTS}/playwright.json`;
rmSync(browserJson, { force: true });
const browserStatus = run('node', ['scripts/ensure-chromium.mjs']) || run('npx', ['playwright', 'test']);
const browser = existsSync(browserJson) ? readJson(browserJson) : undefined;
const stats = browser?.stats;
if (stats) {
  passed += stats.expected ?? 0;
  failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0);
}
if (browserStatus !== 0 && !(stats?.unexpected > 0)) failed += 1;

// Firefox and WebKit: installed first where missing (scripts/ensure-engines.mjs). The smoke tests run even
// when that fails: an engine that is not there fails its tests, saying so, and the others still run.
const enginesJson = `${RESULTS}/engines.json`;
rmSync(enginesJson, { force: true });
const ensureStatus = run('node', ['scripts/ensure-engines.mjs']);
const enginesStatus = run('npx', ['tsx', 'tests/engines/run.ts']);
const engines = existsSync(enginesJson) ? readJson(enginesJson) : undefined;
passed += engines?.passed ?? 0;
failed += engines?.failed ?? 0;
if ((ensureStatus !== 0 || enginesStatus !== 0) && !(engines?.failed > 0)) failed += 1;

// The npm package as an embedder gets it (scripts/check-package.mjs): packed, installed into a fresh strict
// Vite + TypeScript app, type-checked, built and thrown in Chromium. One test.
if (run('npm', ['run', 'test:package']) === 0) passed += 1;
else failed += 1;

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
