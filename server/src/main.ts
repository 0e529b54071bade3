/**
 * `npm start`: the page and the online game server on one port, http://127.0.0.1:4173/ unless the
 * environment says otherwise (PORT, HOST). Every game is kept in a database, so that a restart loses
 * none: an embedded PostgreSQL in DATA_DIR (./data by default), or the PostgreSQL server of DATABASE_URL
 * (docs/DATABASE.md). With REDIS_URL too the rooms are shared with every other process on that Redis
 * and that PostgreSQL server, this one reached by clients at PUBLIC_ADDRESS (`host:port`, HOST:PORT by
 * default): see docs/SCALING.md. REDIS_URL without DATABASE_URL stops it (exit code 2: store-env.ts). SIGTERM or SIGINT (Ctrl+C) tells every room's people ('closing'), ends the rooms and
 * stops. THROW_WORKERS sets how many threads throw the dice (server.ts: one less than the cores by
 * default). STATS_EVERY_MS prints the process's heap and CPU time that often (for bench:server).
 * WAKE_EVERY_MS sets how often games asleep in the database are looked at for a turn's clock run out
 * (30 s by default; tests set less).
 * The HTTP side's settings (http-env.ts): ROOMS_PER_MINUTE, JOINS_PER_MINUTE, CONNECTIONS_PER_ADDRESS,
 * TRUST_PROXY, LIMIT_LOOPBACK (0: this machine's own addresses are not limited, for tests and benchmarks),
 * ALLOWED_ORIGINS, CSP_CONNECT_SRC, FRAME_ANCESTORS.
 *
 * It runs in production mode (NODE_ENV=production unless NODE_ENV is set): Colyseus then prints no
 * development hints (a failed reconnection's "did you miss allowReconnection()?") and express shows no
 * stack in an error page.
 */
// Load neither Colyseus nor express.
import { EnvError, httpOptionsFromEnv } from './http-env.js';
import { StoreSettingsError, storeOptionsFromEnv } from './store-env.js';

/** Where the games are kept; settings that cannot go together stop the process at once (exit code 2). */
function storeOptions(): ReturnType<typeof storeOptionsFromEnv> {
  try {
    return storeOptionsFromEnv(process.env);
  } catch (error) {
    if (!(error instanceof StoreSettingsError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}
const store = storeOptions();

// Set before Colyseus and express are loaded, so that nothing can have read NODE_ENV before: server.ts is
// imported here, when this line has run (a static import is loaded before any of this module runs).
process.env.NODE_ENV ||= 'production';
const { DEFAULT_HOST, DEFAULT_PORT, startServer } = await import('./server.js');

/** Longest wait for the rooms to close on a signal before the process ends anyway, ms. */
const SHUTDOWN_GRACE_MS = 5000;

function portFrom(text: string | undefined): number {
  if (text === undefined || text === '') return DEFAULT_PORT;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a port number (0 to 65535), not ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return port;
}

/** A count from the environment (undefined when not set). */
function countFrom(name: string, text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const count = Number(text);
  if (!Number.isInteger(count) || count < 0 || count > 64) {
    console.error(`${name} must be a whole number from 0 to 64, not ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return count;
}

/** The HTTP side's settings from the environment; a wrong one stops the process (exit code 2). */
function httpOptions(): ReturnType<typeof httpOptionsFromEnv> {
  try {
    return httpOptionsFromEnv(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

let server: Awaited<ReturnType<typeof startServer>>;
try {
  server = await startServer({
    port: portFrom(process.env.PORT),
    host: process.env.HOST || DEFAULT_HOST,
    publicAddress: process.env.PUBLIC_ADDRESS || undefined,
    throwWorkers: countFrom('THROW_WORKERS', process.env.THROW_WORKERS),
    // Games outlive the process: kept in DATA_DIR (./data), or on the PostgreSQL server of DATABASE_URL.
    ...store,
    ...(Number(process.env.WAKE_EVERY_MS) > 0 ? { wakeEveryMs: Number(process.env.WAKE_EVERY_MS) } : {}),
    ...httpOptions(),
  });
} catch (error) {
  console.error(`The server could not start: ${(error as Error).message ?? error}`);
  process.exit(1);
}
console.log(`\nTäringupokker is served on ${server.url}  (Ctrl+C stops it)\n`);

// STATS_EVERY_MS (for the benchmark, scripts/bench-server.ts): a line of the process's own figures
// every so often: `stats {"heapUsed":...,"rss":...,"cpuUser":...,"cpuSystem":...}` (bytes, µs).
const statsEvery = Number(process.env.STATS_EVERY_MS);
if (Number.isFinite(statsEvery) && statsEvery > 0) {
  setInterval(() => {
    const { heapUsed, heapTotal, rss } = process.memoryUsage();
    const { user, system } = process.cpuUsage();
    console.log(`stats ${JSON.stringify({ heapUsed, heapTotal, rss, cpuUser: user, cpuSystem: system })}`);
  }, statsEvery).unref();
}

let stopping = false;
function stop(signal: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing the rooms...`);
  setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('Shutdown failed:', error);
      process.exit(1);
    },
  );
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
