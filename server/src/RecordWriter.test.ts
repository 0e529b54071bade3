/**
 * RecordWriter: one room's record that cannot be stored never fails or delays another's. On both
 * databases (the embedded one in a data folder of its own, and a PostgreSQL server this file starts
 * itself, stopped by its pid): a batch holding a record the database refuses (a lone surrogate, which
 * PostgreSQL's JSON does not take) and one refused before it is sent (too large) stores every other
 * room of the batch at once; the refused rooms' next writes go on their own until one is stored. Then,
 * with a database that is away, what fails is the whole batch, once.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '../../src/table/index.js';
import { DatabaseError, openDatabase, RoomRecords, type Database } from './database/index.js';
import { startPostgres, type PostgresServer } from './database/test-postgres.js';
import { freshDataDir } from './processes.js';
import { RecordWriter } from './RecordWriter.js';
import { storedBody } from './stored-body.js';

type SaveMany = RoomRecords['saveMany'];

/** The embedded database's data folder, once made. */
let dataDir: string | undefined;
let postgres: PostgresServer | undefined;
const opened: Database[] = [];

// Ample: a process started here takes a minute to be ready with both cores busy.
beforeAll(async () => {
  postgres = await startPostgres({ fsync: 'off' });
}, 180_000);

afterAll(async () => {
  await Promise.all(opened.map((db) => db.close().catch(() => {})));
  await postgres?.stop('immediate');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const BACKENDS = [
  // A copy of the database the tests' setup made: making one here would cost seconds of CPU more.
  { name: 'the embedded database (PGlite)', env: async () => ({ DATA_DIR: (dataDir = freshDataDir()) }) },
  {
    name: 'a PostgreSQL server',
    env: async () => ({ DATABASE_URL: await postgres!.createDatabase('writer') }),
  },
];

/** A table's record, as a room writes it: its seats, and a game with `moves` throws in its log. */
function table(version: number, names: string[], moves = 1): TableRecord {
  return {
    phase: 'playing',
    host: 0,
    rules: 'seed',
    version,
    seats: names.map((name) => ({ name, kind: 'human', standIn: false, keyHash: null })),
    game: {
      setup: { players: names, rules: 'seed', seed: 7 },
      log: Array.from({ length: moves }, () => ({ type: 'roll', faces: [1, 2, 3, 4, 5] })),
      secret: '00',
      gestures: [],
    },
  } as unknown as TableRecord;
}

/** A record too large to be stored (refused before it is sent: RoomRecordError `record-too-large`). */
function tooLarge(version: number): TableRecord {
  return { ...table(version, ['Liis']), rematch: Array.from({ length: 150_000 }, () => 1) };
}

/**
 * The database's saveMany, each call's room ids kept, and `hold()` to keep the next call from starting
 * until it is let go: the writes that come meanwhile gather into the next batch.
 */
function watched(saveMany: SaveMany) {
  const calls: string[][] = [];
  let gate: Promise<void> | undefined;
  const records = {
    saveMany: async (...args: Parameters<SaveMany>) => {
      const held = gate;
      gate = undefined;
      await held;
      calls.push(args[0].map(([roomId]) => roomId));
      return saveMany(...args);
    },
  };
  const hold = (): (() => void) => {
    let release!: () => void;
    gate = new Promise((resolve) => (release = resolve));
    return release;
  };
  return { records, calls, hold };
}

/** Whether a promise has settled, without waiting for it. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  const marker = Symbol('pending');
  return (
    (await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      Promise.resolve(marker),
    ])) !== marker
  );
}

// Ample: a database opened here takes a minute with both cores busy.
describe.each(BACKENDS)('a record that cannot be stored, on $name', { timeout: 180_000 }, (backend) => {
  it('stores every other room of its batch at once, and writes the refused rooms on their own till one is stored', async () => {
    const db = await openDatabase(await backend.env());
    opened.push(db);
    const rooms = new RoomRecords(db);
    const { records, calls, hold } = watched((...args) => rooms.saveMany(...args));
    const writer = new RecordWriter(records);

    // A write under way (held), while three rooms' changes gather into the next batch.
    const release = hold();
    const first = writer.write('room-first', table(1, ['Anu']));
    const refused = writer.write('room-refused', table(1, ['Mari', 'Kaarel\ud800']));
    const large = writer.write('room-large', tooLarge(1));
    const good = writer.write('room-good', table(1, ['Peeter', 'Jüri'], 3));
    const failures = [refused, large].map((write) => write.catch((error: unknown) => error));
    release();
    await first;
    await good;
    expect(calls[1]).toEqual(['room-refused', 'room-large', 'room-good']);
    // The good room is stored as it was given, its log in parts.
    const stored = await rooms.load('room-good');
    expect(stored?.version).toBe(2);
    expect(storedBody(stored!.record, stored!.parts).table.game?.log).toHaveLength(3);
    expect(await failures[0]).toMatchObject({ code: 'database-failed' });
    expect(await failures[1]).toMatchObject({ code: 'record-too-large' });
    expect(await rooms.load('room-refused')).toBeNull();
    expect(await rooms.load('room-large')).toBeNull();
    expect(writer.reachable).toBe(true);

    // Their next writes go on their own, beside the others' batches: no batch fails for them again.
    calls.length = 0;
    const again = writer
      .write('room-refused', table(2, ['Mari', 'Kaarel\ud800'], 2))
      .catch((e: unknown) => e);
    const moves = [writer.write('room-good', table(2, ['Peeter', 'Jüri'], 4))];
    moves.push(writer.write('room-first', table(2, ['Anu'], 2)));
    await Promise.all(moves);
    expect(await again).toMatchObject({ code: 'database-failed' });
    expect(calls).toContainEqual(['room-refused']);
    for (const call of calls) if (call.length > 1) expect(call).not.toContain('room-refused');
    expect((await rooms.load('room-good'))?.version).toBe(4);

    // Once its record can be stored, it is, and it goes in batches again.
    await writer.write('room-refused', table(3, ['Mari', 'Kaarel'], 3));
    expect(storedBody((await rooms.load('room-refused'))!.record, []).table.seats[1]?.name).toBe('Kaarel');
    calls.length = 0;
    const releaseAgain = hold();
    const batch = [
      writer.write('room-first', table(3, ['Anu'], 3)),
      writer.write('room-refused', table(4, ['Mari', 'Kaarel'], 4)),
      writer.write('room-good', table(5, ['Peeter', 'Jüri'], 5)),
    ];
    releaseAgain();
    await Promise.all(batch);
    expect(calls).toEqual([['room-first'], ['room-refused', 'room-good']]);
  });
});

describe('a database that is away', () => {
  it('fails the whole batch once, writing no room again on its own, and says it cannot be reached', async () => {
    const away = new DatabaseError('database-unreachable', 'The database at test cannot be reached');
    const { records, calls, hold } = watched(() => Promise.reject(away));
    const writer = new RecordWriter(records);
    const release = hold();
    const first = writer.write('room-first', table(1, ['Anu']));
    const both = [writer.write('room-a', table(1, ['Mari'])), writer.write('room-b', table(1, ['Jüri']))];
    expect(await settled(both[0]!)).toBe(false);
    release();
    for (const write of [first, ...both]) await expect(write).rejects.toBe(away);
    expect(calls).toEqual([['room-first'], ['room-a', 'room-b']]);
    expect(writer.reachable).toBe(false);
    // Not one room's doing: their next writes still go together.
    calls.length = 0;
    const releaseAgain = hold();
    const again = [
      writer.write('room-first', table(2, ['Anu'])),
      writer.write('room-a', table(2, ['Mari'])),
      writer.write('room-b', table(2, ['Jüri'])),
    ];
    releaseAgain();
    await Promise.all(again.map((write) => write.catch(() => {})));
    expect(calls).toEqual([['room-first'], ['room-a', 'room-b']]);
  });
});
