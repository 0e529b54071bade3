/**
 * The rooms of a server that keeps its games in a database (an embedded PostgreSQL in DATA_DIR by
 * default, or the server of DATABASE_URL: server/src/database), so that a restart, a crash or kill -9
 * loses no game:
 *
 * - Every room writes its record (DiceRoom.ts) before anyone sees the change, and keeps it when its
 *   process shuts down; a room that ends (everyone left its lobby or its finished game) is forgotten.
 *   The writes go in batches, and a record that cannot be stored holds up its own room only
 *   (RecordWriter.ts).
 * - A join by id (what an invite link, a page coming back with its seat key, or a page whose server went
 *   away does) to a room this process does not hold, whose game is stored, first brings the game back in
 *   a room of the same id: the invite link and every seat key stay good. Its people come back to their
 *   seats with their keys; the seats of those who do not within the reconnection window are given up.
 * - A reconnection (Colyseus's token) to such a room is refused at once as `room-moved`: the token died
 *   with the old process, and the page joins the same id again with its key.
 *
 * - A game played at one's own pace sleeps here while no one is at its table (its room is let go), and
 *   is brought back when one of its people opens it, or when its turn's clock runs out (`wakeDueGames`,
 *   every WAKE_EVERY_MS while the server runs), so that a stand-in plays that turn and the game goes on.
 *
 * With REDIS_URL too (and DATABASE_URL: a PostgreSQL server the processes share), any process takes any
 * join: Colyseus's Redis presence and driver send a join to the process that holds its room, and a game no
 * live process holds (its process died, or is shutting down, or the game sleeps) is brought back, under
 * its own id, by the process that takes its lock in Redis (room-holders.ts). While Redis cannot be
 * reached every join is refused `server-unavailable`; the rooms already running play on. Redis keeps no
 * game: the database is the one store.
 *
 * It works through Colyseus's matchmaking controller, wrapped while the server runs.
 */
import { randomUUID } from 'node:crypto';
import { ErrorCode, matchMaker, ServerError, type AuthContext } from '@colyseus/core';
import { JOIN_REFUSED_STATUS, joinRefusalText } from '../../src/online/join-refusal.js';
import { isRoomId, ROOM_NAME } from '../../src/online/protocol.js';
import type { TableRecord } from '../../src/table/index.js';
import { RESUME_OPTION } from './room-config.js';
import type { Records } from './database/WorkerRecords.js';
import { RecordWriter } from './RecordWriter.js';
import { ThisProcess, type RoomHolders } from './room-holders.js';
import type { RoomStore, StoredRoom } from './room-store.js';
import { storedBody } from './stored-body.js';

type InvokeMethod = typeof matchMaker.controller.invokeMethod;

/** How often the server looks for sleeping games whose turn's clock ran out, ms. */
export const WAKE_EVERY_MS = 30_000;
/** Most sleeping games woken at one look (the rest at the next). */
const WAKE_AT_ONCE = 20;
/** How long a game that could not be woken is left before it is tried again, ms. */
const WAKE_RETRY_MS = 10 * 60_000;
/** How many times a join waits for another process to let go of a game or to bring it back, and how long each time, ms. */
const MOVE_WAITS = 50;
const MOVE_WAIT_MS = 100;

/** A refusal of a join with its code, as the page reads it (src/online/join-refusal.ts). */
function refusal(code: 'room-moved' | 'server-unavailable', message: string): ServerError {
  return new ServerError(JOIN_REFUSED_STATUS, joinRefusalText(code, message));
}

/** The refusal of a join while the other processes cannot be reached (Redis is away). */
function unreachable(): ServerError {
  return refusal(
    'server-unavailable',
    'The game server cannot reach the other servers: try again in a moment',
  );
}

export class DatabaseRooms implements RoomStore {
  /** Stored rooms handed to rooms being created here, by token (see DiceRoom's RESUME_OPTION). */
  private readonly resumes = new Map<string, StoredRoom>();
  /** Rooms being brought back now, by id: a second join waits for the first one's room. */
  private readonly bringing = new Map<string, Promise<unknown>>();
  /** Writes the rooms' records, in batches. */
  private readonly writer: RecordWriter;
  /** Sleeping games that could not be woken, and when they may be tried again (ms). */
  private readonly wakeFailed = new Map<string, number>();

  constructor(
    private readonly records: Records,
    private readonly wakeEveryMs = WAKE_EVERY_MS,
    private readonly holders: RoomHolders = new ThisProcess(),
  ) {
    this.writer = new RecordWriter(records);
  }

  // ---- the rooms' side (RoomStore) ----

  /** Whether the last write reached the database (Redis being away keeps no record from it). */
  ready(): boolean {
    return this.writer.reachable;
  }

  /**
   * Writes a room's record; resolves once it is stored (see RecordWriter: the changes of every room that
   * come while a batch is being written go together in the next one).
   */
  save(roomId: string, table: TableRecord, closing = false): Promise<void> {
    return this.writer.write(roomId, table, closing);
  }

  async remove(roomId: string): Promise<void> {
    this.letGo(roomId);
    await this.records.remove(roomId);
  }

  /** A room that sleeps or moved keeps nothing here (the next one of its id writes its record whole). */
  letGo(roomId: string): void {
    this.writer.forget(roomId);
  }

  takeResume(token: string): StoredRoom | undefined {
    const stored = this.resumes.get(token);
    this.resumes.delete(token);
    return stored;
  }

  // ---- matchmaking ----

