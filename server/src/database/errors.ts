/**
 * The database's coded errors. Two kinds, because the server answers them differently:
 * - DatabaseError: the database itself (cannot be opened, reached, or written): the server refuses to
 *   start, or refuses new games as `server-unavailable` while a running game waits for its change to be
 *   stored;
 * - RoomRecordError: a room's record or a question about rooms that is not valid (a bug in the caller):
 *   nothing is written, and the database is as it was.
 * Callers switch on `code`, never on the message; the message names the folder or the URL (never its
 * password) so that whoever runs the server knows what to look at.
 */
import { CodedError } from '../../../src/engine/errors.js';

/** Every way the database can fail. */
export type DatabaseErrorCode =
  /** DATABASE_URL is not a postgres:// or postgresql:// URL. */
  | 'bad-database-url'
  /** The PostgreSQL server cannot be reached, or refused the connection (login, database name). */
  | 'database-unreachable'
  /** The data folder is open in another process (an embedded database has one process at a time). */
  | 'database-locked'
  /** The data folder cannot be created or written (permissions, a file in its place). */
  | 'data-dir-unusable'
  /** The data folder holds something the embedded database cannot open (damaged, or not a database). */
  | 'database-damaged'
  /** The database's schema is newer than this code knows: a newer version of the server wrote it. */
  | 'database-too-new'
  /** The disk (or the server's) is full: nothing more can be written. */
  | 'database-full'
  /** The database was closed (by close()) before the call. */
  | 'database-closed'
  /** Any other failure of a query (the database's own message is kept as the cause). */
  | 'database-failed';

/** The database cannot do what was asked (see DatabaseErrorCode). */
export class DatabaseError extends CodedError<DatabaseErrorCode> {
  constructor(code: DatabaseErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message);
    this.name = 'DatabaseError';
    if (options && 'cause' in options) this.cause = options.cause;
  }
}

/** Every way a room's record, or a question about rooms, can be refused. */
export type RoomRecordErrorCode =
  | 'bad-room-id'
  | 'bad-version'
  | 'bad-record'
  | 'record-too-large'
  | 'bad-parts'
  | 'bad-phase'
  | 'bad-pace'
  | 'bad-deadline'
  | 'bad-seats'
  | 'bad-closed'
  | 'bad-key-hashes'
  | 'bad-time'
  | 'bad-limit';

/** A refused input: nothing was written. */
export class RoomRecordError extends CodedError<RoomRecordErrorCode> {
  constructor(code: RoomRecordErrorCode, message: string) {
    super(code, message);
    this.name = 'RoomRecordError';
  }
}

/** The SQLSTATE of a PostgreSQL error (both drivers put it in `code`), or undefined. */
function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** The system error code of a failed connection or write (ECONNREFUSED, ENOSPC...), or undefined. */
function systemCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) ? code : undefined;
}

/** Connection failures of node's sockets: the server is not there (or went away). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * The DatabaseError a driver's error stands for, `where` (the folder or the URL) named in its message:
 * - connection exceptions (SQLSTATE class 08), a server shutting down (57P01-57P03), a refused login
 *   (28xxx), a database that does not exist (3D000), or a socket that failed: `database-unreachable`;
 * - a full disk (53100, ENOSPC): `database-full`;
 * - anything else: `database-failed`. A DatabaseError is returned as it is.
 */
export function databaseError(error: unknown, where: string): DatabaseError {
  if (error instanceof DatabaseError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  const state = sqlState(error);
  const system = systemCode(error);
  const lostConnection =
    (error instanceof Error &&
      /Connection terminated|connection timeout|timeout exceeded|timeout expired/i.test(reason)) ||
    (system !== undefined && UNREACHABLE_CODES.has(system));
  if (
    lostConnection ||
    (state !== undefined &&
      (state.startsWith('08') || /^57P0[123]$/.test(state) || state.startsWith('28') || state === '3D000'))
  ) {
    return new DatabaseError(
      'database-unreachable',
      `The database at ${where} cannot be reached: ${reason}`,
      {
        cause: error,
      },
    );
  }
  if (state === '53100' || system === 'ENOSPC') {
    return new DatabaseError('database-full', `The database at ${where} is full: ${reason}`, {
      cause: error,
    });
  }
  return new DatabaseError('database-failed', `The database at ${where} failed: ${reason}`, { cause: error });
}
