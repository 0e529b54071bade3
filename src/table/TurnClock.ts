/**
 * The clock of a person's turn at an online table: when a person's turn starts, they have `seconds` for
 * it (the whole turn, not each action, so that holding and releasing a die cannot keep a game waiting);
 * when the time is up the turn is marked run out and a computer plays the rest of it. Live, that is
 * seconds; at one's own pace, hours or days, and the deadline is kept in the table's record, so that
 * a restart (or a game asleep in the database meanwhile) neither gives more time nor takes any away.
 * Pure: the time comes from `now`, and the room sets the timer (DiceRoom.ts).
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

export class TurnClock {
  /** Seconds a person has for a turn. */
  seconds: number = DEFAULT_TURN_SECONDS;
  /** Live, or at one's own pace. */
  pace: RoomPace = 'live';
  /** When a person's time is up: a stand-in plays the turn, or (at one's own pace) they forfeit. */
  timeUp: TimeUp = 'stand-in';
  /** When the person's turn under way ends (ms, `now`'s clock), or null when none is timed. */
  private endsAt: number | null = null;
  /** The seat whose time ran out in the turn under way. */
  private ranOutSeat: number | null = null;
  /** Which turn the clock is for: round and seat. */
  private turnKey = '';
  /** The seat that nudged the person of the turn under way, or null. */
  private nudger: number | null = null;

  constructor(private readonly now: () => number = () => Date.now()) {}

  /**
   * Looks at the game after a change: a person's new turn starts the clock; a computer's turn, or no
   * game, stops it. `person` says whether a person (not a computer) plays the seat to act.
   */
  follow(game: Game | null, person: boolean): void {
    const key = turnKeyOf(game);
    if (key === this.turnKey) return;
    this.turnKey = key;
    this.ranOutSeat = null;
    this.nudger = null;
    this.endsAt = key && person ? this.now() + this.seconds * 1000 : null;
  }

  /** What a record keeps of the clock: the timed turn under way, or null (see `resume`). */
  record(): ClockRecord | null {
    if (this.endsAt === null) return null;
    return {
      turn: this.turnKey,
      endsAt: this.endsAt,
      ...(this.nudger !== null ? { nudgedBy: this.nudger } : {}),
    };
  }

  /**
   * Goes on with a clock kept in a record, before the restored game is first followed: the same turn
   * keeps its deadline (past already, if it ran out meanwhile: then `expire` says so at once).
   */
  resume(record: ClockRecord): void {
    this.turnKey = record.turn;
    this.endsAt = record.endsAt;
    this.nudger = Number.isInteger(record.nudgedBy) ? record.nudgedBy! : null;
  }

  /** The seat that nudged the turn's person, or null (once a turn). */
  get nudgedBy(): number | null {
    return this.nudger;
  }

  /** Seat `by` nudged the person of the timed turn under way. */
  nudge(by: number): void {
    this.nudger = by;
  }

  /** When the timed turn ends (ms), or null. */
  get deadline(): number | null {
    return this.endsAt;
  }

  /** The seat whose time ran out this turn, or null. */
  get ranOut(): number | null {
    return this.ranOutSeat;
  }

  /** If the timed turn's time is up now, marks it run out (for `seat`) and says so. */
  expire(seat: number): boolean {
    if (this.endsAt === null || this.now() < this.endsAt) return false;
    this.endsAt = null;
    this.ranOutSeat = seat;
    return true;
  }

  /** The clock as every client sees it now. */
  view(): TurnClockView {
    return {
      seconds: this.seconds,
      pace: this.pace,
      left: this.endsAt === null ? null : Math.max(0, this.endsAt - this.now()),
      endsAt: this.endsAt,
      ranOut: this.ranOutSeat,
      nudgedBy: this.nudger,
      timeUp: this.timeUp,
    };
  }
}

/** Which turn of a game is under way (round and seat), or '' for none. */
function turnKeyOf(game: Game | null): string {
  return game && !game.over ? `${game.turn}:${game.current}` : '';
}
