/**
 * The caps on a room's open seat reservations, on a stand-in for Colyseus's room (its `_reserveSeat` and
 * `_reservedSeats`, as Room.ts keeps them): the pools, the share of one address, a seat's key always
 * reserved, reconnections never counted. On a real server: connections.test.ts.
 */
import type { Room } from '@colyseus/core';
import { describe, expect, it } from 'vitest';
import { withRequestAddress } from './http-address.js';
import {
  ROOM_RESERVATION_CAPS,
  capOpenReservations,
  reservationKind,
  roomMaxClients,
  type KeyedSeat,
} from './reservation-cap.js';
import { seatKeyHash } from './seat-keys.js';

const KEY = 'k'.repeat(22);
const MOVE_KEY = 'm'.repeat(22);

/** A room as Colyseus keeps its reservations: each open until consumed, none lapsing here. */
function fakeRoom(seats: KeyedSeat[] = [{ keyHash: seatKeyHash(KEY) }]) {
  const room = {
    _reservedSeats: {} as Record<string, [unknown, unknown, boolean, boolean]>,
    async _reserveSeat(sessionId: string, options: unknown, auth?: unknown, _s?: number, again = false) {
      room._reservedSeats[sessionId] = [options, auth, false, again];
      await Promise.resolve();
      return true;
    },
  };
  capOpenReservations(room as unknown as Room, {
    ...ROOM_RESERVATION_CAPS,
    kindOf: (options) => reservationKind(options, () => seats, seatKeyHash),
  });
  let n = 0;
  const reserve = (options: unknown, address?: string): Promise<boolean> =>
    withRequestAddress(address, () => room._reserveSeat(`s${n++}`, options));
  return { room, reserve };
}

describe('capOpenReservations', () => {
  it('keeps a pool for players and one for watchers, 4 open each, 2 of each per address', async () => {
    const { reserve } = fakeRoom();
    const results = [];
    for (const address of ['a', 'a', 'a', 'b', 'b', 'c']) results.push(await reserve({ name: 'X' }, address));
    expect(results).toEqual([true, true, false, true, true, false]);
    // The watchers' pool is its own.
    for (const address of ['a', 'a', 'a', 'c', 'd', 'e'])
      results.push(await reserve({ watch: true }, address));
    expect(results.slice(6)).toEqual([true, true, false, true, true, false]);
  });

  it("always reserves for a seat's key (or its move link), at most 2 open per key", async () => {
    const { reserve } = fakeRoom([
      { keyHash: seatKeyHash(KEY) },
      { keyHash: null, move: { hash: seatKeyHash(MOVE_KEY), until: Date.now() + 60_000 } },
    ]);
    for (let i = 0; i < 4; i++) await reserve({ name: 'X' }, `p${i}`);
    for (let i = 0; i < 4; i++) await reserve({ watch: true }, `w${i}`);
    expect(await reserve({ name: 'X' }, 'q')).toBe(false);
    expect(await reserve({ name: 'Mari', key: KEY }, 'a')).toBe(true);
    expect(await reserve({ name: 'Mari', key: KEY }, 'b')).toBe(true);
    expect(await reserve({ name: 'Mari', key: KEY }, 'c')).toBe(false);
    expect(await reserve({ name: 'Jüri', key: MOVE_KEY, move: true }, 'a')).toBe(true);
    // A key no seat has is anyone's join.
    expect(await reserve({ name: 'Mari', key: 'z'.repeat(22) }, 'r')).toBe(false);
  });

  it('frees a place when a reservation is used, and never counts nor refuses a reconnection', async () => {
    const { room, reserve } = fakeRoom();
    await reserve({ name: 'X' }, 'a');
    await reserve({ name: 'X' }, 'a');
    expect(await reserve({ name: 'X' }, 'a')).toBe(false);
    room._reservedSeats['s0']![2] = true; // consumed: its client connected
    expect(await reserve({ name: 'X' }, 'a')).toBe(true);
    for (let i = 0; i < 10; i++) expect(await room._reserveSeat(`back${i}`, true, {}, 60, true)).toBe(true);
    expect(await reserve({ name: 'X' }, 'b')).toBe(true);
  });

  it('counts joins made at the same time', async () => {
    const { reserve } = fakeRoom();
    const all = await Promise.all(Array.from({ length: 8 }, (_, i) => reserve({ name: 'X' }, `a${i}`)));
    expect(all.filter(Boolean)).toHaveLength(ROOM_RESERVATION_CAPS.players);
  });

  it("leaves Colyseus's count room for every reservation the caps let through", () => {
    // 6 seats, 6 asks, 16 watchers; 4 + 4 in the pools, 2 per seat key, a reconnection per seat.
    expect(roomMaxClients(6, 16)).toBe(6 + 6 + 16 + 4 + 4 + 12 + 6);
  });
});
