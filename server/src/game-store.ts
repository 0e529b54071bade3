/**
 * Where the rooms' games are kept outside the processes that hold them (Redis, when the server runs with
 * REDIS_URL): one key per room id holding its TableRecord (seats, host, rules, version, and the game as
 * its setup and action log), written after every change. When the process that held a room is gone, the
 * room's record is loaded into a new room elsewhere (server/src/SharedRooms.ts), and the old id points
 * to the new one, so that every invite link keeps leading to the game.
 *
 * Keys (all under `tp:`, each expiring STORE_TTL_SECONDS after its last write; a game at one's own pace
 * that long after its turn's deadline, so that no game is forgotten while it waits for its player):
 * - `tp:room:ID`   JSON StoredRoom: the room's record, and `closing` once its process is shutting down;
 * - `tp:moved:ID`  the id of the room the game of room ID went on in (the room it is in now, however many
 *                  times it moved since);
 * - `tp:olds:ID`   the set of the earlier ids of room ID's game: each `tp:moved:` key of theirs is kept as
 *                  long as the game is, so that the first invite link leads to it as long as the last;
 * - `tp:lock:ID`   held (a few seconds) by the process moving room ID's game into a new room.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { TableRecord } from '../../src/table/index.js';

/** How long a room's keys outlive its last change, seconds: a game left alone for a day is forgotten. */
export const STORE_TTL_SECONDS = 24 * 60 * 60;
/** How long one process may hold the right to move a room's game, ms. */
const LOCK_MS = 15_000;
/** Longest chain of moves followed from an old id. */
const MAX_MOVES = 32;

/** A room's record as stored. */
export interface StoredRoom {
  roomId: string;
  table: TableRecord;
  /** Its process is shutting down: the game is to go on in a new room, elsewhere. */
  closing?: boolean;
  /** When it was written (ms since 1970). */
  savedAt: number;
}

/** What a room needs of the store. */
export interface RoomStore {
  /**
   * Whether a change waits until it is stored, however long the store is away (a database: no one sees
   * a change the next process would not have); otherwise (Redis) a room plays on while the store cannot
   * be reached, and writes its record again once it is back (`watch`).
   */
  readonly durable?: boolean;
  /** Whether the store can be reached now (a room that is not durable does not wait for it while it cannot). */
  ready(): boolean;
  /** Writes the room's record (after every change; `closing` when its process shuts down). */
  save(roomId: string, table: TableRecord, closing?: boolean): Promise<void>;
  /** Forgets a room that ended (everyone left). */
  remove(roomId: string): Promise<void>;
  /** The room is gone from this process, its record kept (it sleeps, or goes on elsewhere): what the store keeps in memory for it may go. */
  letGo?(roomId: string): void;
  /** The stored room a resume token given to a new room stands for (once), or undefined. */
  takeResume(token: string): StoredRoom | undefined;
  /**
   * Calls `resave` whenever the store is back after it was lost (a Redis that restarted may have lost
   * everything): the room writes its record again. The function returned stops it.
   */
  watch(resave: () => void): () => void;
}

function roomKey(roomId: string): string {
  return `tp:room:${roomId}`;
}
function movedKey(roomId: string): string {
  return `tp:moved:${roomId}`;
}
function oldsKey(roomId: string): string {
  return `tp:olds:${roomId}`;
}
function lockKey(roomId: string): string {
  return `tp:lock:${roomId}`;
}

/**
 * How long a table's keys are kept after this write, seconds: `ttlSeconds`, or for a game at one's own
 * pace that long past its turn's deadline (a turn may wait days).
 */
export function keepSeconds(table: TableRecord, ttlSeconds: number, now = Date.now()): number {
  const endsAt = table.pace === 'own-pace' ? table.clock?.endsAt : undefined;
  if (typeof endsAt !== 'number' || !(endsAt > now)) return ttlSeconds;
  return ttlSeconds + Math.ceil((endsAt - now) / 1000);
}

/**
 * Writes a room's record (KEYS[1], ARGV[1]) for ARGV[2] seconds, and keeps the keys by which its game's
 * earlier ids (the set KEYS[2]) lead to it as long: a game that moved once and then played on for days
 * would otherwise lose its first invite link a day after the move.
 */
