/**
 * Rooms shared by several server processes over Redis (a server started with REDIS_URL). Colyseus's
 * Redis presence and driver make any process find any room, and send a joining client to the process
 * that holds it (its `publicAddress`). This adds what a game needs when a process goes away:
 *
 * - Every room writes its record to the store after every change (game-store.ts, DiceRoom.ts).
 * - A join by id (`client.joinById(id, { name })`, what an invite link does) to a room that no process
 *   holds any more (its process died, or is shutting down) but whose game is stored, goes on with that
 *   game: it is loaded into a new room in the process that was asked (Colyseus's ids are random, so the
 *   new room has another id), the old id is made to lead to the new one, and the client is seated there
 *   (by name, in the seat that waits for them). Every other join by that old id is led to the new room.
 * - A reconnection (`client.reconnect(token)`) to such a room is refused at once as `room-moved`.
 * - While Redis cannot be reached, every join is refused at once as `server-unavailable` (the rooms
 *   already running play on).
 *
 * It works through Colyseus's matchmaking controller (`matchMaker.controller.invokeMethod`, which the
 * `/matchmake/:method/:room` route calls), wrapped while the server runs.
 */
import { randomUUID } from 'node:crypto';
import { ErrorCode, matchMaker, ServerError, type AuthContext } from '@colyseus/core';
import { JOIN_REFUSED_STATUS, joinRefusalText } from '../../src/online/join-refusal.js';
import { isRoomId, ROOM_NAME } from '../../src/online/protocol.js';
import { RESUME_OPTION } from './DiceRoom.js';
import type { RoomStore, StoredRoom } from './game-store.js';
import type { RedisLink } from './redis.js';
import type { TableRecord } from '../../src/table/index.js';

/** How many times a join waits for another process moving the same game, and how long each time, ms. */
const MOVE_WAITS = 50;
const MOVE_WAIT_MS = 100;

/** The refusal of a join while Redis cannot be reached. */
function unavailable(): ServerError {
  return new ServerError(
    JOIN_REFUSED_STATUS,
    joinRefusalText('server-unavailable', 'The game server cannot reach its store: try again in a moment'),
  );
}

