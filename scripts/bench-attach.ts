// `npm run bench:attach`: how long <dice-poker> takes to be put on a page and taken off again, as built,
// in Chromium with software WebGL (SwiftShader). Builds the page as `npm start` does (into a directory of
// its own), serves it with Vite's preview server and, next to the page's own element, attaches a new
// <dice-poker players="A" seed="1"> N times: each waits for its table's first frame and is removed (which
// frees its WebGL context). Reports per cycle the time from attaching to the first frame drawn, the time
// the removal takes, and the whole cycle; then whether one more element still gets a live context and
// throws, and how many WebGL context warnings the page logged. The browser test (robustness.spec.ts)
// checks the behaviour; this prints the figures. Flags: --cycles N (50 by default), --json (one JSON
// line). Bad flags exit with code 2 before anything is built or launched.
import type { Page } from '@playwright/test';
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { serveBuiltPage, type BuiltPage } from './built-page.js';
import { launchChromium } from './chromium.mjs';
import { countFlag, parseOrExit, readFlags } from './cli-args.js';

/** The element as its public API types it. */
type DicePoker = HTMLElementTagNameMap['dice-poker'];

const USAGE = 'usage: npm run bench:attach -- [--cycles N] [--json]';

/** What to run. */
export interface AttachBenchOptions {
  /** One JSON line instead of the table. */
  json: boolean;
  /** Attach/remove cycles measured (50 by default). */
  cycles: number;
  help: boolean;
}

/**
 * The options of a command line.
 * @throws Error with a one-line message for the user when an argument is unknown, missing or bad
 */
export function parseArgs(argv: readonly string[]): AttachBenchOptions {
  const flags = readFlags(argv, { valued: ['--cycles'], switches: ['--json', '--help', '-h'] });
  return {
    json: flags.switches.has('--json'),
    cycles: countFlag(flags, '--cycles', 50),
    help: flags.switches.has('--help') || flags.switches.has('-h'),
  };
}

/** Milliseconds of one attach/remove cycle. */
interface Cycle {
  /** From `append` to the first frame of the element's table. */
  firstFrameMs: number;
  /** The `remove()` call (the table is disposed and its WebGL context lost on the way). */
  removeMs: number;
  /** The whole cycle. */
  cycleMs: number;
}

/** What the page measured. */
interface Measured {
  cycles: Cycle[];
  /** The element attached after the cycles: its context is live, and a throw gave these faces. */
  afterwards: { contextLive: boolean; faces: number[] };
  /** The page's own element kept a live context through the cycles. */
  pageElementLive: boolean;
}

/** Runs the cycles in the page, each element waiting for its first frame (the documented `tableProbe`). */
async function runCycles(page: Page, cycles: number): Promise<Measured> {
  // tsx keeps function names with a `__name` helper that the page function below brings along (it
  // defines functions of its own) but the page does not have: give the page one that does nothing.
  await page.evaluate('globalThis.__name = (target) => target');
  return page.evaluate(async (count) => {
    const frame = () => new Promise<number>(requestAnimationFrame);
    const make = () => {
      const el = document.createElement('dice-poker') as DicePoker;
      el.setAttribute('players', 'A');
      el.setAttribute('seed', '1');
      el.setAttribute('lang', 'en');
      return el;
    };
    const firstFrame = async (el: DicePoker) => {
      await el.updateComplete;
      for (let waited = 0; !(el.tableProbe && el.tableProbe.framesDrawn > 0); waited++) {
        if (waited > 1200) throw new Error('an attached <dice-poker> drew no frame (no WebGL?)');
        await frame();
      }
    };
    const live = (el: Element | null) => {
      const canvas = el?.shadowRoot?.querySelector('canvas');
      const gl = canvas ? (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) : null;
      return !!gl && !gl.isContextLost();
    };
    const pageElement = document.querySelector('dice-poker');
    const measured: { firstFrameMs: number; removeMs: number; cycleMs: number }[] = [];
    for (let i = 0; i < count; i++) {
      const el = make();
      const start = performance.now();
      document.body.append(el);
      await firstFrame(el);
      const drawn = performance.now();
      el.remove();
      const removed = performance.now();
      measured.push({ firstFrameMs: drawn - start, removeMs: removed - drawn, cycleMs: removed - start });
    }
    const last = make();
    document.body.append(last);
    await firstFrame(last);
    const faces = await last.roll();
    const afterwards = { contextLive: live(last), faces };
    last.remove();
    return { cycles: measured, afterwards, pageElementLive: live(pageElement) };
  }, cycles);
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

/** min, median, p95 and max of some milliseconds, to 0.1 ms. */
function spread(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p + 0.5))]!;
  const round = (x: number) => Math.round(x * 10) / 10;
  return { min: round(sorted[0]!), median: round(at(0.5)), p95: round(at(0.95)), max: round(at(1)) };
}

