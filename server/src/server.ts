/**
 * The online game server: Colyseus (matchmaking and the rooms' WebSockets) and the built page, on one
 * port. `startServer` starts it from code (tests, benchmarks, main.ts). Its games are kept in a database
 * (DatabaseRooms.ts): the embedded one of `dataDir`, or the PostgreSQL server of `databaseUrl`. With
 * `redisUrl` too its rooms are shared with the other processes on the same Redis and PostgreSQL server
 * (docs/SCALING.md): Redis only says which process holds which room (room-holders.ts). Every HTTP
 * request passes http-gate.ts first: the page's security headers, CORS for allowed origins only, a
 * 16 KB limit on matchmaking bodies, and rooms and joins limited per client address.
 */
import { existsSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineRoom, defineServer, matchMaker, type Server } from '@colyseus/core';
import { ROOM_NAME } from '../../src/online/protocol.js';
import { BoundedTransport } from './colyseus-internals.js';
import { diceRoom } from './DiceRoom.js';
import type { RoomConfig } from './room-config.js';
import { keysRoute, signerFor } from './record-keys-route.js';
import type { RecordSigner } from './record-signing.js';
import { installGate, splitHttpOptions, type HttpOptions } from './http-gate.js';
import { FrameErrorLog, quietDecoderErrors, serverLogger } from './http-log.js';
import { connectRedis, shownRedisUrl, type RedisLink } from './redis.js';
import { RedisHolders } from './room-holders.js';
import { checkStoreOptions } from './store-env.js';
import { DatabaseRooms } from './DatabaseRooms.js';
import { myGamesRoute } from './my-games.js';
import { WorkerRecords } from './database/WorkerRecords.js';
import { serveSite } from './static-site.js';
import { ThrowPool } from './ThrowPool.js';
import { packageRoot } from './package-root.js';

/** Where `npm run build:app` puts the page. */
export const DEFAULT_STATIC_DIR = join(packageRoot(), 'dist/app');
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4173;
/** Largest WebSocket frame a client may send, bytes (a client message is at most 512 characters of JSON). */
const MAX_FRAME_BYTES = 16 * 1024;
/**
 * Longest a client may take to send a request's headers, and the whole request, ms (Node's defaults are
 * 60 s and 5 min: a client trickling a request holds its connection that long). A connection that sends
 * nothing is cut at the first. A WebSocket is a request only until its upgrade.
 */
export const HEADERS_TIMEOUT_MS = 20_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/**
 * How often Node looks for requests past those times, ms (its default, 30 s, let a slow request run up
 * to 30 s past them: a trickled request was cut at 48 s): so each is cut within a second of its time.
 */
const TIMEOUT_CHECK_MS = 1_000;
/** How long a connection may wait idle between two requests, ms (Node's default). */
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/**
 * Every WebSocket is pinged this often, ms, and terminated once it has missed PING_MAX_RETRIES pongs in
 * a row: a socket gone quiet (no pong) is closed 6 to 9 s after its last pong (Colyseus's own defaults,
 * stated: a browser answers pings by itself, even in a tab in the background).
 */
export const PING_INTERVAL_MS = 3_000;
export const PING_MAX_RETRIES = 2;
/**
 * A WebSocket that has not joined a room (used its seat reservation and acknowledged the join) within
 * this time of its upgrade is terminated, ms; a seat reservation lapses in 5 s, and a join takes a few ms.
 */
export const JOIN_DEADLINE_MS = 10_000;

/**
 * The HTTP side's options (HttpOptions, http-gate.ts) are here too: `roomsPerMinute` (20) and
 * `joinsPerMinute` (60) per client address, 0 for no limit; `connectionsPerAddress` (64 open at once, 0
 * for no cap); `limitLoopback` (true: 127.0.0.1 and ::1 are limited like any address; tests and
 * benchmarks with many clients on one machine set false); `trustProxy` (0: X-Forwarded-For is not
 * believed); `allowedOrigins` (none besides the page's own); `connectSources` and `frameAncestors` (the
 * page's CSP); `maxBodyBytes` (16 KB).
 */
