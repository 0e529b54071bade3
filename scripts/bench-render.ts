// `npm run bench:render`: how smoothly the game as shipped draws its dice, in Chromium with software
// WebGL (SwiftShader). Builds the page as `npm start` does (`vite build`, into a directory of its own
// so that another build running meanwhile cannot swap the files under it), serves it with Vite's
// preview server, and opens <dice-poker> in four configurations: 1280x720 with a mouse at pixel ratio
// 1 and 390x844 by touch at pixel ratio 2, each with the hints panel closed and open. In each, a
// two-player English game from a fixed seed; after one warm-up throw, N throws through the element's
// `roll()` (motion not reduced, so the dice fly), scoring the first free row after a turn's third
// throw. Reports the time from each release (the `roll()` call) to the first frame drawn with its dice
// moving (the throw recorded by the table's authority, then played), the time between frames drawn
// while the dice move (time at rest is not counted),
// the frames drawn while the dice lie still afterwards (none is the target), the canvas's drawing
// buffer, and how busy the machine was. Flags: --json (one JSON line), --throws N (10 by default),
// --shots DIR (screenshots at both sizes at rest, mid-throw and with held dice instead of measuring),
// --gpu-compositing (see below).
// The page is composited on the CPU, as Chrome does on a machine without a GPU, where SwiftShader draws
// the WebGL canvas only (chromium.mjs, SOFTWARE_COMPOSITING_ARGS). --gpu-compositing has SwiftShader
// stand in for a GPU for the compositor too, as the browser tests run: no player's machine does that
// (with a GPU the compositing is the GPU's), and its present of the whole window each frame is what
// it measures at 1280x720.
// Bad flags exit with code 2 before anything is built or launched.
import type { Browser, Page } from '@playwright/test';
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { ROWS } from '../src/engine/index.js';
import { serveBuiltPage, type BuiltPage } from './built-page.js';
import { launchChromium, SOFTWARE_COMPOSITING_ARGS } from './chromium.mjs';
import { countFlag, parseOrExit, readFlags } from './cli-args.js';

/** The element as its public API types it. */
type DicePoker = HTMLElementTagNameMap['dice-poker'];

const USAGE = 'usage: npm run bench:render -- [--throws N] [--shots DIR] [--gpu-compositing] [--json]';

/** What to run. */
export interface RenderBenchOptions {
  /** One JSON line instead of the table. */
  json: boolean;
  /** Throws measured in each configuration (10 by default). */
  throws: number;
  /** Where to write screenshots instead of measuring, if given. */
  shots: string | undefined;
  /** SwiftShader composites the page too (as if it were a GPU), instead of Chrome's software compositor. */
  gpuCompositing: boolean;
  help: boolean;
}

/**
 * The options of a command line.
 * @throws Error with a one-line message for the user when an argument is unknown, missing or bad
 */
export function parseArgs(argv: readonly string[]): RenderBenchOptions {
  const flags = readFlags(argv, {
    valued: ['--throws', '--shots'],
    switches: ['--json', '--gpu-compositing', '--help', '-h'],
  });
  const options: RenderBenchOptions = {
    json: flags.switches.has('--json'),
    throws: countFlag(flags, '--throws', 10),
    shots: undefined,
    gpuCompositing: flags.switches.has('--gpu-compositing'),
    help: flags.switches.has('--help') || flags.switches.has('-h'),
  };
  const shots = flags.values.get('--shots');
  if (shots !== undefined) {
    if (shots.trim() === '') throw new Error('--shots needs a directory');
    options.shots = shots;
  }
  return options;
}

/** A window the game is measured in. */
interface Viewport {
  width: number;
  height: number;
  /** Device pixel ratio. */
  scale: number;
  /** A phone: touch, mobile viewport. */
  mobile: boolean;
  /** Most milliseconds between frames at the median that the game aims for here. */
  targetMedianMs: number;
}

const VIEWPORTS: Viewport[] = [
  { width: 1280, height: 720, scale: 1, mobile: false, targetMedianMs: 20 },
  { width: 390, height: 844, scale: 2, mobile: true, targetMedianMs: 33 },
];
/** Most milliseconds between frames at the 95th percentile, in every configuration. */
const TARGET_P95_MS = 33;
/** Frames the game should draw while nothing moves. */
const TARGET_IDLE_FRAMES = 0;
const PLAYERS = 'Mari, Jüri';
const SEED = 7;
const SETTLE_MS = 300;
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
  url: string;
  options: RenderBenchOptions;
}

