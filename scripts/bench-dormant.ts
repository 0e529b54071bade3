/**
 * Dormant games benchmark: `npm run bench:dormant -- [--games N] [--opens M] [--warmup W] [--postgres] [--json]`.
 *
 * A dormant game is an own-pace game in phase 'playing' whose room is not open: it lives only as a row of
 * the database. This measures what many of them cost the embedded database's server (PGlite in a fresh
 * temporary data folder):
 *
 * 1. Memory. One real game is played first (a server process as `npm run serve` runs it: two players,
 *    own pace, six turns and one more throw, both leave) and its stored record is read back. That record
 *    is cloned N times (`--games`, 100000 by default) with a new room id and new seat key hashes each,
 *    and written into the real schema, the rows RoomRecords.save writes, 1000 rooms a statement (see
 *    INSERT_ROOMS). Then a server
 *    process is started on an empty data folder and one on the filled folder, and each one's heap and
 *    RSS (its own `process.memoryUsage()`, STATS_EVERY_MS) and VmRSS / VmHWM (/proc/PID/status) are read
 *    once it has settled.
 * 2. Latency. For M of the stored games (`--opens`, 200 by default, spread over the N), whose seat 0 key
 *    this script made (only its hash is stored), one @colyseus/sdk client at a time joins the room by id
 *    with that key (the server brings the game back from the database) and throws (seat 0 is to move,
 *    with two throws left): the join is timed to its 'welcome', the move from the request to its
 *    'thrown'. One at a time, so that the figures are each open's own, not a queue's. W other stored
 *    games (`--warmup`, 10 by default) are opened the same way first, right after the server started:
 *    their figures are printed apart (the first open after a start, while Node compiles what a room
 *    runs and the throw thread warms up, takes several times what later ones do), and the M are those
 *    of a server that has been running.
 *
 * `--postgres` does the same on a PostgreSQL server of the benchmark's own (server/src/database/
 * test-postgres.ts: a new cluster in a temporary folder, stopped by its pid; run
 * scripts/ensure-postgres.mjs first), one database per stage, given to the servers as DATABASE_URL.
 * Then the memory is the game server's only: PostgreSQL's own processes are not counted.
 *
 * Clones share the template's game and throw secrets: that changes nothing in what is measured here.
 * Bad arguments exit with code 2.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { Client, type Room } from '@colyseus/sdk';
import { freeRows } from '../src/engine/index.js';
import type { ServerMessages } from '../src/online/protocol.js';
import { openDatabase, RoomRecords, type RoomSave, type SeatEntry } from '../server/src/database/index.js';
import { startPostgres, type PostgresServer } from '../server/src/database/test-postgres.js';
import { spawnServer, type ServerProcess } from '../server/src/processes.js';
import { newSeatKey, seatKeyHash } from '../server/src/seat-keys.js';
import { bodyToSave, storedBody, type StoredBody } from '../server/src/stored-body.js';
import { Player } from '../server/src/test-player.js';
import { countFlag, parseOrExit, readFlags } from './cli-args.js';

const USAGE = 'usage: npm run bench:dormant -- [--games N] [--opens M] [--warmup W] [--postgres] [--json]';

export interface Options {
  games: number;
  opens: number;
  /** Games opened first, timed apart: what the first opens after a start cost. */
  warmup: number;
  /** A PostgreSQL server of the benchmark's own (DATABASE_URL) instead of the embedded database. */
  postgres: boolean;
  json: boolean;
  help: boolean;
}

/**
 * The options of a command line.
 * @throws Error with a one-line message for the user when an argument is unknown, missing or bad
 */
export function parseArgs(argv: readonly string[]): Options {
  const flags = readFlags(argv, {
    valued: ['--games', '--opens', '--warmup'],
    switches: ['--postgres', '--json', '--help', '-h'],
  });
  const games = countFlag(flags, '--games', 100_000);
  const opens = countFlag(flags, '--opens', 200);
  const warmup = countFlag(flags, '--warmup', 10);
  if (opens + warmup > games) {
    throw new Error(`--opens and --warmup (${opens} + ${warmup}) must not be more than --games (${games})`);
  }
  return {
    games,
    opens,
    warmup,
    postgres: flags.switches.has('--postgres'),
    json: flags.switches.has('--json'),
    help: flags.switches.has('--help') || flags.switches.has('-h'),
  };
}

