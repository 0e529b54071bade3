/**
 * The room store: every room's record, kept in the database (table `rooms`, one row per room) so that a
 * game outlives the process that held it, and the hashes of its seats' keys (table `room_seats`) so that
 * "My games" finds the rooms a browser holds seats in.
 *
 * A room's record is the server's to define (its TableRecord): here it is an opaque JSON object, stored
 * whole, beside the few fields that are looked up without reading it (phase, pace, the turn's deadline).
 * Each write carries the record's version and takes effect only if it is newer than the stored one, so
 * that a process that lost a room (or whose write arrives late) never overwrites what another wrote
 * since. A write is one transaction: the record and its seats change together, or not at all.
 *
 * A record may also be kept in parts (table `room_parts`): a head, and parts appended after it in order,
 * so that a change that adds to a long record writes the head and a small part instead of all of it (a
 * game's log grows by a move at a time). What the parts mean is the caller's too: load() gives the head
 * and its parts as they were written.
 */
import type { Database, Parameter, Queryable } from './database.js';
import {
  checkClosed,
  checkDeadline,
  checkKeyHashes,
  checkLimit,
  checkPace,
  checkParts,
  checkPhase,
  checkRecord,
  checkRoomId,
  checkSeats,
  checkTime,
  checkVersion,
  type PartsSave,
  type RoomPace,
  type RoomPhase,
  type SeatEntry,
} from './room-input.js';

export type { PartsSave, RoomPace, RoomPhase, SeatEntry } from './room-input.js';

/** What save() writes of a room. */
export interface RoomSave {
  /** The record's version: the write takes effect only if it is greater than the stored one. */
  version: number;
  /**
   * The room's whole record: a plain JSON object (at most MAX_RECORD_BYTES of JSON), or its JSON text
   * already (what JSON.stringify makes of one: a server sends that to the database's thread, a string
   * crossing threads far cheaper than an object tree).
   */
  record: object | string;
  phase: RoomPhase;
  pace: RoomPace;
  /** When the turn under way must be played by (ms since 1970), or null when no turn waits. */
  turnDeadline: number | null;
  /** Its seats in order: each one's name and its key's hash (null for a seat without a key). */
  seats: readonly SeatEntry[];
  /** The room is over for good (kept, but no longer due: see dueBefore). False unless given. */
  closed?: boolean;
  /**
   * The parts after the record: the first `from` of those stored are kept, then `values` follow. Not
   * given: the record is whole, with no parts.
   */
  parts?: PartsSave;
}

/** A room as stored (load()). */
export interface StoredRoomRecord {
  roomId: string;
  version: number;
  /** The record as it was saved (the caller checks it: the database only knows it is an object). */
  record: Record<string, unknown>;
  phase: RoomPhase;
  pace: RoomPace;
  /** ms since 1970, or null. */
  turnDeadline: number | null;
  /** When it was last written, by the database's clock (ms since 1970). */
  updatedAt: number;
  closed: boolean;
  seats: SeatEntry[];
  /** The parts after the record, in order, as they were saved (none for a record written whole). */
  parts: Record<string, unknown>[];
}

/** One seat a key holds, and its room (roomsForKeys()). */
export interface RoomSummary {
  roomId: string;
  seat: number;
  /** The hash it was found by. */
  keyHash: string;
  phase: RoomPhase;
  pace: RoomPace;
  version: number;
  /** ms since 1970. */
  updatedAt: number;
  /** ms since 1970, or null. */
  turnDeadline: number | null;
  closed: boolean;
}

/** A timestamptz column as whole ms since 1970 (a float8: both drivers give a number). */
const ms = (column: string, as: string): string =>
  `floor(extract(epoch FROM ${column}) * 1000)::float8 AS ${as}`;

/** Writes a room, if its version is newer than the stored one: the room id back if it did. */
const SAVE_ROOM = `
  INSERT INTO rooms AS r (room_id, version, record, phase, pace, turn_deadline, updated_at, closed, parts)
  VALUES ($1, $2, $3::json, $4, $5, $6::timestamptz, now(), $7, $8)
  ON CONFLICT (room_id) DO UPDATE SET
    version = excluded.version, record = excluded.record, phase = excluded.phase, pace = excluded.pace,
    turn_deadline = excluded.turn_deadline, updated_at = excluded.updated_at, closed = excluded.closed,
    parts = excluded.parts
  WHERE r.version < excluded.version
  RETURNING r.room_id`;

