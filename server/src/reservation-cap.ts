/**
 * Caps on a Colyseus room's open seat reservations: joins under way whose client has not connected
 * yet. Colyseus (0.18) counts each against `maxClients` for `seatReservationTimeout` seconds, so that a
 * few dozen join requests never followed by a connection would lock a room for everyone. Here each
 * reservation is of one of three kinds, told from its join options by the room (`kindOf`):
 * - `owner`: a join with the key of one of the room's seats (or its move link). It is always reserved,
 *   whatever the other joins hold: no one can keep a seat's person from her seat by taking the room's
 *   reservations. (At most `perKey`, 2, open at once with one key: its holder alone can spend them.)
 * - `watcher`: a join by a watch link. Watchers have a pool of their own (`watchers`, 4 open at once).
 * - `player`: any other join (by name: a new seat, or an ask for one). A pool of its own (`players`, 4).
 * Past its pool's cap a reservation is refused at once (the join fails as a full room). And one client
 * address (as the HTTP gate counts it: http-address.ts) may hold at most `perAddress` (2) open
 * reservations of a pool, so that one script cannot take a whole pool either: the others always find
 * some left. Reconnections (a dropped person's seat waiting for her) are never counted nor refused.
 *
 * Colyseus has no option for it: its seat reservations are wrapped through the one adapter of its
 * private fields (colyseus-internals.ts `wrapReservations`). The room's `maxClients` must leave room
 * for every reservation these caps let through (Colyseus refuses one past it, owners too).
 */
import type { Room } from '@colyseus/core';
import { wrapReservations } from './colyseus-internals.js';
import { currentRequestAddress } from './http-address.js';

/** What a reservation is for: a seat's own person, a watcher, or anyone else. */
export type ReservationKind = 'owner' | 'watcher' | 'player';

export interface ReservationCaps {
  /** The kind of a join, from its options (as the client sent them: not checked yet). */
  kindOf(options: unknown): ReservationKind;
  /** Open reservations for players at once. */
  players: number;
  /** Open reservations for watchers at once. */
  watchers: number;
  /** Open reservations of one pool one client address may hold at once. */
  perAddress: number;
  /** Open reservations one seat key may hold at once. */
  perKey: number;
}

/** The seat key in join options, if any. */
function keyOf(options: unknown): string | undefined {
  const key = (options as { key?: unknown } | null | undefined)?.key;
  return typeof key === 'string' ? key : undefined;
}

/** Wraps `room`'s seat reservations with the caps (see the top). */
export function capOpenReservations(room: Room, caps: ReservationCaps): void {
  /** Each reservation made here, its kind and address: forgotten once Colyseus no longer holds it open. */
  const made = new Map<
    string,
    { kind: ReservationKind; address: string | undefined; key: string | undefined }
  >();
  const isOpen = wrapReservations(room, async (sessionId, options, reconnecting, reserve) => {
    if (reconnecting) return reserve();
    const kind = caps.kindOf(options);
    const address = currentRequestAddress();
    const key = kind === 'owner' ? keyOf(options) : undefined;
    let ofKind = 0;
    let ofAddress = 0;
    let ofKey = 0;
    for (const [id, other] of made) {
      if (!isOpen(id)) {
        made.delete(id);
        continue;
      }
      if (other.kind !== kind) continue;
      ofKind++;
      if (address !== undefined && other.address === address) ofAddress++;
      if (key !== undefined && other.key === key) ofKey++;
    }
    if (kind === 'owner') {
      if (ofKey >= caps.perKey) return false;
    } else {
      const cap = kind === 'watcher' ? caps.watchers : caps.players;
      if (ofKind >= cap || ofAddress >= caps.perAddress) return false;
    }
    // Counted from now on (Colyseus holds it open before its first await), so that joins at the same
    // time see each other.
    const reserving = reserve();
    made.set(sessionId, { kind, address, key });
    const reserved = await reserving;
    if (!reserved) made.delete(sessionId);
    return reserved;
  });
}

/** The caps a room of the game has (see the top). */
export const ROOM_RESERVATION_CAPS = { players: 4, watchers: 4, perAddress: 2, perKey: 2 } as const;

/**
 * The `maxClients` of a room of `seats` seats and `watchers` watchers with ROOM_RESERVATION_CAPS:
 * room for every connection the room itself lets in (a person per seat, an ask per seat, the watchers)
 * and every reservation the caps let through (both pools, two per seat key, a reconnection per seat),
 * so that Colyseus's own count never refuses an owner. The room's own checks ('room-full',
 * 'too-many-watchers') are what keep it to its seats.
 */
export function roomMaxClients(seats: number, watchers: number): number {
  const caps = ROOM_RESERVATION_CAPS;
  return 2 * seats + watchers + caps.players + caps.watchers + seats * caps.perKey + seats;
}

/** A seat as the room's record keeps it (RoomTable's TableRecord): the hashes of its key and move link. */
export interface KeyedSeat {
  keyHash?: string | null;
  move?: { hash: string; until: number } | null;
}

/**
 * The kind of a join (see the top) from its options: a watcher's, a seat's own person's (a key whose
 * hash is a seat's, or a move link's not lapsed), or anyone's. `seats` is asked only for a join with a
 * key; `hash` is the rooms' hash of a key (seat-keys.ts).
 */
export function reservationKind(
  options: unknown,
  seats: () => readonly KeyedSeat[],
  hash: (key: string) => string,
  now = Date.now(),
): ReservationKind {
  const o = options as { watch?: unknown; move?: unknown } | null | undefined;
  if (o?.watch === true) return 'watcher';
  const key = keyOf(options);
  if (key === undefined || key.length > 64) return 'player';
  const h = hash(key);
  const mine = seats().some((seat) =>
    o?.move === true ? seat.move?.hash === h && seat.move.until > now : seat.keyHash === h,
  );
  return mine ? 'owner' : 'player';
}
