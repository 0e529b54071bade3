/**
 * Game server load benchmark: `npm run bench:server -- --rooms N [--players P] [--seconds S] [--json]`.
 *
 * Starts ONE game server process as `npm run serve` runs it (`node --import tsx server/src/main.ts`, no
 * page build; its games in the embedded database, or with `--postgres` on a PostgreSQL server of its own;
 * with `--redis` also a redis-server of its own and REDIS_URL, as processes that share their rooms run:
 * Redis routes, a PostgreSQL server of its own keeps the games, `--postgres` or not), then drives N rooms
 * of P people each over loopback with @colyseus/sdk clients, in one or a few driver processes
 * (`--drivers D`), exactly as pages would: every person has their own client and WebSocket.
 *
 * The load: in every room the players take turns, and each turn is one throw then one score (the first
 * free row), so that every person throws once every `--cadence` seconds (3 by default): a room acts
 * every cadence / P seconds (0.75 s for 4 players), each room starting at a random moment of that
 * period. The player to act throws on the tick; when the thrower has seen the throw's view they score at
 * once; a game over is started again by the host. A tick that finds its room still busy with the last
 * turn (the server late) throws as soon as that turn is done. So N rooms of P people ask for
 * N * P / cadence throws a second (667 for 500 rooms of 4) and as many scores.
 *
 * It reports, over `--seconds` of steady play after `--warmup` seconds:
 * - throws a second (done, against the target);
 * - the time from a throw's request to its 'thrown' message at every client of the room (p50, p90,
 *   p99, max), which includes the physics, the trajectory's encoding, the broadcast, and the driver's
 *   own delays (its event loop's delay p99 is reported too, to tell them apart);
 * - the server's CPU time: utime + stime of its pid from /proc/PID/stat over the window, per throw and
 *   as a share of one core;
 * - the server's heap and resident memory (its own `process.memoryUsage()`, printed every second when
 *   STATS_EVERY_MS is set: see main.ts);
 * - refusals, and the machine's load average (`uptime`) before and after.
 *
 * `--cpu-prof DIR` has the server write a CPU profile (node --cpu-prof) into DIR when it stops.
 *
 * Bad arguments exit with code 2.
 */
import { execSync, fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client, type Room } from '@colyseus/sdk';
import { freeRows } from '../src/engine/index.js';
import type { Acted, RoomView, ServerMessages } from '../src/online/protocol.js';
import { viewAfter } from '../src/online/room-events.js';
import { startPostgres, type PostgresServer } from '../server/src/database/test-postgres.js';
import { spawnRedis, spawnServer, type RedisProcess, type ServerProcess } from '../server/src/processes.js';
import { countFlag, parseOrExit, readFlags } from './cli-args.js';

const USAGE =
  'usage: npm run bench:server -- [--rooms N] [--players P] [--seconds S] [--warmup S] [--cadence S] [--drivers D] [--redis] [--postgres] [--cpu-prof DIR] [--json]';

export interface Options {
  rooms: number;
  players: number;
  seconds: number;
  warmup: number;
  /** Seconds between two throws of one person. */
  cadence: number;
  drivers: number;
  /** A redis-server of the benchmark's own (REDIS_URL), beside a PostgreSQL server (REDIS_URL needs one). */
  redis: boolean;
  /** A PostgreSQL server of the benchmark's own (DATABASE_URL) instead of the embedded database. */
  postgres: boolean;
  /** A folder for the server's CPU profile (node --cpu-prof), written when it stops. */
  cpuProf: string | undefined;
  json: boolean;
  help: boolean;
}

/**
 * The options of a command line.
 * @throws Error with a one-line message for the user when an argument is unknown, missing or bad
 */
