/**
 * Which process holds a room, as a server that keeps its games in a database sees it (DatabaseRooms.ts):
 * alone, only itself; with REDIS_URL beside DATABASE_URL, every process on that Redis. A sleeping game
 * (or one whose process went away) is brought back by one process only: the one that takes its lock.
 */
import { randomUUID } from 'node:crypto';
import { matchMaker } from '@colyseus/core';
import type { RedisLink } from './redis.js';

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
      matchMaker.restoreMissingRoomCaches().catch((error: unknown) => {
        console.warn('The rooms could not be listed again:', (error as Error)?.message ?? error);
      });
    });
  }

  ready(): boolean {
    return this.link.ready();
  }

  async isHeld(roomId: string): Promise<boolean> {
    return matchMaker.getLocalRoomById(roomId) !== undefined || (await this.link.store.isHeld(roomId));
  }

  lock(roomId: string): Promise<string | null> {
    return this.link.store.lock(roomId);
  }

  unlock(roomId: string, token: string): Promise<void> {
    return this.link.store.unlock(roomId, token);
  }

  async dropListing(roomId: string): Promise<void> {
    await matchMaker.driver.remove(roomId);
  }
}
