// `npm run bench:render`: frame times of the 3D table in Chromium with software WebGL (SwiftShader).
// Opens scripts/bench/render.html at 1280x720 through Vite's dev server, makes several animated
// throws, and reports the time between frames drawn during the throws and the frames drawn while
// the dice lie still. Flags: --json (one JSON object), --throws N, --quality high|low,
// --shots DIR (screenshots at 1280x720 and 390x844 at rest and with held dice, then exit). Bad flags
// exit with code 2 before Chromium is launched.
import type { Browser, Page } from '@playwright/test';
import { createServer } from 'vite';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ThrowResult } from '../src/scene/physics/types.js';
import { launchChromium } from './chromium.mjs';
import { countFlag, parseOrExit, readFlags } from './cli-args.js';

interface Bench {
  show(faces: number[], held: boolean[]): void;
  setHeld(held: boolean[]): void;
  throwOnce(seed: number, gesture?: { dirX: number; dirZ: number; speed: number }): Promise<ThrowResult>;
  frames(): number;
  times(): number[];
  scene: { dieScreenPoint(i: number): { x: number; y: number } };
}
declare global {
  interface Window {
    bench: Bench;
  }
}

const USAGE = 'usage: npm run bench:render -- [--throws N] [--quality high|low] [--shots DIR] [--json]';
const QUALITIES = ['high', 'low'] as const;

/** What to run. */
export interface RenderBenchOptions {
  /** One JSON object instead of the table. */
  json: boolean;
  /** Throws measured (10 by default). */
  throws: number;
  /** The scene's quality setting (`high` by default). */
  quality: (typeof QUALITIES)[number];
  /** Where to write screenshots instead of measuring, if given. */
  shots: string | undefined;
  help: boolean;
}

/**
 * The options of a command line.
 * @throws Error with a one-line message for the user when an argument is unknown, missing or bad
 */
export function parseArgs(argv: readonly string[]): RenderBenchOptions {
  const flags = readFlags(argv, {
    valued: ['--throws', '--quality', '--shots'],
    switches: ['--json', '--help', '-h'],
  });
  const options: RenderBenchOptions = {
    json: flags.switches.has('--json'),
    throws: countFlag(flags, '--throws', 10),
    quality: 'high',
    shots: undefined,
    help: flags.switches.has('--help') || flags.switches.has('-h'),
  };
  const quality = flags.values.get('--quality');
  if (quality !== undefined) {
    if (!(QUALITIES as readonly string[]).includes(quality)) {
      throw new Error(`--quality must be ${QUALITIES.join(' or ')}, got ${JSON.stringify(quality)}`);
    }
    options.quality = quality as RenderBenchOptions['quality'];
  }
  const shots = flags.values.get('--shots');
  if (shots !== undefined) {
    if (shots.trim() === '') throw new Error('--shots needs a directory');
    options.shots = shots;
  }
  return options;
}

const IDLE_MS = 2000;
const GESTURES = [
  { dirX: 0, dirZ: -1, speed: 12 },
  { dirX: 0.4, dirZ: -1, speed: 15 },
  { dirX: -0.3, dirZ: -1, speed: 9 },
  { dirX: 0.1, dirZ: -1, speed: 18 },
];

/** The browser, the page's address and the options that every step of a run needs. */
interface Run {
  browser: Browser;
  base: string;
  options: RenderBenchOptions;
}

async function main(): Promise<void> {
  const options = parseOrExit('bench-render', USAGE, parseArgs);
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const root = fileURLToPath(new URL('..', import.meta.url));
  // Launched first: without a Chromium there is nothing to measure, and no server is left running.
  const browser = await launchChromium();
  const server = await createServer({
    root,
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
    // The page is not index.html, so tell the optimiser up front: one pre-bundled copy of three.
    optimizeDeps: { entries: ['scripts/bench/render.html'] },
  });
  await server.listen();
  const address = server.httpServer?.address();
  const port = typeof address === 'object' && address ? address.port : 5173;
  const run: Run = { browser, base: `http://127.0.0.1:${port}/scripts/bench/render.html`, options };

  try {
    if (options.shots) await screenshots(run, options.shots);
    else await benchmark(run);
  } finally {
    await browser.close();
    await server.close();
  }
}

async function open(
  { browser, base, options }: Run,
  width: number,
  height: number,
  scale = 1,
  query = '',
): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: scale });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || options.shots) console.log(`[page] ${message.text()}`);
  });
  await page.goto(`${base}?quality=${options.quality}${query}`);
  await page.waitForFunction(() => window.bench !== undefined && window.bench.frames() > 0, null, {
    timeout: 60_000,
  });
  return page;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p + 0.5))]!;
}

function round(x: number, digits = 1): number {
  return Math.round(x * 10 ** digits) / 10 ** digits;
}

