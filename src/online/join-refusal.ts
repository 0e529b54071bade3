/**
 * How a refused join travels: Colyseus carries a join's error as a number and a text, so the room puts
 * its refusal code at the start of the text (`room-full: A table has 6 seats`). `joinRefusal` reads it
 * back from what @colyseus/sdk throws (MatchMakeError, ServerError), and also names Colyseus's own
 * refusals (no such room) and network failures, so a page can show every case in its own words.
 */
import { isRoomId, type RefusalCode } from './protocol.js';

/** The number a refused join carries beside its text (an HTTP status, as Colyseus's own errors are). */
export const JOIN_REFUSED_STATUS = 403;

/** Colyseus's codes for a room id it does not know (or a room that is locked or gone): its own, and
 * the HTTP 404 its matchmaking route answers for an id it has never had. */
const UNKNOWN_ROOM = [522, 404];

/** The text of a refused join: its code, a colon and a space, then the words. */
export function joinRefusalText(code: RefusalCode, message: string): string {
  return `${code}: ${message}`;
}

/**
 * The refusal in an error thrown by `client.create` / `client.joinById` / `client.reconnect` (or any
 * error on the way): the room's code from the text when there is one; `room-not-found` (or `bad-room-id`
 * when `roomId` is given and is not one) for a room Colyseus does not know; `room-full` for a room it
 * keeps locked; `server-unavailable` for the rest (no server, a network failure).
 */
export function joinRefusal(error: unknown, roomId?: string): { code: RefusalCode; message: string } {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  const coded = code === JOIN_REFUSED_STATUS ? /^([a-z]+(?:-[a-z]+)*): (.*)$/s.exec(text) : null;
  if (coded) return { code: coded[1] as RefusalCode, message: coded[2]! };
  if (typeof code === 'number' && UNKNOWN_ROOM.includes(code)) {
    if (roomId !== undefined && !isRoomId(roomId)) return { code: 'bad-room-id', message: text };
    if (/locked/.test(text)) return { code: 'room-full', message: text };
    return { code: 'room-not-found', message: text };
  }
  return { code: 'server-unavailable', message: text };
}