async function main(): Promise<void> {
  const options = parseOrExit('bench-attach', USAGE, parseArgs);
  if (options.help) {
    console.log(USAGE);
    return;
  }
  // Launched first: without a Chromium there is nothing to measure, and nothing is built for nothing.
  const browser = await launchChromium();
  let served: BuiltPage | undefined;
  try {
    served = await serveBuiltPage('bench-attach');

    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/Too many active WebGL contexts|CONTEXT_LOST/i.test(message.text())) warnings.push(message.text());
    });
    page.on('pageerror', (error) => console.error('page error:', error.message));
    // Reduced motion: the element after the cycles throws to rest at once.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(served.url);
    await page.locator('dice-poker canvas').waitFor({ timeout: 60_000 });
    const gpu = await gpuOf(page);
    const started = Date.now();
    const measured = await runCycles(page, options.cycles);
    const wallSeconds = Math.round((Date.now() - started) / 100) / 10;
    await page.close();

    const report = {
      cycles: options.cycles,
      wallSeconds,
      firstFrameMs: spread(measured.cycles.map((c) => c.firstFrameMs)),
      removeMs: spread(measured.cycles.map((c) => c.removeMs)),
      cycleMs: spread(measured.cycles.map((c) => c.cycleMs)),
      afterwards: measured.afterwards,
      pageElementLive: measured.pageElementLive,
      contextWarnings: warnings.length,
      gpu,
      cpus: cpus().length,
      loadAverage1m: Math.round(loadavg()[0]! * 100) / 100,
    };
    if (options.json) console.log(JSON.stringify(report));
    else printTable(report);
  } finally {
    await browser.close();
    await served?.close();
  }
}

function printTable(report: {
  cycles: number;
  wallSeconds: number;
  firstFrameMs: ReturnType<typeof spread>;
  removeMs: ReturnType<typeof spread>;
  cycleMs: ReturnType<typeof spread>;
  afterwards: Measured['afterwards'];
  pageElementLive: boolean;
  contextWarnings: number;
  gpu: string;
  cpus: number;
  loadAverage1m: number;
}): void {
  console.log(
    `<dice-poker> as built, attached and removed ${report.cycles} times in Chromium (${report.gpu}), ` +
      `${report.wallSeconds} s in all`,
  );
  const header = ['ms per cycle', 'min', 'median', 'p95', 'max'];
  const rows = [
    ['attach to first frame', report.firstFrameMs],
    ['remove()', report.removeMs],
    ['whole cycle', report.cycleMs],
  ] as const;
  const cells = rows.map(([name, s]) => [
    name,
    String(s.min),
    String(s.median),
    String(s.p95),
    String(s.max),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  for (const row of cells) console.log(line(row));
  const { contextLive, faces } = report.afterwards;
  console.log(
    `afterwards: a new element's context is ${contextLive ? 'live' : 'LOST'} and it threw ${faces.join(' ')}; ` +
      `the page's own element's context is ${report.pageElementLive ? 'live' : 'LOST'}; ` +
      `WebGL context warnings: ${report.contextWarnings}`,
  );
  console.log(`machine: ${report.cpus} cores, load average ${report.loadAverage1m} over the last minute`);
}

// Run only as a program (`tsx scripts/bench-attach.ts`), not when a test imports `parseArgs`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