/** Forgets a room's parts from the `$2`th on (those no longer its record's). */
const DROP_PARTS = `DELETE FROM room_parts WHERE room_id = $1 AND seq >= $2`;

/** Writes parts ($1: a JSON array of {room_id, seq, part}), over any of the same place. */
const SAVE_PARTS = `
  INSERT INTO room_parts AS p (room_id, seq, part)
  SELECT b.room_id, b.seq, b.part FROM json_to_recordset($1::json) AS b(room_id text, seq integer, part json)
  ON CONFLICT (room_id, seq) DO UPDATE SET part = excluded.part`;

/**
 * SAVE_ROOM, DROP_PARTS and SAVE_PARTS for several rooms in one statement ($1: a JSON array of rows,
 * each room once; $2: their parts, as for SAVE_PARTS; $3: the ids of those written whole): one round
 * trip to the database for a whole batch, where a statement each cost about as much as its writing, and
 * atomic without a transaction of its own. A room's parts are written only if its record was; those of
 * a room written whole past its count are dropped (never the same rows as those written: a statement
 * may not change a row twice). The parts left past the count of a room that kept some are never read,
 * and written over as it grows; looking for them after every move cost more than the move's write.
 */
const SAVE_ROOMS = `
  WITH saved AS (
    INSERT INTO rooms AS r (room_id, version, record, phase, pace, turn_deadline, updated_at, closed, parts)
    SELECT b.room_id, b.version, b.record, b.phase, b.pace, b.deadline, now(), b.closed, b.parts
    FROM json_to_recordset($1::json) AS b(room_id text, version bigint, record json, phase text, pace text,
      deadline timestamptz, closed boolean, parts integer)
    ON CONFLICT (room_id) DO UPDATE SET
      version = excluded.version, record = excluded.record, phase = excluded.phase, pace = excluded.pace,
      turn_deadline = excluded.turn_deadline, updated_at = excluded.updated_at, closed = excluded.closed,
      parts = excluded.parts
    WHERE r.version < excluded.version
    RETURNING r.room_id, r.parts
  ), dropped AS (
    DELETE FROM room_parts p USING saved
    WHERE p.room_id = ANY($3::text[]) AND p.room_id = saved.room_id AND p.seq >= saved.parts
  ), written AS (
    INSERT INTO room_parts AS p (room_id, seq, part)
    SELECT b.room_id, b.seq, b.part
    FROM json_to_recordset($2::json) AS b(room_id text, seq integer, part json)
    JOIN saved ON saved.room_id = b.room_id
    ON CONFLICT (room_id, seq) DO UPDATE SET part = excluded.part
  )
  SELECT room_id FROM saved`;

/**
 * Makes a room's seats those given ($2: JSON array of SeatEntry; $3: how many): each seat's row written
 * only where it changed (a seat rarely changes between moves), those past the last deleted.
 */
const SAVE_SEATS = `
  WITH given AS (
    SELECT (s.ordinality - 1)::smallint AS seat, s.value->>'keyHash' AS key_hash, s.value->>'name' AS name
    FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS s(value, ordinality)
  ), written AS (
    INSERT INTO room_seats AS old (room_id, seat, key_hash, name)
    SELECT $1::text, seat, key_hash, name FROM given
    ON CONFLICT (room_id, seat) DO UPDATE SET key_hash = excluded.key_hash, name = excluded.name
    WHERE (old.key_hash, old.name) IS DISTINCT FROM (excluded.key_hash, excluded.name)
  )
  DELETE FROM room_seats WHERE room_id = $1::text AND seat >= $3::integer`;

const LOAD_ROOM = `
  SELECT r.room_id, r.version, r.record, r.phase, r.pace, ${ms('r.turn_deadline', 'turn_deadline')},
    ${ms('r.updated_at', 'updated_at')}, r.closed,
    coalesce((SELECT jsonb_agg(jsonb_build_object('name', s.name, 'keyHash', s.key_hash) ORDER BY s.seat)
      FROM room_seats s WHERE s.room_id = r.room_id), '[]'::jsonb) AS seats,
    coalesce((SELECT json_agg(p.part ORDER BY p.seq) FROM room_parts p
      WHERE p.room_id = r.room_id AND p.seq < r.parts), '[]'::json) AS parts
  FROM rooms r WHERE r.room_id = $1`;