export function parseArgs(argv: readonly string[]): Options {
  const flags = readFlags(argv, {
    valued: ['--rooms', '--players', '--seconds', '--warmup', '--cadence', '--drivers', '--cpu-prof'],
    switches: ['--redis', '--postgres', '--json', '--help', '-h'],
  });
  const players = countFlag(flags, '--players', 4);
  if (players < 2 || players > 6) throw new Error(`--players must be 2 to 6, got ${players}`);
  return {
    rooms: countFlag(flags, '--rooms', 50),
    players,
    seconds: countFlag(flags, '--seconds', 30),
    warmup: countFlag(flags, '--warmup', 5),
    cadence: countFlag(flags, '--cadence', 3),
    drivers: countFlag(flags, '--drivers', 1),
    redis: flags.switches.has('--redis'),
    // Rooms shared over Redis keep their games on a PostgreSQL server.
    postgres: flags.switches.has('--postgres') || flags.switches.has('--redis'),
    cpuProf: flags.values.get('--cpu-prof'),
    json: flags.switches.has('--json'),
    help: flags.switches.has('--help') || flags.switches.has('-h'),
  };
}

// ---- what the main process and the drivers say to each other ----

/** Main -> driver. */
type ToDriver =
  /** Open these rooms (their people join, the host starts), then say 'ready'. */
  | { type: 'open'; url: string; rooms: number; players: number; cadence: number }
  /** Play, measuring from `measureFrom` to `measureTo` (ms since 1970), then send the 'result'. */
  | { type: 'run'; measureFrom: number; measureTo: number }
  | { type: 'stop' };

/** Driver -> main. */
type FromDriver =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | {
      type: 'result';
      /** Request-to-'thrown' times at every client, ms, within the window. */
      latencies: number[];
      /** Throws seen done within the window. */
      throws: number;
      scores: number;
      refused: Record<string, number>;
      /** Ticks that found their room still busy. */
      late: number;
      /** The driver's event loop delay p99, ms. */
      lagP99: number;
    };

// ---- a driver: many rooms of headless clients ----

const GESTURES = [
  { dirX: 0.1, dirZ: -1, speed: 12 },
  { dirX: -0.25, dirZ: -0.9, speed: 15 },
  { dirX: 0.3, dirZ: -1, speed: 10 },
];

