/**
 * "My games": the online games this browser holds a seat in, as the server tells them to the page that
 * shows it the keys of those seats (and only to it: a seat's key is the proof that the seat is theirs).
 * POST MY_GAMES_PATH with `{ keys }` (the seat keys the browser keeps, src/ui/online/SeatStore.ts),
 * answered with `{ games }`, one per stored game one of the keys holds a seat in.
 */
import { ProtocolError, SEAT_KEY_PATTERN, type RoomPace, type RoomView } from './protocol.js';

export const MY_GAMES_PATH = '/games/mine';
/** Most keys asked about at once (as many rooms as a browser keeps seats for). */
export const MAX_MY_GAMES_KEYS = 50;

/** One of my games, as the list shows it. */
export interface MyGame {
  roomId: string;
  /** My seat at its table. */
  seat: number;
  phase: RoomView['phase'];
  pace: RoomPace;
  /** Everyone at the table, in seat order. */
  players: string[];
  /** The seat to act, or null when no game is under way. */
  current: number | null;
  /** The round under way, 1 to 13 (0 before the game). */
  round: number;
  /** When the game last changed (ms since 1970, the server's clock). */
  changedAt: number;
  /** When the turn under way must be played by, at one's own pace (ms since 1970); else null. */
  endsAt: number | null;
  /** It is my turn, and another player nudged me this turn. */
  nudged: boolean;
}

/**
 * The request's keys, checked: a list of 1 to MAX_MY_GAMES_KEYS seat keys (duplicates dropped).
 * @throws ProtocolError `bad-message`
 */
export function parseMyGamesRequest(body: unknown): string[] {
  const keys = (body as { keys?: unknown } | null)?.keys;
  if (
    typeof body !== 'object' ||
    body === null ||
    Object.keys(body).some((field) => field !== 'keys') ||
    !Array.isArray(keys) ||
    keys.length > MAX_MY_GAMES_KEYS ||
    !keys.every((key) => typeof key === 'string' && SEAT_KEY_PATTERN.test(key))
  ) {
    throw new ProtocolError('bad-message', `Send { keys }: up to ${MAX_MY_GAMES_KEYS} seat keys`);
  }
  return [...new Set(keys as string[])];
}
