/**
 * Which process holds a room, as a server that keeps its games in a database sees it (DatabaseRooms.ts):
 * alone, only itself; with REDIS_URL beside DATABASE_URL, every process on that Redis. A sleeping game
 * (or one whose process went away) is brought back by one process only: the one that takes its lock
 * (`tp:lock:ROOM_ID` in Redis, held for a few seconds at most).
 */
import { randomUUID } from 'node:crypto';
import { matchMaker } from '@colyseus/core';
import type { RedisLink } from './redis.js';

/** How long one process may hold the right to bring a room's game back, ms. */
const LOCK_MS = 15_000;

/** Deletes a lock only if it is still the one taken with this token (another may hold it since it lapsed). */
const UNLOCK_SCRIPT =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

function lockKey(roomId: string): string {
  return `tp:lock:${roomId}`;
}

export interface RoomHolders {
  /** Whether the holders can be asked now (Redis answers). */
  ready(): boolean;
  /** Whether some process holds room `roomId` now. */
  isHeld(roomId: string): Promise<boolean>;
  /** Takes the right to bring room `roomId`'s game back: a token, or null if another process has it. */
  lock(roomId: string): Promise<string | null>;
  unlock(roomId: string, token: string): Promise<void>;
  /** Forgets the listing of room `roomId` a process that is gone left behind. */
  dropListing(roomId: string): Promise<void>;
}

/** A server alone: it holds what it has, and brings a game back while no one else can. */
export class ThisProcess implements RoomHolders {
  ready(): boolean {
    return true;
  }

  isHeld(roomId: string): Promise<boolean> {
    return Promise.resolve(matchMaker.getLocalRoomById(roomId) !== undefined);
  }

  lock(): Promise<string> {
    return Promise.resolve(randomUUID());
  }

  unlock(): Promise<void> {
    return Promise.resolve();
  }

  dropListing(): Promise<void> {
    return Promise.resolve();
  }
}

/** Several processes on one Redis: its channels say who holds a room, its keys lock a room's move. */
export class RedisHolders implements RoomHolders {
  constructor(private readonly link: RedisLink) {
    // A Redis that restarted empty has forgotten the rooms' listings: they are listed again.
    link.onReconnect(() => {
      matchMaker.restoreMissingRoomCaches().then(
        () => console.log("Redis is back: this process's rooms are listed again"),
        (error: unknown) => {
          console.warn('The rooms could not be listed again:', (error as Error)?.message ?? error);
        },
      );
    });
  }

  ready(): boolean {
    return this.link.ready();
  }

  /**
   * A live room's process listens on the room's own channel (Colyseus's `$ID`), and a process that died
   * stops listening at once (Redis sees its connection close).
   */
  async isHeld(roomId: string): Promise<boolean> {
    if (matchMaker.getLocalRoomById(roomId) !== undefined) return true;
    const reply = (await this.link.commands.pubsub('NUMSUB', `$${roomId}`)) as [string, number];
    return Number(reply[1]) > 0;
  }

  async lock(roomId: string): Promise<string | null> {
    const token = randomUUID();
    const taken = await this.link.commands.set(lockKey(roomId), token, 'PX', LOCK_MS, 'NX');
    return taken === 'OK' ? token : null;
  }

  async unlock(roomId: string, token: string): Promise<void> {
    await this.link.commands.eval(UNLOCK_SCRIPT, 1, lockKey(roomId), token);
  }

  async dropListing(roomId: string): Promise<void> {
    await matchMaker.driver.remove(roomId);
  }
}
