/**
 * Who sits at a table, as pure functions of its state (table-state.ts): people joining by name and
 * coming back by their seat's key, asking for a seat and being let in, dropping and coming back,
 * leaving, seats emptied in the lobby, and the host. Each gives the next state and its events, or
 * throws a coded refusal (ProtocolError) and nothing changed.
 */
import {
  CLAIM_SECONDS,
  MAX_SEATS,
  MOVE_LINK_SECONDS,
  ProtocolError,
  type JoinOptions,
} from '../online/protocol.js';
import { personSeat, uniqueName, type NamePolicy } from './seats.js';
import { seatOf, withSeat, type Change, type Claim, type TableState } from './table-state.js';

/** Seat keys: the secret by which a person, and no one else, takes their seat back (online). */
export interface SeatKeys {
  /** A new key, given to its person once. */
  newKey(): string;
  /** What the table keeps of a key (a hash). */
  hash(key: string): string;
}

/** Where a join goes: a seat to take (its key shown, or its move link: `moving`), a seat to ask for, or a new seat (neither). */
interface Place {
  seat?: number;
  claim?: number;
  moving?: boolean;
}

/** Whether `claim` still waits for an answer at `now` (see Claim.until). */
function open(claim: Claim, now: number): boolean {
  return claim.until > now;
}

/**
 * Where a join goes (see `join`): a seat's key, or its move link while it works, takes that seat; a
 * name never takes a seat of a game under way.
 * @throws ProtocolError `bad-name` (a computer's name), `move-link-used` (a move link used already or
 *   lapsed), `seat-needs-key` (a seat of a game under way, by its name), `game-started`, `room-full`,
 *   `seat-claimed`
 */
export function placeFor(
  state: TableState,
  { name, key, move }: JoinOptions,
  names: NamePolicy,
  keys: SeatKeys,
  now: number,
): Place {
  names.checkPerson(name);
  const hash = key !== undefined ? keys.hash(key) : undefined;
  if (move) {
    const seat = state.seats.findIndex((s) => !!s.move && s.move.hash === hash && s.move.until > now);
    if (seat < 0) {
      throw new ProtocolError(
        'move-link-used',
        'That link was used already or has lapsed: make a new one on the device that has the seat',
      );
    }
    return { seat, moving: true };
  }
  if (hash !== undefined) {
    const mine = state.seats.findIndex((s) => s.kind === 'human' && s.keyHash === hash);
    if (mine >= 0) return { seat: mine };
  }
  const wanted = names.keys(name);
  const named = state.seats.findIndex(
    (s) => s.kind === 'human' && names.keys(s.name).some((k, i) => k === wanted[i]),
  );
  const seat = state.seats[named];
  if (state.phase !== 'lobby') {
    if (seat) {
      throw new ProtocolError(
        'seat-needs-key',
        'That seat is its player’s: to play it on another device, they press “Another device” on the one that has it',
      );
    }
    throw new ProtocolError('game-started', 'The game has started');
  }
  if (seat && !(seat.holder !== null && seat.connected)) {
    if (state.claims.some((c) => c.seat === named && open(c, now)))
      throw new ProtocolError('seat-claimed', 'Someone already asks for that seat');
    return { claim: named };
  }
  if (state.seats.length >= MAX_SEATS) throw new ProtocolError('room-full', `A table has ${MAX_SEATS} seats`);
  return {};
}

/**
 * Seats a person who joins:
 * - with the key of a seat, in that seat, whoever holds it (a connection that holds it is told it moved
 *   elsewhere: `displaced`); a claim on it is refused;
 * - with a seat's move link (JoinOptions.move), likewise, and the seat gets a new key, given to them:
 *   the link and the old key no longer work;
 * - in the lobby, with the name of a person's seat whose person is not connected but without its key,
 *   nowhere yet: they ask for it (`claiming`) for CLAIM_SECONDS, and the host answers;
 * - else, in the lobby, in a new seat at the end (the name made unique at the table), with a new key.
 * The change welcomes the holder.
 * @throws ProtocolError as `placeFor`
 */
