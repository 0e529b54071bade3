import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '../../src/table/index.js';
import { GameStore, keepSeconds, STORE_TTL_SECONDS } from './game-store.js';
import { spawnRedis, type RedisProcess } from './processes.js';

const NOW = Date.UTC(2026, 11, 2, 12, 0, 0);
const DAY = 24 * 3600;

function table(pace: 'live' | 'own-pace', endsAt?: number): TableRecord {
  return { pace, ...(endsAt !== undefined ? { clock: { endsAt } } : {}) } as unknown as TableRecord;
}

describe('how long Redis keeps a game (Redis alone)', () => {
  it('keeps a live game a day after its last change', () => {
    expect(keepSeconds(table('live', NOW + 3 * DAY * 1000), STORE_TTL_SECONDS, NOW)).toBe(DAY);
    expect(keepSeconds(table('live'), STORE_TTL_SECONDS, NOW)).toBe(DAY);
  });

  it('keeps a game at one’s own pace a day past its turn’s deadline, however far off that is', () => {
    expect(keepSeconds(table('own-pace', NOW + 3 * DAY * 1000), STORE_TTL_SECONDS, NOW)).toBe(4 * DAY);
    expect(keepSeconds(table('own-pace', NOW + 1500), STORE_TTL_SECONDS, NOW)).toBe(DAY + 2);
    // A deadline passed (a stand-in is to play), or none (the lobby): a day.
    expect(keepSeconds(table('own-pace', NOW - 1000), STORE_TTL_SECONDS, NOW)).toBe(DAY);
    expect(keepSeconds(table('own-pace'), STORE_TTL_SECONDS, NOW)).toBe(DAY);
  });
});

describe('a game that moved keeps every invite link (Redis alone, a redis-server of the test’s own)', () => {
  let redisServer: RedisProcess;
  let redis: Redis;

  beforeAll(async () => {
    redisServer = await spawnRedis();
    redis = new Redis(redisServer.url, { lazyConnect: true });
    await redis.connect();
  });

  afterAll(async () => {
    redis?.disconnect();
    await redisServer?.stop();
  });

  it('leads every earlier id straight to the room the game is in, and keeps those links as long as the game', async () => {
    const store = new GameStore(redis, 600);
    const record = table('live');
    await store.save('first', record);
    await store.markMoved('first', 'second', record);
    await store.save('second', record);
    await store.markMoved('second', 'third', record);
    // Both earlier ids lead to the third room in one step.
    expect(await redis.get('tp:moved:first')).toBe('third');
    expect(await store.latest('first')).toBe('third');
    expect(await store.latest('second')).toBe('third');

    // A day on (here: the links about to expire), the game plays on in its third room and is saved.
    await redis.expire('tp:moved:first', 5);
    await redis.expire('tp:moved:second', 5);
    await store.save('third', record);
    expect(await redis.ttl('tp:moved:first')).toBeGreaterThan(590);
    expect(await redis.ttl('tp:moved:second')).toBeGreaterThan(590);
    expect(await redis.ttl('tp:olds:third')).toBeGreaterThan(590);
    expect(await redis.smembers('tp:olds:third')).toEqual(expect.arrayContaining(['first', 'second']));
  });

  it('keeps an own-pace game’s links until a day past its turn’s deadline, as its record', async () => {
    const store = new GameStore(redis, 600);
    const record = table('own-pace', Date.now() + 3600_000);
    await store.save('slow-1', record);
    await store.markMoved('slow-1', 'slow-2', record);
    await store.save('slow-2', record);
    const roomTtl = await redis.ttl('tp:room:slow-2');
    expect(roomTtl).toBeGreaterThan(600 + 3590);
    expect(Math.abs((await redis.ttl('tp:moved:slow-1')) - roomTtl)).toBeLessThanOrEqual(1);
  });
});