export interface StartOptions extends Partial<RoomConfig>, HttpOptions {
  /** Port to listen on; 0 takes a free one (read it from the result). 4173 by default. */
  port?: number;
  /** Address to listen on; 127.0.0.1 by default. */
  host?: string;
  /** The built page to serve (dist/app by default); null serves no page. */
  staticDir?: string | null;
  /**
   * Redis (`redis://host:port`) through which this process shares its rooms with the others on it: any
   * of them can be joined through any process, and a game whose process is gone goes on in another.
   * Only with `databaseUrl`, the PostgreSQL server that keeps their games (StoreSettingsError
   * `redis-without-database` otherwise). Without it the rooms live in this process alone.
   */
  redisUrl?: string;
  /**
   * How clients reach this process from outside, `host:port` (maybe with a path: `example.org/game/1`),
   * no scheme: a client that joins a room through another process is sent here by it. With `redisUrl`
   * it is `host:port` (as listened on) unless given.
   */
  publicAddress?: string;
  /**
   * Worker threads for the dice physics (about 1 ms of CPU a throw), so that the rooms' messages keep
   * the main thread: one less than the cores, 1 to 4, by default; 0 throws on the main thread.
   */
  throwWorkers?: number;
  /**
   * Where the rooms' records are kept, so that a restart loses no game: an embedded PostgreSQL in this
   * folder (`DATA_DIR`; one process only, so not used with `redisUrl`), or the PostgreSQL server of
   * `databaseUrl` (`DATABASE_URL`; with `redisUrl`, the one every process of the deployment shares).
   * Neither given: the rooms live only in this process (as tests that need no restart run them).
   */
  dataDir?: string;
  databaseUrl?: string;
  /** How often sleeping games whose turn's clock ran out are woken, ms (WAKE_EVERY_MS; tests set less). */
  wakeEveryMs?: number;
}

/** Physics workers by default: one less than the cores, at least 1, at most 4. */
export function defaultThrowWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

export interface RunningServer {
  /** `http://host:port/`: the page, and the endpoint for @colyseus/sdk's `new Client(url)`. */
  url: string;
  host: string;
  port: number;
  /** The address clients are sent to for this process's rooms, if set. */
  publicAddress?: string;
  /** Ends every room (clients are disconnected, told 'closing' first) and stops listening. */
  close(): Promise<void>;
}

/** A port free on `host` now (for a server on Redis asked for port 0: its public address needs the number). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Logs a promise rejected with no one waiting for it (Colyseus leaves a few such writes to Redis), and lives on. */
function keepRunning(reason: unknown): void {
  console.error('A background task failed:', (reason as Error)?.message ?? reason);
}

let running: Server | undefined;

