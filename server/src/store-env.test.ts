/**
 * Where the games are kept, from the settings: always a database; REDIS_URL only with DATABASE_URL.
 * main.ts (as `npm start` runs it) given REDIS_URL alone stops at once, exit code 2, with one sentence.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { serverScript, Spawned } from './processes.js';
import { startServer } from './server.js';
import { checkStoreOptions, StoreSettingsError, storeOptionsFromEnv } from './store-env.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SENTENCE =
  'Several processes share games through a PostgreSQL server: with REDIS_URL, set DATABASE_URL too (docs/SCALING.md).';
const started: Spawned[] = [];

afterAll(async () => {
  await Promise.all(started.map((process) => process.stop('SIGKILL')));
});

/** The code of what `work` throws, if it is a StoreSettingsError. */
function codeOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (error instanceof StoreSettingsError) return error.code;
    throw error;
  }
  return 'no error';
}

describe('storeOptionsFromEnv', () => {
  it('keeps the games in ./data, in DATA_DIR, or on the PostgreSQL server of DATABASE_URL', () => {
    expect(storeOptionsFromEnv({})).toEqual({ dataDir: './data' });
    expect(storeOptionsFromEnv({ DATA_DIR: ' ', DATABASE_URL: '', REDIS_URL: '' })).toEqual({
      dataDir: './data',
    });
    expect(storeOptionsFromEnv({ DATA_DIR: '/srv/games' })).toEqual({ dataDir: '/srv/games' });
    expect(storeOptionsFromEnv({ DATABASE_URL: 'postgres://app@db/games' })).toEqual({
      dataDir: './data',
      databaseUrl: 'postgres://app@db/games',
    });
  });

  it('shares rooms over Redis only with a PostgreSQL server to keep their games', () => {
    expect(
      storeOptionsFromEnv({ REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: 'postgres://app@db/games' }),
    ).toEqual({
      dataDir: './data',
      databaseUrl: 'postgres://app@db/games',
      redisUrl: 'redis://127.0.0.1:6379',
    });
    for (const env of [
      { REDIS_URL: 'redis://127.0.0.1:6379' },
      { REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: ' ', DATA_DIR: '/srv/games' },
    ]) {
      expect(
        codeOf(() => storeOptionsFromEnv(env)),
        JSON.stringify(env),
      ).toBe('redis-without-database');
      expect(() => storeOptionsFromEnv(env)).toThrow(SENTENCE);
    }
    expect(codeOf(() => checkStoreOptions({ redisUrl: 'redis://r:6379', dataDir: 'data' }))).toBe(
      'redis-without-database',
    );
  });

  it('is checked by startServer before anything starts', async () => {
    await expect(startServer({ port: 0, staticDir: null, redisUrl: 'redis://127.0.0.1:1' })).rejects.toThrow(
      StoreSettingsError,
    );
  });
});

describe('main.ts with REDIS_URL alone', { timeout: 60_000 }, () => {
  it('stops with exit code 2 and one sentence: set DATABASE_URL', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: '0' };
    delete env.DATABASE_URL;
    // No Redis is there: it is refused before anything is reached.
    env.REDIS_URL = 'redis://127.0.0.1:1';
    const child = spawn(process.execPath, serverScript('main'), {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const spawned = new Spawned('game server', child);
    started.push(spawned);
    expect(await spawned.exited).toBe(2);
    expect(spawned.output.trim()).toBe(SENTENCE);
  });
});
