/**
 * Which database the server uses, from its environment:
 * - DATABASE_URL set (postgres://USER:PASSWORD@HOST:PORT/DATABASE): that PostgreSQL server, which any
 *   number of server processes may share;
 * - else the embedded database in the data folder DATA_DIR (default `./data`, made if missing), for one
 *   process.
 * Either is opened with its schema brought up to date (migrations.ts) before it is given out.
 */
import type { Database } from './database.js';
import { EmbeddedDatabase } from './embedded.js';
import { migrate } from './migrations.js';
import { checkDatabaseUrl, ServerDatabase } from './server-database.js';

/** The data folder of the embedded database when DATA_DIR is not set. */
export const DEFAULT_DATA_DIR = './data';

type Env = Readonly<Record<string, string | undefined>>;

/** The database the environment names (nothing opened yet). */
export type DatabaseChoice = { kind: 'server'; url: string } | { kind: 'embedded'; dataDir: string };

/**
 * The database `env` names: DATABASE_URL if set (and not empty), else DATA_DIR's folder.
 * @throws DatabaseError `bad-database-url` for a DATABASE_URL that is not a PostgreSQL URL
 */
export function chooseDatabase(env: Env = process.env): DatabaseChoice {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    checkDatabaseUrl(url);
    return { kind: 'server', url };
  }
  return { kind: 'embedded', dataDir: env.DATA_DIR?.trim() || DEFAULT_DATA_DIR };
}

/**
 * Opens the database `env` names (chooseDatabase), its schema brought up to date.
 * @throws DatabaseError: `bad-database-url`, `database-unreachable` (a server), `data-dir-unusable`,
 *   `database-locked`, `database-damaged` (the embedded one), `database-too-new` (either); nothing is
 *   left open then
 */
export async function openDatabase(env: Env = process.env): Promise<Database> {
  const choice = chooseDatabase(env);
  const db =
    choice.kind === 'server'
      ? await ServerDatabase.open(choice.url)
      : await EmbeddedDatabase.open(choice.dataDir);
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  return db;
}
