// `npm run test:package`: does with the npm package what an embedder does, from scratch.
//
// 1. `npm run build:lib`, then `npm pack` into a temporary folder.
// 2. The tarball installed alone in an empty project (as a dependency, --omit=dev): the packages and the
//    bytes that the element brings into a page's node_modules.
// 3. A fresh Vite + TypeScript app (the versions of this repo's devDependencies, from the registry) with
//    the tarball as its dependency, strict and with skipLibCheck off: `tsc --noEmit` type-checks every
//    declaration the package ships that the app reaches, then `vite build`.
// 4. The built app served (`vite preview` on a free port) and loaded in headless Chromium: the app
//    creates <dice-poker players="…">, calls roll(), and the five faces, the dp-roll event, the state
//    and a drawn canvas are checked.
//
// Any failure exits non-zero saying which step failed and why; the last line sums it all up. The temporary
// folder is removed and every process started here is ended, whatever happens (`--keep` keeps the folder).
import { spawn, spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const KEEP = process.argv.includes('--keep');
const started = Date.now();

const repo = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
/** The consumer app's tools: the same versions this repo builds with. */
const TOOLS = { vite: repo.devDependencies.vite, typescript: repo.devDependencies.typescript };

/** A failure of one step, with what the step printed. */
class StepError extends Error {}

const work = mkdtempSync(join(tmpdir(), 'dp-package-'));
/** Processes started here that are still running (the preview server); ended on any exit. */
const running = new Set();
let browser;

// ---------------------------------------------------------------------------------------------------------
// The consumer app's files: a Vite + TypeScript app as `npm create vite` makes it (vanilla-ts), but with
// skipLibCheck off, so that the package's declarations are checked too.

const APP_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    useDefineForClassFields: true,
    module: 'ESNext',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: ['vite/client'],
    skipLibCheck: false,
    moduleResolution: 'bundler',
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    moduleDetection: 'force',
    noEmit: true,
    strict: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    erasableSyntaxOnly: true,
    noFallthroughCasesInSwitch: true,
    noUncheckedSideEffectImports: true,
  },
  include: ['src'],
};

const APP_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" href="data:," />
    <title>taringupokker package check</title>
  </head>
  <body>
    <script type="module" src="/src/main.ts"></script>
  </body>
</html>
`;

// Every typed use here must type-check against the package's declarations alone: the element from
// document.createElement, its properties, roll(), state, tableProbe, a typed event, the error class, the
// engine from the package root and from taringupokker/engine, and the pure parts a server needs (the
// table's authority, the physics, the protocol), which play a throw here as they would in Node.
const APP_MAIN = `import 'taringupokker';
import {
  DicePoker,
  DicePokerError,
  ROWS,
  type DicePokerState,
  type Gesture,
  type RollDetail,
  type TableProbe,
} from 'taringupokker';
import { scoreRow, type RowId } from 'taringupokker/engine';
import { createThrower, ENGINE_SEEDS, PAGE_HOLDER, Table } from 'taringupokker/table';
import { decodeTrajectory, trajectorySeconds } from 'taringupokker/physics';
import { parseClientMessage, type RoomView } from 'taringupokker/protocol';

interface Outcome {
  isDicePoker: boolean;
  faces: number[];
  rolls: RollDetail[];
  state: DicePokerState;
  canvas: boolean;
  framesDrawn: number;
  chance: number;
  expectedChance: number;
  /** A throw made with the table, physics and protocol subpaths alone. */
  tableThrow: { faces: number[]; seconds: number; version: number };
}

/** A table in the page thrown once through the subpaths: its faces, its recording's length, its view. */
async function tableThrow(): Promise<Outcome['tableThrow']> {
  const table = Table.local(
    { roomId: '', thrower: createThrower(), seeds: ENGINE_SEEDS },
    { players: ['Mari'], kinds: ['human'], seed: 5 },
  );
  let seconds = 0;
  table.subscribe((change) => {
    if (change.thrown) seconds = trajectorySeconds(decodeTrajectory(change.thrown.trajectory));
  });
  const { gesture } = parseClientMessage('throw', { gesture: { dirX: 0, dirZ: -1, speed: 11 } });
  await table.request(PAGE_HOLDER, 'throw', { gesture });
  const view: RoomView = table.view();
  return { faces: [...(view.game?.dice ?? [])], seconds, version: view.version };
}

