/**
 * A room's durable writes, from its first record to its last: its record is written after every change
 * and before anyone sees it, so that what anyone saw outlives the process. A write that fails is tried again with pauses (the database
 * away, its disk full, or this room's record refused) while the room's pages are told it is saving;
 * every other room goes on (each room writes its own record: RecordWriter.ts). Messages wait for the
 * write before them, in order (`deliver`).
 */
import type { TableRecord } from '../../src/table/index.js';
import { joinRefused } from './room-joining.js';
import type { RoomStore } from './room-store.js';

/** Shortest pause between two warnings of a room that cannot write its record, ms. */
const SAVE_WARN_EVERY_MS = 10_000;
/** Pauses between tries to store a change that could not be, ms. */
const SAVE_RETRY_MS = [250, 500, 1000, 2000, 3000];

/** What the writes of one room need of it. */
export interface SavingRoom {
  readonly roomId: string;
  /** The record of the room as it is now. */
  record(): TableRecord;
  /** Tells the room's pages whether a change waits to be stored ('saving'). */
  tellSaving(waiting: boolean): void;
  /** Whether the room is gone (disposed): a write that cannot be made is given up then. */
  gone(): boolean;
}

export class RoomSaving {
  private warnedAt = -Infinity;
  /** Writes under way that failed at least once (the pages are told 'saving'). */
  private retrying = 0;
  /** Messages waiting for a record to be stored (see `deliver`), in order, and how many. */
  private outbox: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(
    private readonly room: SavingRoom,
    private readonly store: RoomStore | undefined,
  ) {}

  /**
   * The first record of a new room: a room whose game cannot be kept is not made.
   * @throws (rejects with) the join refusal `server-unavailable` when it cannot be stored
   */
  async first(): Promise<void> {
    await this.store?.save(this.room.roomId, this.room.record()).catch((error: unknown) => {
      this.warn(error);
      throw joinRefused('server-unavailable', 'The game server cannot store a new game now: try again soon');
    });
  }

  /**
   * Writes the room's record as it is now, until it is stored (see `saveDurably`); null when there is
   * no store.
   */
  save(): Promise<boolean> | null {
    return this.store ? this.saveDurably(this.store) : null;
  }

  /**
   * The last write, as the server shuts down (marked closing: see RoomStore.save): tried once, and not
   * while the store cannot be reached (what anyone saw is stored already): whether it was stored, or
   * null when it is not tried.
   */
  close(): Promise<boolean> | null {
    const store = this.store;
    if (!store?.ready()) return null;
    return store.save(this.room.roomId, this.room.record(), true).then(
      () => true,
      (error: unknown) => {
        this.warn(error);
        return false;
      },
    );
  }

  /**
   * The room is gone: its record is forgotten when its game ended, else `kept` (closed by a shutdown to
   * go on elsewhere, or a game at one's own pace sleeping until one of its people comes back to it or
   * its clock runs out: its store wakes it then).
   */
  end(kept: boolean): void {
    if (kept) this.store?.letGo(this.room.roomId);
    else this.store?.remove(this.room.roomId).catch((error: unknown) => this.warn(error));
  }

  /**
   * Writes the room's record until it is stored, trying again with pauses; the pages are told meanwhile
   * ('saving') and once all is stored. False only when the room is gone first.
   */
  private async saveDurably(store: RoomStore): Promise<boolean> {
    for (let attempt = 0, failed = false; ; attempt++) {
      try {
        await store.save(this.room.roomId, this.room.record());
        // Told after the changes that waited for it are sent.
        if (failed && --this.retrying === 0) this.deliver(null, () => this.room.tellSaving(false));
        return true;
      } catch (error) {
        this.warn(error);
        if (!failed) {
          failed = true;
          if (this.retrying++ === 0) this.room.tellSaving(true);
        }
        if (this.room.gone()) {
          this.retrying--;
          return false;
        }
        const pause = SAVE_RETRY_MS[Math.min(attempt, SAVE_RETRY_MS.length - 1)]!;
        await new Promise<void>((resolve) => setTimeout(resolve, pause).unref());
      }
    }
  }

  /**
   * Sends once `saved` is done (a change is shown to no one before it is stored), after everything sent
   * before it; at once when nothing is waiting.
   */
  deliver(saved: Promise<unknown> | null, send: () => void): void {
    if (!saved && this.waiting === 0) {
      send();
      return;
    }
    this.waiting++;
    this.outbox = this.outbox
      .then(() => saved)
      .then(send)
      .catch((error: unknown) =>
        console.error(`Room ${this.room.roomId}: a message could not be sent:`, error),
      )
      .finally(() => {
        this.waiting--;
      });
  }

  /** Says on the console that the room's game could not be stored (at most once every 10 s). */
  warn(error: unknown): void {
    const now = Date.now();
    if (now - this.warnedAt < SAVE_WARN_EVERY_MS) return;
    this.warnedAt = now;
    console.warn(
      `Room ${this.room.roomId}: its game could not be stored:`,
      (error as Error)?.message ?? error,
    );
  }
}