const ROOMS_FOR_KEYS = `
  SELECT s.room_id, s.seat, s.key_hash, r.phase, r.pace, r.version, ${ms('r.updated_at', 'updated_at')},
    ${ms('r.turn_deadline', 'turn_deadline')}, r.closed
  FROM room_seats s JOIN rooms r ON r.room_id = s.room_id
  WHERE s.key_hash = ANY($1::text[])
  ORDER BY r.updated_at DESC, s.room_id, s.seat`;

const DUE_BEFORE = `
  SELECT room_id FROM rooms
  WHERE turn_deadline <= $1::timestamptz AND turn_deadline IS NOT NULL AND NOT closed
  ORDER BY turn_deadline, room_id LIMIT $2`;

interface RoomRow {
  room_id: string;
  version: number | string;
  record: Record<string, unknown>;
  phase: RoomPhase;
  pace: RoomPace;
  turn_deadline: number | null;
  updated_at: number;
  closed: boolean;
  seats: SeatEntry[];
  parts: Record<string, unknown>[];
}

interface SummaryRow {
  room_id: string;
  seat: number;
  key_hash: string;
  phase: RoomPhase;
  pace: RoomPace;
  version: number | string;
  updated_at: number;
  turn_deadline: number | null;
  closed: boolean;
}

/** The rooms of one database (opened and migrated: openDatabase). */
export class RoomRecords {
  constructor(private readonly db: Database) {}

  /**
   * Writes room `roomId`'s record and seats, if `room.version` is greater than the stored one (or none is
   * stored): true if it did, false if a record as new or newer is there (nothing is changed then).
   * @throws RoomRecordError for input that is not valid (nothing is written); DatabaseError
   */
  async save(roomId: string, room: RoomSave): Promise<boolean> {
    const [saved] = await this.saveMany([[roomId, room]]);
    return saved!;
  }

  /**
   * Writes several rooms' records in one transaction (what `save` does for each; a server writes the
   * changes that came while the last write ran together): for each, true if it took effect. An entry
   * with `seatsUnchanged` keeps its stored seats (a change of the game only: half the writing).
   * @throws RoomRecordError for input that is not valid (nothing at all is written); DatabaseError
   */
  async saveMany(
    rooms: readonly (readonly [string, RoomSave, { seatsUnchanged?: boolean }?])[],
  ): Promise<boolean[]> {
    const checked = rooms.map(([roomId, room, how]) => ({
      params: checkedSave(roomId, room),
      seats: !how?.seatsUnchanged,
    }));
    const ids = new Set(checked.map(({ params }) => params.roomId));
    // One statement for them all, unless a room comes twice (a statement changes a row once).
    if (ids.size === checked.length) {
      const rows = checked.map(
        ({ params: p }) =>
          `{"room_id":${JSON.stringify(p.roomId)},"version":${p.version},"record":${p.record},` +
          `"phase":${JSON.stringify(p.phase)},"pace":${JSON.stringify(p.pace)},` +
          `"deadline":${JSON.stringify(p.deadline)},"closed":${p.closed},` +
          `"parts":${p.parts.from + p.parts.values.length}}`,
      );
      const whole = checked.filter(({ params }) => params.parts.from === 0);
      const params = [
        `[${rows.join(',')}]`,
        partRows(checked.map(({ params }) => params)),
        `{${whole.map(({ params }) => params.roomId).join(',')}}`,
      ];
      const saveAll = async (tx: Queryable): Promise<boolean[]> => {
        const saved = await tx.query<{ room_id: string }>(SAVE_ROOMS, params);
        const written = new Set(saved.map((row) => row.room_id));
        for (const { params, seats } of checked) {
          if (seats && written.has(params.roomId))
            await tx.query(SAVE_SEATS, [params.roomId, params.seats.json, params.seats.count]);
        }
        return checked.map(({ params }) => written.has(params.roomId));
      };
      // Seats to write too: a transaction; else the one statement is all (a move's usual write).
      return checked.some(({ seats }) => seats) ? this.db.transaction(saveAll) : saveAll(this.db);
    }
    return this.db.transaction(async (tx) => {
      const results: boolean[] = [];
      for (const { params, seats } of checked) {
        const saved = await tx.query(SAVE_ROOM, [
          params.roomId,
          params.version,
          params.record,
          params.phase,
          params.pace,
          params.deadline,
          params.closed,
          params.parts.from + params.parts.values.length,
        ]);
        if (saved.length > 0 && seats)
          await tx.query(SAVE_SEATS, [params.roomId, params.seats.json, params.seats.count]);
        if (saved.length > 0) {
          await tx.query(DROP_PARTS, [params.roomId, params.parts.from + params.parts.values.length]);
          if (params.parts.values.length > 0) await tx.query(SAVE_PARTS, [partRows([params])]);
        }
        results.push(saved.length > 0);
      }
      return results;
    });
  }

