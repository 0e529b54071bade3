/**
 * The keys that sign game records, kept in the database: made once at the first start and the same at
 * every open after; processes that open one PostgreSQL server at the same moment end with one current
 * key between them; a rotation retires the current key and keeps it; a damaged key is refused, never
 * used; the document served has no private key in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database/database.js';
import { openDatabase } from './database/open.js';
import { startPostgres, type PostgresServer } from './database/test-postgres.js';
import { freshDataDir } from './processes.js';
import { keyHolds, keySetOf, loadOrMakeKeys, rotateKeys, storedKeys } from './record-keys.js';
import { RecordKeyError, RecordSigner } from './record-signing.js';

let postgres: PostgresServer;
const opened: Database[] = [];
let made = 0;

async function open(env: Record<string, string>): Promise<Database> {
  const db = await openDatabase(env);
  opened.push(db);
  return db;
}

beforeAll(async () => {
  postgres = await startPostgres({ fsync: 'off' });
}, 120_000);

afterAll(async () => {
  for (const db of opened) await db.close().catch(() => {});
  await postgres?.stop('immediate');
});

// Ample: a process started here takes a minute to be ready with both cores busy.
describe('the keys that sign game records', { timeout: 300_000 }, () => {
  it('are made at the first open of an embedded database and kept: the same key after it is opened again', async () => {
    const dataDir = freshDataDir();
    const first = await open({ DATA_DIR: dataDir });
    const keys = await loadOrMakeKeys(first);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ retired: null });
    expect(keyHolds(keys[0]!)).toBe(true);
    await first.close();
    const again = await open({ DATA_DIR: dataDir });
    expect(await loadOrMakeKeys(again)).toEqual(keys);
  });

  it('one current key for processes that open a PostgreSQL server at once', async () => {
    const url = await postgres.createDatabase(`keys_${++made}`);
    const processes = await Promise.all([1, 2, 3, 4].map(() => open({ DATABASE_URL: url })));
    const seen = await Promise.all(processes.map((db) => loadOrMakeKeys(db)));
    const ids = seen.map((keys) => keys.map((k) => k.id));
    expect(new Set(ids.map((list) => list.join()))).toHaveProperty('size', 1);
    expect(ids[0]).toHaveLength(1);
  });

  it('rotate: a new current key, the old one retired, kept and served; signers follow', async () => {
    const url = await postgres.createDatabase(`keys_${++made}`);
    const db = await open({ DATABASE_URL: url });
    const [old] = await loadOrMakeKeys(db);
    const signerBefore = new RecordSigner(await storedKeys(db));
    const after = await rotateKeys(db);
    expect(after.map((k) => [k.id === old!.id, k.retired === null])).toEqual([
      [false, true],
      [true, false],
    ]);
    expect(new RecordSigner(after).keyId).not.toBe(old!.id);
    // A process not restarted yet signs with the old key, which is still served (checked again within a minute).
    let now = 0;
    const reloading = new RecordSigner(
      [old!],
      () => storedKeys(db),
      () => now,
    );
    expect(reloading.keys().keys.map((k) => k.id)).toEqual([old!.id]);
    now = 61_000;
    reloading.keys();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reloading.keys().keys.map((k) => [k.id, k.current])).toEqual(
      after.map((k) => [k.id, k.retired === null]),
    );
    expect(signerBefore.keyId).toBe(old!.id);
  });

  it('a damaged key is refused, and the served document has no private key', async () => {
    const url = await postgres.createDatabase(`keys_${++made}`);
    const db = await open({ DATABASE_URL: url });
    const [key] = await loadOrMakeKeys(db);
    const other = (await rotateKeys(db))[0]!;
    const swapped = { ...key!, privateKey: other.privateKey };
    expect(keyHolds(swapped)).toBe(false);
    expect(() => new RecordSigner([swapped])).toThrow(RecordKeyError);
    expect(() => new RecordSigner([{ ...key!, retired: 'then' }])).toThrow(RecordKeyError);
    const served = JSON.stringify(keySetOf([key!, other]));
    expect(served).not.toContain(key!.privateKey);
    expect(served).not.toContain(other.privateKey);
    expect(served).not.toMatch(/private/i);
  });
});