const GESTURE = { gesture: { dirX: 0.1, dirZ: -1, speed: 11 } };
const DAY_SECONDS = 24 * 3600;
/** Whole turns played in the template game before it is left (even: seat 0 is to move again). */
const TEMPLATE_TURNS = 6;
/** Rooms written per transaction while filling (big enough that the commit is not what costs). */
const FILL_BATCH = 1000;
/** How long a started server is left alone before its memory is read, ms (its start's garbage collected). */
const SETTLE_MS = 5000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a server's games are: DATA_DIR (the embedded database) or DATABASE_URL (PostgreSQL). */
type DatabaseEnv = Record<string, string>;

/** Plays one own-pace game a few turns in a server on database `where` and gives its stored record. */
async function templateGame(where: DatabaseEnv): Promise<{ roomId: string; save: RoomSave }> {
  // Many clients from this machine: loopback is not limited here.
  const server = await spawnServer('template server', { ...where, THROW_WORKERS: '1', LIMIT_LOOPBACK: '0' });
  let roomId: string;
  try {
    const mari = await Player.create(server.url, 'Mari');
    roomId = (await mari.next('welcome')).view.roomId;
    const juri = await Player.join(server.url, roomId, 'Jüri');
    await juri.next('welcome');
    mari.send('clock', { seconds: DAY_SECONDS, pace: 'own-pace' });
    await mari.next('view', (v) => v.clock.pace === 'own-pace');
    mari.send('start', {});
    await mari.next('view', (v) => v.phase === 'playing');
    // A few whole turns (a throw and a score each), so that the record has a game under way in its log.
    const players = [mari, juri];
    for (let turn = 0; turn < TEMPLATE_TURNS; turn++) {
      const player = players[turn % 2]!;
      player.send('throw', GESTURE);
      const thrown = await player.next('view', (v) => v.game?.current === turn % 2 && v.game.rollsUsed === 1);
      player.send('score', { row: freeRows(thrown.game!)[0]! });
      await player.next('view', (v) => v.game?.current === (turn + 1) % 2 && v.game.rollsUsed === 0);
    }
    // Then seat 0 throws once: the stored game waits for its second throw (or its score).
    mari.send('throw', GESTURE);
    await mari.next('view', (v) => v.game?.current === 0 && v.game.rollsUsed === 1);
    await juri.leave();
    await mari.leave();
    // The room is let go a second after it empties; SIGTERM writes its last record anyway.
    await sleep(2000);
  } finally {
    await server.stop('SIGTERM');
  }
  const database = await openDatabase(where);
  try {
    const stored = await new RoomRecords(database).load(roomId);
    if (!stored || stored.phase !== 'playing' || stored.pace !== 'own-pace') {
      throw new Error(`The template game was not stored as an own-pace game being played`);
    }
    const { version, phase, pace, turnDeadline, seats } = stored;
    // The game whole: each clone is written as a server writes a game whole (a head, and one part).
    const record = storedBody(stored.record, stored.parts);
    return { roomId, save: { version, record, phase, pace, turnDeadline, seats } };
  } finally {
    await database.close();
  }
}

/** A room id as Colyseus makes them (9 characters of [A-Za-z0-9_-]), unique by its number. */
function roomIdOf(index: number): string {
  return `dm${index.toString(36).padStart(7, '0')}`;
}

/**
 * Writes rooms as RoomRecords.save would (same tables, columns and values), many in one statement: save
 * writes one room per statement, which at some 200 rooms a second would take minutes for 100000. The rows
 * go as one JSON array, expanded by the database (one parameter, whatever the batch's size).
 */
const INSERT_ROOMS = `
  INSERT INTO rooms (room_id, version, record, phase, pace, turn_deadline, updated_at, closed, parts)
  SELECT r.room_id, r.version, r.record::json, r.phase, r.pace, to_timestamp(r.deadline / 1000.0), now(), false,
    1
  FROM jsonb_to_recordset($1::jsonb)
    AS r(room_id text, version bigint, record jsonb, phase text, pace text, deadline float8)`;
const INSERT_PARTS = `
  INSERT INTO room_parts (room_id, seq, part)
  SELECT p.room_id, 0, p.part::json FROM jsonb_to_recordset($1::jsonb) AS p(room_id text, part jsonb)`;