/** Runs `task` over `items`, `width` at a time. */
async function inBatches<T>(
  items: readonly T[],
  width: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

class Stats {
  latencies: number[] = [];
  throws = 0;
  scores = 0;
  late = 0;
  refused: Record<string, number> = {};
  measureFrom = 0;
  measureTo = 0;

  measuring(): boolean {
    const now = Date.now();
    return now >= this.measureFrom && now < this.measureTo;
  }
}

/** One room of the benchmark: its people's connections, and whose turn it is. */
class BenchRoom {
  readonly seats: Room[] = [];
  private view: RoomView | null = null;
  /**
   * Where the room is: `idle` (ready for the next throw), `throwing` (a throw asked for, its view awaited),
   * `scoring` (its score sent, the next turn's view awaited), `starting` (a new game asked for).
   */
  private state: 'idle' | 'throwing' | 'scoring' | 'starting' = 'starting';
  /** The throw asked for: when, and how many of the room's clients have its 'thrown'. */
  private sentAt = 0;
  private seen = Infinity;
  /** A tick found the room busy: it throws as soon as it is idle. */
  private owed = false;
  private gesture = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly stats: Stats,
    private readonly players: number,
  ) {}

  async open(url: string, index: number): Promise<void> {
    const host = await new Client(url).create('dice', { name: `P1 ${index}` });
    this.listen(host, 0);
    for (let seat = 1; seat < this.players; seat++) {
      const guest = await new Client(url).joinById(host.roomId, { name: `P${seat + 1} ${index}` });
      this.listen(guest, seat);
    }
    host.send('start', {});
    await this.until(() => this.state === 'idle');
  }

  /** Waits, each until its test passes: checked at every view. */
  private waiters: (() => boolean)[] = [];
  private until(ready: () => boolean): Promise<void> {
    if (ready()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error('A room did not start')), 60_000);
      this.waiters.push(() => {
        if (!ready()) return false;
        clearTimeout(timeout);
        resolve();
        return true;
      });
    });
  }

  private listen(room: Room, seat: number): void {
    this.seats[seat] = room;
    room.reconnection.enabled = false;
    room.onMessage('thrown', () => this.thrown());
    room.onMessage('view', (view: RoomView) => this.viewed(view, seat));
    // An action comes as itself: the host's copy applies it as the page does.
    room.onMessage('acted', (acted: Acted) => {
      if (seat === 0 && this.view) this.viewed(viewAfter(this.view, acted, true), seat);
    });
    room.onMessage('welcome', (welcome: ServerMessages['welcome']) => this.viewed(welcome.view, seat));
    room.onMessage('refused', (refused: ServerMessages['refused']) => {
      this.stats.refused[refused.code] = (this.stats.refused[refused.code] ?? 0) + 1;
    });
    room.onMessage('*', () => {});
  }

  /** Starts the room's ticks: one turn of the player to act every `periodMs`, from a random moment. */
  run(periodMs: number): void {
    this.timer = setTimeout(() => {
      this.tick();
      this.timer = setInterval(() => this.tick(), periodMs);
    }, Math.random() * periodMs);
  }

  stop(): void {
    clearTimeout(this.timer);
    clearInterval(this.timer);
  }

  private tick(): void {
    if (this.state !== 'idle') {
      this.owed = true;
      if (this.stats.measuring()) this.stats.late++;
      return;
    }
    this.throwNow();
  }

  private throwNow(): void {
    const game = this.view!.game!;
    this.owed = false;
    this.state = 'throwing';
    this.sentAt = performance.now();
    this.seen = 0;
    this.seats[game.current]!.send('throw', { gesture: GESTURES[this.gesture++ % GESTURES.length]! });
  }

  /** A client got the throw's 'thrown' (each client once a throw; the room may have moved on meanwhile). */
  private thrown(): void {
    if (this.seen >= this.players) return;
    const ms = performance.now() - this.sentAt;
    this.seen++;
    if (this.stats.measuring()) {
      this.stats.latencies.push(ms);
      if (this.seen === 1) this.stats.throws++;
    }
  }

  /** Every client gets the views; the host's copy (seat 0) drives the room. */
  private viewed(view: RoomView, seat: number): void {
    if (seat !== 0) return;
    if (this.view && view.version <= this.view.version) return;
    this.view = view;
    const game = view.game;
    if (view.phase === 'over') {
      // A new game with the same seats.
      if (this.state !== 'starting') this.seats[view.host]?.send('start', {});
      this.state = 'starting';
    } else if (view.phase === 'playing' && game) {
      if (this.state === 'throwing' && game.rollsUsed > 0) {
        // The throw's view: its thrower scores at once.
        this.state = 'scoring';
        this.seats[game.current]!.send('score', { row: freeRows(game)[0]! });
        if (this.stats.measuring()) this.stats.scores++;
      } else if ((this.state === 'scoring' || this.state === 'starting') && game.rollsUsed === 0) {
        this.state = 'idle';
        if (this.owed) this.throwNow();
      }
    }
    this.waiters = this.waiters.filter((done) => !done());
  }

  async close(): Promise<void> {
    this.stop();
    await Promise.all(this.seats.map((room) => room.leave(true).catch(() => {})));
  }
}

