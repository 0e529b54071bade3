// `npm run bench:lighthouse`: Lighthouse's mobile audit of the page as `npm start` serves it, the median
// of a few runs. Builds nothing: it serves the page already built (dist/app, by `npm start` or
// `npm run build:app`) with the real game server (server/src/main.ts) on a free port, stopped by its pid
// at the end. Each run is a fresh Chromium (Debian's, scripts/chromium.mjs) with an empty cache, audited
// with Lighthouse's default mobile settings: a phone's screen, 4x CPU slowdown and slow 4G, simulated.
// Flags: --runs N (default 3), --json (one JSON object). Bad flags exit with code 2 before anything runs.
import { existsSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium, SOFTWARE_COMPOSITING_ARGS } from './chromium.mjs';
import { countFlag, parseOrExit, readFlags } from './cli-args.js';
import { spawnServer } from '../server/src/processes.js';

const USAGE = 'usage: npm run bench:lighthouse -- [--runs N] [--json]';

/**
 * The options of a command line.
 * @throws Error with a one-line message for the user when an argument is unknown, missing or bad
 */
function parseArgs(argv: readonly string[]): { json: boolean; runs: number; help: boolean } {
  const flags = readFlags(argv, { valued: ['--runs'], switches: ['--json', '--help', '-h'] });
  return {
    json: flags.switches.has('--json'),
    runs: countFlag(flags, '--runs', 3),
    help: flags.switches.has('--help') || flags.switches.has('-h'),
  };
}

const { json, runs, help } = parseOrExit('bench-lighthouse', USAGE, parseArgs);
if (help) {
  console.log(USAGE);
  process.exit(0);
}

/** Issue 34's targets: Core Web Vitals' "good", and the two other categories kept whole. */
const TARGETS = {
  performance: { at: 'least', value: 90 },
  accessibility: { at: 'least', value: 100 },
  bestPractices: { at: 'least', value: 100 },
  fcpMs: { at: 'most', value: 1800 },
  lcpMs: { at: 'most', value: 2500 },
  tbtMs: { at: 'most', value: 200 },
} as const;

type Figure = keyof typeof TARGETS | 'speedIndexMs' | 'ttiMs' | 'cls';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${root}dist/app/index.html`)) {
  console.error(
    'bench-lighthouse: no built page in dist/app: run `npm run build:app` (or `npm start`) first',
  );
  process.exit(1);
}
const chromePath = findChromium();
if (!chromePath) {
  console.error(
    'bench-lighthouse: no Chromium found: run `node scripts/ensure-chromium.mjs` or set CHROMIUM_PATH',
  );
  process.exit(1);
}

/** One audit of `url` in a Chromium of its own: the figures, and the audits that lost points. */
async function audit(url: string): Promise<{ figures: Record<Figure, number>; failed: string[] }> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    // As the browser tests run it: headless, software WebGL, composited on the CPU as without a GPU.
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS, ...SOFTWARE_COMPOSITING_ARGS],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!result) throw new Error('Lighthouse gave no result');
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const ms = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
    const failed = ['accessibility', 'best-practices'].flatMap((id) =>
      (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]!.score! < 1)
        .map((ref) => `${id}: ${ref.id}`),
    );
    return {
      figures: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        fcpMs: ms('first-contentful-paint'),
        lcpMs: ms('largest-contentful-paint'),
        tbtMs: ms('total-blocking-time'),
        speedIndexMs: ms('speed-index'),
        ttiMs: ms('interactive'),
        cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
      },
      failed,
    };
  } finally {
    // chrome-launcher ends the Chromium it started, by its pid.
    chrome.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const server = await spawnServer('bench-lighthouse');
const results: Awaited<ReturnType<typeof audit>>[] = [];
const loads: number[] = [];
try {
  for (let i = 0; i < runs; i++) {
    loads.push(loadavg()[0]!);
    results.push(await audit(`${server.url}/`));
  }
} finally {
  await server.stop();
}

const names = Object.keys(results[0]!.figures) as Figure[];
const medians = Object.fromEntries(
  names.map((name) => [name, median(results.map((run) => run.figures[name]))]),
) as Record<Figure, number>;
const met = (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).every((name) => {
  const { at, value } = TARGETS[name];
  return at === 'least' ? medians[name] >= value : medians[name] <= value;
});
const failedAudits = [...new Set(results.flatMap((run) => run.failed))];
const machine = {
  cpus: availableParallelism(),
  cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
  loadAverage1m: loads.map((load) => Math.round(load * 100) / 100),
};

if (json) {
  console.log(
    JSON.stringify({ median: medians, runs: results.map((run) => run.figures), met, failedAudits, machine }),
  );
} else {
  const row = (label: string, name: Figure, unit = '') => {
    const target = name in TARGETS ? TARGETS[name as keyof typeof TARGETS] : undefined;
    const each = results.map((run) => `${run.figures[name]}${unit}`).join(', ');
    const goal = target ? `; target at ${target.at} ${target.value}${unit}` : '';
    return `  ${label}: ${medians[name]}${unit} (runs: ${each}${goal})`;
  };
  console.log(`Lighthouse ${runs} runs, mobile (4x CPU slowdown, slow 4G, simulated), median:`);
  console.log(row('performance', 'performance'));
  console.log(row('accessibility', 'accessibility'));
  console.log(row('best practices', 'bestPractices'));
  console.log(row('first contentful paint', 'fcpMs', ' ms'));
  console.log(row('largest contentful paint', 'lcpMs', ' ms'));
  console.log(row('total blocking time', 'tbtMs', ' ms'));
  console.log(row('speed index', 'speedIndexMs', ' ms'));
  console.log(row('time to interactive', 'ttiMs', ' ms'));
  console.log(row('cumulative layout shift', 'cls'));
  if (failedAudits.length) console.log(`Audits that lost points: ${failedAudits.join(', ')}`);
  console.log(`Targets: ${met ? 'met' : 'NOT met'}`);
  console.log(
    `Machine: ${machine.cpus} cores (${machine.cpu}), load average before each run ${machine.loadAverage1m.join(', ')}`,
  );
}
