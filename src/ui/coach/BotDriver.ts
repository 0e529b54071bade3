import type { Game, RowId, RuleSetId } from '../../engine/index.js';
import { createBot, stepTowards, type Bot, type TurnPlan } from '../../engine/bots/index.js';
import { getTable, type StateValues } from '../../engine/solver/index.js';
import type { DicePokerState } from '../state-snapshot.js';
import { gameFromState, planDecision, sameSpot, type PlannedStep } from './bot-plan.js';
import { isBotSeat, type SeatKind } from './seats.js';

/** The public API of <dice-poker> that a driver plays through (nothing else of the element is used). */
export interface BotHost extends EventTarget {
  readonly state: DicePokerState;
  readonly isConnected: boolean;
  roll(): Promise<number[]>;
  toggleHold(index: number): void;
  score(row: RowId): number;
}

/**
 * Where the optimal bot's table comes from, and the moves of the player that plays to win: a
 * `SolverClient` computes both in its workers.
 */
export interface TableSource {
  table(rules: RuleSetId): Promise<StateValues>;
  /** The move to win (null: no tables for this sheet yet); without it `winner` plays as `optimal`. */
  winPlan?(game: Game): Promise<TurnPlan | null>;
  /** Whether the model to win is ready for a rule set; if not, starts building it (meanwhile: `optimal`). */
  winReady?(rules: RuleSetId): boolean;
}

/** What the driver is doing, for the page to show ("the computer is thinking") and to lock the controls. */
export type BotPhase = 'idle' | 'thinking' | 'playing';

/** Options of `BotDriver`. */
export interface BotDriverOptions {
  /** Who plays each seat, in player order. */
  seats: readonly SeatKind[];
  /** Pause before each action, ms, so a person can follow; 600 by default. 0 plays at once. */
  delay?: number;
  /** The optimal bot's tables; without one they are solved in the main thread (a pause of seconds for classic). */
  solver?: TableSource;
  /** Seed of the easy bots' own generators (seat i uses seed + i); 1 by default. */
  seed?: number;
  /** Told whenever the phase or the seat changes. */
  onPhase?: (phase: BotPhase, player: number) => void;
}

/** Consecutive refused actions after which the driver gives up (it re-plans after each). */
const MAX_FAILURES = 4;

/**
 * Plays the computer's seats of a <dice-poker> through its public API only (`toggleHold`, `roll`,
 * `score`), one action at a time with a pause a person can follow. It starts when `dp-turn` names a
 * computer's seat (a new game's first `dp-turn` included, and a game already on such a seat when the
 * driver is made), checks before every action that the table is as planned (else it plans again), and
 * stops when a new game starts, the element leaves the page, or `dispose()` is called.
 */
export class BotDriver {
  /** Pause before each action, ms. May be changed at any time. */
  delay: number;

  private readonly seats: readonly SeatKind[];
  private readonly solver: TableSource;
  private readonly seed: number;
  private readonly onPhase: ((phase: BotPhase, player: number) => void) | undefined;
  private readonly bots = new Map<string, Bot>();
  private run = 0;
  private decisions = 0;
  private fast = false;
  private disposed = false;
  private paused = false;
  private phase: BotPhase = 'idle';
  private phasePlayer = 0;
  private wake: (() => void) | undefined;

  constructor(
    private readonly host: BotHost,
    { seats, delay = 600, solver, seed = 1, onPhase }: BotDriverOptions,
  ) {
    this.seats = [...seats];
    this.delay = delay;
    this.seed = seed;
    this.onPhase = onPhase;
    this.solver = solver ?? { table: async (rules) => getTable(rules) };
    host.addEventListener('dp-turn', this.restart);
    host.addEventListener('dp-game-over', this.restart);
    // The model to win takes a while to build (in the worker): start it before the winner's first turn.
    if (this.seats.includes('winner') && host.state.players.length) this.solver.winReady?.(host.state.rules);
    // A game may already stand on a computer's seat.
    this.restart();
  }

  /** Whether a computer's turn is being played. */
  get active(): boolean {
    return this.phase !== 'idle';
  }

  /** Plays the rest of the current computer turn with no pauses. */
  skip(): void {
    if (this.phase === 'idle') return;
    this.fast = true;
    this.wake?.();
  }

  /**
   * Stops playing until `resume()`, e.g. while a panel covers the table. A throw already rolling comes
   * to rest; nothing further is done.
   */
  pause(): void {
    this.paused = true;
    this.run++;
    this.wake?.();
    this.setPhase('idle', this.phasePlayer);
  }

  /** Plays on if a computer is to act: after `pause()`, or after the element was re-attached. */
  resume(): void {
    this.paused = false;
    this.restart();
  }

