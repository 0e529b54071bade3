/**
 * The seats of a table: who sits where, whether a person's connection is up, and the names (each seat's
 * name is unique at an online table, so that a person who comes back by name finds one seat).
 */
import type { BotId } from '../engine/bots/bot.js';
import { MAX_NAME_LENGTH } from '../engine/index.js';
import { computerSeatName } from '../online/computer-names.js';
import { STAND_IN_BOT, type SeatView } from '../online/protocol.js';

/**
 * How a table tells names apart, and which a person may take: the server's compares them by case and
 * look-alike letters (server/src/name-key.ts); a game in the page takes names as given.
 */
export interface NamePolicy {
  /** The keys a name is compared by: two names are the same when any key at the same place is equal. */
  keys(name: string): readonly string[];
  /** Refuses a name a person may not take (a computer's), with a coded error. */
  checkPerson(name: string): void;
}

/** Names as given: equal only when written the same, any name allowed. */
export const PLAIN_NAMES: NamePolicy = { keys: (name) => [name], checkPerson() {} };

/** Whether two names' keys make them the same name: any one of them equal. */
function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.some((key, i) => key === b[i]);
}

/** One seat. */
export interface Seat {
  name: string;
  /** A person's seat (even while a stand-in plays it), or a computer's of this kind. */
  kind: 'human' | BotId;
  /**
   * Who holds the seat (an online room's connection, or the page: see PAGE_HOLDER): set while its
   * person is connected or within their reconnection window; null for a computer and for a person gone
   * for good.
   */
  holder: string | null;
  /** The person's connection is up. */
  connected: boolean;
  /** A computer (STAND_IN_BOT) plays the seat for its person, gone for good until they come back. */
  standIn: boolean;
  /** SHA-256 of the person's seat key (seat-keys.ts), by which they take it back; null for a computer. */
  keyHash: string | null;
  /**
   * A link its person made to move the seat to another device (seating.ts `moveLink`): its key's hash,
   * and until when it works (ms since 1970). Good once: the seat then has a new key.
   */
  move?: { hash: string; until: number } | null;
}

/** A person's seat, taken by `holder` now, whose key has this hash. */
export function personSeat(name: string, holder: string, keyHash: string | null = null): Seat {
  return { name, kind: 'human', holder, connected: true, standIn: false, keyHash };
}

/** A computer's seat. */
export function computerSeat(name: string, kind: BotId): Seat {
  return { name, kind, holder: null, connected: true, standIn: false, keyHash: null };
}

/** The computer that plays the seat now, or null for a person playing it. */
export function computerOf(seat: Seat): BotId | null {
  if (seat.kind !== 'human') return seat.kind;
  return seat.standIn ? STAND_IN_BOT : null;
}

/** The seat as every client sees it: a stand-in shows as the computer that plays, its person not connected. */
export function seatView(seat: Seat): SeatView {
  return {
    name: seat.name,
    kind: computerOf(seat) ?? 'human',
    connected: seat.connected,
    standIn: seat.standIn,
  };
}

/** Whether a seat has `name` already, or one that is the same name (the NamePolicy's keys). */
function taken(seats: readonly Seat[], name: string, names: NamePolicy): boolean {
  const keys = names.keys(name);
  return seats.some((seat) => sameKeys(names.keys(seat.name), keys));
}

/**
 * `name`, or `name 2`, `name 3`... (the name cut short to make room) if a seat has it already (case and
 * look-alike letters ignored, as the NamePolicy says): no two seats at a table share a name, nor show the same one.
 */
export function uniqueName(seats: readonly Seat[], name: string, names: NamePolicy): string {
  if (!taken(seats, name, names)) return name;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const base = [...name]
      .slice(0, MAX_NAME_LENGTH - suffix.length)
      .join('')
      .trimEnd();
    const candidate = `${base}${suffix}`;
    if (!taken(seats, candidate, names)) return candidate;
  }
}

/**
 * The name of a new computer seat: `Computer 1`, `Computer 2`... the lowest number free at the table.
 * No person holds one (the NamePolicy refuses them), so the number is free of computers alone.
 */
export function computerName(seats: readonly Seat[], names: NamePolicy): string {
  for (let n = 1; ; n++) {
    const name = computerSeatName(n);
    if (!taken(seats, name, names)) return name;
  }
}
