/**
 * A PostgreSQL server of the tests' (and the benchmark's) own: a new cluster (a copy of one made once
 * with initdb) in a temporary folder, started with pg_ctl on a free port of 127.0.0.1 (and a socket in
 * that folder only), stopped by its postmaster's pid, its folder deleted. Nothing of the machine's own PostgreSQL (its
 * service, its clusters) is used or touched.
 *
 * The server programs are found as scripts/ensure-postgres.mjs finds them (PG_BIN, else Debian's
 * /usr/lib/postgresql/<major>/bin, else initdb on the PATH); that script installs them where it can. The
 * lookup is repeated here, not imported: the server's files import nothing from scripts/ (eslint.config.js).
 *
 * PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user (made by Debian's
 * package) and its programs run as that user (runuser).
 */
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { freePort } from '../processes.js';

const run = promisify(execFile);

/** Where Debian keeps each major version's server programs. */
const DEBIAN_ROOT = '/usr/lib/postgresql';
/** Longest wait for the postmaster to end after it is told to stop, ms (then it is killed). */
const STOP_WAIT_MS = 10_000;
/** What to run when the programs are missing. */
const HINT =
  "run `node scripts/ensure-postgres.mjs` (it installs Debian's postgresql as root), or set PG_BIN";

function hasInitdb(dir: string): boolean {
  const initdb = join(dir, 'initdb');
  if (!existsSync(initdb)) return false;
  const probe = spawnSync(initdb, ['--version'], { encoding: 'utf8' });
  return probe.status === 0 && /PostgreSQL/i.test(probe.stdout);
}

/** The folder of PostgreSQL's server programs (as scripts/ensure-postgres.mjs finds it), or null. */
export function findPostgresBin(): string | null {
  const given = process.env.PG_BIN;
  if (given) return hasInitdb(given) ? given : null;
  if (existsSync(DEBIAN_ROOT)) {
    const majors = readdirSync(DEBIAN_ROOT)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const major of majors) {
      const dir = join(DEBIAN_ROOT, major, 'bin');
      if (hasInitdb(dir)) return dir;
    }
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const onPath = which.status === 0 ? which.stdout.trim() : '';
  const dir = onPath.slice(0, onPath.lastIndexOf('/'));
  return dir !== '' && hasInitdb(dir) ? dir : null;
}

/** A running PostgreSQL server of this process's own. */
export interface PostgresServer {
  /** URL of its `postgres` database, as the user `app` (no password: trust on its own socket and port). */
  readonly url: string;
  readonly port: number;
  /** Its postmaster's pid. */
  readonly pid: number;
  /** Its folder (the cluster in `data/`, its log in `log`). */
  readonly folder: string;
  /** URL of a new, empty database `name` on it (made now). */
  createDatabase(name: string): Promise<string>;
  /**
   * Stops it by its pid and deletes its folder: a fast shutdown (SIGINT: its connections ended, a last
   * checkpoint written), or `immediate` (SIGQUIT: no checkpoint, for a server whose data is thrown away);
   * killed if it has not ended in time.
   */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops it by its pid (a fast shutdown) and keeps its folder: the database is away until `resume`. */
  pause(): Promise<void>;
  /** Starts it again after `pause`, on the same port, with everything it stored. */
  resume(): Promise<void>;
}

/** Servers not yet stopped: killed if this process exits first. */
const live = new Set<number>();
process.once('exit', () => {
  for (const pid of live) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
});

/**
 * Whether process `pid` still runs. One that has ended but is not yet reaped (a zombie: the postmaster is
 * not this process's child, and whoever adopted it may reap it only a second later) counts as ended.
 */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    // No /proc (not Linux), or the process is gone: ask the kernel.
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function gone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

/** The uid and gid of user `name`, from /etc/passwd, or null. */
function userIds(name: string): { uid: number; gid: number } | null {
  for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
    const [user, , uid, gid] = line.split(':');
    if (user === name) return { uid: Number(uid), gid: Number(gid) };
  }
  return null;
}

/** What initdb is given for every cluster here: trust on its own socket and port, the user `app`. */
const INITDB_ARGS = ['-A', 'trust', '-U', 'app', '-E', 'UTF8', '--locale=C', '--no-sync'];

/** Runs a command, as `postgres` when this process is root. */
type AsPostgres = (command: string, args: string[]) => Promise<unknown>;

/**
 * The data folder of a cluster made by `bin`'s initdb, kept in the temporary folder for every later
 * start to copy, this run's and the next's: initdb takes over a second of CPU, a copy a fifth of one.
 * Kept under a hash of the programs (their folder, initdb's size and time) and INITDB_ARGS; made beside
 * it and renamed into place whole, so that a process stopped meanwhile leaves no half-made one.
 */
