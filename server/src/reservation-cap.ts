/**
 * A cap on a Colyseus room's open seat reservations: joins under way whose client has not connected
 * yet. Colyseus (0.18) counts each against `maxClients` for `seatReservationTimeout` seconds, so that a
 * few dozen join requests never followed by a connection lock a room for everyone; with the cap, a
 * reservation past it is refused at once (the join fails as a full room), and real seats stay free.
 *
 * Colyseus has no option for it: its private `_reserveSeat` (Room.ts, called by the matchmaker through
 * `remoteRoomCall`) is wrapped on the room instance, and its private `_reservedSeats` read.
 */
import type { Room } from '@colyseus/core';

type Reserve = (sessionId: string, ...rest: unknown[]) => Promise<boolean>;

interface RoomInternals {
  _reserveSeat: Reserve;
  _reservedSeats: Record<string, unknown[]>;
}

/** Refuses `room`'s seat reservations (not its reconnections) while `max` are open. */
export function capOpenReservations(room: Room, max: number): void {
  const internals = room as unknown as RoomInternals;
  const reserve = internals._reserveSeat.bind(room);
  internals._reserveSeat = async (sessionId, ...rest) => {
    // Arguments after the session id: join options, auth data, seconds, allowReconnection.
    const reconnecting = rest[3] === true;
    const open = Object.values(internals._reservedSeats).filter((seat) => seat[2] === false).length;
    if (!reconnecting && open >= max) return false;
    return reserve(sessionId, ...rest);
  };
}
