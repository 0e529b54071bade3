/**
 * The database layer of the game server: where every room's record is kept so that games outlive the
 * process that held them (docs/DATABASE.md). Open it with openDatabase(process.env) (an embedded database
 * in DATA_DIR, or the PostgreSQL server of DATABASE_URL, its schema brought up to date), and keep rooms
 * with a RoomRecords on it.
 */
export type { Database, Parameter, Queryable, Row } from './database.js';
export { EmbeddedDatabase, PGLITE_FOLDER } from './embedded.js';
export {
  DatabaseError,
  RoomRecordError,
  type DatabaseErrorCode,
  type RoomRecordErrorCode,
} from './errors.js';
export { LOCK_FILE } from './folder-lock.js';
export { migrate, MIGRATIONS, schemaVersion, type Migration, type MigrationResult } from './migrations.js';
export { chooseDatabase, DEFAULT_DATA_DIR, openDatabase, type DatabaseChoice } from './open.js';
export { MAX_KEY_HASHES, MAX_LIMIT, MAX_PARTS, MAX_RECORD_BYTES, MAX_SEAT_NAME_CHARS } from './room-input.js';
export {
  RoomRecords,
  type PartsSave,
  type RoomPace,
  type RoomPhase,
  type RoomSave,
  type RoomSummary,
  type SeatEntry,
  type StoredRoomRecord,
} from './RoomRecords.js';
export { checkDatabaseUrl, ServerDatabase, type ServerDatabaseOptions } from './server-database.js';