const INSERT_SEATS = `
  INSERT INTO room_seats (room_id, seat, key_hash, name)
  SELECT s.room_id, s.seat, s.key_hash, s.name
  FROM jsonb_to_recordset($1::jsonb) AS s(room_id text, seat smallint, key_hash text, name text)`;

/**
 * Writes `games` clones of `template` into database `where`, each with its own room id and key
 * hashes, FILL_BATCH rooms per transaction; the seat 0 keys of the rooms in `keyed` are made here and
 * given back (the others' keys are thrown away: only hashes are stored).
 */
async function fill(
  where: DatabaseEnv,
  template: RoomSave,
  games: number,
  keyed: ReadonlySet<number>,
  log: (text: string) => void,
): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  const whole = bodyToSave(template.record as StoredBody, undefined);
  const text = whole.record;
  const part = JSON.parse(whole.parts.values[0]!) as object;
  const database = await openDatabase(where);
  try {
    for (let from = 0; from < games; from += FILL_BATCH) {
      const rooms: object[] = [];
      const seats: object[] = [];
      const parts: object[] = [];
      for (let i = from; i < Math.min(games, from + FILL_BATCH); i++) {
        const roomId = roomIdOf(i);
        const body = JSON.parse(text) as StoredBody;
        body.table.seats.forEach((entry, seat) => {
          const key = newSeatKey();
          if (seat === 0 && keyed.has(i)) keys.set(roomId, key);
          entry.keyHash = seatKeyHash(key);
          seats.push({ room_id: roomId, seat, key_hash: entry.keyHash, name: entry.name });
        });
        const { version, phase, pace, turnDeadline } = template;
        rooms.push({ room_id: roomId, version, record: body, phase, pace, deadline: turnDeadline });
        parts.push({ room_id: roomId, part });
      }
      await database.transaction(async (tx) => {
        await tx.query(INSERT_ROOMS, [JSON.stringify(rooms)]);
        await tx.query(INSERT_SEATS, [JSON.stringify(seats)]);
        await tx.query(INSERT_PARTS, [JSON.stringify(parts)]);
      });
      if ((from / FILL_BATCH) % 10 === 9) log(`  ${from + rooms.length} games written`);
    }
    // A check that the rows read back as the server will read them.
    const records = new RoomRecords(database);
    if ((await records.count()) !== games) throw new Error('The database does not hold every game written');
    const first = await records.load(roomIdOf(0));
    const wanted = (first?.record as unknown as StoredBody | undefined)?.table.seats ?? [];
    const game = first ? storedBody(first.record, first.parts).table.game : null;
    if (
      first?.phase !== 'playing' ||
      !isDeepStrictEqual(game?.log, (template.record as StoredBody).table.game?.log) ||
      first.turnDeadline !== template.turnDeadline ||
      JSON.stringify(first.seats) !==
        JSON.stringify(wanted.map(({ name, keyHash }): SeatEntry => ({ name, keyHash: keyHash ?? null })))
    ) {
      throw new Error('A game written does not read back as RoomRecords.save would have stored it');
    }
  } finally {
    await database.close();
  }
  return keys;
}

/** Makes `where` a database with the schema and no rooms (what a server's first start would do). */
async function emptyDatabase(where: DatabaseEnv): Promise<void> {
  const database = await openDatabase(where);
  await database.close();
}

interface Memory {
  heapUsedMB: number;
  rssMB: number;
  vmRssMB: number;
  vmHwmMB: number;
}

/** A field of /proc/PID/status in MB (it gives kB). */
function procStatusMB(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  return kb === undefined ? NaN : round(Number(kb) / 1024);
}

/** A server's memory now: its last `stats` line (main.ts, STATS_EVERY_MS) and /proc. */
async function memoryOf(server: ServerProcess): Promise<Memory> {
  const from = server.output.length;
  await server.waitFor(/^stats \{.*\}$/m, 10_000, from);
  const line = server.output.slice(from).match(/^stats (\{.*\})$/m)![1]!;
  const { heapUsed, rss } = JSON.parse(line) as { heapUsed: number; rss: number };
  return {
    heapUsedMB: round(heapUsed / 2 ** 20),
    rssMB: round(rss / 2 ** 20),
    vmRssMB: procStatusMB(server.pid, 'VmRSS'),
    vmHwmMB: procStatusMB(server.pid, 'VmHWM'),
  };
}

