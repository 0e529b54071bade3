/**
 * The link to Redis of a server that shares its rooms with other processes (REDIS_URL beside
 * DATABASE_URL): Colyseus's presence (its messages between processes) and driver (the list of rooms, and
 * which process holds each), and the commands room-holders.ts sends (who holds a room, the lock of a room
 * being brought back). Redis keeps no game: the games are in the database. The connections are set to
 * fail fast: while Redis cannot be reached a command fails within a second or so instead of waiting, so
 * that a join is refused (`server-unavailable`) rather than left hanging, and the rooms already running
 * play on.
 */
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { Redis, type RedisOptions } from 'ioredis';

/** Longest wait for Redis when a server starts, ms. */
const CONNECT_WAIT_MS = 10_000;
/** Shortest pause between two warnings of one connection, ms. */
const WARN_EVERY_MS = 10_000;

const OPTIONS: RedisOptions = {
  // A command waiting for Redis fails after two tries to reconnect (a few hundred ms) instead of 20.
  maxRetriesPerRequest: 2,
  // Tries again at once, then every 2 s at most, for as long as it takes.
  retryStrategy: (times) => Math.min(100 * times, 2000),
  connectTimeout: 5000,
};

/** Colyseus's Redis presence, whose connections can be dropped at once. */
class Presence extends RedisPresence {
  disconnect(): void {
    this.sub.disconnect();
    this.pub.disconnect();
  }
}

export interface RedisLink {
  presence: RedisPresence;
  driver: RedisDriver;
  /** The connection for commands of the server's own (room-holders.ts). */
  commands: Redis;
  /** Whether Redis answers now (both connections up). */
  ready(): boolean;
  /** Calls `listener` each time the connection is back after it was lost (Redis restarted...). */
  onReconnect(listener: () => void): void;
  /** Drops the connections (after the server closed, which quits them politely first). */
  close(): void;
}

/** The URL with any password hidden, to be printed. */
export function shownRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the REDIS_URL given';
  }
}

function warnings(name: string, url: string): (error: Error) => void {
  let last = -Infinity;
  return (error) => {
    const now = Date.now();
    if (now - last < WARN_EVERY_MS) return;
    last = now;
    console.warn(`Redis (${name}, ${shownRedisUrl(url)}): ${error.message}`);
  };
}

/** Waits until the connection is ready. @throws Error if it is not within CONNECT_WAIT_MS */
function whenReady(client: Redis, url: string): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('ready', done);
      reject(new Error(`Redis cannot be reached at ${shownRedisUrl(url)}`));
    }, CONNECT_WAIT_MS);
    function done(): void {
      clearTimeout(timer);
      resolve();
    }
    client.once('ready', done);
  });
}

/**
 * Connects to Redis at `url` (`redis://host:port/db`).
 * @throws Error if Redis does not answer within 10 s
 */
export async function connectRedis(url: string): Promise<RedisLink> {
  const data = new Redis(url, OPTIONS);
  data.on('error', warnings('data', url));
  const messages = new Redis(url, OPTIONS);
  messages.on('error', warnings('messages', url));
  try {
    await Promise.all([whenReady(data, url), whenReady(messages, url)]);
  } catch (error) {
    data.disconnect();
    messages.disconnect();
    throw error;
  }
  // The presence subscribes on a copy of `messages` of its own.
  const presence = new Presence(messages);
  const listeners: (() => void)[] = [];
  const ready = (): boolean => data.status === 'ready' && messages.status === 'ready';
  // Once both connections are back (the second to come back sees both ready).
  const back = (): void => {
    if (ready()) for (const listener of listeners) listener();
  };
  data.on('ready', back);
  messages.on('ready', back);
  return {
    presence,
    driver: new RedisDriver(data),
    commands: data,
    ready,
    onReconnect: (listener) => listeners.push(listener),
    close() {
      data.disconnect();
      presence.disconnect();
    },
  };
}
