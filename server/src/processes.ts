/**
 * Real processes for the tests and the benchmark of the game server: a game server as `npm run serve`
 * runs it (`node --import tsx server/src/main.ts`, or compiled: SERVER_BUILT_ENV; its settings in its
 * environment), and a Redis server of its own on a free port, with nothing saved to disk. Each is a
 * child of this process, stopped by its pid; any still running when this process exits are killed then.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

/** The repository's root, where main.ts is run from. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/**
 * The environment variable naming a data folder whose embedded database is made already (by the tests'
 * global setup: tests/support/global-setup.ts): each new data folder starts as a copy of it, so that no
 * test waits for a database to be made again (seconds alone, a minute on a busy machine).
 */
export const DATA_TEMPLATE_ENV = 'DP_DATA_TEMPLATE';
/**
 * The environment variable naming the folder new data folders are made in: the tests' global setup
 * makes one per run and deletes it at the end (each data folder is tens of MB). Unset: the system's
 * temporary folder.
 */
export const DATA_FOLDERS_ENV = 'DP_DATA_FOLDERS';
/** PGlite's folder in a data folder (server/src/database/embedded.ts). */
const PGLITE_FOLDER = 'pglite';
/**
 * The environment variable holding node flags (separated by spaces) for the node processes started
 * here, before their own: the tests' global setup sets it (tests/support/node-flags.ts); the benchmarks
 * leave it unset, their servers run with node's defaults.
 */
export const NODE_FLAGS_ENV = 'DP_NODE_FLAGS';

/**
 * The environment variable that says the game server is compiled and current (`npm run build -w server`,
 * into server/dist): `npm test` builds it before the unit tests and sets it. Its processes then run the
 * compiled JavaScript, as `npm start` does; unset, they run the TypeScript through tsx, which costs each
 * start about 1.6 s of CPU more (tsx's loader), with no build to keep current.
 */
export const SERVER_BUILT_ENV = 'DP_SERVER_BUILT';

/**
 * The node arguments that run the server's script `name` (`main`, `rotate-record-key`: a file of
 * server/src): compiled when SERVER_BUILT_ENV says so, else through tsx.
 */
export function serverScript(name: string): string[] {
  if (process.env[SERVER_BUILT_ENV] === '1') return [`server/dist/server/src/${name}.js`];
  return ['--import', 'tsx', `server/src/${name}.ts`];
}

/** The node flags NODE_FLAGS_ENV gives (none when it is not set), to go before a process's own. */
export function nodeFlags(): string[] {
  return (process.env[NODE_FLAGS_ENV] ?? '').split(' ').filter((flag) => flag !== '');
}

/** A child process, its output kept. */
export class Spawned {
  private text = '';
  private readonly waiters = new Set<() => void>();
  /** Its exit code, or the signal that ended it, once it has ended. */
  readonly exited: Promise<number | NodeJS.Signals | null>;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    const take = (chunk: Buffer): void => {
      this.text += chunk.toString('utf8');
      for (const wake of this.waiters) wake();
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        live.delete(this);
        for (const wake of this.waiters) wake();
        resolve(signal ?? code);
      });
    });
    live.add(this);
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** Whether it is still running. */
  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Everything it printed so far. */
  get output(): string {
    return this.text;
  }

  /**
   * Waits until its output matches `pattern` (from character `from` on): for its signal, however long a
   * busy machine makes it take (the test's own time limit bounds it), unless `timeoutMs` is given.
   * @throws Error if it exits first, or after `timeoutMs`
   */
  async waitFor(pattern: RegExp, timeoutMs = Infinity, from = 0): Promise<RegExpExecArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = pattern.exec(this.text.slice(from));
      if (found) return found;
      if (!this.running) throw new Error(`${this.name} ended before ${pattern}:\n${this.text}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${this.name} did not print ${pattern} in time:\n${this.text}`);
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        // (A timer past 2^31 ms fires at once: with no deadline there is none.)
        const timer = Number.isFinite(left) ? setTimeout(wake, left) : undefined;
        this.waiters.add(wake);
      });
    }
  }

  /** Sends it `signal` (by pid) and waits for it to end; SIGKILL if it has not ended after `graceMs`. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<void> {
    if (!this.running) return;
    this.child.kill(signal);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

const live = new Set<Spawned>();
process.once('exit', () => {
  for (const spawned of live) spawned.child.kill('SIGKILL');
});

/** A TCP port free on 127.0.0.1 now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A game server process (main.ts) and its URL. */
export interface ServerProcess extends Spawned {
  url: string;
}

/**
 * A new folder for a server's games (in DATA_FOLDERS_ENV's folder): a copy of the made database
 * (DATA_TEMPLATE_ENV), or empty.
 */
export function freshDataDir(): string {
  const folder = mkdtempSync(join(process.env[DATA_FOLDERS_ENV] ?? tmpdir(), 'dp-data-'));
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template && existsSync(join(template, PGLITE_FOLDER))) {
    cpSync(join(template, PGLITE_FOLDER), join(folder, PGLITE_FOLDER), { recursive: true });
  }
  return folder;
}

/**
 * Starts a game server process on a free port of 127.0.0.1 (`env` adds to its environment: REDIS_URL,
 * PUBLIC_ADDRESS...; `nodeArgs` go to node after NODE_FLAGS_ENV's: `--cpu-prof`...) and waits until it
 * listens.
 */
export async function spawnServer(
  name: string,
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeFlags(), ...nodeArgs, ...serverScript('main')], {
    cwd: ROOT,
    // A data folder of its own unless one is given (a test of a restart gives the same one twice).
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: freshDataDir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const spawned = new Spawned(name, child) as ServerProcess;
  try {
    const [, url] = await spawned.waitFor(/served on (http:\/\/\S+)/);
    spawned.url = url!;
  } catch (error) {
    await spawned.stop('SIGKILL');
    throw error;
  }
  return spawned;
}

/** A Redis server process and its URL. */
export interface RedisProcess extends Spawned {
  url: string;
}

/**
 * Starts `redis-server` (REDIS_SERVER, else the one on the PATH: scripts/ensure-redis.mjs installs it)
 * on `port` of 127.0.0.1 (a free one by default), keeping nothing on disk, and waits until it takes
 * connections.
 */
export async function spawnRedis(port?: number): Promise<RedisProcess> {
  port ??= await freePort();
  const command = process.env.REDIS_SERVER || 'redis-server';
  const child = spawn(
    command,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmpdir()],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const spawned = new Spawned('redis-server', child) as RedisProcess;
  const failed = new Promise<never>((_, reject) =>
    child.once('error', (error) =>
      reject(new Error(`${command} could not start (${error.message}): run node scripts/ensure-redis.mjs`)),
    ),
  );
  failed.catch(() => {});
  try {
    await Promise.race([spawned.waitFor(/Ready to accept connections/i), failed]);
  } catch (error) {
    await spawned.stop('SIGKILL');
    throw error;
  }
  spawned.url = `redis://127.0.0.1:${port}`;
  return spawned;
}