  /** Stops at once: no further action reaches the element. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.run++;
    this.wake?.();
    this.host.removeEventListener('dp-turn', this.restart);
    this.host.removeEventListener('dp-game-over', this.restart);
    this.setPhase('idle', this.phasePlayer);
  }

  private readonly restart = (): void => {
    if (this.disposed || this.paused) return;
    const run = ++this.run;
    this.fast = false;
    this.wake?.(); // an older turn's pause ends, and that turn sees it is no longer current
    void this.play(run);
  };

  private current(run: number): boolean {
    return run === this.run && !this.disposed && !this.paused;
  }

  /** Whether a computer is to act on a connected element. */
  private botToAct(state: DicePokerState): boolean {
    return (
      this.host.isConnected && state.players.length > 0 && !state.over && isBotSeat(this.seats, state.current)
    );
  }

  private async play(run: number): Promise<void> {
    let failures = 0;
    let state = this.host.state;
    while (this.current(run) && this.botToAct(state)) {
      this.setPhase('thinking', state.current);
      let steps: PlannedStep[];
      try {
        let bot = await this.botFor(state.current, state.rules);
        if (!this.current(run)) return;
        let now = this.host.state;
        if (!this.botToAct(now)) break;
        let game = gameFromState(now, ++this.decisions);
        if (this.seats[now.current] === 'winner' && game.rollsUsed > 0) {
          const plan = await this.winPlan(game);
          if (!this.current(run)) return;
          now = this.host.state;
          if (!this.botToAct(now)) break;
          if (plan && sameSpot(now, game)) bot = followPlan(plan);
          else game = gameFromState(now, ++this.decisions); // played for points this time
        }
        steps = planDecision(bot, game);
      } catch (error) {
        // A disposed solver means the page is tearing the game down: stop quietly.
        if ((error as { code?: string }).code !== 'disposed') console.warn('Computer player stopped:', error);
        break;
      }
      this.setPhase('playing', state.current);
      const done = await this.perform(run, steps);
      if (!this.current(run)) return;
      failures = done ? 0 : failures + 1;
      if (failures >= MAX_FAILURES) {
        console.warn('Computer player stopped: its moves were refused');
        break;
      }
      state = this.host.state;
    }
    if (this.current(run)) this.setPhase('idle', state.current);
  }

  /**
   * Takes the planned actions one by one after a pause, each only if the table is still as planned.
   * Resolves false when an action was refused or the table changed under the plan (plan again).
   */
  private async perform(run: number, steps: PlannedStep[]): Promise<boolean> {
    for (const { before, action } of steps) {
      if (!(await this.wait(run)) || !this.host.isConnected) return true;
      if (!sameSpot(this.host.state, before)) return false;
      try {
        if (action.type === 'hold') this.host.toggleHold(action.index);
        else if (action.type === 'roll') await this.host.roll();
        else this.host.score(action.row); // its dp-turn starts the next run
      } catch {
        return false; // e.g. a person's throw still rolling: look again after the next pause
      }
      if (!this.current(run)) return true;
    }
    return true;
  }

  /** Waits `delay` ms (none in fast mode); resolves false if the run was replaced meanwhile. */
  private wait(run: number): Promise<boolean> {
    if (this.fast || this.delay <= 0) return Promise.resolve(this.current(run));
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = undefined;
        resolve(this.current(run));
      };
      const timer = setTimeout(done, this.delay);
      this.wake = done;
    });
  }

  /**
   * The winner's move from the worker, or null to play this decision for points: its model not built
   * yet (it is being built), no tables for this sheet, or no worker.
   */
  private async winPlan(game: Game): Promise<TurnPlan | null> {
    const { winPlan, winReady } = this.solver;
    if (!winPlan || !winReady?.call(this.solver, game.rules)) return null;
    try {
      return await winPlan.call(this.solver, game);
    } catch (error) {
      if ((error as { code?: string }).code === 'disposed') throw error;
      return null;
    }
  }

  private async botFor(player: number, rules: RuleSetId): Promise<Bot> {
    const kind = this.seats[player]!;
    const key = `${player}:${rules}`;
    let bot = this.bots.get(key);
    if (!bot) {
      if (kind === 'human') throw new Error(`Seat ${player} is a person's`);
      // `winner` follows the worker's moves (see `play`); where it has none it plays as `optimal`.
      const play = kind === 'winner' ? 'optimal' : kind;
      const table = play === 'optimal' ? await this.solver.table(rules) : undefined;
      bot = this.bots.get(key) ?? createBot(play, { seed: this.seed + player, table });
      this.bots.set(key, bot);
    }
    return bot;
  }

  private setPhase(phase: BotPhase, player: number): void {
    if (phase === this.phase && player === this.phasePlayer) return;
    this.phase = phase;
    this.phasePlayer = player;
    this.onPhase?.(phase, player);
  }
}

/** A bot that carries out one plan made elsewhere (the winner's move from the worker). */
function followPlan(plan: TurnPlan): Bot {
  return { id: 'winner', next: (game) => stepTowards(game, () => plan) };
}