  /** Wraps the matchmaking controller of this process; the function returned puts the original back. */
  install(): () => void {
    const controller = matchMaker.controller;
    const original: InvokeMethod = controller.invokeMethod;
    const wrapped = async (
      method: string,
      roomName: string,
      clientOptions: matchMaker.ClientOptions = {},
      authOptions?: AuthContext,
    ): Promise<unknown> => {
      if (!this.holders.ready()) throw unreachable();
      try {
        if (method === 'joinById' && isRoomId(roomName)) await this.bringBack(roomName);
        if (method === 'reconnect' && isRoomId(roomName) && (await this.keptElsewhere(roomName))) {
          throw refusal('room-moved', 'The server restarted: join the room again to go on with its game');
        }
        return await original.call(controller, method, roomName, clientOptions, authOptions);
      } catch (error) {
        // Redis went away meanwhile: said as such, not as whatever failed first.
        if (!this.holders.ready()) throw unreachable();
        throw error;
      }
    };
    controller.invokeMethod = wrapped as InvokeMethod;
    const waking = setInterval(() => void this.wakeDueGames(), this.wakeEveryMs);
    waking.unref();
    return () => {
      clearInterval(waking);
      if (controller.invokeMethod !== original) controller.invokeMethod = original;
    };
  }

  /**
   * Brings back the sleeping games whose turn's clock has run out (their room then has a stand-in play
   * that turn, and lets the game sleep again once no one is at its table): how many were woken.
   */
  async wakeDueGames(now = Date.now()): Promise<number> {
    let due: string[];
    try {
      due = await this.records.dueBefore(now, WAKE_AT_ONCE + this.wakeFailed.size);
    } catch {
      return 0; // the database is away: the next look tries again
    }
    let woken = 0;
    for (const roomId of due) {
      if ((this.wakeFailed.get(roomId) ?? 0) > now) continue;
      if (woken >= WAKE_AT_ONCE) break;
      try {
        if (await this.holders.isHeld(roomId)) continue; // awake (someone plays it, maybe elsewhere)
        await this.bringBack(roomId);
        this.wakeFailed.delete(roomId);
        woken++;
      } catch (error) {
        this.wakeFailed.set(roomId, now + WAKE_RETRY_MS);
        console.warn(`Room ${roomId}: its game could not be woken:`, (error as Error)?.message ?? error);
      }
    }
    return woken;
  }

  /**
   * Whether room `roomId`'s game is stored but its room is gone (its process is gone or shutting down): a
   * reconnection's token died with it.
   */
  private async keptElsewhere(roomId: string): Promise<boolean> {
    if (matchMaker.getLocalRoomById(roomId)) return false;
    const stored = await this.records.load(roomId).catch(() => null);
    if (!stored || stored.closed) return false;
    return (stored.record as { closing?: boolean }).closing === true || !(await this.holders.isHeld(roomId));
  }

  /**
   * If no process holds room `roomId` but its game is stored, brings the game back here in a room of that
   * id; with other processes, waits while one shuts down holding it or another brings it back.
   * @throws ServerError `server-unavailable` when the database cannot be read, or that takes too long
   */
  private async bringBack(roomId: string): Promise<void> {
    for (let wait = 0; wait <= MOVE_WAITS; wait++) {
      if (matchMaker.getLocalRoomById(roomId)) return;
      if (await this.holders.isHeld(roomId)) {
        // Another process holds it: the join is sent there, unless that process is shutting down.
        if (!(await this.loadStored(roomId))?.closing) return;
      } else {
        const lock = await this.holders.lock(roomId);
        if (lock) {
          try {
            // Looked at again under the lock: another process may have brought it back just before.
            if (!(await this.holders.isHeld(roomId))) await this.bringBackHere(roomId);
          } finally {
            await this.holders.unlock(roomId, lock).catch(() => {});
          }
          return;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, MOVE_WAIT_MS));
    }
    throw refusal('server-unavailable', 'The game is being moved to another server: try again');
  }

  /** The stored room of this id, or null when there is none or it ended. @throws ServerError `server-unavailable` */
  private async loadStored(roomId: string): Promise<StoredRoom | null> {
    let stored;
    try {
      stored = await this.records.load(roomId);
    } catch {
      throw refusal('server-unavailable', 'The game server cannot reach its database: try again in a moment');
    }
    if (!stored || stored.closed) return null;
    const body = storedBody(stored.record, stored.parts);
    return { roomId, table: body.table, ...(body.closing ? { closing: true } : {}) };
  }

  /** Brings the game back in a room of this process (if it is stored), once at a time. */
  private async bringBackHere(roomId: string): Promise<void> {
    if (matchMaker.getLocalRoomById(roomId)) return;
    const under = this.bringing.get(roomId);
    if (under) {
      await under.catch(() => {});
      return;
    }
    const bringing = this.createFromStore(roomId);
    this.bringing.set(roomId, bringing);
    try {
      await bringing;
    } finally {
      this.bringing.delete(roomId);
    }
  }

  private async createFromStore(roomId: string): Promise<void> {
    const stored = await this.loadStored(roomId);
    if (!stored) return; // never stored, or ended: the join says there is no such room
    await this.holders.dropListing(roomId);
    const token = randomUUID();
    this.resumes.set(token, stored);
    try {
      await matchMaker.handleCreateRoom(ROOM_NAME, { [RESUME_OPTION]: token }, undefined, roomId);
      console.log(`Room ${roomId}: its game goes on`);
    } catch (error) {
      throw new ServerError(
        ErrorCode.MATCHMAKE_UNHANDLED,
        `Room ${roomId} could not be brought back: ${String(error)}`,
      );
    } finally {
      this.resumes.delete(token);
    }
  }
}
