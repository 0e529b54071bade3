/**
 * The database's schema, as an ordered list of numbered migrations. A database records in
 * `schema_migrations` each one applied to it; at every open, those it lacks are applied in order, all in
 * one transaction (all of them or, if one fails, none). A migration once released is never edited: a
 * change to the schema is a new migration at the end of the list.
 *
 * Several processes may open one PostgreSQL server at the same moment: each first takes the same
 * transaction-scoped advisory lock, so that one applies the migrations and the others, after it, find
 * nothing left to do. A database whose schema is newer than the last migration here (written by a newer
 * version of the server) is refused rather than used: this code does not know what its tables mean.
 */
import type { Database } from './database.js';
import { DatabaseError } from './errors.js';

/** One step of the schema. */
export interface Migration {
  /** Its number: 1, 2, 3... in the order they apply. */
  version: number;
  /** What it does, in a few words (kept in schema_migrations). */
  name: string;
  /** Its SQL statements, run in order (one statement each: the embedded driver takes one at a time). */
  statements: readonly string[];
}

/** Every migration, in order. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'rooms and their seats',
    statements: [
      // One row per room: its whole record (opaque to the database: the server's TableRecord), and beside
      // it the few fields looked up without reading the record.
      `CREATE TABLE rooms (
        room_id text PRIMARY KEY,
        version bigint NOT NULL CHECK (version >= 0),
        record jsonb NOT NULL,
        phase text NOT NULL,
        pace text NOT NULL CHECK (pace IN ('live', 'own-pace')),
        turn_deadline timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        closed boolean NOT NULL DEFAULT false
      )`,
      // The rooms whose turn is to be played by a deadline, soonest first (waking dormant games).
      `CREATE INDEX rooms_turn_deadline ON rooms (turn_deadline)
        WHERE turn_deadline IS NOT NULL AND NOT closed`,
      // Each seat of a room, with the hash of its key: "My games" finds a browser's rooms by its keys.
      `CREATE TABLE room_seats (
        room_id text NOT NULL REFERENCES rooms (room_id) ON DELETE CASCADE,
        seat smallint NOT NULL CHECK (seat >= 0),
        key_hash text,
        name text NOT NULL,
        PRIMARY KEY (room_id, seat)
      )`,
      `CREATE INDEX room_seats_key_hash ON room_seats (key_hash) WHERE key_hash IS NOT NULL`,
    ],
  },
  {
    version: 2,
    name: 'records kept as json text',
    statements: [
      // The record is opaque to the database (nothing looks inside it): json keeps it as the text it
      // came as, checked once, where jsonb took it apart and built it again on every write, which was
      // half of what a write cost (a game's record is 5 to 25 KB, written after every move).
      `ALTER TABLE rooms ALTER COLUMN record TYPE json USING record::json`,
    ],
  },
  {
    version: 3,
    name: 'records appended in parts',
    statements: [
      // A record may be kept as its head (in rooms) and parts appended after it: a move then writes a
      // small head and a part of a few hundred bytes, where a whole record (5 to 25 KB, compressed and
      // kept out of line) cost ten times as much, and the database fell behind at some 350 busy rooms.
      // `parts` says how many of a room's parts are its own: those from it on are left over, not read.
      `ALTER TABLE rooms ADD COLUMN parts integer NOT NULL DEFAULT 0 CHECK (parts >= 0)`,
      `CREATE TABLE room_parts (
        room_id text NOT NULL REFERENCES rooms (room_id) ON DELETE CASCADE,
        seq integer NOT NULL CHECK (seq >= 0),
        part json NOT NULL,
        PRIMARY KEY (room_id, seq)
      )`,
    ],
  },
  {
    version: 4,
    name: 'keys that sign game records',
    statements: [
      // The Ed25519 keys that sign finished games' records (server/src/record-keys.ts): one current
      // (retired_at null), the retired ones kept so that what they signed still verifies.
      `CREATE TABLE record_keys (
        key_id text PRIMARY KEY,
        public_key text NOT NULL,
        private_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        retired_at timestamptz
      )`,
      // At most one current key: processes that make the first one at once keep the first stored.
      `CREATE UNIQUE INDEX record_keys_one_current ON record_keys ((true)) WHERE retired_at IS NULL`,
    ],
  },
];

/**
 * The advisory lock every process takes while it migrates (any number, the same in every version of
 * the server: the letters "tpdb").
 */
export const MIGRATION_LOCK = 0x74706462;

/** What migrate() did. */
export interface MigrationResult {
  /** The schema's version before (0: a new database). */
  from: number;
  /** Its version now. */
  to: number;
  /** The versions applied now, in order (none when it was up to date). */
  applied: number[];
}

/** Checks that `migrations` are numbered 1, 2, 3... with a name and statements each (a mistake here). */
function checkList(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1 || migration.name === '' || migration.statements.length === 0) {
      throw new Error(`Migration ${index + 1} is not numbered ${index + 1}, or is empty`);
    }
  });
}

/**
 * Brings `db`'s schema up to the last of `migrations` (MIGRATIONS unless given: tests), in one
 * transaction under MIGRATION_LOCK.
 * @throws DatabaseError `database-too-new` if the database has a migration this code does not know (it
 *   is left as it was), or as its queries fail
 */
export async function migrate(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<MigrationResult> {
  checkList(migrations);
  const latest = migrations.length;
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`,
    );
    const [row] = await tx.query<{ version: number }>(
      'SELECT coalesce(max(version), 0)::integer AS version FROM schema_migrations',
    );
    const from = Number(row?.version ?? 0);
    if (from > latest) {
      throw new DatabaseError(
        'database-too-new',
        `The database at ${db.where} has schema version ${from}, newer than this server knows ` +
          `(${latest}): it was written by a newer version of the server. Run that version, or restore ` +
          `a backup made for this one.`,
      );
    }
    const applied: number[] = [];
    for (const migration of migrations.slice(from)) {
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    return { from, to: Math.max(from, latest), applied };
  });
}

/** The schema version `db` is at now (0 before any migration). */
export async function schemaVersion(db: Database): Promise<number> {
  const [table] = await db.query<{ found: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS found",
  );
  if (!table?.found) return 0;
  const [row] = await db.query<{ version: number }>(
    'SELECT coalesce(max(version), 0)::integer AS version FROM schema_migrations',
  );
  return Number(row?.version ?? 0);
}
