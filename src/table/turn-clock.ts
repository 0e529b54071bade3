/**
 * The clock of a person's turn at an online table, as a value: when a person's turn starts, they have
 * `seconds` for it (the whole turn, not each action, so that holding and releasing a die cannot keep a
 * game waiting); when the time is up the turn is marked run out and a computer plays the rest of it.
 * Live, that is seconds; at one's own pace, hours or days, and the deadline is kept in the table's
 * record, so that a restart (or a game asleep in the database meanwhile) neither gives more time nor
 * takes any away. Pure: the time is an argument, and the room sets the timer (DiceRoom.ts).
 */
import type { Game } from '../engine/index.js';
import {
  DEFAULT_TURN_SECONDS,
  type RoomPace,
  type TimeUp,
  type TurnClock as TurnClockView,
} from '../online/protocol.js';

/** What a record keeps of a clock under way: the turn it times and when that turn ends. */
export interface ClockRecord {
  turn: string;
  endsAt: number;
  /** The seat that nudged the turn's person, when one did (a restart must not allow a second nudge). */
  nudgedBy?: number;
}

/** A table's turn clock. */
export interface ClockState {
  /** Seconds a person has for a turn. */
  readonly seconds: number;
  readonly pace: RoomPace;
  /** When a person's time is up: a stand-in plays the turn, or (at one's own pace) they forfeit. */
  readonly timeUp: TimeUp;
  /** When the person's turn under way ends (ms since 1970), or null when none is timed. */
  readonly endsAt: number | null;
  /** The seat whose time ran out in the turn under way. */
  readonly ranOut: number | null;
  /** Which turn the clock is for: round and seat ('' for none). */
  readonly turn: string;
  /** The seat that nudged the person of the turn under way, or null. */
  readonly nudgedBy: number | null;
}

export const NEW_CLOCK: ClockState = {
  seconds: DEFAULT_TURN_SECONDS,
  pace: 'live',
  timeUp: 'stand-in',
  endsAt: null,
  ranOut: null,
  turn: '',
  nudgedBy: null,
};

/**
 * The clock after a change of the game: a person's new turn starts it; a computer's turn, or no game,
 * stops it. `person` says whether a person (not a computer) plays the seat to act.
 */
export function followClock(clock: ClockState, game: Game | null, person: boolean, now: number): ClockState {
  const turn = game && !game.over ? `${game.turn}:${game.current}` : '';
  if (turn === clock.turn) return clock;
  return {
    ...clock,
    turn,
    ranOut: null,
    nudgedBy: null,
    endsAt: turn && person ? now + clock.seconds * 1000 : null,
  };
}

/** What a record keeps of the clock: the timed turn under way, or null (see `resumeClock`). */
export function clockRecord(clock: ClockState): ClockRecord | null {
  if (clock.endsAt === null) return null;
  return {
    turn: clock.turn,
    endsAt: clock.endsAt,
    ...(clock.nudgedBy !== null ? { nudgedBy: clock.nudgedBy } : {}),
  };
}

/**
 * A clock kept in a record, before the restored game is first followed: the same turn keeps its
 * deadline (past already, if it ran out meanwhile: then `expireClock` says so at once).
 */
export function resumeClock(clock: ClockState, record: ClockRecord): ClockState {
  return {
    ...clock,
    turn: record.turn,
    endsAt: record.endsAt,
    nudgedBy: Number.isInteger(record.nudgedBy) ? record.nudgedBy! : null,
  };
}

/** The clock with the timed turn run out for `seat`, if its time is up at `now`; else null. */
export function expireClock(clock: ClockState, seat: number, now: number): ClockState | null {
  if (clock.endsAt === null || now < clock.endsAt) return null;
  return { ...clock, endsAt: null, ranOut: seat };
}

/** The clock as every client sees it at `now`. */
export function clockView(clock: ClockState, now: number): TurnClockView {
  return {
    seconds: clock.seconds,
    pace: clock.pace,
    left: clock.endsAt === null ? null : Math.max(0, clock.endsAt - now),
    endsAt: clock.endsAt,
    ranOut: clock.ranOut,
    nudgedBy: clock.nudgedBy,
    timeUp: clock.timeUp,
  };
}
