// `npm run bench:bundle`: the page's JavaScript, gzip, as the page `npm start` serves loads it. Builds the
// page (vite.config.ts) into a folder of its own, then measures:
//   - before play: the entry and the chunks it imports statically, all the page must run before it draws
//     the game (as bench:startup counts it), read from the built files;
//   - what the page asks for while it opens (its first frame drawn, the start panel shown, the network
//     quiet: the start panel, the table's pointer input, the physics for the first throw, the service
//     worker's registration), and what a local game asks for after that (the coach's hints, computers and
//     workers, sounds, a game to its end, the review, the History panel), from the requests of the page
//     played in Chromium: all a local game can load is everything asked for from opening to the last;
//   - each chunk's gzip size, and the chunks a local game never asks for (online play's).
// Sizes are Node's gzip (level 6) of the built files, in kB of 1000 bytes, as bench:startup counts them
// (`vite build` prints its own gzip, some 1% larger).
// Flags: --json (one JSON object). Bad flags exit with code 2 before anything is built.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { serveBuiltPage } from './built-page.js';
import { launchChromium } from './chromium.mjs';
import { parseOrExit, readFlags } from './cli-args.js';
import { ROWS } from '../src/engine/index.js';

const USAGE = 'usage: npm run bench:bundle -- [--json]';

/**
 * The options of a command line.
 * @throws Error with a one-line message for the user when an argument is unknown
 */
function parseArgs(argv: readonly string[]): { json: boolean; help: boolean } {
  const flags = readFlags(argv, { valued: [], switches: ['--json', '--help', '-h'] });
  return {
    json: flags.switches.has('--json'),
    help: flags.switches.has('--help') || flags.switches.has('-h'),
  };
}

const { json, help } = parseOrExit('bench-bundle', USAGE, parseArgs);
if (help) {
  console.log(USAGE);
  process.exit(0);
}

/** The targets of issue 32 (README, Benchmarks). */
const TARGET_BEFORE_PLAY_KB = 200;
const TARGET_LOCAL_GAME_KB = 230;
/** Set by <dice-poker> when the table's first frame is drawn. */
const FIRST_FRAME_MARK = 'dice-poker:first-frame';
/** How long no new script is asked for before the page counts as settled. */
const QUIET_MS = 2_000;

// kB of 1000 bytes, one decimal, as the build prints them.
const kb = (bytes: number) => Math.round(bytes / 100) / 10;

interface Chunk {
  /** Its name in assets/. */
  name: string;
  gzipBytes: number;
  /** Chunks it imports statically: loaded with it, before it runs. */
  imports: string[];
  /** Chunks it imports when asked (`import()`). */
  dynamicImports: string[];
  /** Module workers it starts (`new Worker(new URL(...))`). */
  workers: string[];
}

/** Every script of the built page, with what each loads, read from the files as served. */
function readChunks(outDir: string): Map<string, Chunk> {
  const assets = `${outDir}/assets`;
  const chunks = new Map<string, Chunk>();
  for (const name of readdirSync(assets).filter((file) => file.endsWith('.js'))) {
    const code = readFileSync(`${assets}/${name}`);
    const text = code.toString('utf8');
    const found = (pattern: RegExp) => [...new Set([...text.matchAll(pattern)].map((m) => m[1]!))];
    chunks.set(name, {
      name,
      gzipBytes: gzipSync(code).length,
      imports: found(/(?:from|import)\s*["']\.\/([^"'`]+\.js)["']/g),
      dynamicImports: found(/import\(\s*[`"']\.\/([^"'`]+\.js)[`"']\s*\)/g),
      workers: found(/new URL\(\s*[`"'](?:\/assets\/|\.\/)([^"'`]+\.js)[`"']/g),
    });
  }
  return chunks;
}

/** The chunk index.html loads. */
function entryOf(outDir: string): string {
  const html = readFileSync(`${outDir}/index.html`, 'utf8');
  const src = /<script[^>]*type="module"[^>]*src="[^"]*\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error('index.html loads no module from assets/');
  return src;
}

/** `names` and every chunk they import statically, in the order found. */
function withStaticImports(chunks: Map<string, Chunk>, names: readonly string[]): string[] {
  const all = new Set(names);
  for (const name of all) for (const imported of chunks.get(name)?.imports ?? []) all.add(imported);
  return [...all];
}

