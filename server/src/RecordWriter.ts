/**
 * Writes the rooms' records to the database for DatabaseRooms.ts, so that no one sees a change before
 * it is stored, and one room's record never holds up another's:
 *
 * - The changes of every room that come while a batch is being written go together in the next one (a
 *   room's newest record only), in one statement: under load the database writes fewer, larger batches
 *   instead of falling behind. A room has one write under way at most (its next one waits for it).
 * - A batch fails as a whole. When it fails for something one room's record may have caused (anything
 *   but the database being away, closed or full), every room of it is written again on its own at once:
 *   each whose record can be stored is stored, and its waiters go on; only the rooms whose own write
 *   fails are told so (DiceRoom then tells their players it is saving, and tries again).
 * - A room whose own write failed so is written on its own, beside the batches, until a write of it goes
 *   through: its retries never make a batch fail again.
 *
 * Each record is written as a head and the part of its log not stored yet (stored-body.ts); what was not
 * stored is written whole next time, its seats too.
 */
import type { TableRecord } from '../../src/table/index.js';
import type { RoomSave } from './database/index.js';
import type { Records } from './database/WorkerRecords.js';
import { bodyToSave, type BodyToSave, type PartsWritten, type StoredBody } from './stored-body.js';

/** A room's write waiting for the next batch (its record a StoredBody), and those waiting for it to be stored. */
interface Queued {
  save: RoomSave & { record: StoredBody };
  seatsUnchanged: boolean;
  waiters: { resolve(): void; reject(error: unknown): void }[];
}

/** What saveMany takes for one room. */
type Row = readonly [string, RoomSave, { seatsUnchanged: boolean }];

/** How one room's write went: stored (or not taken: a newer record is there), or failed. */
type Outcome = { saved: boolean } | { error: unknown };

/**
 * The codes of a failure of the database as a whole, whatever was written: no room's own record is the
 * cause, and writing each room again would only fail as many times.
 */
const DATABASE_WIDE = new Set(['database-unreachable', 'database-closed', 'database-full']);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether a failed write may be one room's own doing (its record refused), not the database's. */
function mayBeOneRooms(error: unknown): boolean {
  return !DATABASE_WIDE.has(codeOf(error) ?? '');
}

export class RecordWriter {
  /** Whether the last write reached the database (a room does not try its last write while it cannot). */
  private reached = true;
  /** Writes waiting to be made, one per room (the newest record). */
  private readonly queued = new Map<string, Queued>();
  /** The rooms with a write under way, in the batch or on their own. */
  private readonly underWay = new Set<string>();
  /** Whether a batch is being written (one at a time: what comes meanwhile makes the next). */
  private batching = false;
  /** Rooms whose own record could not be stored: written on their own until one of their writes is. */
  private readonly alone = new Set<string>();
  /** The seats each room last wrote (JSON): a change that leaves them is written without them. */
  private readonly seatsWritten = new Map<string, string>();
  /** What each room last stored of its game's log: a change writes only what is new (stored-body.ts). */
  private readonly partsWritten = new Map<string, PartsWritten>();

  constructor(private readonly records: Pick<Records, 'saveMany'>) {}

  /** Whether the last write reached the database. */
  get reachable(): boolean {
    return this.reached;
  }

  /**
   * Writes a room's record; resolves once it is stored.
   * @throws what kept this room's record from being stored (DatabaseError, RoomRecordError)
   */
  write(roomId: string, table: TableRecord, closing = false): Promise<void> {
    const body: StoredBody = { table, ...(closing ? { closing } : {}) };
    const seats = table.seats.map(({ name, keyHash }) => ({ name, keyHash: keyHash ?? null }));
    const seatsJson = JSON.stringify(seats);
    const save = {
      // The last record of a process shutting down is newer than the one of the same table before it.
      version: table.version * 2 + (closing ? 1 : 0),
      record: body,
      phase: table.phase,
      pace: table.pace ?? 'live',
      // A game at one's own pace is woken by its clock while no one plays it (DatabaseRooms.wakeDueGames).
      turnDeadline: table.pace === 'own-pace' ? (table.clock?.endsAt ?? null) : null,
      seats,
      closed: false,
    };
    return new Promise<void>((resolve, reject) => {
      const waiting = this.queued.get(roomId);
      const seatsUnchanged = this.seatsWritten.get(roomId) === seatsJson;
      if (waiting) {
        if (save.version > waiting.save.version) waiting.save = save;
        waiting.seatsUnchanged &&= seatsUnchanged;
        waiting.waiters.push({ resolve, reject });
      } else {
        this.queued.set(roomId, { save, seatsUnchanged, waiters: [{ resolve, reject }] });
      }
      this.seatsWritten.set(roomId, seatsJson);
      this.schedule();
    });
  }

