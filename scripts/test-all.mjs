// `npm test`: every unit test (vitest) and every browser test (Playwright), then one line that adds them up.
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

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