async function madeCluster(
  bin: string,
  asPostgres: AsPostgres,
  owner: { uid: number; gid: number } | null,
): Promise<string> {
  const initdb = statSync(join(bin, 'initdb'));
  const key = createHash('sha256')
    .update(JSON.stringify([bin, initdb.size, initdb.mtimeMs, INITDB_ARGS]))
    .digest('hex')
    .slice(0, 16);
  const kept = join(tmpdir(), `tp-postgres-cluster-${key}`);
  if (existsSync(join(kept, 'data', 'PG_VERSION'))) return join(kept, 'data');
  const making = mkdtempSync(join(tmpdir(), 'tp-postgres-making-'));
  try {
    if (owner) chownSync(making, owner.uid, owner.gid);
    await asPostgres(join(bin, 'initdb'), ['-D', join(making, 'data'), ...INITDB_ARGS]);
    try {
      renameSync(making, kept);
    } catch (error) {
      // Another process made it meanwhile: theirs is as good.
      if (!existsSync(join(kept, 'data', 'PG_VERSION'))) throw error;
    }
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
  return join(kept, 'data');
}

/**
 * Starts a new PostgreSQL server (a copy of a cluster made by initdb, then pg_ctl start) and waits until
 * it takes connections.
 * `settings` are given to it as `-c name=value` (e.g. { fsync: 'off' } for speed where nothing is to
 * survive a crash).
 * @throws Error saying to run scripts/ensure-postgres.mjs when the server programs are missing
 */
export async function startPostgres(settings: Record<string, string> = {}): Promise<PostgresServer> {
  const bin = findPostgresBin();
  if (bin === null) throw new Error(`No PostgreSQL server programs (initdb, pg_ctl) found: ${HINT}`);
  const folder = mkdtempSync(join(tmpdir(), 'tp-postgres-'));
  const data = join(folder, 'data');
  const asRoot = process.getuid?.() === 0;
  const asPostgres: AsPostgres = (command, args) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
  /** Runs one of the server programs, as `postgres` when this process is root. */
  const program = (name: string, args: string[]) => asPostgres(join(bin, name), args);
  try {
    let owner: { uid: number; gid: number } | null = null;
    if (asRoot) {
      owner = userIds('postgres');
      if (owner === null) throw new Error(`Running as root, but there is no user postgres: ${HINT}`);
      chownSync(folder, owner.uid, owner.gid);
    }
    await asPostgres('cp', ['-a', await madeCluster(bin, asPostgres, owner), data]);
    const port = await freePort();
    const options = [
      `-p ${port}`,
      `-k ${folder}`,
      '-c listen_addresses=127.0.0.1',
      ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
    ].join(' ');
    /** Starts the cluster and waits until it takes connections: its postmaster's pid. */
    const start = async (): Promise<number> => {
      await program('pg_ctl', [
        '-D',
        data,
        '-o',
        options,
        '-l',
        join(folder, 'log'),
        '-w',
        '-t',
        '60',
        'start',
      ]);
      const started = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (!Number.isSafeInteger(started) || started <= 0) throw new Error('The postmaster wrote no pid');
      live.add(started);
      return started;
    };
    /** Ends the postmaster by its pid (killed if it takes too long). */
    const end = async (mode: 'fast' | 'immediate'): Promise<void> => {
      if (alive(pid)) {
        // As `pg_ctl -m fast stop` or `pg_ctl -m immediate stop` do.
        process.kill(pid, mode === 'fast' ? 'SIGINT' : 'SIGQUIT');
        if (!(await gone(pid, STOP_WAIT_MS))) {
          process.kill(pid, 'SIGKILL');
          await gone(pid, STOP_WAIT_MS);
        }
      }
      live.delete(pid);
    };
    let pid = await start();
    const url = `postgres://app@127.0.0.1:${port}/postgres`;
    return {
      url,
      port,
      get pid() {
        return pid;
      },
      folder,
      async createDatabase(name: string): Promise<string> {
        if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
        const client = new Client({ connectionString: url });
        await client.connect();
        try {
          await client.query(`CREATE DATABASE ${name}`);
        } finally {
          await client.end();
        }
        return `postgres://app@127.0.0.1:${port}/${name}`;
      },
      async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
        await end(mode);
        rmSync(folder, { recursive: true, force: true });
      },
      pause: () => end('fast'),
      async resume(): Promise<void> {
        pid = await start();
      },
    };
  } catch (error) {
    // A server that started before the failure is stopped (by pg_ctl: its pid may not be known yet).
    if (existsSync(join(data, 'postmaster.pid')))
      await program('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => {});
    const log = existsSync(join(folder, 'log')) ? readFileSync(join(folder, 'log'), 'utf8') : '';
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${(error as Error).message}${log ? `\n${log}` : ''}`, {
      cause: error,
    });
  }
}
