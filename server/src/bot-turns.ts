/**
 * The computer players of one room, run on the server: whenever a computer's seat (or a stand-in) is to
 * act, it takes one action after a pause a person can follow, through the same checks and the same
 * physics throw as a person's. Holds and rows come from the engine's bots (createBot); throws use a
 * gesture drawn from the room's own generator for its computers.
 */
import { createBot, greedyRow, type Bot, type BotId } from '../../src/engine/bots/index.js';
import { nextUnit, seedRng, type Action, type Game, type RngState } from '../../src/engine/index.js';
import type { Gesture } from '../../src/physics/types.js';
import { solvedTable } from './solver-tables.js';
import type { Change, Table } from './table.js';

/** A timer that can be cancelled. */
export interface Timer {
  clear(): void;
}

export interface BotTurnsOptions {
  table: Table;
  /** Pause before each computer action, ms (a throw's own duration is added after it when > 0). */
  delayMs: number;
  /** Seed of the computers' gestures and of the `easy` bots' choices. */
  seed: number;
  /** Runs `callback` after `ms` (the room's clock, cleared when the room is disposed). */
  later(callback: () => void, ms: number): Timer;
  /** Carries out a computer's action and sends what changed (which calls `schedule` again). */
  perform(seat: number, action: Action, gesture: Gesture): void;
}

export class BotTurns {
  private timer: Timer | undefined;
  private readonly bots = new Map<string, Bot>();
  private rng: RngState;
  private disposed = false;

  constructor(private readonly options: BotTurnsOptions) {
    this.rng = seedRng(options.seed);
  }

  /**
   * Looks at the table after a change: if a computer is to act, it will after the pause (plus the
   * throw's duration if the change was a throw, so everyone sees the dice land first). Any earlier
   * plan is dropped. Starts solving the optimal player's table as soon as one sits at the table.
   */
  schedule(change: Change = {}): void {
    this.timer?.clear();
    this.timer = undefined;
    if (this.disposed) return;
    const { table, delayMs } = this.options;
    if (table.seats.some((seat) => seat.kind === 'optimal' || seat.kind === 'winner'))
      void solvedTable(table.rules);
    if (!table.computerToAct()) return;
    const pause = delayMs > 0 ? delayMs + (change.thrown ? change.thrown.seconds * 1000 : 0) : 0;
    this.timer = this.options.later(() => {
      this.act().catch((error: unknown) => console.error('A computer player stopped:', error));
    }, pause);
  }

  /** No further action. */
  dispose(): void {
    this.disposed = true;
    this.timer?.clear();
  }

  private async act(): Promise<void> {
    const { table } = this.options;
    const turn = table.computerToAct();
    if (!turn || this.disposed) return;
    const version = table.version;
    let bot: Bot;
    try {
      bot = await this.botFor(turn.seat, turn.kind, table.rules);
    } catch (error) {
      console.warn('A computer player could not be made:', error);
      bot = createBot('good');
    }
    // Something else changed meanwhile (a person came back, the seat was taken): that change planned anew.
    if (this.disposed || table.version !== version || !table.game) return;
    const game = table.game;
    const first = this.choose(bot, game);
    try {
      this.options.perform(turn.seat, first, this.gesture());
    } catch (error) {
      // Not expected: a bot only answers legal actions. Play on with the simplest legal one.
      console.warn(`A computer's ${first.type} was refused:`, error);
      try {
        this.options.perform(turn.seat, fallback(game), this.gesture());
      } catch (again) {
        console.error('A computer player is stuck:', again);
      }
    }
  }

  private choose(bot: Bot, game: Game): Action {
    try {
      return bot.next(game);
    } catch (error) {
      console.warn('A computer player failed to choose:', error);
      return fallback(game);
    }
  }

  private async botFor(seat: number, kind: BotId, rules: Game['rules']): Promise<Bot> {
    const key = `${seat}:${kind}:${rules}`;
    let bot = this.bots.get(key);
    if (!bot) {
      // `winner` under `seed` builds its model here once per process (about 0.5 s) and then solves late
      // tables (a few ms a decision); under `classic` that model takes tens of seconds, which would stall
      // every room, so there it plays as `optimal`.
      const play = kind === 'winner' && rules !== 'seed' ? 'optimal' : kind;
      const table = play === 'optimal' ? await solvedTable(rules) : undefined;
      bot = this.bots.get(key) ?? createBot(play, { seed: (this.options.seed + seat) >>> 0, table });
      this.bots.set(key, bot);
    }
    return bot;
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