/** The scripts a page asks for (workers' included), in order, and when the last one was asked. */
class ScriptLog {
  readonly asked: string[] = [];
  private lastAt = Date.now();

  constructor(private readonly known: Map<string, Chunk>) {}

  /** Notes a request's address if it is one of the built page's scripts. */
  note(url: string): void {
    const name = /\/assets\/([^/?#]+\.js)(?:[?#]|$)/.exec(url)?.[1];
    if (!name || !this.known.has(name)) return;
    this.lastAt = Date.now();
    if (!this.asked.includes(name)) this.asked.push(name);
  }

  /** Resolves once no script has been asked for in `QUIET_MS`. */
  async quiet(page: Page): Promise<void> {
    this.lastAt = Date.now();
    while (Date.now() - this.lastAt < QUIET_MS) await page.waitForTimeout(200);
  }
}

const site = await serveBuiltPage('bench-bundle');
const chunks = readChunks(site.outDir);
const entry = entryOf(site.outDir);
const beforePlay = withStaticImports(chunks, [entry]);
const log = new ScriptLog(chunks);
const pageErrors: string[] = [];
let opening: string[] = [];
const browser = await launchChromium();
try {
  // The page's service worker is left out: once installed it caches the whole site in the background,
  // online play and all, which is not what the page runs (its registration chunk is counted).
  const context = await browser.newContext({
    viewport: { width: 1280, height: 720 },
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  context.on('request', (request) => log.note(request.url()));
  const page = await context.newPage();
  page.on('worker', (worker) => log.note(worker.url()));
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const el = page.locator('dice-poker');

  // A first visit: the table drawn, the start panel up, nothing more asked for.
  await page.goto(site.url);
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, FIRST_FRAME_MARK, {
    timeout: 60_000,
  });
  await page.locator('dice-poker dp-start-panel [data-start]').waitFor({ timeout: 60_000 });
  await log.quiet(page);
  opening = withStaticImports(chunks, log.asked);
  // A first visit opens "How to play" over the start panel (its chunk is counted above): closed as a
  // player closes it.
  await page.locator('dice-poker dp-how-to-play [data-close-guide]').click({ timeout: 60_000 });
  await page.locator('dice-poker dp-how-to-play').waitFor({ state: 'detached', timeout: 60_000 });

  // A game of a person against the three kinds of computer that load something (`easy` is in the
  // entry), with the coach's hints, for a round.
  const panel = 'dice-poker dp-start-panel';
  for (let i = 0; i < 3; i++) await page.locator(`${panel} [data-add-player]`).click();
  for (const [seat, kind] of [
    [1, 'winner'],
    [2, 'optimal'],
    [3, 'good'],
  ] as const) {
    await page.locator(`${panel} select[data-seat="${seat}"]`).selectOption(kind);
  }
  await page.locator(`${panel} [data-start]`).click();
  await page.locator('dice-poker [data-hints]').click();
  await page.locator('dice-poker [part="roll-button"]').click();
  // The coach's hints, with the chance to win from its second worker; then a row scored.
  await page.locator('dice-poker dp-hints li.best [data-win]').first().waitFor({ timeout: 120_000 });
  await el.evaluate((node) => (node as HTMLElementTagNameMap['dice-poker']).score('chance'));
  await page.waitForFunction(
    () => {
      const state = document.querySelector('dice-poker')!.state;
      return state.turn >= 1 && state.current === 0;
    },
    undefined,
    { timeout: 180_000 },
  );

  // A game played to its end, its review and the History panel.
  await el.evaluate(
    async (node, rows) => {
      const game = node as HTMLElementTagNameMap['dice-poker'];
      game.newGame({ players: ['Mari'], seed: 7 });
      for (const row of rows) {
        await game.roll();
        await game.score(row);
      }
    },
    [...ROWS],
  );
  await page.locator('dice-poker [data-show-review]').click();
  await page.locator('dice-poker dp-review [data-player]').first().waitFor({ timeout: 120_000 });
  await page.locator('dice-poker [data-show-history]').first().click();
  await page.locator('dice-poker dp-history').waitFor({ timeout: 60_000 });
  await log.quiet(page);
  await context.close();
} finally {
  await browser.close();
  await site.close();
}

const size = (names: readonly string[]) =>
  kb(names.reduce((sum, name) => sum + chunks.get(name)!.gzipBytes, 0));
const isWorker = (name: string) => [...chunks.values()].some((chunk) => chunk.workers.includes(name));
// With what each imports statically: a worker's own imports are not always seen as the page's requests.
const localGame = withStaticImports(chunks, log.asked);
const pageScripts = localGame.filter((name) => !isWorker(name));
const workers = localGame.filter(isWorker);
const neverLoaded = [...chunks.keys()].filter((name) => !localGame.includes(name));
const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
const result = {
  beforePlay: { gzipKB: size(beforePlay), files: beforePlay, targetKB: TARGET_BEFORE_PLAY_KB },
  /** What the page asks for while it opens: the above, then its first chunks loaded later. */
  requestedWhileOpening: { gzipKB: size(opening), files: opening },
  /** Everything a local game asked for, from opening the page to its last panel: page scripts and workers. */
  localGame: {
    gzipKB: size(localGame),
    pageGzipKB: size(pageScripts),
    workersGzipKB: size(workers),
    files: localGame,
    targetKB: TARGET_LOCAL_GAME_KB,
  },
  /** Chunks a local game never asks for (online play's). */
  neverLoaded: { gzipKB: size(neverLoaded), files: neverLoaded },
  chunks: [...chunks.values()]
    .map((chunk) => ({ name: chunk.name, gzipKB: kb(chunk.gzipBytes) }))
    .sort((a, b) => b.gzipKB - a.gzipKB),
  pageErrors,
  machine: {
    cpus: availableParallelism(),
    cpu,
    loadAverage1m: Math.round(loadavg()[0]! * 100) / 100,
  },
};

if (json) console.log(JSON.stringify(result));
else {
  const line = (name: string, note = '') =>
    `    ${name}: ${kb(chunks.get(name)!.gzipBytes)} kB${note ? ` (${note})` : ''}`;
  const met = (value: number, target: number) => (value <= target ? 'met' : 'NOT met');
  console.log(
    `Before play (the entry and what it imports statically): ${result.beforePlay.gzipKB} kB gzip in ` +
      `${beforePlay.length} files; target at most ${TARGET_BEFORE_PLAY_KB} kB: ` +
      met(result.beforePlay.gzipKB, TARGET_BEFORE_PLAY_KB),
  );
  for (const name of beforePlay) console.log(line(name, name === entry ? 'entry' : ''));
  console.log(
    `Asked for while the page opens (first frame, start panel, network quiet): ` +
      `${result.requestedWhileOpening.gzipKB} kB gzip in ${opening.length} files; beyond the above:`,
  );
  for (const name of opening.filter((name) => !beforePlay.includes(name))) console.log(line(name));
  console.log(
    `All a local game can load (opening, a round against winner, optimal and good with hints, a game ` +
      `to its end, review, History): ${result.localGame.gzipKB} kB gzip in ${localGame.length} files ` +
      `(page ${result.localGame.pageGzipKB}, workers ${result.localGame.workersGzipKB}); target at most ` +
      `${TARGET_LOCAL_GAME_KB} kB: ${met(result.localGame.gzipKB, TARGET_LOCAL_GAME_KB)}; after opening:`,
  );
  for (const name of localGame.filter((name) => !opening.includes(name)))
    console.log(line(name, isWorker(name) ? 'worker' : ''));
  console.log(`Never loaded by a local game: ${result.neverLoaded.gzipKB} kB gzip`);
  const askedBy = (name: string) =>
    [...chunks.values()]
      .filter((chunk) => chunk.dynamicImports.includes(name) || chunk.imports.includes(name))
      .map((chunk) => chunk.name);
  for (const name of neverLoaded)
    console.log(line(name, `imported by ${askedBy(name).join(', ') || 'none'}`));
  if (pageErrors.length) console.log(`Page errors: ${pageErrors.join(' | ')}`);
  console.log(`Machine: ${result.machine.cpus} cores (${cpu}), load average ${result.machine.loadAverage1m}`);
}
if (pageErrors.length) process.exitCode = 1;
