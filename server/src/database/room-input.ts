/**
 * The checks of what the room store is given (RoomRecords.ts), made before anything is sent to the
 * database: what fails here throws a RoomRecordError and nothing is written. Each check gives back the
 * value as it is to be stored (the record as its JSON text, a time as ISO 8601).
 */
import { MAX_SEATS, ROOM_ID_PATTERN, type RoomView } from '../../../src/online/protocol.js';
import { RoomRecordError } from './errors.js';

/** Where a room is in its game (as its views say). */
export type RoomPhase = RoomView['phase'];
/** How a room is played: everyone online at once (`live`), or a turn waits for its player (`own-pace`). */
export type RoomPace = 'live' | 'own-pace';

/** Every phase (a phase added to RoomView must be added here: the type says so). */
const PHASES: Record<RoomPhase, true> = { lobby: true, playing: true, over: true };
const PACES: Record<RoomPace, true> = { live: true, 'own-pace': true };

/** Largest record stored, bytes of its JSON (UTF-8): a whole game's log is a few KB. */
export const MAX_RECORD_BYTES = 256 * 1024;
/** Longest seat name stored, characters (the game's own limit is lower: this only bounds the row). */
export const MAX_SEAT_NAME_CHARS = 128;
/** Most key hashes asked about at once (roomsForKeys): one per room a browser holds a seat in. */
export const MAX_KEY_HASHES = 500;
/** Most room ids given at once (dueBefore). */
export const MAX_LIMIT = 10_000;

/** A seat key's hash as seat-keys.ts makes it: SHA-256, hex. */
const KEY_HASH_PATTERN = /^[0-9a-f]{64}$/;
/** JSON text with a NUL character in a string (an odd number of backslashes before `u0000`). */
const JSON_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/;
/** Latest time a JavaScript Date holds, ms. */
const MAX_TIME_MS = 8.64e15;

/** A room id as Colyseus makes them (ROOM_ID_PATTERN), or `bad-room-id` thrown. */
export function checkRoomId(roomId: unknown): string {
  if (typeof roomId !== 'string' || !ROOM_ID_PATTERN.test(roomId)) {
    throw new RoomRecordError('bad-room-id', `Not a room id: ${JSON.stringify(roomId)?.slice(0, 80)}`);
  }
  return roomId;
}

/** A record's version: a whole number from 0 to Number.MAX_SAFE_INTEGER, or `bad-version` thrown. */
export function checkVersion(version: unknown): number {
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) {
    throw new RoomRecordError('bad-version', `A version is a whole number from 0 on, not ${String(version)}`);
  }
  return version;
}

/**
 * The record's JSON text: a plain object, JSON all through, at most MAX_RECORD_BYTES (`bad-record`,
 * `record-too-large` thrown otherwise).
 */
export function checkRecord(record: unknown): string {
  if (typeof record === 'string') return checkRecordText(record);
  const proto = typeof record === 'object' && record !== null ? Object.getPrototypeOf(record) : undefined;
  if (proto !== Object.prototype && proto !== null) {
    throw new RoomRecordError('bad-record', 'A room record is a plain object');
  }
  let json: string;
  try {
    json = JSON.stringify(record);
  } catch (error) {
    // A cycle, a BigInt, a toJSON that throws.
    throw new RoomRecordError('bad-record', `A room record is not JSON: ${(error as Error).message}`);
  }
  return checkRecordText(json);
}

/**
 * A record given as its JSON text (see checkRecord): an object's text (`{...}`: what JSON.stringify
 * makes of a plain object; its content is the server's own), at most MAX_RECORD_BYTES, no NUL.
 * @throws RoomRecordError `bad-record`, `record-too-large`
 */
function checkRecordText(json: string): string {
  if (!json.startsWith('{') || !json.endsWith('}')) {
    throw new RoomRecordError('bad-record', 'A room record is a plain object');
  }
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > MAX_RECORD_BYTES) {
    throw new RoomRecordError(
      'record-too-large',
      `A room record is at most ${MAX_RECORD_BYTES} bytes of JSON, not ${bytes}`,
    );
  }
  // PostgreSQL's jsonb cannot hold a NUL character (nor can its text).
  if (JSON_NUL.test(json)) throw new RoomRecordError('bad-record', 'A room record has a NUL character');
  return json;
}

/** Most parts a room's record is kept in (see RoomSave.parts): a writer starts again whole before. */
export const MAX_PARTS = 1000;

/** What a save says of the parts after its record: parts from `from` on are `values`. */
export interface PartsSave {
  /** How many of the stored parts are kept (0: none; the record is written whole). */
  from: number;
  /** The parts written after them, in order: each a plain JSON object or its JSON text. */
  values: readonly (object | string)[];
}

/**
 * The parts of a save (PartsSave; none, the record whole, when not given): `from` and each value's JSON
 * text, at most MAX_PARTS parts in all and MAX_RECORD_BYTES of values at once; `bad-parts`,
 * `bad-record` or `record-too-large` thrown otherwise.
 */
