/**
 * The embedded database: PostgreSQL compiled to WebAssembly (PGlite), run inside the server's own
 * process, its files in a data folder on disk. Nothing to install or run beside the server. A write is in
 * the operating system's files once its statement or transaction returns, so it survives the process
 * being killed or crashing right after; PGlite never asks the disk to flush (it has no fsync), so a crash
 * of the machine itself or a power cut may lose the last writes, or worse (docs/DATABASE.md). One process
 * at a time: the folder is locked (folder-lock.ts).
 *
 * The data folder (DATA_DIR) holds:
 * - `pglite/`  PGlite's own files (a PostgreSQL data directory);
 * - `lock`     while a process has it open: which one.
 *
 * A new data folder's database is made in `pglite.new/` and renamed to `pglite/` once complete, so that a
 * process killed while making it (which takes a few seconds) leaves no half-made database behind: the
 * next start makes it again.
 */
import { PGlite } from '@electric-sql/pglite';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Database, Parameter, Queryable, Row } from './database.js';
import { databaseError, DatabaseError } from './errors.js';
import { FolderLock } from './folder-lock.js';

/** PGlite's folder in the data folder. */
export const PGLITE_FOLDER = 'pglite';
/** Where a new database is made before it is renamed into place. */
const MAKING_FOLDER = 'pglite.new';

/** An embedded database in a data folder. */
export class EmbeddedDatabase implements Database {
  readonly kind = 'embedded';
  private closed = false;

  private constructor(
    private readonly pg: PGlite,
    private readonly lock: FolderLock,
    /** The data folder (absolute). */
    readonly where: string,
  ) {}

  /**
   * Opens the embedded database in `dataDir` (made, with its parent folders, if missing; relative to the
   * working folder).
   * @throws DatabaseError `data-dir-unusable` (cannot be made or written), `database-locked` (open in
   *   another process), `database-damaged` (its files cannot be opened as a database)
   */
  static async open(dataDir: string): Promise<EmbeddedDatabase> {
    const folder = resolve(dataDir);
    try {
      mkdirSync(folder, { recursive: true });
      if (!statSync(folder).isDirectory()) throw new Error('it is not a folder');
    } catch (error) {
      throw new DatabaseError(
        'data-dir-unusable',
        `The data folder ${folder} cannot be used: ${(error as Error).message}`,
        { cause: error },
      );
    }
    const lock = FolderLock.take(folder);
    try {
      const pgFolder = join(folder, PGLITE_FOLDER);
      if (!existsSync(pgFolder)) await makeDatabase(folder);
      else if (!existsSync(join(pgFolder, 'PG_VERSION'))) {
        throw new DatabaseError(
          'database-damaged',
          `The data folder ${folder} is damaged: ${pgFolder} is not a database (it has no PG_VERSION). ` +
            `Restore it from a backup, or move it away to start with an empty database.`,
        );
      }
      let pg: PGlite;
      try {
        pg = await PGlite.create(pgFolder);
      } catch (error) {
        throw new DatabaseError(
          'database-damaged',
          `The database in ${pgFolder} cannot be opened (${(error as Error).message}). ` +
            `Restore the data folder from a backup, or move it away to start with an empty database.`,
          { cause: error },
        );
      }
      return new EmbeddedDatabase(pg, lock, folder);
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  async query<R extends object = Row>(sql: string, params: readonly Parameter[] = []): Promise<R[]> {
    this.check();
    try {
      return (await this.pg.query<R>(sql, [...params])).rows;
    } catch (error) {
      throw databaseError(error, this.where);
    }
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    this.check();
    // What `work` itself throws (a RoomRecordError, or a DatabaseError of one of its queries) is thrown
    // on as it is; anything else came from PGlite (BEGIN, COMMIT, ROLLBACK) and is coded.
    let thrown: { error: unknown } | undefined;
    try {
      return await this.pg.transaction(async (tx) => {
        try {
          return await work({
            query: async <R extends object = Row>(sql: string, params: readonly Parameter[] = []) => {
              try {
                return (await tx.query<R>(sql, [...params])).rows;
              } catch (error) {
                throw databaseError(error, this.where);
              }
            },
          });
        } catch (error) {
          thrown = { error };
          throw error;
        }
      });
    } catch (error) {
      if (thrown && thrown.error === error) throw error;
      throw databaseError(error, this.where);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.pg.close();
    } finally {
      this.lock.release();
    }
  }

  private check(): void {
    if (this.closed) throw new DatabaseError('database-closed', `The database in ${this.where} is closed`);
  }
}

/** Makes the database of a new data folder, in MAKING_FOLDER then renamed to PGLITE_FOLDER. */
async function makeDatabase(folder: string): Promise<void> {
  const making = join(folder, MAKING_FOLDER);
  try {
    // Left by a process killed while making it.
    rmSync(making, { recursive: true, force: true });
    const pg = await PGlite.create(making);
    await pg.close();
    renameSync(making, join(folder, PGLITE_FOLDER));
  } catch (error) {
    throw new DatabaseError(
      'data-dir-unusable',
      `A new database cannot be made in the data folder ${folder}: ${(error as Error).message}`,
      { cause: error },
    );
  }
}