export function join(
  state: TableState,
  holder: string,
  options: JoinOptions,
  names: NamePolicy,
  keys: SeatKeys,
  now: number,
): [TableState, Change] {
  const place = placeFor(state, options, names, keys, now);
  if (place.claim !== undefined) {
    const asking = { seat: place.claim, holder, until: now + CLAIM_SECONDS * 1000 };
    const claims = [...state.claims.filter((c) => c.seat !== place.claim), asking].sort(
      (a, b) => a.seat - b.seat,
    );
    const lapsed = state.claims.filter((c) => c.seat === place.claim).map((c) => c.holder);
    return [
      { ...state, claims },
      { welcome: { holder, claiming: place.claim }, ...(lapsed.length ? { claimLapsed: lapsed } : {}) },
    ];
  }
  if (place.seat === undefined) {
    const newKey = keys.newKey();
    const seat = personSeat(uniqueName(state.seats, options.name, names), holder, keys.hash(newKey));
    return [fixHost({ ...state, seats: [...state.seats, seat] }), { welcome: { holder, key: newKey } }];
  }
  const [next, change] = takeSeat(state, place.seat, holder);
  if (!place.moving) return [fixHost(next), { ...change, welcome: { holder } }];
  const newKey = keys.newKey();
  const moved = withSeat(next, place.seat, { keyHash: keys.hash(newKey), move: null });
  return [fixHost(moved), { ...change, welcome: { holder, key: newKey } }];
}

/**
 * A link for `holder`'s person to move their seat to another device: a new key of its own, good once,
 * for MOVE_LINK_SECONDS, told to them alone (`moveLink`). A new link replaces the one before.
 * @throws ProtocolError `not-your-turn` from one who holds no person's seat here
 */
export function moveLink(
  state: TableState,
  holder: string,
  keys: SeatKeys,
  now: number,
): [TableState, Change] {
  const index = seatOf(state, holder);
  const seat = state.seats[index];
  if (!seat || seat.kind !== 'human' || !seat.connected)
    throw new ProtocolError('not-your-turn', 'Only a player at the table moves their seat');
  const key = keys.newKey();
  const until = now + MOVE_LINK_SECONDS * 1000;
  return [
    withSeat(state, index, { move: { hash: keys.hash(key), until } }),
    { moveLink: { holder, key, until } },
  ];
}

/** The asks for a seat that no one answered by `now` lapse (their askers told so); null if none did. */
export function lapseClaims(state: TableState, now: number): [TableState, Change] | null {
  const lapsed = state.claims.filter((c) => !open(c, now));
  if (lapsed.length === 0) return null;
  const claims = state.claims.filter((c) => open(c, now));
  return [{ ...state, claims }, { claimLapsed: lapsed.map((c) => c.holder) }];
}

/** When the first ask for a seat lapses (ms since 1970), or null when no one asks. */
export function nextClaimLapse(state: TableState): number | null {
  return state.claims.length ? Math.min(...state.claims.map((c) => c.until)) : null;
}

/** Seat `seat` is `holder`'s now: whoever held it loses it, and a claim on it is refused. */
function takeSeat(state: TableState, seat: number, holder: string): [TableState, Change] {
  const taken = state.seats[seat]!;
  const change: Change = {};
  if (taken.holder !== null && taken.holder !== holder) {
    if (taken.connected) change.displaced = taken.holder;
    else change.evicted = taken.holder;
  }
  const claim = state.claims.find((c) => c.seat === seat);
  if (claim && claim.holder !== holder) change.claimRefused = [claim.holder];
  const next = withSeat(state, seat, { holder, connected: true, standIn: false });
  return [{ ...next, claims: state.claims.filter((c) => c.seat !== seat) }, change];
}

/**
 * The host's answer to someone asking for seat `seat` by its name: let in, they take it with a new key
 * (the old one no longer works); else they are told no. Only the host answers: while the host is away,
 * an ask waits, and lapses (no other player may let anyone into a seat not theirs).
 * @throws ProtocolError `not-host` (not the host, or the host's connection is down), `bad-message` (no
 *   one asks for that seat now)
 */
export function answerClaim(
  state: TableState,
  holder: string,
  { seat, admit }: { seat: number; admit: boolean },
  keys: SeatKeys,
  now: number,
): [TableState, Change] {
  const answerer = seatOf(state, holder);
  if (answerer < 0 || answerer !== state.host || !state.seats[answerer]!.connected)
    throw new ProtocolError('not-host', 'Only the host may answer');
  const claim = state.claims.find((c) => c.seat === seat && open(c, now));
  if (!claim) throw new ProtocolError('bad-message', 'No one asks for that seat');
  const unclaimed: TableState = { ...state, claims: state.claims.filter((c) => c !== claim) };
  if (!admit) return [unclaimed, { claimRefused: [claim.holder] }];
  const key = keys.newKey();
  const [taken, change] = takeSeat(unclaimed, seat, claim.holder);
  const keyed = withSeat(taken, seat, { keyHash: keys.hash(key), move: null });
  return [fixHost(keyed), { ...change, admitted: { holder: claim.holder, seat, key } }];
}

