import { CodedError, type Game } from '../../engine/index.js';
import type { ClientMessages } from '../../online/protocol.js';
import { decodeTrajectory } from '../../scene/index.js';
// Module by module, not the table's index: the physics (thrower.js) is a chunk of its own here.
import { ComputerTurns, type ComputerPolicy } from '../../table/ComputerTurns.js';
import { PAGE_HOLDER, Table, type Change, type TablePorts } from '../../table/Table.js';
import type { ThrowInput, ThrowOutcome } from '../../table/throw-input.js';
import { ENGINE_SEEDS } from '../../table/throw-seeds.js';
import type { SeatKind } from '../coach/seats.js';
import { DicePokerError } from '../errors.js';
import type { GameSetup, OnlineState, ThrowPlayer } from './game-session.js';
import { SessionCore } from './SessionCore.js';

/** What a game on this screen needs of the element. */
export interface LocalSessionOptions {
  /** What the computers do (the coach's policy: see src/ui/coach/page-policy.ts). */
  policy: ComputerPolicy;
  /** Pause before each computer action, ms (asked for each game: reduced motion plays faster). */
  delayMs(): number;
}

/**
 * A game on this screen: the table's authority (src/table, the same one the game server runs) run in
 * the page, its changes taken straight from it (no protocol, no encoding: a throw's recording is played
 * as the physics made it). Its throws are recorded by the physics here, seeded by the engine (a game
 * with a `seed` throws the same dice every time); its computers are run by the same runner as the
 * server's. Every person's seat is played from this page.
 */
export class LocalSession extends SessionCore {
  private table: Table | null = null;
  private computers: ComputerTurns | null = null;
  private stopListening: (() => void) | null = null;
  private paused = false;
  /** What the next game's first view is told as: a new game or a resumed one. */
  private nextStart: 'started' | 'resumed' = 'started';
  private readonly ports: TablePorts = {
    roomId: '',
    // At once once the physics is here (the throw applied before the request returns), else after it.
    thrower: (input) => this.recorder?.(input) ?? this.preload().then((record) => record(input)),
    seeds: ENGINE_SEEDS,
    timed: false,
    hideSeed: false,
  };
  /** The physics in-process: a chunk of its own, asked for by `preload` (or the first throw). */
  private physics: Promise<(input: ThrowInput) => ThrowOutcome> | null = null;
  private recorder: ((input: ThrowInput) => ThrowOutcome) | null = null;

  constructor(
    player: ThrowPlayer,
    private readonly options: LocalSessionOptions,
  ) {
    super(player, false);
  }

  /** A game on this screen has no room. */
  get online(): OnlineState | null {
    return null;
  }

  /** Every person's seat is played from this page. */
  isMine(seat: number): boolean {
    return this.view?.seats[seat]?.kind === 'human';
  }

  /**
   * Loads the physics that records this page's throws, so that the first throw waits for nothing: the
   * element asks once its table is drawn (the physics is no part of the page's first load).
   */
  preload(): Promise<(input: ThrowInput) => ThrowOutcome> {
    this.physics ??= import('../../table/thrower.js').then(
      ({ createThrower }) => (this.recorder = createThrower({ encoded: false })),
      (error: unknown) => {
        this.physics = null; // asked again by the next throw
        throw error;
      },
    );
    return this.physics;
  }

  /**
   * Starts a new game here (who plays each seat: `kinds`, people by default).
   * @throws DicePokerError of a setup the engine refuses, or while dice are in the air
   */
  start({ players, rules, seed }: GameSetup, kinds: readonly SeatKind[] = []): void {
    this.startable();
    this.nextStart = 'started';
    try {
      const all = players.map((_, i) => kinds[i] ?? 'human');
      this.seat(Table.local(this.ports, { players, kinds: all, rules, seed }));
    } catch (error) {
      throw DicePokerError.from(error);
    }
  }

  /** Plays on from a saved game here. */
  resume(game: Game, kinds: readonly SeatKind[] = []): void {
    this.startable();
    this.nextStart = 'resumed';
    this.seat(Table.ofGame(this.ports, game, kinds));
  }

  /** The computers wait (a panel covers the table) or go on. */
  setPaused(paused: boolean): void {
    this.paused = paused;
    if (paused) this.computers?.pause();
    else this.computers?.resume();
  }

  /** The computer plays the rest of its turn without pauses. */
  skip(): void {
    this.computers?.skip();
  }

  /** Stops the computers (the element left the page). */
  dispose(): void {
    this.computers?.dispose();
    this.computers = null;
  }

  protected send<K extends keyof ClientMessages>(type: K, message: ClientMessages[K]): void {
    // A request is sent only with a game shown (SessionCore), so from its table.
    this.table!.request(PAGE_HOLDER, type, message).catch((error: unknown) => {
      if (!(error instanceof CodedError)) console.warn('<dice-poker>: a request failed', error);
      const refused = DicePokerError.from(error);
      if (!this.rejectAsked(type, refused)) this.tell({ type: 'refused', game: this.game, error: refused });
    });
  }

  private startable(): void {
    if (this.inFlight || this.throwAsked)
      throw new DicePokerError('throw-in-progress', 'Wait for the dice to stop');
  }

  /** A new game's table: its first view is taken, its changes followed, and its computers start. */
  private seat(table: Table): void {
    this.stopListening?.();
    this.computers?.dispose();
    this.table = table;
    this.stopListening = table.subscribe((change) => this.follow(table, change));
    const view = table.view();
    this.enqueue(() => this.takeView(view, view.game ? this.nextStart : null));
    this.computers = new ComputerTurns({
      table,
      policy: this.options.policy,
      delayMs: this.options.delayMs(),
      seed: table.game?.seed ?? 1,
      later: (callback, ms) => {
        const timer = setTimeout(callback, ms);
        return { clear: () => clearTimeout(timer) };
      },
      ready: () => this.settled(),
      warn: (message, error) => console.warn(`<dice-poker>: ${message}`, error),
    });
    if (this.paused) this.computers.pause();
  }

  /** A change of the table: its throw played first, then its action, or the whole view. */
  private follow(table: Table, change: Change): void {
    const view = table.view();
    if (change.thrown) {
      const { trajectory, ...thrown } = change.thrown;
      const recording = typeof trajectory === 'string' ? decodeTrajectory(trajectory) : trajectory;
      this.enqueue(() => this.playThrow({ ...thrown, trajectory: recording }));
    }
    if (change.acted) {
      const acted = { ...change.acted, version: view.version, clock: view.clock };
      this.enqueue(() => void this.takeAction(acted));
    } else {
      this.enqueue(() => this.takeView(view, null));
    }
  }
}