  /** A room that sleeps, moved or ended keeps nothing here (the next one of its id writes its record whole). */
  forget(roomId: string): void {
    this.seatsWritten.delete(roomId);
    this.partsWritten.delete(roomId);
    this.alone.delete(roomId);
  }

  /**
   * Starts the writes that may start now: each waiting room whose own write failed, on its own; the
   * others together in a batch, unless one is being written (they make the next one then). A room with
   * a write under way waits for it.
   */
  private schedule(): void {
    const batch: [string, Queued][] = [];
    for (const [roomId, queued] of this.queued) {
      if (this.underWay.has(roomId)) continue;
      if (this.alone.has(roomId)) {
        this.queued.delete(roomId);
        void this.writeRooms([[roomId, queued]], false);
      } else if (!this.batching) {
        this.queued.delete(roomId);
        batch.push([roomId, queued]);
      }
    }
    if (batch.length > 0) {
      this.batching = true;
      void this.writeRooms(batch, true);
    }
  }

  /** Writes these rooms in one statement (one room alone, or a batch), then starts what waits. */
  private async writeRooms(rooms: [string, Queued][], batch: boolean): Promise<void> {
    for (const [roomId] of rooms) this.underWay.add(roomId);
    try {
      // Each record as its head's JSON text and the part of its log not stored yet: made here once,
      // they cross to the database's thread as strings (cheap) rather than object trees to copy. One
      // that cannot be made fails its own room only.
      const writes: { roomId: string; queued: Queued; row: Row; toSave: BodyToSave }[] = [];
      for (const [roomId, queued] of rooms) {
        try {
          const toSave = bodyToSave(queued.save.record, this.partsWritten.get(roomId));
          const { record, parts } = toSave;
          const row: Row = [
            roomId,
            { ...queued.save, record, parts },
            { seatsUnchanged: queued.seatsUnchanged },
          ];
          writes.push({ roomId, queued, row, toSave });
        } catch (error) {
          this.settle(roomId, queued, undefined, { error });
        }
      }
      await this.saveEach(
        writes.map(({ row }) => row),
        (i, outcome) => this.settle(writes[i]!.roomId, writes[i]!.queued, writes[i]!.toSave, outcome),
      );
    } finally {
      for (const [roomId] of rooms) this.underWay.delete(roomId);
      if (batch) this.batching = false;
      this.schedule();
    }
  }

  /**
   * Writes the rows in one statement; if it fails for what one room's record may have caused, each row
   * again on its own, at once, so that every room that can be stored is. `settled` is told each row's
   * outcome as soon as it is known.
   */
  private async saveEach(
    rows: readonly Row[],
    settled: (index: number, outcome: Outcome) => void,
  ): Promise<void> {
    if (rows.length === 0) return;
    try {
      const saved = await this.records.saveMany(rows);
      saved.forEach((taken, i) => settled(i, { saved: taken }));
    } catch (error) {
      if (rows.length === 1 || !mayBeOneRooms(error)) {
        rows.forEach((_, i) => settled(i, { error }));
        return;
      }
      await Promise.all(
        rows.map((row, i) =>
          this.records.saveMany([row]).then(
            ([taken]) => settled(i, { saved: taken === true }),
            (own: unknown) => settled(i, { error: own }),
          ),
        ),
      );
    }
  }

  /** Tells a room's waiters how its write went, and keeps what the next write starts from. */
  private settle(
    roomId: string,
    { waiters }: Queued,
    toSave: BodyToSave | undefined,
    outcome: Outcome,
  ): void {
    if ('saved' in outcome) {
      this.reached = true;
      this.alone.delete(roomId);
      // Not taken (a newer record is there): the next write starts again whole.
      if (outcome.saved && toSave?.written) this.partsWritten.set(roomId, toSave.written);
      else this.partsWritten.delete(roomId);
      for (const waiter of waiters) waiter.resolve();
      return;
    }
    const { error } = outcome;
    this.reached = codeOf(error) !== 'database-unreachable';
    // Failed on its own: its next writes go on their own too, so that no batch fails for it.
    if (mayBeOneRooms(error)) this.alone.add(roomId);
    // What was not stored is written whole next time, its seats too (a write waiting already included).
    this.seatsWritten.delete(roomId);
    this.partsWritten.delete(roomId);
    const waiting = this.queued.get(roomId);
    if (waiting) waiting.seatsUnchanged = false;
    for (const waiter of waiters) waiter.reject(error);
  }
}
