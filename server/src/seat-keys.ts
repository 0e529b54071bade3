/**
 * Seat keys: the secret by which a person, and no one else, comes back to their seat at an online table.
 * The server gives a key to its person once (in their 'welcome'), keeps only its SHA-256, and takes the
 * seat back for whoever shows the key; a page keeps it in localStorage, per room (never in a URL).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { SeatKeys } from '../../src/table/index.js';

/** Bytes of a seat key (128 bits). */
const KEY_BYTES = 16;

/** A new seat key: base64url text. */
export function newSeatKey(): string {
  return randomBytes(KEY_BYTES).toString('base64url');
}

/** What the server keeps of a key: its SHA-256, hex. */
export function seatKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The server's seat keys, for its tables. */
export const SERVER_SEAT_KEYS: SeatKeys = { newKey: newSeatKey, hash: seatKeyHash };
