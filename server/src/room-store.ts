/**
 * What a room (DiceRoom.ts) needs of the store that keeps its record: the database, through
 * DatabaseRooms.ts (an embedded PostgreSQL in DATA_DIR, or the PostgreSQL server of DATABASE_URL). It is
 * the only store: several processes share games through a PostgreSQL server, and Redis only says which
 * process holds which room (room-holders.ts).
 */
import type { TableRecord } from '../../src/table/index.js';

/** A room's record as stored, handed to a room that brings its game back. */
export interface StoredRoom {
  roomId: string;
  table: TableRecord;
  /** Its last process was shutting down: the others wait for it to be let go. */
  closing?: boolean;
}

export interface RoomStore {
  /**
   * Whether the store took the last write (a room's last write as its process shuts down is not tried
   * while it would only fail: what anyone saw is stored already).
   */
  ready(): boolean;
  /**
   * Writes the room's record (after every change, before anyone sees it; `closing` when its process
   * shuts down): resolves once it is stored.
   * @throws whatever kept it from being stored (the room tries again: RoomSaving's saveDurably)
   */
  save(roomId: string, table: TableRecord, closing?: boolean): Promise<void>;
  /** Forgets a room that ended (everyone left). */
  remove(roomId: string): Promise<void>;
  /** The room is gone from this process, its record kept (it sleeps, or goes on elsewhere). */
  letGo(roomId: string): void;
  /** The stored room a resume token given to a new room stands for (once), or undefined. */
  takeResume(token: string): StoredRoom | undefined;
}
