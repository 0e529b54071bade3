/**
 * The computer players of one table, on the server and in the page alike: whenever a computer's seat
 * (or a stand-in) is to act, it takes one action after a pause a person can follow, through the same
 * checks and the same physics throw as a person's. What each computer does is its policy's (the
 * engine's bots; in the page, the coach's workers); throws use a gesture drawn from the runner's own
 * generator.
 */
import type { BotId } from '../engine/bots/bot.js';
import { greedyRow } from '../engine/bots/easy.js';
import { nextUnit, seedRng, type Action, type Game, type RngState, type RuleSetId } from '../engine/index.js';
import type { Gesture } from '../physics/types.js';
import type { Change, Table } from './Table.js';

/** A timer that can be cancelled. */
export interface Timer {
  clear(): void;
}

/** What the computers do: one policy per kind of computer, given by where the table runs. */
export interface ComputerPolicy {
  /** The next action of computer `kind` playing seat `seat` in `game` (legal there). */
  next(kind: BotId, seat: number, game: Game): Action | Promise<Action>;
  /** The computers seated are known: whatever they need (a solved table) may be made early. */
  prepare?(kinds: readonly BotId[], rules: RuleSetId): void;
}

export interface ComputerTurnsOptions {
  table: Table;
  policy: ComputerPolicy;
  /** Pause before each computer action, ms (0 plays at once). */
  delayMs: number;
  /** Seed of the computers' gestures. */
  seed: number;
  /** Runs `callback` after `ms` (the room's clock on the server, cleared when the room goes). */
  later(callback: () => void, ms: number): Timer;
  /**
   * How much longer than `delayMs` to wait after a change: on the server, a throw's own duration, so
   * that everyone sees the dice land before the computer goes on. By default nothing.
   */
  pauseAfter?(change: Change): number;
  /** Waited for before each action (in the page: the throw shown on the table has come to rest). */
  ready?(): Promise<void>;
  /** A computer's action could not be made or was refused (it plays on with a simple legal one). */
  warn?(message: string, error: unknown): void;
}

export class ComputerTurns {
  private timer: Timer | undefined;
  private rng: RngState;
  private disposed = false;
  private paused = false;
  /** The computer's turn (see turnKey) whose rest is played without pauses (`skip`). */
  private fastTurn: string | null = null;
  private readonly stop: () => void;

  constructor(private readonly options: ComputerTurnsOptions) {
    this.rng = seedRng(options.seed);
    this.stop = options.table.subscribe((change) => this.schedule(change));
    this.schedule();
  }

  /**
   * Looks at the table after a change: if a computer is to act, it will after the pause. Any earlier
   * plan is dropped.
   */
  schedule(change: Change = {}): void {
    this.timer?.clear();
    this.timer = undefined;
    if (this.disposed || this.paused) return;
    const { table, delayMs, policy } = this.options;
    const computers = table.seats.flatMap((seat) => (seat.kind === 'human' ? [] : [seat.kind]));
    if (computers.length > 0) policy.prepare?.(computers, table.rules);
    const turn = table.computerToAct();
    if (!turn) return;
    if (this.fastTurn !== this.turnKey()) this.fastTurn = null;
    const pause = this.fastTurn || delayMs <= 0 ? 0 : delayMs + (this.options.pauseAfter?.(change) ?? 0);
    this.timer = this.options.later(() => {
      this.timer = undefined;
      void this.act();
    }, pause);
  }

  /** Whether a computer is to act now. */
  get active(): boolean {
    return !this.disposed && this.options.table.computerToAct() !== null;
  }

  /** Plays the rest of the computer's turn under way without pauses. */
  skip(): void {
    if (!this.active) return;
    this.fastTurn = this.turnKey();
    if (this.timer) this.schedule();
  }

  /** Stops acting until `resume()` (a panel covers the table). */
  pause(): void {
    this.paused = true;
    this.timer?.clear();
    this.timer = undefined;
  }

  /** Acts again if a computer is to. */
  resume(): void {
    this.paused = false;
    this.schedule();
  }

  /** No further action. */
  dispose(): void {
    this.disposed = true;
    this.timer?.clear();
    this.stop();
  }

  /** The computer's turn under way: round and seat. */
  private turnKey(): string {
    const game = this.options.table.game;
    return game ? `${game.turn}:${game.current}` : '';
  }

  private async act(): Promise<void> {
    const { table, policy } = this.options;
    await this.options.ready?.();
    const turn = table.computerToAct();
    if (!turn || this.disposed || this.paused || !table.game) return;
    const version = table.version;
    const game = table.game;
    let action: Action;
    try {
      action = await policy.next(turn.kind, turn.seat, game);
    } catch (error) {
      this.options.warn?.('A computer player failed to choose:', error);
      action = fallback(game);
    }
    // Something else changed meanwhile (a person came back, the seat was taken): that change planned anew.
    if (this.disposed || this.paused || table.version !== version) return;
    try {
      await table.computerAction(turn.seat, action, this.gesture());
    } catch (error) {
      // The game went on before the action's turn came (a throw in the air landed): planned anew.
      if (table.version !== version) return;
      // Not expected: a policy only answers legal actions. Play on with the simplest legal one.
      this.options.warn?.(`A computer's ${action.type} was refused:`, error);
      await table.computerAction(turn.seat, fallback(game), this.gesture()).catch((again: unknown) => {
        this.options.warn?.('A computer player is stuck:', again);
        // Tried again after the pause (a worker that failed may answer then); never in a tight loop.
        if (this.options.delayMs > 0 && table.version === version) this.schedule();
      });
    }
  }

  /** A flick a little to either side, at a speed around the default tap's. */
  private gesture(): Gesture {
    const [side, next] = nextUnit(this.rng);
    const [pace, after] = nextUnit(next);
    this.rng = after;
    return { dirX: (side * 2 - 1) * 0.35, dirZ: -1, speed: 9 + pace * 6 };
  }
}

/** Always legal while a turn is on: the first throw, else the row that scores most now. */
function fallback(game: Game): Action {
  return game.rollsUsed === 0 ? { type: 'roll' } : { type: 'score', row: greedyRow(game) };
}
