// `npm run bench:startup`: the size of the game's JavaScript (gzip) and how soon the table's first frame
// is drawn after opening the built page, in Chromium with software WebGL. Builds the page first.
// Flags: --json (one JSON object), --loads N (page loads to measure, default 7). Bad flags exit with code 2
// before anything is built.
import { build, preview } from 'vite';
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium.mjs';
import { countFlag, parseOrExit, readFlags } from './cli-args.js';

const USAGE = 'usage: npm run bench:startup -- [--loads N] [--json]';

/**
 * The options of a command line.
 * @throws Error with a one-line message for the user when an argument is unknown, missing or bad
 */
function parseArgs(argv: readonly string[]): { json: boolean; loads: number; help: boolean } {
  const flags = readFlags(argv, { valued: ['--loads'], switches: ['--json', '--help', '-h'] });
  return {
    json: flags.switches.has('--json'),
    loads: countFlag(flags, '--loads', 7),
    help: flags.switches.has('--help') || flags.switches.has('-h'),
  };
}

const { json, loads, help } = parseOrExit('bench-startup', USAGE, parseArgs);
if (help) {
  console.log(USAGE);
  process.exit(0);
}
/** Set by <dice-poker> when the table's first frame is drawn. */
const FIRST_FRAME_MARK = 'dice-poker:first-frame';
const PORT = 4190;

const root = fileURLToPath(new URL('..', import.meta.url));
await build({ root, logLevel: 'error' });
const assets = `${root}dist/app/assets`;
// kB of 1000 bytes, as the build prints them.
const kb = (bytes: number) => Math.round((bytes / 1000) * 10) / 10;
const chunks = readdirSync(assets)
  .filter((name) => name.endsWith('.js'))
  .map((name) => ({ name, gzipKB: kb(gzipSync(readFileSync(`${assets}/${name}`)).length) }));
const entry = chunks.find((c) => c.name.startsWith('index-'))!;

/** The chunks a chunk imports statically (`from"./x.js"`, `import"./x.js"`): loaded with it, before it runs. */
function staticImports(name: string): string[] {
  const code = readFileSync(`${assets}/${name}`, 'utf8');
  return [...code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]!);
}

/** Everything the page loads before play: the entry and, transitively, what it imports statically. */
const beforePlay = new Set<string>([entry.name]);
for (const name of beforePlay) for (const imported of staticImports(name)) beforePlay.add(imported);
const beforePlayChunks = chunks.filter((c) => beforePlay.has(c.name));

const server = await preview({
  root,
  logLevel: 'error',
  preview: { port: PORT, host: '127.0.0.1', strictPort: true },
});
const browser = await launchChromium();
const firstFrames: number[] = [];
try {
  for (let i = 0; i < loads; i++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`http://127.0.0.1:${PORT}/`);
    const ms = await page.waitForFunction(
      (mark) => performance.getEntriesByName(mark)[0]?.startTime,
      FIRST_FRAME_MARK,
      { timeout: 30_000 },
    );
    firstFrames.push(Math.round((await ms.jsonValue()) as number));
    await page.close();
  }
} finally {
  await browser.close();
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
}
// The first load also compiles shaders and fills caches; every load is counted.
const sorted = [...firstFrames].sort((a, b) => a - b);
const result = {
  entryGzipKB: entry.gzipKB,
  /** The entry and the chunks it imports statically: all the JavaScript the page runs before play. */
  beforePlayGzipKB: kb(beforePlayChunks.reduce((sum, c) => sum + c.gzipKB * 1000, 0)),
  beforePlayChunks: beforePlayChunks.map((c) => c.name),
  allJsGzipKB: kb(chunks.reduce((sum, c) => sum + c.gzipKB * 1000, 0)),
  chunks,
  firstFrameMs: {
    median: sorted[Math.floor(sorted.length / 2)],
    min: sorted[0],
    max: sorted.at(-1),
    loads: firstFrames,
  },
  cpus: cpus().length,
  loadAverage1m: Math.round(loadavg()[0]! * 100) / 100,
};
if (json) console.log(JSON.stringify(result));
else {
  console.log(
    `JavaScript loaded before play: ${result.beforePlayGzipKB} kB gzip in ${beforePlayChunks.length} files ` +
      `(the entry ${result.entryGzipKB} kB; all chunks ${result.allJsGzipKB} kB)`,
  );
  for (const c of chunks) console.log(`  ${c.name}: ${c.gzipKB} kB gzip`);
  console.log(
    `First frame of the table after opening the page: median ${result.firstFrameMs.median} ms ` +
      `(min ${result.firstFrameMs.min}, max ${result.firstFrameMs.max}, ${loads} loads)`,
  );
  console.log(`Machine: ${result.cpus} cores, load average ${result.loadAverage1m}`);
}
