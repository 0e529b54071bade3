/**
 * Database benchmark: `npx tsx server/scripts/bench-database.ts [--rooms 1000,100000] [--ops 1000]
 * [--backends embedded,server] [--json]`.
 *
 * For each database the server can use (the embedded one, PGlite, in a temporary data folder; and a
 * PostgreSQL server of its own, started as the tests start theirs: server/src/database/test-postgres.ts,
 * with its default durability), it reports:
 * - the time to open it: a new data folder (made, then migrated) and one that exists (the embedded one);
 * - with each count of stored rooms (filled in bulk, each a realistic record of 2-8 KB with 2-4 seats):
 *   save() of a room's next version (a move: a new 2-8 KB record), load() of a room, roomsForKeys() with
 *   10 key hashes and dueBefore(), one call at a time, p50 / p99 / max in ms over `--ops` calls each;
 *   the data folder's size on disk (embedded);
 * - the resident memory of a process of its own that opens the database and loads 1,000 rooms (a
 *   server's share of the database: the embedded one lives in the server's process), with no rooms
 *   stored and with each count.
 *
 * Run it gently beside other work: `nice -n 10 npx tsx server/scripts/bench-database.ts`.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Database } from '../src/database/database.js';
import { openDatabase } from '../src/database/open.js';
import { RoomRecords, type RoomSave } from '../src/database/RoomRecords.js';
import { startPostgres, type PostgresServer } from '../src/database/test-postgres.js';

const { values } = parseArgs({
  options: {
    rooms: { type: 'string', default: '1000,100000' },
    ops: { type: 'string', default: '1000' },
    backends: { type: 'string', default: 'embedded,server' },
    json: { type: 'boolean', default: false },
    // Internal: the memory probe (a process of its own that opens the database and loads rooms).
    probe: { type: 'string' },
    stored: { type: 'string', default: '0' },
  },
  strict: true,
});
const ROOM_COUNTS = values.rooms.split(',').map(Number);
const OPS = Number(values.ops);
const BACKENDS = values.backends.split(',');
if (ROOM_COUNTS.some((n) => !Number.isSafeInteger(n) || n < 1) || !Number.isSafeInteger(OPS) || OPS < 1) {
  console.error('--rooms is a list of counts (1000,100000), --ops a count');
  process.exit(2);
}
if (BACKENDS.some((b) => b !== 'embedded' && b !== 'server')) {
  console.error('--backends is embedded, server or both');
  process.exit(2);
}

/** A small deterministic random number generator (mulberry32), so that runs compare. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(19);
const hex = (bytes: number): string =>
  Array.from({ length: bytes }, () =>
    Math.floor(random() * 256)
      .toString(16)
      .padStart(2, '0'),
  ).join('');
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const NAMES = ['Mari', 'Jüri', 'Ann', 'Mati', 'Kati', 'Toomas', 'Liis', 'Peeter'];
const ROWS = [
  'ones',
  'twos',
  'threes',
  'fours',
  'fives',
  'sixes',
  'pair',
  'twoPairs',
  'threeKind',
  'fullHouse',
];

/**
 * A record like the server's TableRecord, of about `bytes` of JSON: its seats, rules, and a game whose
 * log (holds, throws, scores) and gestures grow with the game.
 */
function makeRecord(bytes: number, seats: number): Record<string, unknown> {
  const record = {
    phase: 'playing',
    host: 0,
    rules: 'seed',
    version: 0,
    turnSeconds: 86_400,
    seats: Array.from({ length: seats }, (_, i) => ({
      name: NAMES[i]!,
      kind: 'human',
      standIn: false,
      keyHash: hex(32),
    })),
    game: {
      setup: { players: NAMES.slice(0, seats), rules: 'seed', seed: Math.floor(random() * 2 ** 31) },
      log: [] as unknown[],
      secret: hex(32),
      gestures: [] as unknown[],
    },
  };
  while (JSON.stringify(record).length < bytes) {
    const roll = random();
    if (roll < 0.4) {
      record.game.log.push({ type: 'roll' });
      record.game.gestures.push({
        from: [+(random() * 2 - 1).toFixed(3), +(random() * 2 - 1).toFixed(3)],
        velocity: [+(random() * 8).toFixed(3), +(random() * 8).toFixed(3), +(random() * 4).toFixed(3)],
        spin: +(random() * 10).toFixed(3),
        ms: Math.floor(random() * 400),
      });
    } else if (roll < 0.8)
      record.game.log.push({ type: 'hold', index: Math.floor(random() * 5), held: random() < 0.5 });
    else record.game.log.push({ type: 'score', row: pick(ROWS) });
  }
  return record;
}

