/**
 * The clock of a person's turn at an online table: when a person's turn starts, they have `seconds` for
 * it (the whole turn, not each action, so that holding and releasing a die cannot keep a game waiting);
 * when the time is up the turn is marked run out and a computer plays the rest of it. Pure: the time
 * comes from `now`, and the room sets the timer (DiceRoom.ts).
 */
import type { Game } from '../engine/index.js';
import { DEFAULT_TURN_SECONDS, type TurnClock as TurnClockView } from '../online/protocol.js';

export class TurnClock {
  /** Seconds a person has for a turn. */
  seconds: number = DEFAULT_TURN_SECONDS;
  /** When the person's turn under way ends (ms, `now`'s clock), or null when none is timed. */
  private endsAt: number | null = null;
  /** The seat whose time ran out in the turn under way. */
  private ranOutSeat: number | null = null;
  /** Which turn the clock is for: round and seat. */
  private turnKey = '';

  constructor(private readonly now: () => number = () => Date.now()) {}

  /**
   * Looks at the game after a change: a person's new turn starts the clock; a computer's turn, or no
   * game, stops it. `person` says whether a person (not a computer) plays the seat to act.
   */
  follow(game: Game | null, person: boolean): void {
    const key = game && !game.over ? `${game.turn}:${game.current}` : '';
    if (key === this.turnKey) return;
    this.turnKey = key;
    this.ranOutSeat = null;
    this.endsAt = key && person ? this.now() + this.seconds * 1000 : null;
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
      left: this.endsAt === null ? null : Math.max(0, this.endsAt - this.now()),
      ranOut: this.ranOutSeat,
    };
  }
}