async function benchmark(run: Run): Promise<void> {
  const { throws, quality, json } = run.options;
  const page = await open(run, 1280, 720);
  const info = await page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2');
    const ext = gl?.getExtension('WEBGL_debug_renderer_info');
    const canvas = document.querySelector('canvas')!;
    return {
      gpu: ext && gl ? String(gl.getParameter(ext.UNMASKED_RENDERER_WEBGL)) : 'unknown',
      canvas: `${canvas.width}x${canvas.height}`,
    };
  });
  // Warm-up throw: shader compilation and first texture uploads are not what a player sees per throw.
  await page.evaluate(() => window.bench.throwOnce(999));
  const before = (await page.evaluate(() => window.bench.times())).length;
  const framesBefore = await page.evaluate(() => window.bench.frames());
  const results: ThrowResult[] = [];
  const started = Date.now();
  for (let i = 0; i < throws; i++) {
    const gesture = GESTURES[i % GESTURES.length]!;
    results.push(
      await page.evaluate(([seed, g]) => window.bench.throwOnce(seed, g), [i + 1, gesture] as const),
    );
  }
  const wall = (Date.now() - started) / 1000;
  const framesThrowing = (await page.evaluate(() => window.bench.frames())) - framesBefore;
  const times = (await page.evaluate(() => window.bench.times())).slice(before);
  // Idle: the dice lie still; a render-on-demand scene draws nothing.
  await page.waitForTimeout(300);
  const idleStart = await page.evaluate(() => window.bench.frames());
  await page.waitForTimeout(IDLE_MS);
  const idleFrames = (await page.evaluate(() => window.bench.frames())) - idleStart;
  await page.close();

  const sorted = times.slice().sort((a, b) => a - b);
  const median = percentile(sorted, 0.5);
  const mean = times.reduce((s, t) => s + t, 0) / Math.max(times.length, 1);
  const simulated = results.reduce((s, r) => s + r.settleSeconds, 0);
  const report = {
    viewport: '1280x720',
    canvas: info.canvas,
    gpu: info.gpu,
    quality,
    throws,
    framesDuringThrows: framesThrowing,
    frameMsMedian: round(median),
    frameMsP95: round(percentile(sorted, 0.95)),
    frameMsMax: round(sorted[sorted.length - 1] ?? NaN),
    frameMsMean: round(mean),
    fpsMedian: round(1000 / median),
    simulatedSeconds: round(simulated, 2),
    wallSeconds: round(wall, 2),
    idleMs: IDLE_MS,
    idleFrames,
    // Software WebGL shares the CPU with everything else: say how busy the machine was.
    cpus: cpus().length,
    loadAverage1m: round(loadavg()[0]!, 2),
  };
  if (json) {
    console.log(JSON.stringify(report));
    return;
  }
  console.log(`DiceScene in Chromium (${report.gpu}), canvas ${report.canvas}, quality ${quality}`);
  console.log(
    `${throws} throws, ${framesThrowing} frames drawn, ${report.simulatedSeconds} s simulated in ${report.wallSeconds} s`,
  );
  console.log(
    `frame time during throws: median ${report.frameMsMedian} ms, p95 ${report.frameMsP95} ms, ` +
      `max ${report.frameMsMax} ms, mean ${report.frameMsMean} ms (${report.fpsMedian} fps at the median)`,
  );
  console.log(`frames drawn while idle for ${IDLE_MS} ms after rest: ${idleFrames}`);
  console.log(`machine: ${report.cpus} cores, load average ${report.loadAverage1m} over the last minute`);
}

async function screenshots(run: Run, dir: string): Promise<void> {
  const views: [string, number, number, number][] = [
    ['1280x720', 1280, 720, 1],
    ['390x844', 390, 844, 2],
  ];
  for (const [name, width, height, scale] of views) {
    const page = await open(run, width, height, scale);
    await page.screenshot({ path: `${dir}/dice-${name}-start.png` });
    const throwing = page.evaluate(() => window.bench.throwOnce(7));
    await page.waitForTimeout(250);
    await page.screenshot({ path: `${dir}/dice-${name}-rolling.png` });
    const result = await throwing;
    await page.waitForTimeout(200);
    const points = await page.evaluate(() =>
      [0, 1, 2, 3, 4].map((i) => window.bench.scene.dieScreenPoint(i)),
    );
    console.log(`${name} rest: faces ${result.faces.join(' ')}`);
    points.forEach((p, i) =>
      console.log(`  die ${i}: face ${result.faces[i]} at (${round(p.x)}, ${round(p.y)})`),
    );
    await page.screenshot({ path: `${dir}/dice-${name}-rest.png` });
    await page.evaluate(() => window.bench.setHeld([true, false, true, false, false]));
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${dir}/dice-${name}-held.png` });
    const next = await page.evaluate(() => window.bench.throwOnce(8, { dirX: 0.3, dirZ: -1, speed: 14 }));
    await page.waitForTimeout(200);
    console.log(`${name} rethrow with 0 and 2 held: faces ${next.faces.join(' ')}`);
    const again = await page.evaluate(() => [0, 1, 2, 3, 4].map((i) => window.bench.scene.dieScreenPoint(i)));
    again.forEach((p, i) =>
      console.log(`  die ${i}: face ${next.faces[i]} at (${round(p.x)}, ${round(p.y)})`),
    );
    await page.screenshot({ path: `${dir}/dice-${name}-held-rest.png` });
    await page.close();
  }
}

// Run only as a program (`tsx scripts/bench-render.ts`), not when a test imports `parseArgs`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