declare global {
  interface Window {
    packageCheck?: Outcome | { error: string };
  }
}

const el = document.createElement('dice-poker');
el.players = 'Mari, Jüri';
el.seed = '7';
el.style.display = 'block';
el.style.height = '480px';
const rolls: RollDetail[] = [];
el.addEventListener('dp-roll', (event) => {
  const detail: RollDetail = event.detail;
  rolls.push(detail);
});
document.body.append(el);

/**
 * The frames the table has drawn, once it has drawn one (or after 10 s): its first frame waits for its
 * drawing code, made off the page's thread, so a throw made at once may come to rest before it.
 */
async function framesDrawn(probe: TableProbe | null): Promise<number> {
  for (let waited = 0; probe && probe.framesDrawn === 0 && waited < 10_000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return probe?.framesDrawn ?? 0;
}

async function play(): Promise<Outcome> {
  await el.updateComplete;
  const gesture: Gesture | undefined = undefined;
  const faces: number[] = await el.roll(gesture);
  const state: DicePokerState = el.state;
  const probe: TableProbe | null = el.tableProbe;
  const row: RowId = 'chance';
  if (!ROWS.includes(row)) throw new Error('no chance row');
  const expectedChance = scoreRow(row, faces);
  const chance: number = await el.score(row);
  return {
    isDicePoker: el instanceof DicePoker,
    faces,
    rolls,
    state,
    canvas: el.shadowRoot?.querySelector('canvas') != null,
    framesDrawn: await framesDrawn(probe),
    chance,
    expectedChance,
    tableThrow: await tableThrow(),
  };
}

play().then(
  (outcome) => (window.packageCheck = outcome),
  (error: unknown) =>
    (window.packageCheck = {
      error: error instanceof DicePokerError ? \`DicePokerError \${error.code}: \${error.message}\` : String(error),
    }),
);
`;

// ---------------------------------------------------------------------------------------------------------

/** The environment for npm in the temporary projects: none of this repo's `npm run` context. */
function childEnv() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^npm_(package|lifecycle)_/i.test(key) || /^npm_config_local_prefix$/i.test(key)) delete env[key];
  }
  return env;
}

/** Runs a command to its end; throws a StepError with the end of its output when it fails. */
function run(command, args, { cwd, timeoutMs }) {
  const result = spawnSync(command, args, {
    cwd,
    env: childEnv(),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.error || result.status !== 0) {
    const why = result.error
      ? result.error.code === 'ETIMEDOUT'
        ? `timed out after ${timeoutMs / 1000} s`
        : result.error.message
      : `exited with ${result.status ?? result.signal}`;
    const tail = output.trim().split('\n').slice(-40).join('\n');
    throw new StepError(`\`${command} ${args.join(' ')}\` ${why}${tail ? `:\n${tail}` : ''}`);
  }
  return result.stdout;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Runs one step, printing its name and time; a failure names the step. */
async function step(name, fn) {
  const t0 = Date.now();
  process.stdout.write(`- ${name} ... `);
  try {
    const value = await fn();
    console.log(`ok (${seconds(Date.now() - t0)})`);
    return value;
  } catch (error) {
    console.log('FAILED');
    error.step = name;
    throw error;
  }
}

/** Size of the regular files under `dir` (symlinks not followed); `skip` names subfolders left out. */
function bytesUnder(dir, skip = () => false) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skip(entry.name)) total += bytesUnder(path, skip);
    } else if (entry.isFile()) {
      total += lstatSync(path).size;
    }
  }
  return total;
}

/** Every package installed under a node_modules folder (nested ones too), with its own bytes. */
function packagesIn(nodeModules, found = []) {
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const dirs = entry.name.startsWith('@')
      ? readdirSync(join(nodeModules, entry.name), { withFileTypes: true })
          .filter((scoped) => scoped.isDirectory())
          .map((scoped) => join(entry.name, scoped.name))
      : [entry.name];
    for (const name of dirs) {
      const dir = join(nodeModules, name);
      found.push({ name, bytes: bytesUnder(dir, (sub) => sub === 'node_modules') });
      try {
        packagesIn(join(dir, 'node_modules'), found);
      } catch (error) {
        if (error.code !== 'ENOENT') throw error;
      }
    }
  }
  return found;
}

