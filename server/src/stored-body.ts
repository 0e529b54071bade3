/**
 * How DatabaseRooms keeps a room's record in the database: a head (the table with its game's log and
 * gestures left empty) and the log in parts appended after it (RoomRecords' parts). A game's log only
 * grows, a move at a time, so a change writes the head (about 1 KB) and a part with what is new (a few
 * hundred bytes), not the whole record again (5 to 25 KB, which the database compresses and keeps out of
 * line: ten times the cost, and what a busy server's database fell behind on).
 *
 * A writer starts again whole (one part with the whole log) for a new game, after a write that did not
 * go through, and every PARTS_BEFORE_WHOLE parts, so that a game is read back from a few rows.
 */
import type { Action } from '../../src/engine/index.js';
import type { ProofGesture } from '../../src/online/fairness.js';
import type { TableRecord } from '../../src/table/index.js';
import type { PartsSave } from './database/index.js';

/** What is stored of a room: its table, and whether its process was shutting down. */
export interface StoredBody {
  table: TableRecord;
  closing?: boolean;
}

/** What a process last stored of a room's game: where the next part starts. */
export interface PartsWritten {
  secret: string;
  /** How many of the log's actions and of the gestures are stored, and in how many parts. */
  log: number;
  gestures: number;
  parts: number;
  /** The last action stored (the log is never changed, only made longer: the same object). */
  lastAction: Action | undefined;
}

/** One part: the actions and gestures that follow those of the parts before it. */
interface LogPart {
  log: Action[];
  gestures: ProofGesture[];
}

/** How many parts a record grows to before it is written whole again. */
export const PARTS_BEFORE_WHOLE = 64;

/** A body to save: the head's JSON text, its parts, and what will be stored once it is written. */
export interface BodyToSave {
  record: string;
  parts: PartsSave & { values: string[] };
  written: PartsWritten | undefined;
}

/** Whether `game`'s log goes on from what `written` says is stored (the same game, only longer). */
function goesOn(game: NonNullable<TableRecord['game']>, written: PartsWritten | undefined): boolean {
  return (
    written !== undefined &&
    written.secret === game.secret &&
    written.parts < PARTS_BEFORE_WHOLE &&
    game.log.length >= written.log &&
    game.gestures.length >= written.gestures &&
    game.log[written.log - 1] === written.lastAction
  );
}

/**
 * `body` as it is to be saved, given what this process last stored of it (`written`; undefined: nothing
 * known, so the record is written whole).
 */
export function bodyToSave(body: StoredBody, written: PartsWritten | undefined): BodyToSave {
  const game = body.table.game;
  if (!game) return { record: JSON.stringify(body), parts: { from: 0, values: [] }, written: undefined };
  const head: StoredBody = { ...body, table: { ...body.table, game: { ...game, log: [], gestures: [] } } };
  const from = goesOn(game, written) ? written! : { log: 0, gestures: 0, parts: 0 };
  const part: LogPart = { log: game.log.slice(from.log), gestures: game.gestures.slice(from.gestures) };
  // A change that adds nothing to the log (a seat's person comes back, a clock) writes the head alone.
  const values = from.parts > 0 && part.log.length === 0 && part.gestures.length === 0 ? [] : [part];
  return {
    record: JSON.stringify(head),
    parts: { from: from.parts, values: values.map((value) => JSON.stringify(value)) },
    written: {
      secret: game.secret,
      log: game.log.length,
      gestures: game.gestures.length,
      parts: from.parts + values.length,
      lastAction: game.log.at(-1),
    },
  };
}

/**
 * The body a stored head and its parts make: the parts' actions and gestures after the head's own (a
 * record written whole before parts were kept has its log in the head, and no parts).
 */
export function storedBody(
  record: Record<string, unknown>,
  parts: readonly Record<string, unknown>[],
): StoredBody {
  const body = record as unknown as StoredBody;
  const game = body.table?.game;
  if (!game || parts.length === 0) return body;
  const log = [...game.log];
  const gestures = [...game.gestures];
  for (const part of parts as unknown as LogPart[]) {
    log.push(...part.log);
    gestures.push(...part.gestures);
  }
  return { ...body, table: { ...body.table, game: { ...game, log, gestures } } };
}
