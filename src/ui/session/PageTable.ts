import type { Game } from '../../engine/index.js';
import type { ClientMessages, RefusalCode, ServerMessages } from '../../online/protocol.js';
// Module by module, not the table's index: the physics (thrower.js) is a chunk of its own here.
import { ComputerTurns } from '../../table/ComputerTurns.js';
import { PAGE_HOLDER, Table, type Change, type TablePorts } from '../../table/Table.js';
import type { ComputerPolicy } from '../../table/ComputerTurns.js';
import type { ThrowInput, ThrowOutcome } from '../../table/throw-input.js';
import { ENGINE_SEEDS } from '../../table/throw-seeds.js';
import { CodedError } from '../../engine/index.js';
import type { SeatKind } from '../coach/seats.js';
import type { GameSetup } from './game-session.js';
import type { LocalTable } from './TableMirror.js';

/** What the table in the page needs of the element. */
export interface PageTableOptions {
  /** What the computers do (the coach's policy: see src/ui/coach/page-policy.ts). */
  policy: ComputerPolicy;
  /** Pause before each computer action, ms (asked for each game: reduced motion plays faster). */
  delayMs(): number;
  /** Resolves once the table on screen shows every throw made (the computers wait for it). */
  shown(): Promise<void>;
}

type Handlers = { [K in keyof ServerMessages]?: ((message: ServerMessages[K]) => void)[] };

/**
 * A game on one screen: the table's authority (src/table, the same one the game server runs) run in
 * the page, linked to the page's mirror by the same messages an online room sends ('welcome' to each
 * new game, 'thrown' and 'view' after each change, 'refused'). Its throws are recorded by the physics
 * here, seeded by the engine (a game with a `seed` throws the same dice every time), and then played
 * on the table like any other. Its computers are run here by the same runner as the server's.
 */
export class PageTable implements LocalTable {
  readonly roomId = '';
  private table: Table | null = null;
  private computers: ComputerTurns | null = null;
  private stopListening: (() => void) | null = null;
  private readonly handlers: Handlers = {};
  private readonly ports: TablePorts = {
    roomId: '',
    // At once once the physics is here (the throw applied before the request returns), else after it.
    thrower: (input) => (this.recorder ? this.recorder(input) : this.throwDice(input)),
    seeds: ENGINE_SEEDS,
    timed: false,
    hideSeed: false,
  };
  private paused = false;

  /** The physics in-process: a chunk of its own, asked for by `preload` (or the first throw). */
  private physics: Promise<(input: ThrowInput) => ThrowOutcome> | null = null;
  private recorder: ((input: ThrowInput) => ThrowOutcome) | null = null;

  constructor(private readonly options: PageTableOptions) {}

  /**
   * Loads the physics that records this page's throws, so that the first throw waits for nothing: the
   * element asks once its table is drawn (the physics is no part of the page's first load).
   */
  preload(): Promise<unknown> {
    this.physics ??= import('../../table/thrower.js').then(
      ({ createThrower }) => (this.recorder = createThrower()),
      (error: unknown) => {
        this.physics = null; // asked again by the next throw
        throw error;
      },
    );
    return this.physics;
  }

  /** A throw recorded by the physics here (loaded first if it is not yet). */
  private async throwDice(input: ThrowInput): Promise<ThrowOutcome> {
    const record = (await this.preload()) as (input: ThrowInput) => ThrowOutcome;
    return record(input);
  }

  /** The game's table, or null before the first game. */
  get current(): Table | null {
    return this.table;
  }

  /** @throws RuleError of a setup the engine refuses */
  start({ players, rules, seed, kinds }: GameSetup & { kinds: readonly SeatKind[] }): void {
    this.seat(Table.local(this.ports, { players, kinds, rules, seed }));
  }

  resume(game: Game, kinds: readonly SeatKind[]): void {
    this.seat(Table.ofGame(this.ports, game, kinds));
  }

  /** Whether a computer plays the turn now. */
  get computerToAct(): boolean {
    return !!this.table?.computerToAct();
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

  send<K extends keyof ClientMessages>(type: K, message: ClientMessages[K]): void {
    const table = this.table;
    if (!table) {
      this.emit('refused', { code: 'no-game' as RefusalCode, message: 'Start a game first', request: type });
      return;
    }
    table.request(PAGE_HOLDER, type, message).catch((error: unknown) => {
      const coded = error instanceof CodedError;
      if (!coded) console.warn('<dice-poker>: a request failed', error);
      this.emit('refused', {
        code: (coded ? error.code : 'bad-action') as RefusalCode,
        message: coded ? error.message : String(error),
        request: type,
      });
    });
  }

  on<K extends keyof ServerMessages>(type: K, handler: (message: ServerMessages[K]) => void): void {
    ((this.handlers[type] ??= []) as ((message: ServerMessages[K]) => void)[]).push(handler);
  }

  /** The table in the page never drops. */
  onConnection(): void {}

  leave(): Promise<void> {
    return Promise.resolve();
  }

  /** A new game's table: the mirror is welcomed to it, and its computers start. */
  private seat(table: Table): void {
    this.stopListening?.();
    this.computers?.dispose();
    this.table = table;
    this.stopListening = table.subscribe((change) => this.tell(table, change));
    this.emit('welcome', { seat: -1, view: table.view() });
    this.computers = new ComputerTurns({
      table,
      policy: this.options.policy,
      delayMs: this.options.delayMs(),
      seed: table.game?.seed ?? 1,
      later: (callback, ms) => {
        const timer = setTimeout(callback, ms);
        return { clear: () => clearTimeout(timer) };
      },
      ready: () => this.options.shown(),
      warn: (message, error) => console.warn(`<dice-poker>: ${message}`, error),
    });
    if (this.paused) this.computers.pause();
  }

  /**
   * Sends what a change brought, as a room would: its throw first, then the action of the game, or the
   * whole view when the table changed otherwise (or the game ended).
   */
  private tell(table: Table, change: Change): void {
    if (change.thrown) {
      const { seconds: _seconds, ...thrown } = change.thrown;
      this.emit('thrown', thrown);
    }
    const view = table.view();
    if (change.acted) this.emit('acted', { ...change.acted, version: view.version, clock: view.clock });
    if (!change.acted || view.phase === 'over') this.emit('view', view);
  }

  private emit<K extends keyof ServerMessages>(type: K, message: ServerMessages[K]): void {
    for (const handler of (this.handlers[type] ?? []) as ((message: ServerMessages[K]) => void)[])
      handler(message);
  }
}
