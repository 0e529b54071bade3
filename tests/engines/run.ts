// Smoke tests in Firefox (ESR) and WebKitGTK (Safari's engine), besides the Chromium suite: the built game
// served on a free port, each browser on an X display of its own (Xvfb), driven with real mouse input.
//
//   npx tsx tests/engines/run.ts [firefox] [webkit]     (both when none is named)
//
// Prints each test's result and writes test-results/engines.json ({ passed, failed, skipped, ... }).
// Every process it starts (Xvfb, the browsers, WebKitWebDriver, the server) is ended, pass or fail.
import { mkdirSync, writeFileSync } from 'node:fs';
import { findProgram, missingPrograms } from '../../scripts/engines.mjs';
import { launchFirefox, launchWebKit, type EngineDriver } from './drivers.js';
import { within } from '../../server/src/within.js';
import { endAll, startXvfb, type XServer } from './processes.js';
import { ensureBuilt, serveApp } from './server.js';
import { pageErrors, SMOKE_TESTS } from './smoke.js';

const ENGINES = ['firefox', 'webkit'] as const;
type Engine = (typeof ENGINES)[number];

/** The programs each engine needs (as scripts/engines.mjs names them). */
const NEEDS: Record<Engine, string[]> = {
  firefox: ['xvfb', 'firefox'],
  webkit: ['xvfb', 'webkitDriver', 'miniBrowser'],
};
/** The engines this run tests. */
const selected: Engine[] = [];

const RESULTS = 'test-results/engines.json';
/** The whole run may take this long at most; then whatever runs is ended and the rest fails. */
const RUN_LIMIT_MS = 5 * 60_000;

interface TestResult {
  engine: Engine;
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  ms: number;
  error?: string;
}

const results: TestResult[] = [];
const timings: Partial<Record<Engine, { version: string; launchMs: number; totalMs: number }>> = {};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function report(result: TestResult): void {
  results.push(result);
  const mark = { passed: '✓', failed: '✘', skipped: '-' }[result.status];
  console.log(`  ${mark} ${result.engine} › ${result.name} (${seconds(result.ms)})`);
  if (result.error) console.log(result.error.replace(/^/gm, '      '));
}

/** Fails (or, after a failure, skips) every test of `engine` not yet reported. */
function failRest(engine: Engine, error: string): void {
  let first = !results.some((r) => r.engine === engine && r.status === 'failed');
  for (const test of SMOKE_TESTS) {
    if (results.some((r) => r.engine === engine && r.name === test.name)) continue;
    report({
      engine,
      name: test.name,
      status: first ? 'failed' : 'skipped',
      ms: 0,
      error: first ? error : undefined,
    });
    first = false;
  }
}

async function launch(engine: Engine, display: string): Promise<EngineDriver> {
  if (engine === 'firefox') return launchFirefox(findProgram('firefox')!, display);
  return launchWebKit(findProgram('webkitDriver')!, findProgram('miniBrowser')!, display);
}

/** One engine's tests, in order; the first failure skips the rest (each needs the page the last left). */
async function runEngine(engine: Engine, url: string, display: string): Promise<void> {
  const start = Date.now();
  console.log(`\n${engine}:`);
  let driver: EngineDriver;
  try {
    driver = await launch(engine, display);
  } catch (error) {
    failRest(engine, (error as Error).message);
    return;
  }
  const launchMs = Date.now() - start;
  console.log(`  ${driver.version}, started in ${seconds(launchMs)}`);
  try {
    for (const test of SMOKE_TESTS) {
      const began = Date.now();
      try {
        await within(
          test.run(driver, url, (line) => console.log(`      ${line}`)),
          test.timeoutMs,
          test.name,
        );
        report({ engine, name: test.name, status: 'passed', ms: Date.now() - began });
      } catch (error) {
        let message = (error as Error).message;
        // What went wrong in the page may say why.
        const errors = await within(pageErrors(driver), 5_000, 'Reading the page errors').catch(() => []);
        if (errors.length > 0 && !message.includes(errors[0]!)) {
          message += `\nErrors in the page:\n${errors.join('\n')}`;
        }
        report({ engine, name: test.name, status: 'failed', ms: Date.now() - began, error: message });
        failRest(engine, message);
        break;
      }
    }
  } finally {
    await driver.close();
    timings[engine] = { version: driver.version, launchMs, totalMs: Date.now() - start };
    console.log(`  ${engine} took ${seconds(Date.now() - start)}`);
  }
}

async function main(): Promise<void> {
  const named = process.argv.slice(2);
  const unknown = named.filter((name) => !(ENGINES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`Unknown engine ${unknown.join(', ')}: name firefox or webkit`);
  const engines = named.length > 0 ? (named as Engine[]) : [...ENGINES];

  selected.push(...engines);

  // An engine whose programs are missing fails at once, saying how to install them.
  const missing = missingPrograms();
  for (const engine of engines) {
    const lacking = missing.filter((p) => NEEDS[engine].includes(p.name));
    if (lacking.length === 0) continue;
    const what = lacking
      .map((p) => `${p.name} (Debian: ${p.packages.join(' ')}; or set ${p.env})`)
      .join(', ');
    console.log(`\n${engine}:`);
    failRest(
      engine,
      `Not installed: ${what}. Run \`node scripts/ensure-engines.mjs\` (as root on Debian it installs them).`,
    );
  }
  const runnable = engines.filter((engine) => !results.some((r) => r.engine === engine));
  if (runnable.length === 0) return;

  ensureBuilt();
  const server = await serveApp();
  let x: XServer | undefined;
  try {
    x = await startXvfb(findProgram('xvfb')!);
    console.log(`The game is served on ${server.url}; the browsers draw on X display ${x.display}.`);
    for (const engine of runnable) await runEngine(engine, server.url, x.display);
  } catch (error) {
    for (const engine of runnable) failRest(engine, (error as Error).message);
  } finally {
    await x?.stop();
    await within(server.close(), 5_000, 'Stopping the server').catch(() => undefined);
  }
}

function finish(): never {
  const count = (status: TestResult['status']) => results.filter((r) => r.status === status).length;
  const summary = {
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    engines: timings,
    tests: results,
  };
  mkdirSync('test-results', { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`\nEngines: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
  process.exit(summary.failed > 0 || summary.passed === 0 ? 1 : 0);
}

const limit = setTimeout(() => {
  for (const engine of selected) failRest(engine, `The run took over ${RUN_LIMIT_MS / 60_000} min`);
  void endAll().finally(finish);
}, RUN_LIMIT_MS);
limit.unref();

main()
  .catch((error: unknown) => {
    console.error(error);
    for (const engine of selected) failRest(engine, (error as Error).message);
  })
  .finally(async () => {
    await endAll();
    finish();
  });