/** What the element's 3D scene counts. */
interface SceneCounters {
  /** Frames drawn since the scene was made. */
  framesDrawn: number;
  /** Milliseconds between consecutive frames drawn during throws, all throws so far. */
  frameTimes: number[];
  /** The canvas's drawing buffer and its size on the page (CSS pixels). */
  canvas: { width: number; height: number; cssWidth: number; cssHeight: number };
}

/** The counters of the element's 3D table, read through its documented test hook (`tableProbe`). */
function sceneCounters(page: Page): Promise<SceneCounters> {
  return page.locator('dice-poker').evaluate((el) => {
    const scene = (el as HTMLElementTagNameMap['dice-poker']).tableProbe;
    if (!scene) throw new Error('<dice-poker> has no 3D scene (no WebGL?)');
    const canvas = el.shadowRoot!.querySelector('canvas')!;
    return {
      framesDrawn: scene.framesDrawn,
      frameTimes: scene.frameTimes(),
      canvas: {
        width: canvas.width,
        height: canvas.height,
        cssWidth: canvas.clientWidth,
        cssHeight: canvas.clientHeight,
      },
    };
  });
}

async function main(): Promise<void> {
  const options = parseOrExit('bench-render', USAGE, parseArgs);
  if (options.help) {
    console.log(USAGE);
    return;
  }
  // Launched first: without a Chromium there is nothing to measure, and nothing is built for nothing.
  const browser = await launchChromium(options.gpuCompositing ? [] : SOFTWARE_COMPOSITING_ARGS);
  let served: BuiltPage | undefined;
  try {
    served = await serveBuiltPage('bench-render');
    const run: Run = { browser, url: served.url, options };
    if (options.shots) await screenshots(run, options.shots);
    else await benchmark(run);
  } finally {
    await browser.close();
    await served?.close();
  }
}

/** A fresh page (its own storage: no saved game) showing a seeded two-player game in English. */
async function openGame({ browser, url, options }: Run, viewport: Viewport): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: viewport.scale,
    isMobile: viewport.mobile,
    hasTouch: viewport.mobile,
  });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || options.shots) console.error(`[page] ${message.text()}`);
  });
  await page.goto(url);
  await page.locator('dice-poker').evaluate(
    (el, { players, seed }) => {
      el.setAttribute('lang', 'en');
      el.setAttribute('seed', String(seed));
      el.setAttribute('players', players);
    },
    { players: PLAYERS, seed: SEED },
  );
  await page.locator('dice-poker dp-controls').waitFor({ timeout: 60_000 });
  // The table's first frame is drawn.
  for (const started = Date.now(); (await sceneCounters(page)).framesDrawn === 0;) {
    if (Date.now() - started > 60_000) throw new Error('the table drew no frame within a minute');
    await page.waitForTimeout(100);
  }
  // The page's service worker caches the whole site once, in the background, on a first visit: what a
  // returning player has is measured, with that done (a page without a worker waits for nothing).
  // (No named functions inside: tsx would wrap them in a helper the page does not have.)
  await page.evaluate(async () => {
    // Registered after the page's load event: give it a moment to appear.
    for (let i = 0; i < 50 && !(await navigator.serviceWorker?.getRegistration()); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!(await navigator.serviceWorker?.getRegistration())) return;
    await Promise.race([
      navigator.serviceWorker.ready,
      new Promise((resolve) => setTimeout(resolve, 30_000)),
    ]);
  });
  return page;
}

/** Opens the hints panel from the top bar and waits for its first advice (the solver's table is ready). */
async function openHints(page: Page): Promise<void> {
  await page.locator('dice-poker [data-hints]').click();
  // '…' while the solver's table is being made (in its worker).
  await page
    .locator('dice-poker dp-hints [data-expected]')
    .filter({ hasNotText: '…' })
    .waitFor({ timeout: 120_000 })
    .catch(() => {
      throw new Error('the hints gave no advice within 2 minutes');
    });
}

/**
 * One throw through the element's API, resting before it resolves; after a turn's third throw the
 * first free row is scored, and a finished game starts again.
 */
