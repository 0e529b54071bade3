/**
 * A PostgreSQL server as the database (DATABASE_URL): a pool of connections (the `pg` driver) that any
 * number of server processes can share. The server keeps what it stores as any PostgreSQL does; backups,
 * replicas and the like are its own business (docs/DATABASE.md).
 */
import { Pool, type PoolClient } from 'pg';
import type { Database, Parameter, Queryable, Row } from './database.js';
import { databaseError, DatabaseError } from './errors.js';

/** How a server database is reached. */
export interface ServerDatabaseOptions {
  /** Most connections open at once (pg's default is 10). */
  maxConnections?: number;
  /** Longest wait for a connection, ms: past it the server counts as unreachable. */
  connectTimeoutMs?: number;
  /** Longest a statement may run on the server, ms (a stuck query fails rather than holding a room). */
  statementTimeoutMs?: number;
}

/**
 * `url` checked to be a PostgreSQL URL, and given back with its password hidden (for messages and logs).
 * @throws DatabaseError `bad-database-url`
 */
export function checkDatabaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DatabaseError(
      'bad-database-url',
      'DATABASE_URL is not a URL: write it postgres://USER:PASSWORD@HOST:PORT/DATABASE',
    );
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new DatabaseError(
      'bad-database-url',
      `DATABASE_URL must start with postgres:// or postgresql://, not ${parsed.protocol}//`,
    );
  }
  // A host may also come as ?host=/a/socket/folder; without either there is nothing to connect to.
  if (parsed.hostname === '' && !parsed.searchParams.has('host')) {
    throw new DatabaseError('bad-database-url', 'DATABASE_URL names no host');
  }
  if (parsed.password !== '') parsed.password = '***';
  return parsed.toString();
}

/** A PostgreSQL server's database, through a pool of connections. */
export class ServerDatabase implements Database {
  readonly kind = 'server';
  private closed = false;

  private constructor(
    private readonly pool: Pool,
    /** The URL, its password hidden. */
    readonly where: string,
  ) {}

  /**
   * Connects to the database at `url` (postgres://USER:PASSWORD@HOST:PORT/DATABASE) and checks that it
   * answers.
   * @throws DatabaseError `bad-database-url`; `database-unreachable` (no answer in time, a refused login,
   *   no such database)
   */
  static async open(url: string, options: ServerDatabaseOptions = {}): Promise<ServerDatabase> {
    const shown = checkDatabaseUrl(url);
    const connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
    const pool = new Pool({
      connectionString: url,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: connectTimeoutMs,
      statement_timeout: options.statementTimeoutMs ?? 30_000,
      keepAlive: true,
      application_name: 'taringupokker',
    });
    // A connection that fails while idle in the pool (the server restarted, the network went) is an
    // 'error' event: without a listener it would end the process. The pool drops that connection, and the
    // next query fails or succeeds on its own.
    pool.on('error', () => {});
    const database = new ServerDatabase(pool, shown);
    try {
      await database.query('SELECT 1');
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    return database;
  }

  async query<R extends object = Row>(sql: string, params: readonly Parameter[] = []): Promise<R[]> {
    this.check();
    try {
      return (await this.pool.query(sql, [...params])).rows as R[];
    } catch (error) {
      throw databaseError(error, this.where);
    }
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    this.check();
    let client: PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw databaseError(error, this.where);
    }
    const tx: Queryable = {
      query: async <R extends object = Row>(sql: string, params: readonly Parameter[] = []) => {
        try {
          return (await client.query(sql, [...params])).rows as R[];
        } catch (error) {
          throw databaseError(error, this.where);
        }
      },
    };
    try {
      await tx.query('BEGIN');
      const result = await work(tx);
      await tx.query('COMMIT');
      client.release();
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
        client.release();
      } catch (rollbackError) {
        // The connection is broken: dropped from the pool rather than given to the next caller.
        client.release(rollbackError as Error);
      }
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }

  private check(): void {
    if (this.closed) throw new DatabaseError('database-closed', `The database at ${this.where} is closed`);
  }
}