  /**
   * Room `roomId` as stored, or null (never stored, or removed).
   * @throws RoomRecordError `bad-room-id`; DatabaseError
   */
  async load(roomId: string): Promise<StoredRoomRecord | null> {
    const [row] = await this.db.query<RoomRow>(LOAD_ROOM, [checkRoomId(roomId)]);
    if (!row) return null;
    return {
      roomId: row.room_id,
      version: Number(row.version),
      record: row.record,
      phase: row.phase,
      pace: row.pace,
      turnDeadline: row.turn_deadline === null ? null : Number(row.turn_deadline),
      updatedAt: Number(row.updated_at),
      closed: row.closed,
      seats: row.seats,
      parts: row.parts,
    };
  }

  /**
   * Forgets room `roomId` and its seats: true if it was there.
   * @throws RoomRecordError `bad-room-id`; DatabaseError
   */
  async remove(roomId: string): Promise<boolean> {
    const rows = await this.db.query('DELETE FROM rooms WHERE room_id = $1 RETURNING room_id', [
      checkRoomId(roomId),
    ]);
    return rows.length > 0;
  }

  /**
   * Every seat held by one of `keyHashes` (the hashes of the seat keys a browser keeps: at most
   * MAX_KEY_HASHES), with its room: the room last written first.
   * @throws RoomRecordError `bad-key-hashes`; DatabaseError
   */
  async roomsForKeys(keyHashes: readonly string[]): Promise<RoomSummary[]> {
    const list = checkKeyHashes(keyHashes);
    if (list === '{}') return [];
    const rows = await this.db.query<SummaryRow>(ROOMS_FOR_KEYS, [list]);
    return rows.map((row) => ({
      roomId: row.room_id,
      seat: Number(row.seat),
      keyHash: row.key_hash,
      phase: row.phase,
      pace: row.pace,
      version: Number(row.version),
      updatedAt: Number(row.updated_at),
      turnDeadline: row.turn_deadline === null ? null : Number(row.turn_deadline),
      closed: row.closed,
    }));
  }

  /**
   * The ids of rooms not closed whose turn deadline is at or before `time` (ms since 1970): the soonest
   * first, at most `limit` (to wake dormant games whose clock has run out, a batch at a time).
   * @throws RoomRecordError `bad-time`, `bad-limit`; DatabaseError
   */
  async dueBefore(time: number, limit = 100): Promise<string[]> {
    const params: Parameter[] = [checkTime(time), checkLimit(limit)];
    const rows = await this.db.query<{ room_id: string }>(DUE_BEFORE, params);
    return rows.map((row) => row.room_id);
  }

  /** How many rooms are stored (closed ones too). */
  async count(): Promise<number> {
    const [row] = await this.db.query<{ count: number | string }>('SELECT count(*) AS count FROM rooms');
    return Number(row?.count ?? 0);
  }
}

/** The parts saves give, as the JSON array SAVE_PARTS takes: each at its place after those kept. */
function partRows(saves: readonly CheckedSave[]): string {
  const rows = saves.flatMap(({ roomId, parts }) =>
    parts.values.map(
      (part, index) => `{"room_id":${JSON.stringify(roomId)},"seq":${parts.from + index},"part":${part}}`,
    ),
  );
  return `[${rows.join(',')}]`;
}

type CheckedSave = ReturnType<typeof checkedSave>;

/** A room's save with every part checked (nothing is written for input that is not valid). */
function checkedSave(roomId: string, room: RoomSave) {
  return {
    roomId: checkRoomId(roomId),
    version: checkVersion(room?.version),
    record: checkRecord(room?.record),
    phase: checkPhase(room?.phase),
    pace: checkPace(room?.pace),
    deadline: checkDeadline(room?.turnDeadline),
    seats: checkSeats(room?.seats),
    closed: checkClosed(room?.closed),
    parts: checkParts(room?.parts),
  };
}