function throwOnce(page: Page, gesture: (typeof GESTURES)[number]): Promise<number> {
  return page.locator('dice-poker').evaluate(
    async (node, { gesture, rows, players, seed }) => {
      const el = node as DicePoker;
      if (el.state.over) el.newGame({ players: players.split(', '), seed });
      const released = performance.now();
      await el.roll(gesture);
      // Release to the first frame drawn with the dice moving.
      const shownMs = (el.tableProbe?.throwShownAt ?? NaN) - released;
      const state = el.state;
      if (state.rollsUsed === 3) {
        const scores = state.players[state.current]!.scores;
        el.score(rows.find((row) => !(row in scores))!);
      }
      return shownMs;
    },
    { gesture, rows: [...ROWS], players: PLAYERS, seed: SEED },
  );
}

/** The figures of one configuration. */
interface Configuration {
  viewport: string;
  devicePixelRatio: number;
  /** Drawing-buffer pixels per CSS pixel of the canvas. */
  canvasPixelRatio: number;
  /** The canvas's drawing buffer, width x height. */
  canvas: string;
  hintsOpen: boolean;
  throws: number;
  /** Release to the first frame drawn with the dice moving, ms. */
  releaseToMotionMsMedian: number;
  releaseToMotionMsMax: number;
  /** The slowest of those in frames (of the median gap while the dice move). */
  releaseToMotionFramesMax: number;
  framesDuringThrows: number;
  frameGaps: number;
  frameMsMedian: number;
  frameMsP95: number;
  frameMsMax: number;
  frameMsMean: number;
  fpsMedian: number;
  targetMedianMs: number;
  wallSeconds: number;
  idleMs: number;
  idleFrames: number;
  targetIdleFrames: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p + 0.5))]!;
}

function round(x: number, digits = 1): number {
  return Math.round(x * 10 ** digits) / 10 ** digits;
}

/** The WebGL renderer the page gets (SwiftShader here), asked of a canvas of its own. */
function gpuOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return 'no WebGL 2';
    const ext = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return name;
  });
}

async function measure(
  run: Run,
  viewport: Viewport,
  hintsOpen: boolean,
): Promise<{ configuration: Configuration; gpu: string }> {
  const { throws } = run.options;
  const page = await openGame(run, viewport);
  try {
    const gpu = await gpuOf(page);
    if (hintsOpen) await openHints(page);
    // Warm-up throw: shader compilation and first uploads are not what a player sees on every throw.
    await throwOnce(page, GESTURES[0]!);
    const before = await sceneCounters(page);
    const started = Date.now();
    const shown: number[] = [];
    for (let i = 0; i < throws; i++) shown.push(await throwOnce(page, GESTURES[(i + 1) % GESTURES.length]!));
    const shownSorted = shown.slice().sort((a, b) => a - b);
    const wall = (Date.now() - started) / 1000;
    const after = await sceneCounters(page);
    // Idle: the dice lie still, and a scene drawn on demand draws nothing.
    await page.waitForTimeout(SETTLE_MS);
    const idleStart = (await sceneCounters(page)).framesDrawn;
    await page.waitForTimeout(IDLE_MS);
    const idleFrames = (await sceneCounters(page)).framesDrawn - idleStart;
    const devicePixelRatio = await page.evaluate(() => window.devicePixelRatio);

    const times = after.frameTimes.slice(before.frameTimes.length);
    const sorted = times.slice().sort((a, b) => a - b);
    const median = percentile(sorted, 0.5);
    const { canvas } = after;
    const configuration: Configuration = {
      viewport: `${viewport.width}x${viewport.height}`,
      devicePixelRatio,
      canvasPixelRatio: round(canvas.width / Math.max(canvas.cssWidth, 1), 2),
      canvas: `${canvas.width}x${canvas.height}`,
      hintsOpen,
      throws,
      releaseToMotionMsMedian: round(percentile(shownSorted, 0.5)),
      releaseToMotionMsMax: round(shownSorted[shownSorted.length - 1] ?? NaN),
      releaseToMotionFramesMax: round((shownSorted[shownSorted.length - 1] ?? NaN) / median, 2),
      framesDuringThrows: after.framesDrawn - before.framesDrawn,
      frameGaps: times.length,
      frameMsMedian: round(median),
      frameMsP95: round(percentile(sorted, 0.95)),
      frameMsMax: round(sorted[sorted.length - 1] ?? NaN),
      frameMsMean: round(times.reduce((s, t) => s + t, 0) / Math.max(times.length, 1)),
      fpsMedian: round(1000 / median),
      targetMedianMs: viewport.targetMedianMs,
      wallSeconds: round(wall, 2),
      idleMs: IDLE_MS,
      idleFrames,
      targetIdleFrames: TARGET_IDLE_FRAMES,
    };
    return { configuration, gpu };
  } finally {
    await page.close();
  }
}

