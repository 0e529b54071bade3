/**
 * A table as one value: who sits where, the host, the phase, the rules, the game, the asks for seats,
 * the rematch, the turn clock and the version. Never changed in place: every request makes the next
 * value (decide.ts, seating.ts), and a host (Table.ts) keeps the latest, stores it and sends its events.
 */
import type { Action, Game, RuleSetId } from '../engine/index.js';
import type { RoomView, ServerMessages } from '../online/protocol.js';
import type { Seat } from './seats.js';
import type { ThrowOutcome } from './throw-input.js';
import { followClock, NEW_CLOCK, type ClockState } from './turn-clock.js';
import { computerOf } from './seats.js';

/**
 * One who asks, in the lobby, for a seat by its name without its key: the host answers, and the ask
 * lapses at `until` (ms since 1970) unanswered.
 */
export interface Claim {
  readonly seat: number;
  readonly holder: string;
  readonly until: number;
}

export interface TableState {
  readonly phase: RoomView['phase'];
  /** The seat of the host (who starts the game). */
  readonly host: number;
  readonly seats: readonly Seat[];
  readonly rules: RuleSetId;
  /** The whole game (views show publicGame online). */
  readonly game: Game | null;
  /** By seat. */
  readonly claims: readonly Claim[];
  /** After the game, the seats whose person asked for a rematch, in order. */
  readonly rematch: readonly number[];
  readonly clock: ClockState;
  /** Grows by one with every change. */
  readonly version: number;
}

export const EMPTY_TABLE: TableState = {
  phase: 'lobby',
  host: 0,
  seats: [],
  rules: 'seed',
  game: null,
  claims: [],
  rematch: [],
  clock: NEW_CLOCK,
  version: 0,
};

/**
 * The events of a change: what the host sends or does besides publishing the new state. Each is the
 * change itself, never to be worked out again from states.
 */
export interface Change {
  /** An action of the game, by the seat that took it (a throw's with its faces). */
  acted?: { seat: number; action: Action };
  /** A throw: sent as 'thrown' before its action; `seconds` is how long it plays. */
  thrown?: Omit<ServerMessages['thrown'], 'trajectory'> & {
    trajectory: ThrowOutcome['trajectory'];
    seconds: number;
  };
  /** A new game started: the host makes its seeds (a new secret online). */
  newGame?: true;
  /** A holder to welcome (it joined, or came back): to its seat, or asking for `claiming`, with its new key once. */
  welcome?: { holder: string; key?: string; claiming?: number };
  /** Holders whose seat number changed (a seat before theirs was emptied): each gets 'welcome' again. */
  moved?: string[];
  /** A holder that lost its seat (emptied by the host, or taken back by its person): no way back. */
  evicted?: string;
  /** A connected holder whose seat the host emptied in the lobby: told so, then let go. */
  removed?: string;
  /** A connected holder whose seat was taken with its key elsewhere: told so, then let go. */
  displaced?: string;
  /** One who asked for a seat by name and was let in: welcomed to it with its new key. */
  admitted?: { holder: string; seat: number; key: string };
  /** Those who asked for a seat and were refused (or whose seat its person took back): told so, let go. */
  claimRefused?: string[];
  /** Those whose ask for a seat no one answered in time (Claim.until): told so, let go. */
  claimLapsed?: string[];
  /** A link to move a seat to another device, for its holder alone (seating.ts `moveLink`). */
  moveLink?: { holder: string; key: string; until: number };
  /** A person left the table for good (everyone is told, and who is host now when it was the host). */
  left?: { name: string; wasHost: boolean };
}

/** A change made: the next value, and its events. */
export interface Decision {
  state: TableState;
  change: Change;
}

/** Whether a person's turn is timed at this table (online), and the time now. */
export interface Moment {
  timed: boolean;
  now: number;
}

/**
 * `state` made the next version: the game over ends the phase, the turn clock follows the game (a
 * person's new turn starts it, when turns are timed), and the version grows by one.
 */
export function settle(state: TableState, change: Change, { timed, now }: Moment): Decision {
  const phase = state.game?.over && state.phase === 'playing' ? 'over' : state.phase;
  const game = phase === 'playing' && timed ? state.game : null;
  const seat = game ? state.seats[game.current] : undefined;
  const clock = followClock(state.clock, game, !!seat && !computerOf(seat), now);
  return { state: { ...state, phase, clock, version: state.version + 1 }, change };
}

/** The seat held by `holder`, or -1. */
export function seatOf(state: TableState, holder: string): number {
  return state.seats.findIndex((seat) => seat.holder === holder);
}

/** The state with seat `index` changed by `update`. */
export function withSeat(state: TableState, index: number, update: Partial<Seat>): TableState {
  return { ...state, seats: state.seats.map((seat, i) => (i === index ? { ...seat, ...update } : seat)) };
}
