/**
 * What this browser keeps of its online seats, in localStorage (so a closed tab or a restarted browser
 * comes back to its seat): per room, the seat's key and the name it was taken under; and which room
 * the element was last in, to go back to it on the next load. A key is never put in a URL or a log.
 */
import { SEAT_KEY_PATTERN } from '../../online/protocol.js';
import { onlineSeatKey, seatKeysKey } from '../dice-poker/online-entry.js';

/** One room's seat as kept. */
export interface KeptSeat {
  key: string;
  name: string;
  /** When it was last used (ms since 1970): the oldest are forgotten past MAX_ROOMS. */
  usedAt: number;
}

/** Rooms whose seats are kept (the oldest forgotten first). */
const MAX_ROOMS = 50;

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

function read<T>(key: string): T | null {
  try {
    return JSON.parse(storage()?.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the seat lasts as long as this page, no longer.
  }
}

/** The seats of one element (its storage key). */
export class SeatStore {
  constructor(private readonly storageKey: string) {}

  private get keysKey(): string {
    return seatKeysKey(this.storageKey);
  }

  private all(): Record<string, KeptSeat> {
    const kept = read<Record<string, KeptSeat>>(this.keysKey);
    return kept && typeof kept === 'object' && !Array.isArray(kept) ? kept : {};
  }

  /** The seat kept for `roomId`, if any. */
  seat(roomId: string): KeptSeat | null {
    const seat = this.all()[roomId];
    return seat &&
      typeof seat.key === 'string' &&
      SEAT_KEY_PATTERN.test(seat.key) &&
      typeof seat.name === 'string'
      ? seat
      : null;
  }

  /** Every room a seat is kept for, the last used first. */
  rooms(): { roomId: string; seat: KeptSeat }[] {
    return Object.keys(this.all())
      .flatMap((roomId) => {
        const seat = this.seat(roomId);
        return seat ? [{ roomId, seat }] : [];
      })
      .sort((a, b) => (b.seat.usedAt ?? 0) - (a.seat.usedAt ?? 0));
  }

  /** Keeps `roomId`'s seat (its key and name). */
  keep(roomId: string, key: string, name: string): void {
    const all = this.all();
    all[roomId] = { key, name, usedAt: Date.now() };
    const rooms = Object.keys(all).sort((a, b) => all[b]!.usedAt - all[a]!.usedAt);
    for (const old of rooms.slice(MAX_ROOMS)) delete all[old];
    write(this.keysKey, all);
  }

  /** Forgets `roomId`'s seat. */
  forget(roomId: string): void {
    const all = this.all();
    delete all[roomId];
    write(this.keysKey, all);
  }

  /** The room the element was last in (to come back to on load), if any. */
  current(): { roomId: string; name: string } | null {
    const current = read<{ roomId?: unknown; name?: unknown }>(onlineSeatKey(this.storageKey));
    return typeof current?.roomId === 'string' && typeof current.name === 'string'
      ? { roomId: current.roomId, name: current.name }
      : null;
  }

  /** The room the element is in now (null: none, it left). */
  setCurrent(room: { roomId: string; name: string } | null): void {
    if (room) write(onlineSeatKey(this.storageKey), room);
    else storage()?.removeItem(onlineSeatKey(this.storageKey));
  }
}