async function benchmark(run: Run): Promise<void> {
  const configurations: Configuration[] = [];
  let gpu = 'unknown';
  for (const viewport of VIEWPORTS) {
    for (const hintsOpen of [false, true]) {
      const result = await measure(run, viewport, hintsOpen);
      configurations.push(result.configuration);
      gpu = result.gpu;
      if (!run.options.json) {
        const c = result.configuration;
        console.error(
          `measured ${c.viewport}${c.hintsOpen ? ' with hints' : ''}: median ${c.frameMsMedian} ms`,
        );
      }
    }
  }
  // Software WebGL shares the CPU with everything else: say how busy the machine was.
  const compositing = run.options.gpuCompositing ? 'SwiftShader as a GPU' : 'software';
  const report = {
    configurations,
    cpus: cpus().length,
    loadAverage1m: round(loadavg()[0]!, 2),
    gpu,
    compositing,
  };
  if (run.options.json) {
    console.log(JSON.stringify(report));
    return;
  }
  printTable(report);
}

function printTable(report: {
  configurations: Configuration[];
  cpus: number;
  loadAverage1m: number;
  gpu: string;
  compositing: string;
}): void {
  const header = [
    'viewport',
    'ratio',
    'canvas',
    'hints',
    'release->motion ms median/max (frames)',
    'median ms (target)',
    'p95 (target)',
    'max',
    'mean',
    'fps@median',
    'frames',
    'idle draws (target)',
  ];
  const rows = report.configurations.map((c) => [
    c.viewport,
    `${c.devicePixelRatio} (${c.canvasPixelRatio})`,
    c.canvas,
    c.hintsOpen ? 'open' : 'closed',
    `${c.releaseToMotionMsMedian}/${c.releaseToMotionMsMax} (${c.releaseToMotionFramesMax})`,
    `${c.frameMsMedian} (<= ${c.targetMedianMs}) ${c.frameMsMedian <= c.targetMedianMs ? 'ok' : 'OVER'}`,
    `${c.frameMsP95} (<= ${TARGET_P95_MS}) ${c.frameMsP95 <= TARGET_P95_MS ? 'ok' : 'OVER'}`,
    String(c.frameMsMax),
    String(c.frameMsMean),
    String(c.fpsMedian),
    String(c.framesDuringThrows),
    `${c.idleFrames} (${c.targetIdleFrames}) ${c.idleFrames <= c.targetIdleFrames ? 'ok' : 'OVER'}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const first = report.configurations[0];
  console.log(
    `<dice-poker> as built, in Chromium (WebGL: ${report.gpu}; compositing: ${report.compositing}): ` +
      `${first?.throws ?? 0} throws per configuration ` +
      `after a warm-up, frame gaps while the dice move; idle draws over ${IDLE_MS} ms at rest`,
  );
  console.log('ratio: device pixel ratio (drawing-buffer pixels per CSS pixel of the canvas)');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(`machine: ${report.cpus} cores, load average ${report.loadAverage1m} over the last minute`);
}

async function screenshots(run: Run, dir: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    const name = `${viewport.width}x${viewport.height}`;
    const page = await openGame(run, viewport);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/dice-${name}-start.png` });
    const throwing = page
      .locator('dice-poker')
      .evaluate((el, gesture) => (el as DicePoker).roll(gesture), GESTURES[0]!);
    await page.waitForTimeout(250);
    await page.screenshot({ path: `${dir}/dice-${name}-rolling.png` });
    const faces = await throwing;
    await page.waitForTimeout(SETTLE_MS);
    console.log(`${name} rest: faces ${faces.join(' ')}`);
    await page.screenshot({ path: `${dir}/dice-${name}-rest.png` });
    await page.locator('dice-poker').evaluate((node) => {
      const el = node as DicePoker;
      el.toggleHold(0);
      el.toggleHold(2);
    });
    // The held dice hop to the ledge.
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${dir}/dice-${name}-held.png` });
    const next = await page
      .locator('dice-poker')
      .evaluate((el, gesture) => (el as DicePoker).roll(gesture), { dirX: 0.3, dirZ: -1, speed: 14 });
    await page.waitForTimeout(SETTLE_MS);
    console.log(`${name} rethrow with dice 0 and 2 held: faces ${next.join(' ')}`);
    await page.screenshot({ path: `${dir}/dice-${name}-held-rest.png` });
    await page.close();
  }
}

// Run only as a program (`tsx scripts/bench-render.ts`), not when a test imports `parseArgs`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
