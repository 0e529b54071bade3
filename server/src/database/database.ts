/**
 * What the server needs of a database, whichever it is: the embedded one (PGlite, in a data folder:
 * embedded.ts) or a PostgreSQL server (server-database.ts). Both speak the same SQL (PostgreSQL's), so
 * the schema (migrations.ts) and the room store (RoomRecords.ts) are written once, against this.
 *
 * Parameters are written $1, $2... and given as strings, numbers, booleans or null: the SQL casts what
 * needs casting ($1::jsonb, $2::timestamptz), so that both drivers send the same thing.
 */

/** A row as the driver gives it: column name -> value. */
export type Row = Record<string, unknown>;

/** A value given for a $n parameter. */
export type Parameter = string | number | boolean | null;

/** Something queries can be sent to: the database, or one transaction on it. */
export interface Queryable {
  /**
   * Runs one SQL statement with its parameters and gives its rows (none for a statement that returns
   * none).
   * @throws DatabaseError (errors.ts) when the database fails or cannot be reached
   */
  query<R extends object = Row>(sql: string, params?: readonly Parameter[]): Promise<R[]>;
}

/** An open database. */
export interface Database extends Queryable {
  /** `embedded`: PGlite in a data folder (one process); `server`: a PostgreSQL server (shared). */
  readonly kind: 'embedded' | 'server';
  /** Where it is, for messages and logs: the data folder, or the URL without its password. */
  readonly where: string;
  /**
   * Runs `work` in one transaction: its queries (sent through `tx`) all take effect when it returns,
   * none when it throws (the error is thrown on). Other queries wait or run beside it as the database
   * allows; none sees its changes before it commits.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Closes it (after the queries under way); later calls throw DatabaseError `database-closed`. */
  close(): Promise<void>;
}
