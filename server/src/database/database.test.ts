/**
 * The database layer against both databases it runs on, with the same tests: the embedded one (PGlite,
 * each test in a data folder of its own) and a PostgreSQL server this file starts itself (initdb and
 * pg_ctl in a temporary folder, stopped by its pid at the end; each test in a database of its own). Then
 * what only one of them has: a data folder that survives its process being killed, and is locked to one
 * process; several clients of one server at once.
 *
 * The PostgreSQL server programs are installed by scripts/ensure-postgres.mjs (scripts/test-all.mjs runs
 * it first), never from inside a test: without them these tests fail, saying what to run.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nodeFlags, Spawned } from '../processes.js';
import type { Database } from './database.js';
import { EmbeddedDatabase, PGLITE_FOLDER } from './embedded.js';
import { DatabaseError, RoomRecordError } from './errors.js';
import { LOCK_FILE } from './folder-lock.js';
import { migrate, MIGRATIONS, schemaVersion, type Migration } from './migrations.js';
import { chooseDatabase, openDatabase } from './open.js';
import { MAX_RECORD_BYTES } from './room-input.js';
import { RoomRecords, type RoomSave } from './RoomRecords.js';
import { ServerDatabase } from './server-database.js';
import { startPostgres, type PostgresServer } from './test-postgres.js';

type Env = Record<string, string>;

/** Where the tests' folders go (deleted at the end). */
let scratch: string;
/** An embedded data folder whose database is made but has no schema yet: copied for each test. */
let template: string;
let postgres: PostgresServer | undefined;
/** Every database a test opened: closed after it. */
const opened: Database[] = [];
let made = 0;

/** Opens the database of `env` (openDatabase), to be closed after the test. */
async function open(env: Env): Promise<Database> {
  const db = await openDatabase(env);
  opened.push(db);
  return db;
}

/** Data folders made for the test under way: deleted after it. */
const folders: string[] = [];

/** A new embedded data folder (a copy of the template: making one takes seconds), deleted after the test unless `kept`. */
function freshFolder(kept = false): string {
  const folder = join(scratch, `data-${++made}`);
  cpSync(template, folder, { recursive: true });
  if (!kept) folders.push(folder);
  return folder;
}

interface Backend {
  name: string;
  /** The environment of a new, empty database (deleted after the test unless `kept`: the server's are not). */
  fresh(kept?: boolean): Promise<Env>;
}

const BACKENDS: Backend[] = [
  { name: 'the embedded database (PGlite)', fresh: async (kept) => ({ DATA_DIR: freshFolder(kept) }) },
  {
    name: 'a PostgreSQL server',
    fresh: async () => ({ DATABASE_URL: await postgres!.createDatabase(`test_${++made}`) }),
  },
];

/** One database per backend, opened once for the tests that need only an empty one (see emptied). */
const sharedDatabases = new Map<Backend, Database>();

/** The backend's shared database with no rooms: opening a new one each time would take longer. */
async function emptied(backend: Backend): Promise<Database> {
  let db = sharedDatabases.get(backend);
  if (!db) {
    db = await openDatabase(await backend.fresh(true));
    sharedDatabases.set(backend, db);
  }
  await db.query('DELETE FROM rooms');
  return db;
}

/** Seat key hashes (SHA-256 hex in form). */
const hash = (n: number): string => n.toString(16).padStart(64, '0');

/** A room's save, somewhat like a real record: `moves` actions in its log. */
function room(version: number, overrides: Partial<RoomSave> = {}, moves = 10): RoomSave {
  return {
    version,
    record: {
      phase: 'playing',
      host: 0,
      rules: 'seed',
      version,
      seats: [{ name: 'Mari', kind: 'human', standIn: false, keyHash: hash(1) }],
      game: { log: Array.from({ length: moves }, (_, i) => ({ type: 'hold', index: i % 5, held: true })) },
    },
    phase: 'playing',
    pace: 'live',
    turnDeadline: null,
    seats: [
      { name: 'Mari', keyHash: hash(1) },
      { name: 'Computer', keyHash: null },
    ],
    ...overrides,
  };
}

/** The code of what `work` throws (it must throw a coded error). */
async function codeOf(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
  } catch (error) {
    if (error instanceof DatabaseError || error instanceof RoomRecordError) return error.code;
    throw error;
  }
  return 'no error';
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'tp-database-test-'));
  template = join(scratch, 'made', 'template');
  const [server] = await Promise.all([
    startPostgres({ fsync: 'off' }),
    // Made as by a process killed while it made it (a half-made database left in pglite.new): the
    // first open makes it again, whole (checked in 'makes its data folder...').
    (async () => {
      mkdirSync(join(template, 'pglite.new', 'global'), { recursive: true });
      writeFileSync(join(template, 'pglite.new', 'PG_VERSION'), '1');
      await (await EmbeddedDatabase.open(template)).close();
    })(),
  ]);
  postgres = server;
  // Ample: making a database and starting PostgreSQL take a minute or more with both cores busy.
}, 180_000);

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close().catch(() => {})));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