/** A port nothing listens on now. */
function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Starts `vite preview` of the built app and resolves once it answers; the process is in `running`. */
async function startPreview(app, port) {
  const vite = join(app, 'node_modules', 'vite', 'bin', 'vite.js');
  const child = spawn(
    process.execPath,
    [vite, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    {
      cwd: app,
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.on('exit', () => running.delete(child));
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new StepError(`vite preview exited (${child.exitCode ?? child.signalCode}):\n${output.trim()}`);
    }
    try {
      const response = await globalThis.fetch(url);
      if (response.ok) return { child, url };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new StepError(`vite preview did not answer on ${url} within 30 s:\n${output.trim()}`);
}

/** Ends a process started here: SIGTERM, then SIGKILL if it is still there after 5 s. */
async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

let cleaning;
/** Ends everything started here and removes the temporary folder (once, however often it is called). */
function cleanUp() {
  cleaning ??= (async () => {
    if (browser) await browser.close().catch(() => {});
    browser = undefined;
    await Promise.all([...running].map(stop));
    if (KEEP) console.log(`(kept ${work})`);
    else rmSync(work, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.log(`\n${signal}: stopping`);
    cleanUp().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------------------

function checkOutcome(outcome, pageErrors) {
  const problems = [];
  if (pageErrors.length > 0) problems.push(`errors in the page:\n  ${pageErrors.join('\n  ')}`);
  if ('error' in outcome) {
    problems.push(`roll() failed: ${outcome.error}`);
    return problems;
  }
  const { faces, rolls, state } = outcome;
  const isFaces = (dice) =>
    Array.isArray(dice) && dice.length === 5 && dice.every((f) => Number.isInteger(f) && f >= 1 && f <= 6);
  if (!outcome.isDicePoker) problems.push('document.createElement("dice-poker") is not a DicePoker');
  if (!isFaces(faces)) problems.push(`roll() resolved with ${JSON.stringify(faces)}, not five faces 1..6`);
  if (rolls.length !== 1 || JSON.stringify(rolls[0]?.dice) !== JSON.stringify(faces)) {
    problems.push(`dp-roll: ${JSON.stringify(rolls)}, not one event with the faces rolled`);
  }
  if (
    JSON.stringify(state.dice) !== JSON.stringify(faces) ||
    state.rollsUsed !== 1 ||
    state.players.length !== 2
  ) {
    problems.push(`state after the roll: ${JSON.stringify(state)}`);
  }
  if (outcome.chance !== outcome.expectedChance) {
    problems.push(`score('chance') gave ${outcome.chance}, the engine says ${outcome.expectedChance}`);
  }
  const thrown = outcome.tableThrow;
  if (!isFaces(thrown.faces) || !(thrown.seconds > 0) || thrown.version < 2) {
    problems.push(`a throw through taringupokker/table, /physics and /protocol: ${JSON.stringify(thrown)}`);
  }
  if (!outcome.canvas) problems.push('the element rendered no canvas (no 3D table)');
  if (!(outcome.framesDrawn > 0))
    problems.push(`tableProbe.framesDrawn is ${outcome.framesDrawn}: nothing drawn`);
  return problems;
}

async function main() {
  const packDir = join(work, 'pack');
  const bare = join(work, 'bare');
  const app = join(work, 'app');
  for (const dir of [packDir, bare, app, join(app, 'src')]) mkdirSync(dir, { recursive: true });

  await step('npm run build:lib', () => run('npm', ['run', 'build:lib'], { cwd: ROOT, timeoutMs: 300_000 }));

  const packed = await step('npm pack', () => {
    const [info] = JSON.parse(
      run('npm', ['pack', '--pack-destination', packDir, '--json'], { cwd: ROOT, timeoutMs: 120_000 }),
    );
    return { ...info, path: join(packDir, info.filename) };
  });
  console.log(
    `  ${packed.filename}: ${megabytes(packed.size)} packed, ${megabytes(packed.unpackedSize)} unpacked, ${packed.entryCount} files`,
  );

  const installed = await step('the tarball installed alone (npm install TARBALL --omit=dev)', () => {
    writeFileSync(
      join(bare, 'package.json'),
      `${JSON.stringify({ name: 'bare', private: true }, null, 2)}\n`,
    );
    run('npm', ['install', packed.path, '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: bare,
      timeoutMs: 300_000,
    });
    const packages = packagesIn(join(bare, 'node_modules'));
    const bytes = packages.reduce((sum, p) => sum + p.bytes, 0);
    return { packages, bytes };
  });
  const direct = JSON.parse(readFileSync(join(bare, 'node_modules', repo.name, 'package.json'), 'utf8'));
  console.log(
    `  ${installed.packages.length} packages (${repo.name} and ${installed.packages.length - 1} it depends on: ` +
      `${Object.keys(direct.dependencies ?? {}).length} directly), ${megabytes(installed.bytes)} (${installed.bytes} bytes)`,
  );
  const largest = [...installed.packages].sort((a, b) => b.bytes - a.bytes).slice(0, 8);
  console.log(`  largest: ${largest.map((p) => `${p.name} ${megabytes(p.bytes)}`).join(', ')}`);

  await step(`a Vite ${TOOLS.vite} + TypeScript ${TOOLS.typescript} app installs the tarball`, () => {
    const manifest = {
      name: 'dice-poker-consumer',
      private: true,
      type: 'module',
      dependencies: { [repo.name]: `file:${packed.path}` },
      devDependencies: { typescript: TOOLS.typescript, vite: TOOLS.vite },
    };
    writeFileSync(join(app, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync(join(app, 'tsconfig.json'), `${JSON.stringify(APP_TSCONFIG, null, 2)}\n`);
    writeFileSync(join(app, 'index.html'), APP_HTML);
    writeFileSync(join(app, 'src', 'main.ts'), APP_MAIN);
    run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: app, timeoutMs: 300_000 });
  });

  await step('tsc --noEmit (strict, skipLibCheck: false)', () =>
    run(process.execPath, [join(app, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', app], {
      cwd: app,
      timeoutMs: 180_000,
    }),
  );

  await step('vite build', () =>
    run(process.execPath, [join(app, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
      cwd: app,
      timeoutMs: 180_000,
    }),
  );

  const outcome = await step('Chromium: the built app rolls the dice', async () => {
    const { child, url } = await startPreview(app, await freePort());
    try {
      browser = await launchChromium();
      const page = await browser.newPage({ viewport: { width: 1024, height: 720 } });
      const pageErrors = [];
      page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') pageErrors.push(`console.error: ${message.text()}`);
      });
      await page.goto(url);
      await page
        .waitForFunction(() => window.packageCheck !== undefined, undefined, { timeout: 60_000 })
        .catch(() => {
          throw new StepError(
            `no result from the page within 60 s${pageErrors.length ? `:\n${pageErrors.join('\n')}` : ''}`,
          );
        });
      const result = await page.evaluate(() => window.packageCheck);
      const problems = checkOutcome(result, pageErrors);
      if (problems.length > 0) throw new StepError(problems.join('\n'));
      return result;
    } finally {
      await browser?.close().catch(() => {});
      browser = undefined;
      await stop(child);
    }
  });
  console.log(
    `  roll() -> [${outcome.faces.join(', ')}], dp-roll fired, chance scored ${outcome.chance}, ` +
      `${outcome.framesDrawn} frames drawn on the canvas`,
  );

  return { packed, installed };
}

let status = 0;
let summary;
try {
  const { packed, installed } = await main();
  summary =
    `package check passed in ${seconds(Date.now() - started)}: ${packed.filename} ${megabytes(packed.size)} ` +
    `(${packed.entryCount} files); the element installs ${installed.packages.length} packages, ` +
    `${megabytes(installed.bytes)}; strict tsc, vite build and a roll in Chromium ok`;
} catch (error) {
  status = 1;
  const message = error instanceof StepError ? error.message : (error?.stack ?? String(error));
  console.error(`\n${error?.step ? `${error.step}: ` : ''}${message}`);
  summary = `package check FAILED in ${seconds(Date.now() - started)} at: ${error?.step ?? 'setup'}`;
} finally {
  await cleanUp();
}
console.log(`\n${summary}`);
process.exit(status);