/** The driver process: opens its rooms, plays them when told, and reports. */
async function driver(): Promise<void> {
  const send = (message: FromDriver): void => void process.send!(message);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  const stats = new Stats();
  const rooms: BenchRoom[] = [];
  let periodMs = 0;
  process.on('message', (message: ToDriver) => {
    if (message.type === 'open') {
      periodMs = (message.cadence * 1000) / message.players;
      const indexes = Array.from({ length: message.rooms }, (_, i) => i);
      inBatches(indexes, 16, async (i) => {
        const room = new BenchRoom(stats, message.players);
        rooms.push(room);
        await room.open(message.url, i);
      }).then(
        () => send({ type: 'ready' }),
        (error: unknown) => send({ type: 'failed', message: (error as Error).message }),
      );
    } else if (message.type === 'run') {
      stats.measureFrom = message.measureFrom;
      stats.measureTo = message.measureTo;
      for (const room of rooms) room.run(periodMs);
      lag.enable();
      setTimeout(
        () => {
          lag.disable();
          for (const room of rooms) room.stop();
          send({
            type: 'result',
            latencies: stats.latencies,
            throws: stats.throws,
            scores: stats.scores,
            refused: stats.refused,
            late: stats.late,
            lagP99: lag.percentile(99) / 1e6,
          });
        },
        Math.max(0, message.measureTo - Date.now()),
      );
    } else {
      void Promise.all(rooms.map((room) => room.close())).finally(() => process.exit(0));
      setTimeout(() => process.exit(0), 3000).unref();
    }
  });
}

