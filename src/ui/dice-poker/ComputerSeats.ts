import { isBotSeat, type SeatKind } from '../coach/seats.js';
import type { BotDriver, CoachModule, SolverClient } from '../coach/coach.js';
import type { BotHost } from '../coach/BotDriver.js';
import type { Game } from '../../engine/index.js';

/** What the seats need of the element: the public API the computer plays through, and a redraw. */
export interface SeatsHost extends BotHost {
  requestUpdate(): void;
}

/**
 * Who plays each seat, and the coach behind the computer seats and the hints. The coach module (solver
 * client, bot driver, hint and review components) is loaded on first use, so the page's first load stays small.
 */
export class ComputerSeats {
  /** Who plays each seat of the current game. */
  kinds: SeatKind[] = [];
  /** The solver client, once the coach is loaded (null before, and after dispose). */
  solver: SolverClient | null = null;
  private driver: BotDriver | null = null;
  private paused = false;

  constructor(private readonly host: SeatsHost) {}

  /** Seats the players of a new (or resumed) game; computer seats get a driver that plays them. */
  seat(game: Game, kinds: SeatKind[], delay: number): void {
    this.kinds = kinds;
    this.driver?.dispose();
    this.driver = null;
    if (!kinds.some((kind) => kind !== 'human')) return;
    void this.load().then((coach) => {
      // Still the same seating, on the page, with nobody else driving it.
      if (this.kinds !== kinds || this.driver || !this.host.isConnected) return;
      this.driver = new coach.BotDriver(this.host, {
        seats: kinds,
        solver: this.solver ?? undefined,
        seed: game.seed,
        delay,
      });
      if (this.paused) this.driver.pause();
      void this.solver?.prepare(game.rules).catch(() => {});
    });
  }

  /** Whether a computer plays the turn now. */
  isBotTurn(game: Game | null): boolean {
    return !!game && !game.over && isBotSeat(this.kinds, game.current);
  }

  /** The computer waits (new-game panel open) or goes on. */
  setPaused(paused: boolean): void {
    this.paused = paused;
    if (paused) this.driver?.pause();
    else this.driver?.resume();
  }

  /** Plays the rest of the computer's turn without pauses. */
  skip(): void {
    this.driver?.skip();
  }

  /** The coach module and its solver client, loaded once. */
  async load(): Promise<CoachModule> {
    const coach = await import('../coach/coach.js');
    if (!this.solver && this.host.isConnected) this.solver = new coach.SolverClient();
    this.host.requestUpdate();
    return coach;
  }

  /** Stops the computer and the solver's worker (the element left the page). */
  dispose(): void {
    this.driver?.dispose();
    this.driver = null;
    this.solver?.dispose();
    this.solver = null;
  }
}