const SAVE_SCRIPT = `
redis.call('set', KEYS[1], ARGV[1], 'EX', ARGV[2])
local olds = redis.call('smembers', KEYS[2])
for _, old in ipairs(olds) do redis.call('expire', ARGV[3] .. old, ARGV[2]) end
if #olds > 0 then redis.call('expire', KEYS[2], ARGV[2]) end
return #olds`;

/**
 * Records that the game of room ARGV[1] goes on in room ARGV[2] for ARGV[3] seconds: that id and every
 * earlier one of the same game (the set KEYS[1]) now lead straight to the new room, whose set (KEYS[2])
 * takes them all.
 */
const MOVE_SCRIPT = `
local olds = redis.call('smembers', KEYS[1])
table.insert(olds, ARGV[1])
for _, old in ipairs(olds) do
  redis.call('set', ARGV[4] .. old, ARGV[2], 'EX', ARGV[3])
  redis.call('sadd', KEYS[2], old)
end
redis.call('expire', KEYS[2], ARGV[3])
redis.call('del', KEYS[1])
return #olds`;

/** Deletes a lock only if it is still the one taken with this token. */
const UNLOCK_SCRIPT =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

export class GameStore {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds = STORE_TTL_SECONDS,
  ) {}

  async save(roomId: string, table: TableRecord, closing = false): Promise<void> {
    const stored: StoredRoom = { roomId, table, savedAt: Date.now(), ...(closing ? { closing } : {}) };
    const seconds = keepSeconds(table, this.ttlSeconds);
    await this.redis.eval(
      SAVE_SCRIPT,
      2,
      roomKey(roomId),
      oldsKey(roomId),
      JSON.stringify(stored),
      seconds,
      movedKey(''),
    );
  }

  async remove(roomId: string): Promise<void> {
    await this.redis.del(roomKey(roomId));
  }

  /** The stored room of this id, or null (never stored, ended, or expired). */
  async load(roomId: string): Promise<StoredRoom | null> {
    const text = await this.redis.get(roomKey(roomId));
    if (text === null) return null;
    try {
      return JSON.parse(text) as StoredRoom;
    } catch {
      return null;
    }
  }

  /** The id of the room the game of `roomId` is in now: `roomId` itself unless it was moved (maybe more than once). */
  async latest(roomId: string): Promise<string> {
    let id = roomId;
    for (let i = 0; i < MAX_MOVES; i++) {
      const next = await this.redis.get(movedKey(id));
      if (next === null || next === id) return id;
      id = next;
    }
    return id;
  }

  /**
   * Records that the game of room `from` goes on in room `to`: an invite to `from`, or to any earlier id
   * of the same game, leads to `to`, for as long as that game's record is kept (each save keeps them).
   */
  async markMoved(from: string, to: string, table: TableRecord): Promise<void> {
    const seconds = keepSeconds(table, this.ttlSeconds);
    await this.redis.eval(MOVE_SCRIPT, 2, oldsKey(from), oldsKey(to), from, to, seconds, movedKey(''));
  }

  /** Takes the right to move room `roomId`'s game (for LOCK_MS at most): a token, or null if another has it. */
  async lock(roomId: string): Promise<string | null> {
    const token = randomUUID();
    const taken = await this.redis.set(lockKey(roomId), token, 'PX', LOCK_MS, 'NX');
    return taken === 'OK' ? token : null;
  }

  async unlock(roomId: string, token: string): Promise<void> {
    await this.redis.eval(UNLOCK_SCRIPT, 1, lockKey(roomId), token);
  }

  /**
   * Whether some process holds room `roomId` now: a live room's process listens on the room's own
   * channel (Colyseus's `$ID`), and a process that died stops listening at once (Redis sees its
   * connection close).
   */
  async isHeld(roomId: string): Promise<boolean> {
    const reply = (await this.redis.pubsub('NUMSUB', `$${roomId}`)) as [string, number];
    return Number(reply[1]) > 0;
  }
}