/** A person's connection dropped (they may come back within the window); null if they hold no seat. */
export function dropped(state: TableState, holder: string): TableState | null {
  const index = seatOf(state, holder);
  return index < 0 ? null : withSeat(state, index, { connected: false });
}

/** A dropped person is back (the change welcomes them); null if they hold no seat. */
export function reconnected(state: TableState, holder: string): [TableState, Change] | null {
  const index = seatOf(state, holder);
  if (index < 0) return null;
  return [fixHost(withSeat(state, index, { connected: true })), { welcome: { holder } }];
}

/**
 * A person left for good (left, or did not come back in time). In the lobby their seat is emptied; in a
 * live game a stand-in plays it until they come back; at one's own pace it waits for them. If they were
 * host, the next connected person is. One who only asked for a seat no longer asks. Null if they held
 * no seat and asked for none.
 */
export function left(state: TableState, holder: string): [TableState, Change] | null {
  const index = seatOf(state, holder);
  const seat = state.seats[index];
  if (!seat) {
    const asked = state.claims.find((c) => c.holder === holder);
    return asked ? [{ ...state, claims: state.claims.filter((c) => c !== asked) }, {}] : null;
  }
  const change: Change = { left: { name: seat.name, wasHost: index === state.host } };
  if (state.phase === 'lobby') {
    const [next, removed] = removeSeat(state, index);
    return [next, { ...change, ...removed }];
  }
  const gone = withSeat(state, index, {
    holder: null,
    connected: false,
    standIn: state.clock.pace === 'live',
  });
  return [fixHost(gone), change];
}

/**
 * The seats of a restored table whose person has not come back are given up, as if their person had
 * left: emptied in the lobby, played by a stand-in in a live game (at one's own pace a seat waits for
 * its person). Null if none was given up.
 */
export function giveUpWaiting(state: TableState): [TableState, Change] | null {
  let next = state;
  let moved: string[] = [];
  let any = false;
  for (let i = state.seats.length - 1; i >= 0; i--) {
    const seat = state.seats[i]!;
    if (seat.kind !== 'human' || seat.holder !== null || seat.standIn) continue;
    if (state.phase !== 'lobby' && state.clock.pace === 'own-pace') continue;
    any = true;
    if (state.phase === 'lobby') {
      const [emptied, change] = removeSeat(next, i);
      next = emptied;
      moved = [...new Set([...moved, ...(change.moved ?? [])])];
    } else {
      next = withSeat(next, i, { standIn: true });
    }
  }
  if (!any) return null;
  return [fixHost(next), moved.length > 0 ? { moved } : {}];
}

/** Empties a seat in the lobby: the seats after it move up one; the host moves on if it was theirs. */
export function removeSeat(state: TableState, index: number): [TableState, Change] {
  const seats = state.seats.filter((_, i) => i !== index);
  const refused: string[] = [];
  const claims: Claim[] = [];
  for (const claim of state.claims) {
    if (claim.seat === index) refused.push(claim.holder);
    else claims.push(claim.seat > index ? { ...claim, seat: claim.seat - 1 } : claim);
  }
  const moved = seats
    .slice(index)
    .flatMap((seat) => (seat.holder !== null && seat.connected ? [seat.holder] : []));
  let host = state.host;
  const shrunk: TableState = { ...state, seats, claims };
  if (host > index) host--;
  else if (host === index) host = nextHost(shrunk, index) ?? 0;
  return [
    fixHost({ ...shrunk, host }),
    { ...(moved.length > 0 ? { moved } : {}), ...(refused.length > 0 ? { claimRefused: refused } : {}) },
  ];
}

/**
 * Keeps the host a person who holds a seat (or whose seat waits for them in a restored table); else
 * the next connected person after them becomes host.
 */
export function fixHost(state: TableState): TableState {
  const host = state.seats[state.host];
  if (host && host.kind === 'human' && (host.holder !== null || !host.standIn)) return state;
  const next = nextHost(state, state.host + 1) ?? (state.host < state.seats.length ? state.host : 0);
  return next === state.host ? state : { ...state, host: next };
}

/** The first seat from `from` on (round the table) whose person is connected. */
function nextHost(state: TableState, from: number): number | undefined {
  const n = state.seats.length;
  for (let k = 0; k < n; k++) {
    const i = (from + k) % n;
    const seat = state.seats[i]!;
    if (seat.kind === 'human' && seat.holder !== null && seat.connected) return i;
  }
  return undefined;
}