export function checkParts(parts: unknown): { from: number; values: string[] } {
  if (parts === undefined) return { from: 0, values: [] };
  const { from, values } = (typeof parts === 'object' && parts !== null ? parts : {}) as Partial<PartsSave>;
  if (
    typeof from !== 'number' ||
    !Number.isSafeInteger(from) ||
    from < 0 ||
    !Array.isArray(values) ||
    from + values.length > MAX_PARTS
  ) {
    throw new RoomRecordError(
      'bad-parts',
      `Parts are { from, values }: a count kept and an array, at most ${MAX_PARTS} in all`,
    );
  }
  const texts = values.map((value: unknown) => checkRecord(value));
  const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text, 'utf8'), 0);
  if (bytes > MAX_RECORD_BYTES) {
    throw new RoomRecordError(
      'record-too-large',
      `The parts written at once are at most ${MAX_RECORD_BYTES} bytes of JSON, not ${bytes}`,
    );
  }
  return { from, values: texts };
}

/** One of the phases of RoomView, or `bad-phase` thrown. */
export function checkPhase(phase: unknown): RoomPhase {
  if (typeof phase !== 'string' || !Object.hasOwn(PHASES, phase)) {
    throw new RoomRecordError('bad-phase', `Not a phase: ${JSON.stringify(phase)?.slice(0, 40)}`);
  }
  return phase as RoomPhase;
}

/** `live` or `own-pace`, or `bad-pace` thrown. */
export function checkPace(pace: unknown): RoomPace {
  if (typeof pace !== 'string' || !Object.hasOwn(PACES, pace)) {
    throw new RoomRecordError(
      'bad-pace',
      `A pace is 'live' or 'own-pace', not ${JSON.stringify(pace)?.slice(0, 40)}`,
    );
  }
  return pace as RoomPace;
}

/** A time in ms since 1970 as ISO 8601 (for a timestamptz), or `code` thrown. */
function timeOf(time: unknown, code: 'bad-deadline' | 'bad-time', what: string): string {
  if (typeof time !== 'number' || !Number.isFinite(time) || time < 0 || time > MAX_TIME_MS) {
    throw new RoomRecordError(code, `${what} is a time in ms since 1970, not ${String(time)}`);
  }
  return new Date(time).toISOString();
}

/** The turn's deadline (ms since 1970) as ISO 8601, or null for none; `bad-deadline` thrown otherwise. */
export function checkDeadline(deadline: unknown): string | null {
  return deadline === null ? null : timeOf(deadline, 'bad-deadline', 'A turn deadline');
}

/** A time (ms since 1970) as ISO 8601, or `bad-time` thrown. */
export function checkTime(time: unknown): string {
  return timeOf(time, 'bad-time', 'A time');
}

/** A seat as stored: its person's (or computer's) name, and its key's hash (null: no key). */
export interface SeatEntry {
  name: string;
  keyHash: string | null;
}

/** The seats as JSON text (an array of SeatEntry, in seat order) and their count; `bad-seats` thrown otherwise. */
export function checkSeats(seats: unknown): { json: string; count: number } {
  if (!Array.isArray(seats) || seats.length > MAX_SEATS) {
    throw new RoomRecordError('bad-seats', `The seats are an array of at most ${MAX_SEATS}`);
  }
  const entries = seats.map((seat: unknown, index): SeatEntry => {
    const { name, keyHash } = (typeof seat === 'object' && seat !== null ? seat : {}) as Partial<SeatEntry>;
    if (
      typeof name !== 'string' ||
      name === '' ||
      name.length > MAX_SEAT_NAME_CHARS ||
      name.includes('\u0000')
    ) {
      throw new RoomRecordError('bad-seats', `Seat ${index} has no name, or one that cannot be stored`);
    }
    if (keyHash !== null && (typeof keyHash !== 'string' || !KEY_HASH_PATTERN.test(keyHash))) {
      throw new RoomRecordError('bad-seats', `Seat ${index}'s key hash is not a SHA-256 in hex, nor null`);
    }
    return { name, keyHash };
  });
  return { json: JSON.stringify(entries), count: entries.length };
}

/**
 * Key hashes as a PostgreSQL array literal (`{a,b}`: hex needs no quoting), duplicates dropped;
 * `bad-key-hashes` thrown for anything but an array of at most MAX_KEY_HASHES SHA-256 hex hashes.
 */
export function checkKeyHashes(keyHashes: unknown): string {
  if (!Array.isArray(keyHashes) || keyHashes.length > MAX_KEY_HASHES) {
    throw new RoomRecordError('bad-key-hashes', `Key hashes are an array of at most ${MAX_KEY_HASHES}`);
  }
  for (const hash of keyHashes) {
    if (typeof hash !== 'string' || !KEY_HASH_PATTERN.test(hash)) {
      throw new RoomRecordError('bad-key-hashes', 'A key hash is a SHA-256 in hex (64 of 0-9a-f)');
    }
  }
  return `{${[...new Set(keyHashes as string[])].join(',')}}`;
}

/** Whether the room is over for good: a boolean, false when not given; `bad-closed` thrown otherwise. */
export function checkClosed(closed: unknown): boolean {
  if (closed !== undefined && typeof closed !== 'boolean') {
    throw new RoomRecordError('bad-closed', `closed is true or false, not ${String(closed)}`);
  }
  return closed === true;
}

/** How many ids at most: a whole number from 1 to MAX_LIMIT, or `bad-limit` thrown. */
export function checkLimit(limit: unknown): number {
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new RoomRecordError('bad-limit', `A limit is a whole number from 1 to ${MAX_LIMIT}`);
  }
  return limit;
}