async function startMeasured(
  name: string,
  where: DatabaseEnv,
): Promise<{ server: ServerProcess; ms: number }> {
  const started = performance.now();
  const server = await spawnServer(name, {
    ...where,
    STATS_EVERY_MS: '1000',
    NODE_ENV: 'production',
    // Many clients from this machine: loopback is not limited here.
    LIMIT_LOOPBACK: '0',
  });
  return { server, ms: performance.now() - started };
}

/** The next message `type` of `room` (listened for before the action that brings it). */
function nextMessage<K extends keyof ServerMessages>(
  room: Room,
  type: K,
  timeoutMs = 30_000,
): Promise<ServerMessages[K]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No '${type}' came in ${timeoutMs} ms`)), timeoutMs);
    const stop = room.onMessage(type, (message: ServerMessages[K]) => {
      clearTimeout(timer);
      stop();
      resolve(message);
    });
  });
}

/** Opens each game of `keys` in turn as seat 0 and throws: each one's join and move times, ms. */
async function openGames(url: string, keys: ReadonlyMap<string, string>) {
  const joins: number[] = [];
  const moves: number[] = [];
  const totals: number[] = [];
  for (const [roomId, key] of keys) {
    const client = new Client(url);
    const t0 = performance.now();
    const room = await client.joinById(roomId, { name: 'Mari', key });
    room.onMessage('*', () => {}); // the messages not waited for (views), taken so that none is unhandled
    // The welcome is sent once the join is acknowledged: listening now cannot miss it.
    const welcome = await nextMessage(room, 'welcome');
    const t1 = performance.now();
    if (welcome.seat !== 0 || welcome.view.game?.current !== 0) {
      throw new Error(`Room ${roomId}: the key did not give seat 0 with its turn`);
    }
    const thrown = nextMessage(room, 'thrown');
    room.send('throw', GESTURE);
    await thrown;
    const t2 = performance.now();
    joins.push(t1 - t0);
    moves.push(t2 - t1);
    totals.push(t2 - t0);
    await room.leave(true);
  }
  return { joins, moves, totals };
}

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function round(value: number, digits = 1): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

function spread(samples: readonly number[]) {
  const sorted = [...samples].sort((x, y) => x - y);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
  };
}

async function main(options: Options): Promise<void> {
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const log = (text: string): void => {
    if (!options.json) console.log(text);
  };
  const loadBefore = loadavg();
  const root = mkdtempSync(join(tmpdir(), 'dp-dormant-'));
  const servers: ServerProcess[] = [];
  let postgres: PostgresServer | undefined;
  try {
    // Each stage its own database: a data folder in `root`, or a database of one PostgreSQL server.
    if (options.postgres) postgres = await startPostgres();
    const database = async (name: string): Promise<DatabaseEnv> =>
      postgres ? { DATABASE_URL: await postgres.createDatabase(name) } : { DATA_DIR: join(root, name) };
    const template = await templateGame(await database('template'));
    log(`Template game ${template.roomId}: ${JSON.stringify(template.save.record).length} bytes of record`);

    // The games opened, spread evenly over those stored (not only the last written).
    const step = options.games / options.opens;
    const keyed = new Set(Array.from({ length: options.opens }, (_, i) => Math.floor(i * step)));
    // The warm-up's games: others, from the last written down.
    const warming = new Set<number>();
    for (let i = options.games - 1; warming.size < options.warmup; i--) if (!keyed.has(i)) warming.add(i);
    const filledDb = await database('filled');
    const fillStarted = performance.now();
    const allKeys = await fill(filledDb, template.save, options.games, new Set([...keyed, ...warming]), log);
    const warmIds = new Set([...warming].map(roomIdOf));
    const keys = new Map([...allKeys].filter(([roomId]) => !warmIds.has(roomId)));
    const warmKeys = new Map([...allKeys].filter(([roomId]) => warmIds.has(roomId)));
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    log(`${options.games} dormant games written in ${round(fillSeconds)} s`);

    // Memory: the same server on an empty folder and on the filled one, one after the other (each alone).
    // The empty folder is made a database first: a server's first start in a folder creates the database
    // (PGlite's initdb, hundreds of MB at its peak), which the filled folder has had done already.
    const emptyDb = await database('empty');
    await emptyDatabase(emptyDb);
    const empty = await startMeasured('empty server', emptyDb);
    servers.push(empty.server);
    await sleep(SETTLE_MS);
    const emptyMemory = await memoryOf(empty.server);
    await empty.server.stop('SIGTERM');

    const filled = await startMeasured('filled server', filledDb);
    servers.push(filled.server);
    await sleep(SETTLE_MS);
    const filledMemory = await memoryOf(filled.server);

    const warmed = await openGames(filled.server.url, warmKeys);
    const opened = await openGames(filled.server.url, keys);
    // Rooms are let go a second after they empty: read memory once they have gone.
    await sleep(SETTLE_MS);
    const afterOpens = await memoryOf(filled.server);
    await filled.server.stop('SIGTERM');
    const loadAfter = loadavg();

    const report = {
      database: options.postgres ? 'PostgreSQL (DATABASE_URL)' : 'embedded (PGlite)',
      games: options.games,
      opens: options.opens,
      recordBytes: JSON.stringify(template.save.record).length,
      fillSeconds: round(fillSeconds),
      fillGamesPerSecond: Math.round(options.games / fillSeconds),
      startMs: { empty: Math.round(empty.ms), filled: Math.round(filled.ms) },
      memoryMB: { empty: emptyMemory, filled: filledMemory, filledAfterOpens: afterOpens },
      warmup: options.warmup,
      firstOpensMs: warmed.totals.map((ms) => round(ms)),
      latencyMs: {
        join: spread(opened.joins),
        move: spread(opened.moves),
        joinAndMove: spread(opened.totals),
      },
      machine: {
        cores: cpus().length,
        loadAverage: { before: loadBefore.map((x) => round(x, 2)), after: loadAfter.map((x) => round(x, 2)) },
      },
    };
    if (options.json) {
      console.log(JSON.stringify(report));
      return;
    }
    const m = report.memoryMB;
    const memoryRow = (what: string, x: Memory): string =>
      `| ${what.padEnd(28)} | ${String(x.heapUsedMB).padStart(9)} | ${String(x.rssMB).padStart(8)} | ${String(x.vmHwmMB).padStart(9)} |`;
    const latencyRow = (what: string, x: ReturnType<typeof spread>): string =>
      `| ${what.padEnd(14)} | ${[x.p50, x.p95, x.p99, x.max].map((v) => String(v).padStart(7)).join(' | ')} |`;
    console.log(
      [
        '',
        `Dormant games, ${report.database}: ${report.games} stored (${report.recordBytes} B of record each),` +
          ` written in ${report.fillSeconds} s (${report.fillGamesPerSecond}/s)`,
        `Server start: ${report.startMs.empty} ms on an empty database, ${report.startMs.filled} ms on the filled one`,
        '',
        '| Server                       | Heap (MB) | RSS (MB) | Peak (MB) |',
        '| ---------------------------- | --------- | -------- | --------- |',
        memoryRow('empty database', m.empty),
        memoryRow(`${report.games} dormant games`, m.filled),
        memoryRow(`same, after ${report.opens} opens`, m.filledAfterOpens),
        '',
        `${report.opens} games opened one at a time (join with the seat key, then one throw), ms,` +
          ` after ${report.warmup} others (join + throw: ${report.firstOpensMs.join(', ')} ms):`,
        '',
        '| Step           |     p50 |     p95 |     p99 |     max |',
        '| -------------- | ------- | ------- | ------- | ------- |',
        latencyRow('join', report.latencyMs.join),
        latencyRow('throw (move)', report.latencyMs.move),
        latencyRow('join + throw', report.latencyMs.joinAndMove),
        '',
        `Machine: ${report.machine.cores} cores, load average ${report.machine.loadAverage.before.join(' ')}` +
          ` before, ${report.machine.loadAverage.after.join(' ')} after`,
      ].join('\n'),
    );
  } finally {
    for (const server of servers) await server.stop('SIGKILL');
    await postgres?.stop('immediate');
    rmSync(root, { recursive: true, force: true });
  }
}

const options = parseOrExit('bench:dormant', USAGE, parseArgs);
main(options).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench:dormant: ${(error as Error).message}`);
    process.exit(1);
  },
);