/** Records to save, 2-8 KB each (made once: their making is not what is measured). */
const RECORDS = Array.from({ length: 256 }, () => {
  const seats = 2 + Math.floor(random() * 3);
  return { seats, record: makeRecord(2048 + Math.floor(random() * 6144), seats) };
});

/** The hash of seat `seat`'s key in room `room`: each room's own, as real seat keys are. */
const keyHash = (room: number, seat: number): string =>
  createHash('sha256').update(`bench-${room}-${seat}`).digest('hex');

/** Room `room`'s seats: 2 to 4, each with its own key. */
function seatsOf(room: number): RoomSave['seats'] {
  return Array.from({ length: 2 + (room % 3) }, (_, seat) => ({
    name: NAMES[seat]!,
    keyHash: keyHash(room, seat),
  }));
}

/** A save of room `room` at `version`: one of RECORDS, as after a move. */
function saveOf(room: number, version: number): RoomSave {
  const { record } = pick(RECORDS);
  const pace = random() < 0.5 ? 'live' : 'own-pace';
  return {
    version,
    record: { ...record, version },
    phase: 'playing',
    pace,
    turnDeadline: pace === 'own-pace' ? Date.now() + Math.floor(random() * 86_400_000) : null,
    seats: seatsOf(room),
  };
}

/** Room ids of the bench: `bench-<n>`. */
const roomId = (n: number): string => `bench-${n}`;

/**
 * Stores rooms `from` to `to - 1` (version 1), 500 to a statement: a bulk load straight into the tables,
 * as the rooms would be after a while of play.
 */