/**
 * Starts the game server and the page on one port. One per process (Colyseus's matchmaker is global);
 * another may start once the first is closed.
 * @throws StoreSettingsError `redis-without-database` for `redisUrl` without `databaseUrl`; Error if one
 *   is already running, or the port cannot be listened on
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  checkStoreOptions(options);
  if (running) throw new Error('A game server is already running in this process');
  // Colyseus checks reconnecting sockets against the global WebSocket, which Node 20 does not have.
  globalThis.WebSocket ??= (await import('ws')).WebSocket as unknown as typeof globalThis.WebSocket;

  const [httpOptions, serverOptions] = splitHttpOptions(options);
  const {
    port: askedPort = DEFAULT_PORT,
    host = DEFAULT_HOST,
    staticDir = DEFAULT_STATIC_DIR,
    redisUrl,
    publicAddress: givenAddress,
    throwWorkers = defaultThrowWorkers(),
    dataDir,
    databaseUrl,
    wakeEveryMs,
    ...config
  } = serverOptions;
  if (staticDir !== null && !existsSync(`${staticDir}/index.html`)) {
    console.warn(`No page at ${staticDir} (run npm run build:app): only the game server answers`);
  }
  const httpServer = createHttpServer({
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: TIMEOUT_CHECK_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  });
  // Checks the HTTP options before anything is started (it throws for one that is not valid). A public
  // address set by hand may name another host than the page's: its WebSockets are allowed too.
  const uninstallGate = installGate(httpServer, {
    ...httpOptions,
    socketHosts: givenAddress ? [givenAddress.split('/', 1)[0]!] : [],
  });
  let redis: RedisLink | undefined;
  let database: WorkerRecords | undefined;
  let kept: DatabaseRooms | undefined;
  let signer: RecordSigner;
  let port = askedPort;
  let publicAddress = givenAddress || undefined;
  try {
    if (redisUrl) {
      // The games are kept on the PostgreSQL server the processes share; Redis only routes.
      redis = await connectRedis(redisUrl);
      if (!publicAddress) {
        if (port === 0) port = await freePort(host);
        publicAddress = `${host.includes(':') ? `[${host}]` : host}:${port}`;
        if (host === '0.0.0.0' || host === '::') {
          console.warn(
            `Set PUBLIC_ADDRESS: clients sent to this process for its rooms would go to ${publicAddress}`,
          );
        }
      }
    }
    if (dataDir || databaseUrl) {
      // In a thread of its own: the embedded database's work stays off the rooms' thread.
      database = await WorkerRecords.open({
        ...(dataDir ? { DATA_DIR: dataDir } : {}),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      });
      kept = new DatabaseRooms(database, wakeEveryMs, redis ? new RedisHolders(redis) : undefined);
    }
    // The key that signs finished games' records: kept with the games (record-keys.ts).
    signer = await signerFor(database);
  } catch (error) {
    uninstallGate();
    redis?.close();
    await database?.close().catch(() => {});
    throw error;
  }
  if (redis) {
    // Colyseus leaves some writes to Redis unawaited (its stats, a room's listing): while Redis is down
    // they fail with no one to catch them, which would end the process.
    process.on('unhandledRejection', keepRunning);
  }
  const throws = new ThrowPool(throwWorkers);
  // Malformed frames and undecodable message types: one line, at most one per 10 s (http-log.ts).
  const frames = new FrameErrorLog((line) => console.error(line));
  const restoreConsole = quietDecoderErrors(frames);
  const transport = new BoundedTransport({
    server: httpServer,
    maxPayload: MAX_FRAME_BYTES,
    pingInterval: PING_INTERVAL_MS,
    pingMaxRetries: PING_MAX_RETRIES,
    joinDeadlineMs: JOIN_DEADLINE_MS,
  });
  const server = defineServer({
    rooms: { [ROOM_NAME]: defineRoom(diceRoom(config, { store: kept, throws, signer })) },
    transport,
    greet: false,
    // A malformed WebSocket frame is one line, at most one per 10 s (http-log.ts), not a stack each.
    logger: serverLogger(console, frames),
    // main.ts handles the signals itself (close(), then exit).
    gracefullyShutdown: false,
    express: (app) => {
      if (database)
        myGamesRoute(app, database, {
          trustProxy: httpOptions.trustProxy,
          limitLoopback: httpOptions.limitLoopback,
        });
      keysRoute(app, signer);
      serveSite(app, staticDir);
    },
    ...(redis
      ? {
          presence: redis.presence,
          driver: redis.driver,
          // A room is made in the process asked (a proxy spreads the people over the processes).
          selectProcessIdToCreateRoom: async () => matchMaker.processId,
        }
      : {}),
    ...(publicAddress ? { publicAddress } : {}),
  });
  const uninstall = kept?.install();
  const release = (): void => {
    uninstallGate();
    restoreConsole();
    void throws.close();
    uninstall?.();
    redis?.close();
    void database?.close().catch(() => {});
    if (redis) process.off('unhandledRejection', keepRunning);
  };
  running = server;
  try {
    await server.listen(port, host);
  } catch (error) {
    running = undefined;
    await server.gracefullyShutdown(false).catch(() => {});
    release();
    throw error;
  }
  if (redis) console.log(`Rooms are shared through Redis at ${shownRedisUrl(redisUrl!)} as ${publicAddress}`);
  if (database) console.log(`Games are kept in ${database.where}`);
  const address = transport.server!.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${address.port}/`,
    host: address.address,
    port: address.port,
    ...(publicAddress ? { publicAddress } : {}),
    close: () =>
      (closing ??= server.gracefullyShutdown(false).finally(() => {
        release();
        if (running === server) running = undefined;
      })),
  };
}
