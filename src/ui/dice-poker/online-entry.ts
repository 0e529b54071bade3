import type { OnlineView } from './dice-poker.view-model.js';

/**
 * What the element knows of online play before loading it: whether the page was opened from an
 * invite, or this tab has a seat to come back to. Everything else comes with online play's chunk.
 */

/**
 * Where the element keeps the room it is in, per storage key (localStorage: a closed tab or a restarted
 * browser comes back to it; the seat's key is kept beside it: src/ui/online/SeatStore.ts).
 */
export function onlineSeatKey(storageKey: string): string {
  return `taringupokker:${storageKey}:online`;
}

/** The localStorage key of the seat keys this browser keeps under `storageKey` (SeatStore). */
export function seatKeysKey(storageKey: string): string {
  return `taringupokker:${storageKey}:seat-keys`;
}

/** Whether this browser keeps a seat in any online game under `storageKey` (My games). */
export function keepsSeats(storageKey: string): boolean {
  try {
    return !!localStorage.getItem(seatKeysKey(storageKey));
  } catch {
    return false; // no storage: no seats kept
  }
}

/** Whether this browser holds a seat to come back to under `storageKey`. */
export function hasOnlineSeat(storageKey: string): boolean {
  try {
    return localStorage.getItem(onlineSeatKey(storageKey)) !== null;
  } catch {
    return false;
  }
}

/** Whether the page was opened from an invite link (`?room=`) or a watch link (`?watch=`). */
export function isInvite(): boolean {
  const params = new URL(location.href).searchParams;
  return params.has('room') || params.has('watch');
}

/** Online play as the view shows it when there is none. */
export const OFFLINE: OnlineView = {
  lobby: null,
  seat: -1,
  invite: '',
  invitedBy: '',
  joining: false,
  busy: false,
  notice: '',
  claiming: null,
  bar: null,
  proof: null,
  myGames: null,
  playerName: '',
  keptElsewhere: false,
  rematch: null,
  watching: false,
  saving: false,
  watchLink: '',
  move: null,
};