afterAll(async () => {
  await Promise.all([...sharedDatabases.values()].map((db) => db.close().catch(() => {})));
  // Its data is thrown away: no last checkpoint.
  await postgres?.stop('immediate');
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}, 60_000);

// Ample: each test opens a database, a minute with both cores busy.
describe.each(BACKENDS)('the database layer on $name', { timeout: 120_000 }, (backend) => {
  it('applies the migrations once: opening again is a no-op', async () => {
    const env = await backend.fresh();
    const db = await open(env);
    expect(await schemaVersion(db)).toBe(MIGRATIONS.length);
    const first = await db.query<{ version: number; name: string; applied_at: Date }>(
      'SELECT version, name, applied_at FROM schema_migrations ORDER BY version',
    );
    expect(first.map((row) => [row.version, row.name])).toEqual(MIGRATIONS.map((m) => [m.version, m.name]));
    expect(await migrate(db)).toEqual({ from: MIGRATIONS.length, to: MIGRATIONS.length, applied: [] });
    await db.close();
    const again = await open(env);
    const second = await again.query(
      'SELECT version, name, applied_at FROM schema_migrations ORDER BY version',
    );
    expect(second).toEqual(first);
    expect(await new RoomRecords(again).count()).toBe(0);
  });

  it('refuses a database whose schema is newer than it knows, and leaves it as it was', async () => {
    const env = await backend.fresh();
    const newer: Migration[] = [
      ...MIGRATIONS,
      { version: MIGRATIONS.length + 1, name: 'from the future', statements: ['CREATE TABLE later (x int)'] },
    ];
    const db = await open(env);
    expect((await migrate(db, newer)).applied).toEqual([MIGRATIONS.length + 1]);
    await new RoomRecords(db).save('room-one', room(3));
    await db.close();
    expect(await codeOf(() => open(env))).toBe('database-too-new');
    // Nothing was changed, nor left open (an embedded folder can be opened again at once).
    const raw = chooseDatabase(env);
    const look =
      raw.kind === 'server' ? await ServerDatabase.open(raw.url) : await EmbeddedDatabase.open(raw.dataDir);
    opened.push(look);
    expect(await schemaVersion(look)).toBe(MIGRATIONS.length + 1);
    expect((await new RoomRecords(look).load('room-one'))?.version).toBe(3);
    expect(await codeOf(() => migrate(look))).toBe('database-too-new');
  });

  it('reads a record written whole before parts were kept (schema version 2) once migrated, and adds parts to it', async () => {
    const env = await backend.fresh();
    const raw = chooseDatabase(env);
    const before =
      raw.kind === 'server' ? await ServerDatabase.open(raw.url) : await EmbeddedDatabase.open(raw.dataDir);
    opened.push(before);
    await migrate(before, MIGRATIONS.slice(0, 2));
    const old = room(4);
    await before.query(
      `INSERT INTO rooms (room_id, version, record, phase, pace, closed) VALUES ('old-room', 4, $1, 'playing', 'live', false)`,
      [JSON.stringify(old.record)],
    );
    await before.close();
    const db = await open(env);
    const rooms = new RoomRecords(db);
    expect(await rooms.load('old-room')).toMatchObject({ version: 4, record: old.record, parts: [] });
    expect(await rooms.save('old-room', room(5, { parts: { from: 0, values: [{ log: [1] }] } }))).toBe(true);
    expect((await rooms.load('old-room'))?.parts).toEqual([{ log: [1] }]);
  });

  it('stores a record whole, and gives it back as it was', async () => {
    const rooms = new RoomRecords(await emptied(backend));
    const saved = room(7, {
      pace: 'own-pace',
      turnDeadline: Date.UTC(2030, 0, 2, 3, 4, 5, 678),
      phase: 'lobby',
    });
    const record = {
      ...(saved.record as object),
      text: 'Täringupokker 🎲 "quoted" \\ back\\slash',
      nested: { a: [1, null, true] },
    };
    const before = Date.now();
    // Given as its JSON text or as the object: stored the same.
    expect(await rooms.save('Room_one-1', { ...saved, record: JSON.stringify(record), version: 6 })).toBe(
      true,
    );
    expect((await rooms.load('Room_one-1'))!.record).toEqual(record);
    expect(await rooms.save('Room_one-1', { ...saved, record })).toBe(true);
    const loaded = await rooms.load('Room_one-1');
    expect(loaded).toEqual({
      roomId: 'Room_one-1',
      version: 7,
      record,
      phase: 'lobby',
      pace: 'own-pace',
      turnDeadline: Date.UTC(2030, 0, 2, 3, 4, 5, 678),
      updatedAt: expect.any(Number),
      closed: false,
      seats: saved.seats,
      parts: [],
    });
    expect(Math.abs(loaded!.updatedAt - before)).toBeLessThan(60_000);
    expect(await rooms.load('never-stored')).toBeNull();
    expect(await rooms.count()).toBe(1);
  });

  it('refuses a write whose version is not newer than the stored one: a stale process never overwrites', async () => {
    const rooms = new RoomRecords(await emptied(backend));
    expect(await rooms.save('room-one', room(5, { phase: 'playing' }))).toBe(true);
    expect(await rooms.save('room-one', room(5, { phase: 'over', seats: [] }))).toBe(false);
    expect(await rooms.save('room-one', room(4, { phase: 'over', seats: [] }))).toBe(false);
    expect(await rooms.save('room-one', room(0, { phase: 'over', seats: [] }))).toBe(false);
    const kept = await rooms.load('room-one');
    expect(kept).toMatchObject({ version: 5, phase: 'playing', seats: room(5).seats });
    expect(await rooms.roomsForKeys([hash(1)])).toHaveLength(1);
    expect(await rooms.save('room-one', room(6, { phase: 'over' }))).toBe(true);
    expect(await rooms.load('room-one')).toMatchObject({ version: 6, phase: 'over' });
    // The largest version there is.
    expect(await rooms.save('room-one', room(Number.MAX_SAFE_INTEGER))).toBe(true);
    expect((await rooms.load('room-one'))?.version).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('writes many rooms in one go, each only if newer; one whose seats are unchanged keeps them', async () => {
    const rooms = new RoomRecords(await emptied(backend));
    await rooms.save('room-two', room(3));
    const other = [{ name: 'Jüri', keyHash: hash(2) }];
    expect(
      await rooms.saveMany([
        ['room-one', room(1)],
        ['room-two', room(2, { phase: 'over' })],
        ['room-three', room(1, { seats: other })],
        ['room-two', room(4, { phase: 'over', seats: other }), { seatsUnchanged: true }],
      ]),
    ).toEqual([true, false, true, true]);
    expect(await rooms.load('room-two')).toMatchObject({ version: 4, phase: 'over', seats: room(3).seats });
    expect(await rooms.load('room-three')).toMatchObject({ version: 1, seats: other });
    // Nothing at all is written when one of them is not valid.
    await expect(
      rooms.saveMany([
        ['room-four', room(1)],
        ['room-five', room(-1)],
      ]),
    ).rejects.toMatchObject({
      code: 'bad-version',
    });
    expect(await rooms.load('room-four')).toBeNull();
  });

  it('writes a batch of distinct rooms in one statement: each only if newer, seats, deadlines and records as given', async () => {
    const rooms = new RoomRecords(await emptied(backend));
    await rooms.save('room-two', room(3));
    const other = [{ name: 'Jüri', keyHash: hash(2) }];
    const deadline = Date.UTC(2026, 11, 24, 18, 0, 0);
    const paced = room(2, { pace: 'own-pace', turnDeadline: deadline, seats: other });
    expect(
      await rooms.saveMany([
        ['room-one', paced],
        ['room-two', room(2, { phase: 'over' })],
        ['room-three', room(5, { closed: true, record: { text: 'ä "quoted" \\ ' } })],
      ]),
    ).toEqual([true, false, true]);
    expect(await rooms.load('room-one')).toMatchObject({
      version: 2,
      pace: 'own-pace',
      turnDeadline: deadline,
      seats: other,
      record: paced.record,
      closed: false,
    });
    expect(await rooms.load('room-two')).toMatchObject({ version: 3, phase: 'playing' });
    expect(await rooms.load('room-three')).toMatchObject({
      version: 5,
      closed: true,
      record: { text: 'ä "quoted" \\ ' },
    });
  });

  it('keeps a record in parts: appended after the ones kept, dropped when written whole, none for a write not taken', async () => {
    const db = await emptied(backend);
    const rooms = new RoomRecords(db);
    const part = (n: number) => ({ log: [n], text: 'ä "q" \\' });
    const head = (version: number, parts: RoomSave['parts']) =>
      room(version, { record: { v: version }, parts });
    expect(await rooms.save('room-one', head(1, { from: 0, values: [part(0)] }))).toBe(true);
    // Two rooms in one statement (no seats to write: no transaction), one given its part as JSON text.
    expect(
      await rooms.saveMany([
        [
          'room-one',
          head(2, { from: 1, values: [JSON.stringify(part(1)), part(2)] }),
          { seatsUnchanged: true },
        ],
        ['room-two', head(1, { from: 0, values: [part(9)] }), { seatsUnchanged: true }],
      ]),
    ).toEqual([true, true]);
    expect(await rooms.load('room-one')).toMatchObject({
      record: { v: 2 },
      parts: [part(0), part(1), part(2)],
    });
    expect((await rooms.load('room-two'))?.parts).toEqual([part(9)]);
    // The head alone: its parts stay.
    expect(await rooms.save('room-one', head(3, { from: 3, values: [] }))).toBe(true);
    expect(await rooms.load('room-one')).toMatchObject({
      record: { v: 3 },
      parts: [part(0), part(1), part(2)],
    });
    // A write not taken (its version not newer) adds no part.
    expect(await rooms.save('room-one', head(3, { from: 3, values: [part(7)] }))).toBe(false);
    expect((await rooms.load('room-one'))?.parts).toHaveLength(3);
    // Fewer kept than there are: those after are no longer the record's, and a new one takes a place.
    expect(await rooms.save('room-one', head(4, { from: 1, values: [part(5)] }))).toBe(true);
    expect((await rooms.load('room-one'))?.parts).toEqual([part(0), part(5)]);
    // Written whole: the parts are gone (from the table too), with parts or none.
    expect(await rooms.save('room-one', head(5, { from: 0, values: [part(6)] }))).toBe(true);
    expect((await rooms.load('room-one'))?.parts).toEqual([part(6)]);
    expect(await rooms.save('room-one', room(6))).toBe(true);
    expect((await rooms.load('room-one'))?.parts).toEqual([]);
    const rows = await db.query<{ n: number | string }>(
      "SELECT count(*) AS n FROM room_parts WHERE room_id = 'room-one'",
    );
    expect(Number(rows[0]!.n)).toBe(0);
    // A room forgotten takes its parts with it.
    expect(await rooms.remove('room-two')).toBe(true);
    const left = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM room_parts');
    expect(Number(left[0]!.n)).toBe(0);
  });

  it('refuses bad input with its code and changes nothing', async () => {
    const rooms = new RoomRecords(await emptied(backend));
    await rooms.save('room-one', room(2));
    const before = await rooms.load('room-one');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const big = { text: 'x'.repeat(MAX_RECORD_BYTES) };
    // Each small enough, but not all three at once.
    const largeHalf = { text: 'x'.repeat(MAX_RECORD_BYTES / 2) };
    const bad: [string, () => Promise<unknown>][] = [
      ['bad-room-id', () => rooms.save('no spaces!', room(3))],
      ['bad-room-id', () => rooms.save('abc', room(3))],
      ['bad-room-id', () => rooms.save('x'.repeat(33), room(3))],
      ['bad-room-id', () => rooms.save(42 as unknown as string, room(3))],
      ['bad-room-id', () => rooms.load("room'; DROP TABLE rooms; --")],
      ['bad-room-id', () => rooms.remove('')],
      ['bad-version', () => rooms.save('room-one', room(-1))],
      ['bad-version', () => rooms.save('room-one', room(3.5))],
      ['bad-version', () => rooms.save('room-one', room(Number.NaN))],
      ['bad-version', () => rooms.save('room-one', room(2 ** 53))],
      ['bad-version', () => rooms.save('room-one', { ...room(3), version: '9' as unknown as number })],
      ['bad-record', () => rooms.save('room-one', { ...room(3), record: null as unknown as object })],
      ['bad-record', () => rooms.save('room-one', { ...room(3), record: [1, 2] })],
      ['bad-record', () => rooms.save('room-one', { ...room(3), record: 'text' as unknown as object })],
      ['bad-record', () => rooms.save('room-one', { ...room(3), record: new Date() })],
      ['bad-record', () => rooms.save('room-one', { ...room(3), record: new Map() })],
      ['bad-record', () => rooms.save('room-one', { ...room(3), record: cyclic })],
      ['bad-record', () => rooms.save('room-one', { ...room(3), record: { n: 1n } })],
      ['bad-record', () => rooms.save('room-one', { ...room(3), record: { name: 'a\u0000b' } })],
      ['record-too-large', () => rooms.save('room-one', { ...room(3), record: big })],
      // Given as its JSON text (what a server sends its database's thread): an object's, no NUL, not too long.
      ['bad-record', () => rooms.save('room-one', { ...room(3), record: '[1, 2]' })],
      ['bad-record', () => rooms.save('room-one', { ...room(3), record: '{"name":"a\\u0000b"}' })],
      ['record-too-large', () => rooms.save('room-one', { ...room(3), record: JSON.stringify(big) })],
      ['bad-parts', () => rooms.save('room-one', { ...room(3), parts: { from: -1, values: [] } })],
      ['bad-parts', () => rooms.save('room-one', { ...room(3), parts: { from: 0.5, values: [] } })],
      ['bad-parts', () => rooms.save('room-one', { ...room(3), parts: { from: 0 } as never })],
      ['bad-parts', () => rooms.save('room-one', { ...room(3), parts: [] as never })],
      ['bad-parts', () => rooms.save('room-one', { ...room(3), parts: { from: 1000, values: [{}] } })],
      ['bad-record', () => rooms.save('room-one', { ...room(3), parts: { from: 0, values: [[1]] } })],
      ['bad-record', () => rooms.save('room-one', { ...room(3), parts: { from: 0, values: ['{"a":'] } })],
      ['record-too-large', () => rooms.save('room-one', { ...room(3), parts: { from: 0, values: [big] } })],
      [
        'record-too-large',
        () =>
          rooms.save('room-one', {
            ...room(3),
            parts: { from: 0, values: [largeHalf, largeHalf, largeHalf] },
          }),
      ],
      ['bad-phase', () => rooms.save('room-one', { ...room(3), phase: 'paused' as 'lobby' })],
      ['bad-pace', () => rooms.save('room-one', { ...room(3), pace: 'slow' as 'live' })],
      ['bad-deadline', () => rooms.save('room-one', { ...room(3), turnDeadline: Number.NaN })],
      ['bad-deadline', () => rooms.save('room-one', { ...room(3), turnDeadline: -1 })],
      [
        'bad-deadline',
        () => rooms.save('room-one', { ...room(3), turnDeadline: '2030' as unknown as number }),
      ],
      [
        'bad-deadline',
        () => rooms.save('room-one', { ...room(3), turnDeadline: undefined as unknown as null }),
      ],
      ['bad-seats', () => rooms.save('room-one', { ...room(3), seats: 'Mari' as unknown as [] })],
      ['bad-seats', () => rooms.save('room-one', { ...room(3), seats: [{ name: '', keyHash: null }] })],
      [
        'bad-seats',
        () => rooms.save('room-one', { ...room(3), seats: [{ name: 'x'.repeat(129), keyHash: null }] }),
      ],
      [
        'bad-seats',
        () => rooms.save('room-one', { ...room(3), seats: [{ name: 'a\u0000', keyHash: null }] }),
      ],
      ['bad-seats', () => rooms.save('room-one', { ...room(3), seats: [{ name: 'Mari', keyHash: 'ABC' }] })],
      ['bad-seats', () => rooms.save('room-one', { ...room(3), seats: [{ name: 'Mari' } as never] })],
      [
        'bad-seats',
        () =>
          rooms.save('room-one', {
            ...room(3),
            seats: Array.from({ length: 7 }, () => ({ name: 'A', keyHash: null })),
          }),
      ],
      ['bad-closed', () => rooms.save('room-one', { ...room(3), closed: 'yes' as unknown as boolean })],
      ['bad-key-hashes', () => rooms.roomsForKeys(['not-a-hash'])],
      ['bad-key-hashes', () => rooms.roomsForKeys([hash(0xabc).toUpperCase()])],
      ['bad-key-hashes', () => rooms.roomsForKeys(Array.from({ length: 501 }, (_, i) => hash(i)))],
      ['bad-key-hashes', () => rooms.roomsForKeys(hash(1) as unknown as string[])],
      ['bad-time', () => rooms.dueBefore(Number.NaN)],
      ['bad-time', () => rooms.dueBefore(Number.POSITIVE_INFINITY)],
      ['bad-limit', () => rooms.dueBefore(Date.now(), 0)],
      ['bad-limit', () => rooms.dueBefore(Date.now(), 1.5)],
    ];
    for (const [code, work] of bad) expect(`${code}: ${await codeOf(work)}`).toBe(`${code}: ${code}`);
    expect(await rooms.load('room-one')).toEqual(before);
    expect(await rooms.count()).toBe(1);
    // The largest record there may be is stored.
    const largest = { text: 'x'.repeat(MAX_RECORD_BYTES - '{"text":""}'.length) };
    expect(await rooms.save('room-one', { ...room(3), record: largest })).toBe(true);
    expect((await rooms.load('room-one'))?.record).toEqual(largest);
  });

  it('finds the rooms a browser holds seats in by its key hashes', async () => {
    const rooms = new RoomRecords(await emptied(backend));
    const deadline = Date.UTC(2031, 5, 6);
    await rooms.save(
      'room-a',
      room(1, {
        seats: [
          { name: 'Mari', keyHash: hash(1) },
          { name: 'Jüri', keyHash: hash(2) },
        ],
      }),
    );
    await rooms.save(
      'room-b',
      room(4, {
        pace: 'own-pace',
        turnDeadline: deadline,
        seats: [
          { name: 'Ann', keyHash: hash(3) },
          { name: 'Mari', keyHash: hash(1) },
        ],
      }),
    );
    await rooms.save('room-c', room(1, { seats: [{ name: 'Ann', keyHash: hash(3) }] }));
    const mine = await rooms.roomsForKeys([hash(1), hash(9)]);
    expect(mine.map((s) => [s.roomId, s.seat, s.keyHash]).sort()).toEqual([
      ['room-a', 0, hash(1)],
      ['room-b', 1, hash(1)],
    ]);
    // The room last written first.
    await rooms.save(
      'room-a',
      room(2, {
        seats: [
          { name: 'Mari', keyHash: hash(1) },
          { name: 'Jüri', keyHash: hash(2) },
        ],
      }),
    );
    const again = await rooms.roomsForKeys([hash(1)]);
    expect(again.map((s) => s.roomId)).toEqual(['room-a', 'room-b']);
    expect(again[1]).toEqual({
      roomId: 'room-b',
      seat: 1,
      keyHash: hash(1),
      phase: 'playing',
      pace: 'own-pace',
      version: 4,
      updatedAt: expect.any(Number),
      turnDeadline: deadline,
      closed: false,
    });
    expect(await rooms.roomsForKeys([])).toEqual([]);
    expect(await rooms.roomsForKeys([hash(9)])).toEqual([]);
    expect(await rooms.roomsForKeys([hash(1), hash(1), hash(3)])).toHaveLength(4);
    // A seat given to another (a new key), and a seat emptied: the old key finds them no more.
    await rooms.save(
      'room-b',
      room(5, {
        seats: [
          { name: 'Ann', keyHash: hash(3) },
          { name: 'Mati', keyHash: hash(4) },
        ],
      }),
    );
    await rooms.save('room-a', room(3, { seats: [{ name: 'Mari', keyHash: hash(1) }] }));
    expect((await rooms.roomsForKeys([hash(1)])).map((s) => s.roomId)).toEqual(['room-a']);
    expect(await rooms.roomsForKeys([hash(2)])).toEqual([]);
    expect((await rooms.load('room-a'))?.seats).toEqual([{ name: 'Mari', keyHash: hash(1) }]);
    // A room removed: gone with its seats.
    expect(await rooms.remove('room-b')).toBe(true);
    expect(await rooms.remove('room-b')).toBe(false);
    expect(await rooms.load('room-b')).toBeNull();
    expect((await rooms.roomsForKeys([hash(3), hash(4)])).map((s) => s.roomId)).toEqual(['room-c']);
    expect(await rooms.count()).toBe(2);
  });

  it('lists the rooms whose turn deadline has passed, soonest first', async () => {
    const rooms = new RoomRecords(await emptied(backend));
    const now = Date.UTC(2030, 0, 1);
    await rooms.save('late-one', room(1, { pace: 'own-pace', turnDeadline: now - 60_000 }));
    await rooms.save('later-one', room(1, { pace: 'own-pace', turnDeadline: now - 1 }));
    await rooms.save('just-now', room(1, { pace: 'own-pace', turnDeadline: now }));
    await rooms.save('not-yet', room(1, { pace: 'own-pace', turnDeadline: now + 1 }));
    await rooms.save('no-clock', room(1, { turnDeadline: null }));
    await rooms.save('closed-one', room(1, { pace: 'own-pace', turnDeadline: now - 120_000, closed: true }));
    expect(await rooms.dueBefore(now)).toEqual(['late-one', 'later-one', 'just-now']);
    expect(await rooms.dueBefore(now, 2)).toEqual(['late-one', 'later-one']);
    expect(await rooms.dueBefore(now - 3_600_000)).toEqual([]);
    // Its turn played: no longer due.
    await rooms.save('late-one', room(2, { pace: 'own-pace', turnDeadline: now + 86_400_000 }));
    expect(await rooms.dueBefore(now)).toEqual(['later-one', 'just-now']);
    expect((await rooms.load('closed-one'))?.closed).toBe(true);
  });

  it('keeps a transaction whole: all of it or nothing', async () => {
    const db = await open(await backend.fresh());
    const rooms = new RoomRecords(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(
          "INSERT INTO rooms (room_id, version, record, phase, pace) VALUES ('half-way', 1, '{}', 'lobby', 'live')",
        );
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await rooms.load('half-way')).toBeNull();
    // A failing statement is a coded error, and the transaction is rolled back.
    expect(
      await codeOf(() =>
        db.transaction(async (tx) => {
          await tx.query(
            "INSERT INTO rooms (room_id, version, record, phase, pace) VALUES ('half-way', 1, '{}', 'lobby', 'live')",
          );
          await tx.query('SELECT * FROM no_such_table');
        }),
      ),
    ).toBe('database-failed');
    expect(await rooms.count()).toBe(0);
    await db.close();
    expect(await codeOf(() => rooms.count())).toBe('database-closed');
  });
});

describe('the embedded database', { timeout: 180_000 }, () => {
  it('keeps what it stored when closed and opened again', async () => {
    const folder = freshFolder();
    const db = await open({ DATA_DIR: folder });
    await new RoomRecords(db).save('room-one', room(9, {}, 200));
    await db.close();
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
    const again = await open({ DATA_DIR: folder });
    expect(await new RoomRecords(again).load('room-one')).toMatchObject({
      version: 9,
      record: room(9, {}, 200).record,
    });
  });

  it('makes its data folder, parents and all, when missing, and makes again a database half made', async () => {
    // The template was made so (beforeAll: its parent folder did not exist either, and a half-made
    // database was left in it), then let go.
    expect(existsSync(join(template, PGLITE_FOLDER, 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(template, 'pglite.new'))).toBe(false);
    expect(existsSync(join(template, LOCK_FILE))).toBe(false);
    const folder = freshFolder();
    const db = await open({ DATA_DIR: folder });
    expect(db).toMatchObject({ kind: 'embedded', where: folder });
    expect(await schemaVersion(db)).toBe(MIGRATIONS.length);
  });

  it('keeps every room its process stored when that process is killed (SIGKILL), and opens again', async () => {
    const folder = freshFolder();
    const writerArgs = [...nodeFlags(), '--import', 'tsx', 'server/src/database/test-writer.ts', folder];
    const child = spawn(process.execPath, writerArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    const writer = new Spawned('test-writer', child);
    try {
      await writer.waitFor(/saved 20\n/, 30_000);
      // While it runs the folder is its own.
      expect(await codeOf(() => open({ DATA_DIR: folder }))).toBe('database-locked');
      await writer.stop('SIGKILL');
    } finally {
      await writer.stop('SIGKILL');
    }
    const said = [...writer.output.matchAll(/saved (\d+)\n/g)].map((m) => Number(m[1]));
    const last = Math.max(...said);
    expect(last).toBeGreaterThanOrEqual(20);
    // Its lock is left behind, and taken over: its process is gone.
    expect(existsSync(join(folder, LOCK_FILE))).toBe(true);
    const rooms = new RoomRecords(await open({ DATA_DIR: folder }));
    const count = await rooms.count();
    // Every room it said was stored is there (and perhaps the one it was writing when killed).
    expect(count === last || count === last + 1).toBe(true);
    for (const n of [1, Math.ceil(last / 2), last]) {
      expect(await rooms.load(`room-${n}`)).toMatchObject({
        version: n,
        record: { n },
        seats: [{ name: `Writer ${n}` }],
      });
    }
  });

  it('is locked to one process: opening it twice is refused until it is closed', async () => {
    const folder = freshFolder();
    const db = await open({ DATA_DIR: folder });
    const error = await openDatabase({ DATA_DIR: folder }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseError);
    expect((error as DatabaseError).code).toBe('database-locked');
    expect((error as Error).message).toContain(folder);
    await db.close();
    await open({ DATA_DIR: folder });
  });

  it('takes as held a lock of a running process (or of another host), and says which file to delete', async () => {
    const folder = freshFolder();
    // Process 1 runs (init): its lock is live.
    writeFileSync(
      join(folder, LOCK_FILE),
      JSON.stringify({ pid: 1, host: (await import('node:os')).hostname(), since: 'x' }),
    );
    const live = await openDatabase({ DATA_DIR: folder }).catch((e: unknown) => e as DatabaseError);
    expect(live).toMatchObject({ code: 'database-locked' });
    expect((live as Error).message).toContain(join(folder, LOCK_FILE));
    writeFileSync(
      join(folder, LOCK_FILE),
      JSON.stringify({ pid: 999_999_999, host: 'elsewhere', since: 'x' }),
    );
    expect(await codeOf(() => open({ DATA_DIR: folder }))).toBe('database-locked');
    // A left-over lock of this host whose process is gone is taken over.
    writeFileSync(
      join(folder, LOCK_FILE),
      JSON.stringify({ pid: 999_999_999, host: (await import('node:os')).hostname(), since: 'x' }),
    );
    await open({ DATA_DIR: folder });
    expect(JSON.parse(readFileSync(join(folder, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
  });

  it('refuses a data folder it cannot use, naming it', async () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, 'not a folder');
    expect(await codeOf(() => open({ DATA_DIR: file }))).toBe('data-dir-unusable');
    // A database folder without its files (half made by something else): damaged, not made again over it.
    const folder = freshFolder();
    rmSync(join(folder, PGLITE_FOLDER, 'PG_VERSION'));
    const damaged = await openDatabase({ DATA_DIR: folder }).catch((e: unknown) => e as DatabaseError);
    expect(damaged).toMatchObject({ code: 'database-damaged' });
    expect((damaged as Error).message).toContain(folder);
    // Nothing left locked.
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
    // Files that are there but damaged (its control file overwritten): refused as well, not opened.
    const broken = freshFolder();
    writeFileSync(join(broken, PGLITE_FOLDER, 'global', 'pg_control'), 'garbage');
    expect(await codeOf(() => open({ DATA_DIR: broken }))).toBe('database-damaged');
    expect(existsSync(join(broken, LOCK_FILE))).toBe(false);
  });
});

describe('a PostgreSQL server', { timeout: 180_000 }, () => {
  it('is chosen by DATABASE_URL, and a URL that is not one is refused', async () => {
    expect(chooseDatabase({ DATABASE_URL: 'postgres://a@b/c', DATA_DIR: '/x' })).toEqual({
      kind: 'server',
      url: 'postgres://a@b/c',
    });
    expect(chooseDatabase({ DATABASE_URL: ' ', DATA_DIR: '/x' })).toEqual({
      kind: 'embedded',
      dataDir: '/x',
    });
    expect(chooseDatabase({})).toEqual({ kind: 'embedded', dataDir: './data' });
    for (const url of ['mysql://a@b/c', 'not a url', 'postgres://']) {
      expect(await codeOf(() => openDatabase({ DATABASE_URL: url }))).toBe('bad-database-url');
    }
  });

  it('says it cannot be reached, naming the URL but not its password', async () => {
    const url = `postgres://app:secret-word@127.0.0.1:${postgres!.port}/no_such_database`;
    const error = await openDatabase({ DATABASE_URL: url }).catch((e: unknown) => e as DatabaseError);
    expect(error).toMatchObject({ code: 'database-unreachable' });
    expect((error as Error).message).toContain('127.0.0.1');
    expect((error as Error).message).not.toContain('secret-word');
    // Nothing listens on port 1.
    expect(await codeOf(() => openDatabase({ DATABASE_URL: 'postgres://app@127.0.0.1:1/postgres' }))).toBe(
      'database-unreachable',
    );
  });

  it('is migrated once when several processes open it at the same moment', async () => {
    const url = await postgres!.createDatabase(`test_${++made}`);
    const all = await Promise.all(Array.from({ length: 4 }, () => open({ DATABASE_URL: url })));
    const [rows] = await Promise.all([
      all[0]!.query<{ n: number }>('SELECT count(*)::integer AS n FROM schema_migrations'),
    ]);
    expect(rows?.[0]?.n).toBe(MIGRATIONS.length);
  });

  it('keeps the highest version when two clients save the same room at once', async () => {
    const url = await postgres!.createDatabase(`test_${++made}`);
    const [one, two] = await Promise.all([open({ DATABASE_URL: url }), open({ DATABASE_URL: url })]);
    const clients = [new RoomRecords(one!), new RoomRecords(two!)];
    const versions = Array.from({ length: 60 }, (_, i) => i + 1);
    // Both clients write every version, in different orders, all at once.
    const order = (seed: number) => [...versions].sort((a, b) => ((a * seed) % 61) - ((b * seed) % 61));
    const seats = (v: number) =>
      Array.from({ length: 1 + (v % 4) }, (_, s) => ({ name: `P${v}-${s}`, keyHash: hash(v * 10 + s) }));
    const results = await Promise.all(
      clients.flatMap((client, c) =>
        order(c === 0 ? 7 : 13).map((v) => client.save('contested', room(v, { seats: seats(v) }))),
      ),
    );
    expect(results.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    const stored = await clients[0]!.load('contested');
    expect(stored?.version).toBe(60);
    expect(stored?.record).toEqual(room(60).record);
    expect(stored?.seats).toEqual(seats(60));
    // Its seats are those of version 60 only.
    expect(await clients[1]!.roomsForKeys([hash(590), hash(600), hash(601)])).toHaveLength(1);
  });
});
