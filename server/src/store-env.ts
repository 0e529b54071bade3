/**
 * Where a server keeps its games, from its settings (main.ts's environment, or startServer's options):
 * always in a database, the embedded one in DATA_DIR (one process) or the PostgreSQL server of
 * DATABASE_URL. REDIS_URL only routes between processes (who holds which room), so several processes
 * need a PostgreSQL server they share: REDIS_URL without DATABASE_URL is refused before anything starts.
 * Loads neither Colyseus nor the database, so that main.ts refuses at once.
 */
import { CodedError } from '../../src/engine/errors.js';

/** The data folder of the embedded database when DATA_DIR is not set (as database/open.ts). */
const DEFAULT_DATA_DIR = './data';

/** Settings of the store that cannot go together; the message says what to set. */
export class StoreSettingsError extends CodedError<'redis-without-database'> {
  constructor() {
    super(
      'redis-without-database',
      'Several processes share games through a PostgreSQL server: with REDIS_URL, set DATABASE_URL too (docs/SCALING.md).',
    );
    this.name = 'StoreSettingsError';
  }
}

/** The store's settings, as startServer takes them. */
export interface StoreOptions {
  redisUrl?: string;
  databaseUrl?: string;
  dataDir?: string;
}

/**
 * Refuses settings that would share rooms over Redis with no PostgreSQL server to keep their games.
 * @throws StoreSettingsError `redis-without-database`
 */
export function checkStoreOptions({ redisUrl, databaseUrl }: StoreOptions): void {
  if (redisUrl && !databaseUrl) throw new StoreSettingsError();
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The store's options the environment sets (an empty variable counts as not set): the games in DATA_DIR
 * (./data) unless DATABASE_URL names a PostgreSQL server; REDIS_URL to share rooms with other processes.
 * @throws StoreSettingsError `redis-without-database`
 */
export function storeOptionsFromEnv(env: Env = process.env): StoreOptions {
  const redisUrl = env.REDIS_URL?.trim() || undefined;
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const options: StoreOptions = {
    dataDir: env.DATA_DIR?.trim() || DEFAULT_DATA_DIR,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(redisUrl ? { redisUrl } : {}),
  };
  checkStoreOptions(options);
  return options;
}