/** Whether an error comes from a Redis connection that is down (ioredis's words for it). */
function isRedisDown(error: unknown): boolean {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  return (
    name === 'MaxRetriesPerRequestError' ||
    (typeof message === 'string' &&
      /Connection is closed|max retries per request|Stream isn't writeable|ECONNREFUSED/i.test(message))
  );
}

/** An error as the matchmaking route sends it: with a code (its HTTP status). */
function coded(error: unknown): ServerError {
  if (error instanceof ServerError) return error;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return new ServerError(
    typeof code === 'number' ? code : ErrorCode.MATCHMAKE_UNHANDLED,
    typeof message === 'string' ? message : String(error),
  );
}

type InvokeMethod = typeof matchMaker.controller.invokeMethod;
type RoomListing = Awaited<ReturnType<typeof matchMaker.handleCreateRoom>>;
type SeatReservation = Awaited<ReturnType<typeof matchMaker.joinById>>;

export class SharedRooms implements RoomStore {
  /** Stored rooms handed to rooms being created here, by token (see DiceRoom's RESUME_OPTION). */
  private readonly resumes = new Map<string, StoredRoom>();
  /** The rooms of this process, to write their records again when Redis is back. */
  private readonly resaves = new Set<() => void>();

  constructor(private readonly link: RedisLink) {
    link.onReconnect(() => this.reconnected());
  }

  /**
   * Redis is back after it was lost: in case it lost its data too (a restart without persistence), the
   * rooms of this process list themselves again (so that they can be joined and reconnected to), and
   * write their records again.
   */
  private reconnected(): void {
    console.log("Redis is back: listing and storing this process's rooms again");
    matchMaker.restoreMissingRoomCaches().catch((error: unknown) => {
      console.warn('The rooms could not be listed again:', (error as Error)?.message ?? error);
    });
    for (const resave of this.resaves) resave();
  }

  // ---- the rooms' side (RoomStore) ----

  ready(): boolean {
    return this.link.ready();
  }

  save(roomId: string, table: TableRecord, closing = false): Promise<void> {
    return this.link.store.save(roomId, table, closing);
  }

  remove(roomId: string): Promise<void> {
    return this.link.store.remove(roomId);
  }

  watch(resave: () => void): () => void {
    this.resaves.add(resave);
    return () => this.resaves.delete(resave);
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
      if (!this.link.ready()) throw unavailable();
      try {
        if (method === 'joinById') return await this.joinById(roomName, clientOptions, authOptions);
        if (method === 'reconnect') await this.checkReconnect(roomName);
        return await original.call(controller, method, roomName, clientOptions, authOptions);
      } catch (error) {
        if (!this.link.ready() || isRedisDown(error)) throw unavailable();
        throw coded(error);
      }
    };
    controller.invokeMethod = wrapped as InvokeMethod;
    return () => {
      if (controller.invokeMethod !== original) controller.invokeMethod = original;
    };
  }

  /**
   * A join by room id: to the room that holds the game of that id now (the id itself, or the room its
   * game went on in); if no process holds that room but its game is stored, the game goes on in a new
   * room here first.
   */
  private async joinById(
    roomId: string,
    options: matchMaker.ClientOptions,
    auth: AuthContext | undefined,
  ): Promise<SeatReservation> {
    if (!isRoomId(roomId)) return matchMaker.joinById(roomId, options, auth);
    const { store } = this.link;
    for (let wait = 0; wait <= MOVE_WAITS; wait++) {
      const target = await store.latest(roomId);
      const stored = await store.load(target);
      if (!stored || (!stored.closing && (await this.isHeld(target)))) {
        return matchMaker.joinById(target, options, auth);
      }
      // No process holds it (its process died, or is shutting down): its game goes on in a new room here.
      const listing = await this.resume(target);
      if (listing) return matchMaker.reserveSeatFor(listing, options);
      // Another process is moving it: once it has, its new room is followed.
      await new Promise((resolve) => setTimeout(resolve, MOVE_WAIT_MS));
    }
    throw new ServerError(
      JOIN_REFUSED_STATUS,
      joinRefusalText('server-unavailable', 'The game is being moved to another server: try again'),
    );
  }

  /**
   * A reconnection to a room that no process holds any more, whose game went on (or is to go on) in a
   * new room, is refused at once as `room-moved`: the client joins the same room id again, by name.
   */
  private async checkReconnect(roomId: string): Promise<void> {
    if (!isRoomId(roomId)) return;
    const { store } = this.link;
    const moved = (await store.latest(roomId)) !== roomId;
    const stored = moved ? null : await store.load(roomId);
    if (moved || (stored && (stored.closing || !(await this.isHeld(roomId))))) {
      throw new ServerError(
        JOIN_REFUSED_STATUS,
        joinRefusalText('room-moved', 'The room has moved: join it again by name to go on with its game'),
      );
    }
  }

  private async isHeld(roomId: string): Promise<boolean> {
    return matchMaker.getLocalRoomById(roomId) !== undefined || (await this.link.store.isHeld(roomId));
  }

  /**
   * Moves the stored game of room `roomId` (held by no process) into a new room of this process: the new
   * room's listing, or null if another process is moving it now or has just moved it.
   */
  private async resume(roomId: string): Promise<RoomListing | null> {
    const { store } = this.link;
    const lock = await store.lock(roomId);
    if (!lock) return null;
    try {
      // Read again under the lock: another process may have moved it just before.
      if ((await store.latest(roomId)) !== roomId) return null;
      const stored = await store.load(roomId);
      if (!stored) return null;
      const token = randomUUID();
      this.resumes.set(token, stored);
      let listing: RoomListing;
      try {
        listing = await matchMaker.handleCreateRoom(ROOM_NAME, { [RESUME_OPTION]: token });
      } finally {
        this.resumes.delete(token);
      }
      await store.markMoved(roomId, listing.roomId, stored.table);
      console.log(`Room ${roomId}: its game goes on in room ${listing.roomId}`);
      // The listing a dead process left behind (a process shutting down removes its own).
      if (!stored.closing) await matchMaker.driver.remove(roomId);
      return listing;
    } finally {
      await store.unlock(roomId, lock).catch(() => {});
    }
  }
}