async function fill(db: Database, from: number, to: number): Promise<void> {
  const BATCH = 500;
  for (let start = from; start < to; start += BATCH) {
    const rooms = [];
    for (let n = start; n < Math.min(to, start + BATCH); n++) {
      const save = saveOf(n, 1);
      rooms.push({ id: roomId(n), record: save.record, pace: save.pace, seats: save.seats });
    }
    const json = JSON.stringify(rooms);
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO rooms (room_id, version, record, phase, pace, turn_deadline)
         SELECT r->>'id', 1, (r->'record')::json, 'playing', r->>'pace',
           CASE WHEN r->>'pace' = 'own-pace' THEN now() + interval '1 hour' * random() * 48 END
         FROM jsonb_array_elements($1::jsonb) AS r`,
        [json],
      );
      await tx.query(
        `INSERT INTO room_seats (room_id, seat, key_hash, name)
         SELECT r->>'id', (s.ordinality - 1)::smallint, s.value->>'keyHash', s.value->>'name'
         FROM jsonb_array_elements($1::jsonb) AS r,
           jsonb_array_elements(r->'seats') WITH ORDINALITY AS s(value, ordinality)`,
        [json],
      );
    });
  }
}

interface Figures {
  p50: number;
  p99: number;
  max: number;
}

function figures(times: number[]): Figures {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return { p50: round(at(0.5)), p99: round(at(0.99)), max: round(sorted[sorted.length - 1]!) };
}

async function timeEach(count: number, work: (i: number) => Promise<unknown>): Promise<Figures> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await work(i);
    times.push(performance.now() - start);
  }
  return figures(times);
}

const mb = (bytes: number): number => Math.round(bytes / 1e5) / 10;
const show = (f: Figures): string =>
  `p50 ${f.p50.toFixed(2)}  p99 ${f.p99.toFixed(2)}  max ${f.max.toFixed(2)} ms`;

/** Size of a folder on disk, MB (du). */
function folderMb(folder: string): number {
  return (
    Math.round(Number(execFileSync('du', ['-sk', folder], { encoding: 'utf8' }).split('\t')[0]) / 102.4) / 10
  );
}

/** Resident memory, MB, of a new process that opens the database of `env` and loads 1,000 of `stored` rooms. */
function probeMemory(env: Record<string, string>, stored: number): { rssMb: number; heapMb: number } {
  const out = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--probe',
      JSON.stringify(env),
      '--stored',
      String(stored),
    ],
    { encoding: 'utf8' },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as { rssMb: number; heapMb: number };
}

if (values.probe !== undefined) {
  const stored = Number(values.stored);
  const db = await openDatabase(JSON.parse(values.probe) as Record<string, string>);
  const rooms = new RoomRecords(db);
  for (let i = 0; i < 1000 && stored > 0; i++) await rooms.load(roomId(Math.floor(random() * stored)));
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  await db.close();
  console.log(JSON.stringify({ rssMb: mb(rss), heapMb: mb(heapUsed) }));
  process.exit(0);
}

const results: Record<string, unknown>[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'tp-bench-database-'));
let postgres: PostgresServer | undefined;

try {
  for (const backend of BACKENDS) {
    const result: Record<string, unknown> = { backend };
    let env: Record<string, string>;
    if (backend === 'embedded') {
      env = { DATA_DIR: join(scratch, 'data') };
    } else {
      const started = performance.now();
      postgres = await startPostgres();
      result.serverStartMs = Math.round(performance.now() - started);
      env = { DATABASE_URL: await postgres.createDatabase('bench') };
    }
    let start = performance.now();
    let db = await openDatabase(env);
    result.openNewMs = Math.round(performance.now() - start);
    await db.close();
    start = performance.now();
    db = await openDatabase(env);
    result.openExistingMs = Math.round(performance.now() - start);
    await db.close();
    result.memoryEmpty = probeMemory(env, 0);
    db = await openDatabase(env);
    console.log(
      `\n${backend === 'embedded' ? 'Embedded (PGlite)' : 'PostgreSQL server'}: open a new database ` +
        `${result.openNewMs} ms, an existing one ${result.openExistingMs} ms; a process with it open, ` +
        `no rooms: ${(result.memoryEmpty as { rssMb: number }).rssMb} MB resident`,
    );

    let rooms = new RoomRecords(db);
    const versions = new Map<number, number>();
    let stored = 0;
    const sizes: Record<string, unknown>[] = [];
    for (const target of ROOM_COUNTS) {
      start = performance.now();
      await fill(db, stored, target);
      for (let n = stored; n < target; n++) versions.set(n, 1);
      const fillMs = performance.now() - start;
      stored = Math.max(stored, target);
      await db.query('ANALYZE');
      const n = () => Math.floor(random() * stored);
      const save = await timeEach(OPS, async () => {
        const room = n();
        const version = versions.get(room)! + 1;
        versions.set(room, version);
        if (!(await rooms.save(roomId(room), saveOf(room, version)))) throw new Error('A save was refused');
      });
      const load = await timeEach(OPS, async () => {
        if (!(await rooms.load(roomId(n())))) throw new Error('A room was not found');
      });
      // A browser that holds a seat in 10 rooms.
      const keys = await timeEach(Math.min(OPS, 200), async () => {
        const found = await rooms.roomsForKeys(Array.from({ length: 10 }, () => keyHash(n(), 0)));
        if (found.length === 0) throw new Error('No room found by its keys');
      });
      const due = await timeEach(Math.min(OPS, 200), () => rooms.dueBefore(Date.now() + 3_600_000, 100));
      const count = await rooms.count();
      await db.close();
      const memory = probeMemory(env, count);
      db = await openDatabase(env);
      rooms = new RoomRecords(db);
      const size =
        backend === 'embedded'
          ? folderMb(env.DATA_DIR!)
          : mb(
              Number(
                (
                  await db.query<{ bytes: string }>(
                    'SELECT pg_database_size(current_database())::text AS bytes',
                  )
                )[0]!.bytes,
              ),
            );
      sizes.push({
        rooms: count,
        fillMs: Math.round(fillMs),
        save,
        load,
        roomsForKeys: keys,
        dueBefore: due,
        memory,
        folderMb: size,
      });
      console.log(
        `  ${count} rooms (filled in ${(fillMs / 1000).toFixed(1)} s; a process with it open, 1,000 loaded: ` +
          `${memory.rssMb} MB resident; ${backend === 'embedded' ? 'data folder' : 'database'} ${size} MB)\n` +
          `    save          ${show(save)}\n` +
          `    load          ${show(load)}\n` +
          `    roomsForKeys  ${show(keys)}  (10 hashes)\n` +
          `    dueBefore     ${show(due)}  (100 ids at most)`,
      );
    }
    result.rooms = sizes;
    await db.close();
    if (postgres) {
      await postgres.stop();
      postgres = undefined;
    }
    results.push(result);
  }
} finally {
  await postgres?.stop();
  rmSync(scratch, { recursive: true, force: true });
}
if (values.json) console.log(JSON.stringify(results, null, 2));