// ---- the main process ----

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** CPU time of a process so far (user + system, all its threads), seconds, from /proc/PID/stat. */
function cpuSeconds(pid: number, ticksPerSecond: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's name (in parentheses, which may hold spaces): utime and stime are the
  // 14th and 15th fields of the line, the 12th and 13th after the name.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

interface ServerStats {
  heapUsed: number;
  heapTotal: number;
  rss: number;
}

/** The server's last `stats` line after character `from` of its output. */
function lastStats(output: string, from = 0): ServerStats | null {
  const lines = output.slice(from).match(/^stats \{.*\}$/gm);
  if (!lines) return null;
  return JSON.parse(lines.at(-1)!.slice('stats '.length)) as ServerStats;
}

function round(value: number, digits = 1): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

async function main(options: Options): Promise<void> {
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const ticks = Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim()) || 100;
  const loadBefore = loadavg();
  let redis: RedisProcess | undefined;
  let postgres: PostgresServer | undefined;
  let server: ServerProcess | undefined;
  const drivers: ChildProcess[] = [];
  const log = (text: string): void => {
    if (!options.json) console.log(text);
  };
  try {
    if (options.redis) {
      execSync(`${JSON.stringify(process.execPath)} scripts/ensure-redis.mjs`, { stdio: 'inherit' });
      redis = await spawnRedis();
    }
    if (options.postgres) {
      execSync(`${JSON.stringify(process.execPath)} scripts/ensure-postgres.mjs`, { stdio: 'inherit' });
      postgres = await startPostgres();
    }
    server = await spawnServer(
      'game server',
      {
        STATS_EVERY_MS: '1000',
        NODE_ENV: 'production',
        // Thousands of clients from this machine: loopback is not limited here.
        LIMIT_LOOPBACK: '0',
        ...(redis ? { REDIS_URL: redis.url } : {}),
        ...(postgres ? { DATABASE_URL: await postgres.createDatabase('bench_server') } : {}),
      },
      options.cpuProf ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProf] : [],
    );
    log(
      `Server ${server.url} (pid ${server.pid})${redis ? ` on Redis ${redis.url}` : ''}` +
        (postgres ? ` on PostgreSQL (port ${postgres.port}, its CPU not counted)` : ''),
    );

    // The rooms, shared out among the drivers.
    const count = Math.min(options.drivers, options.rooms);
    const results: Extract<FromDriver, { type: 'result' }>[] = [];
    const readies: Promise<void>[] = [];
    const done: Promise<void>[] = [];
    const self = fileURLToPath(import.meta.url);
    for (let d = 0; d < count; d++) {
      const child = fork(self, ['--driver'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
      drivers.push(child);
      let ready!: () => void;
      let finished!: () => void;
      let fail!: (error: Error) => void;
      readies.push(new Promise<void>((resolve) => (ready = resolve)));
      done.push(
        new Promise<void>((resolve, reject) => {
          finished = resolve;
          fail = reject;
        }),
      );
      child.on('message', (message: FromDriver) => {
        if (message.type === 'ready') ready();
        else if (message.type === 'failed') fail(new Error(`A driver failed: ${message.message}`));
        else {
          results.push(message);
          finished();
        }
      });
      child.once('exit', (code) => fail(new Error(`A driver ended (${code})`)));
    }
    // Rooms open first (not measured); then the warm-up, then the window.
    const openStarted = Date.now();
    drivers.forEach((child, d) => {
      const rooms = Math.floor(options.rooms / count) + (d < options.rooms % count ? 1 : 0);
      const open: ToDriver = {
        type: 'open',
        url: server!.url,
        rooms,
        players: options.players,
        cadence: options.cadence,
      };
      child.send(open);
    });
    await Promise.race([Promise.all(readies), Promise.all(done)]);
    log(`${options.rooms} rooms of ${options.players} open in ${round((Date.now() - openStarted) / 1000)} s`);
    const measureFrom = Date.now() + options.warmup * 1000;
    const measureTo = measureFrom + options.seconds * 1000;
    const run: ToDriver = { type: 'run', measureFrom, measureTo };
    for (const child of drivers) child.send(run);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, measureFrom - Date.now())));
    const cpuFrom = cpuSeconds(server.pid, ticks);
    const outputFrom = server.output.length;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, measureTo - Date.now())));
    const cpuTo = cpuSeconds(server.pid, ticks);
    await Promise.all(done);
    const memory = lastStats(server.output, outputFrom);
    const loadAfter = loadavg();

    const latencies = results.flatMap((r) => r.latencies).sort((x, y) => x - y);
    const throws = results.reduce((sum, r) => sum + r.throws, 0);
    const scores = results.reduce((sum, r) => sum + r.scores, 0);
    const late = results.reduce((sum, r) => sum + r.late, 0);
    const refused: Record<string, number> = {};
    for (const r of results)
      for (const [code, n] of Object.entries(r.refused)) refused[code] = (refused[code] ?? 0) + n;
    const cpu = cpuTo - cpuFrom;
    const report = {
      rooms: options.rooms,
      players: options.players,
      cadenceSeconds: options.cadence,
      redis: options.redis,
      database: options.postgres ? 'postgresql' : 'embedded',
      drivers: count,
      seconds: options.seconds,
      targetThrowsPerSecond: round((options.rooms * options.players) / options.cadence),
      throwsPerSecond: round(throws / options.seconds),
      scoresPerSecond: round(scores / options.seconds),
      lateTicks: late,
      thrownLatencyMs: {
        samples: latencies.length,
        p50: round(percentile(latencies, 50)),
        p90: round(percentile(latencies, 90)),
        p99: round(percentile(latencies, 99)),
        max: round(latencies.at(-1) ?? NaN),
      },
      serverCpu: {
        seconds: round(cpu, 2),
        coreShare: round(cpu / options.seconds, 3),
        msPerThrow: round((cpu * 1000) / Math.max(1, throws), 2),
      },
      serverMemoryMB: memory
        ? { heapUsed: round(memory.heapUsed / 2 ** 20), rss: round(memory.rss / 2 ** 20) }
        : null,
      driverLagP99Ms: round(Math.max(...results.map((r) => r.lagP99))),
      refused,
      loadAverage: { before: loadBefore.map((x) => round(x, 2)), after: loadAfter.map((x) => round(x, 2)) },
    };
    if (options.json) console.log(JSON.stringify(report));
    else console.log(JSON.stringify(report, null, 2));
  } finally {
    for (const child of drivers) if (child.connected) child.send({ type: 'stop' });
    await Promise.all(
      drivers.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
    // The server before Redis (a server waiting for a Redis that is gone would take its grace time).
    await server?.stop('SIGTERM');
    await redis?.stop('SIGTERM');
    await postgres?.stop('immediate');
  }
}

if (process.argv.includes('--driver')) {
  void driver();
} else {
  const options = parseOrExit('bench:server', USAGE, parseArgs);
  main(options).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`bench:server: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
