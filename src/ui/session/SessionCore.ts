import { refusal, type Action, type Game, type RowId } from '../../engine/index.js';
import { viewAfter } from '../../online/room-events.js';
import type { Acted, ClientMessages, RoomView } from '../../online/protocol.js';
import type { Gesture, Trajectory } from '../../scene/index.js';
import { Serial } from '../../table/serial.js';
import { personMayAct } from '../../table/turn-gate.js';
import type { SeatKind } from '../coach/seats.js';
import { DicePokerError } from '../errors.js';
import type {
  GameSession,
  GameSetup,
  OnlineState,
  SessionChange,
  ThrowInFlight,
  ThrowPlayer,
} from './game-session.js';

/** A throw to play on the table: who threw, its recording, where it rests, which dice stayed. */
export interface ThrowToPlay {
  seat: number;
  trajectory: Trajectory;
  faces: number[];
  held: boolean[];
}

/** A throw, a hold or a score this page asked for, waiting for the table's answer. */
interface Asked {
  type: 'throw' | 'hold' | 'score';
  /** The throw's faces, or a score's points (a hold's: 0). */
  resolve(value: number[] | number): void;
  reject(error: Error): void;
}

/**
 * What both kinds of GameSession share (a game on this screen: LocalSession; an online room:
 * OnlineSession): the table's view as this page has it, taken in order (a throw's recording is played
 * before anything after it), each action of the game applied once through the engine (`viewAfter`) and
 * told once, and this page's requests, refused here first when the rules refuse them, settled once the
 * table has taken them (or refused them).
 */
export abstract class SessionCore implements GameSession {
  protected view: RoomView | null = null;
  private flying: ThrowInFlight | null = null;
  /** The changes, played one at a time (a throw's playback holds back what follows it). */
  private readonly changes = new Serial();
  /** This page's requests sent, in order, each settled once the table has taken it (or refused it). */
  private readonly asked: Asked[] = [];
  private readonly listeners = new Set<(change: SessionChange) => void>();
  /** When the timed turn under way ends (performance.now()), or null. */
  private clockEnds: number | null = null;

  constructor(
    private readonly player: ThrowPlayer,
    /** Whether the game is shown as clients see it online (its generator hidden while played). */
    private readonly hideSeed: boolean,
  ) {}

  /** Sends one of this page's requests to the table. */
  protected abstract send<K extends keyof ClientMessages>(type: K, message: ClientMessages[K]): void;
  /** Whether seat `seat` is played from this page. */
  abstract isMine(seat: number): boolean;
  abstract get online(): OnlineState | null;
  abstract start(setup: GameSetup, kinds?: readonly SeatKind[]): void;
  abstract resume(game: Game, kinds?: readonly SeatKind[]): void;

  /** Every view this session takes (online: what a record of the finished game needs). */
  protected seen(_view: RoomView): void {}

  /** Why nothing may be taken from this page now (online: the room cannot be reached), or null. */
  protected unreachable(): DicePokerError | null {
    return null;
  }

  /** The room's view now (null before it is first heard). */
  get room(): RoomView | null {
    return this.view;
  }

  get game(): Game | null {
    return this.view?.game ?? null;
  }

  get inFlight(): ThrowInFlight | null {
    return this.flying;
  }

  get seatKinds(): SeatKind[] {
    return this.view?.seats.map((seat) => seat.kind) ?? [];
  }

  /** When the timed turn under way ends (performance.now() time), or null when none is timed. */
  get turnEndsAt(): number | null {
    return this.clockEnds;
  }

  /**
   * The one answer to "may the person at this page act in the game now" (see personMayAct): the turn
   * is one of this page's seats, a person's, no throw is in the air, and the table can be reached.
   */
  get mayAct(): boolean {
    const view = this.view;
    if (!view || this.unreachable()) return false;
    return !this.flying && !this.throwAsked && personMayAct(view, (seat) => this.isMine(seat));
  }

  /** Resolves once every change so far is played (a throw being played has come to rest). */
  settled(): Promise<void> {
    return this.changes.settled();
  }

  throw({ dirX, dirZ, speed }: Gesture): Promise<number[]> {
    return this.ask({ type: 'roll' }, 'throw', { gesture: { dirX, dirZ, speed } });
  }

  async toggleHold(index: number): Promise<void> {
    const held = !this.game?.held[index];
    await this.ask({ type: 'hold', index, held }, 'hold', { index, held });
  }

  score(row: RowId): Promise<number> {
    return this.ask({ type: 'score', row }, 'score', { row });
  }

  subscribe(listener: (change: SessionChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  protected tell(change: SessionChange): void {
    for (const listener of this.listeners) listener(change);
  }

  /**
   * Plays a change once those before it are: at once when none waits (so that an action made in the
   * page is shown before its call returns), else in order after them.
   */
  protected enqueue(step: () => void | Promise<void>): void {
    this.changes.run(step).catch((error: unknown) => console.warn('<dice-poker> table:', error));
  }

  /**
   * Sends a request the rules allow now (else rejects with the refusal, nothing sent); settles once the
   * table has taken it and `game` shows it (at once for a game on this screen), or refused it.
   */
  private ask<T extends number[] | number, K extends Asked['type']>(
    action: Action,
    type: K,
    message: ClientMessages[K],
  ): Promise<T> {
    try {
      this.myTurn(action);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return new Promise<T>((resolve, reject) => {
      this.asked.push({ type, resolve: resolve as Asked['resolve'], reject });
      this.send(type, message);
    });
  }

  /** This seat's turn and a move the rules allow now: else the refusal, nothing sent. */
  private myTurn(action: Action): void {
    const game = this.game;
    if (!game) throw new DicePokerError('no-game', 'The game has not started');
    // A throw asked for (its dice still to be recorded, or in the air) is one in progress.
    if (this.flying || this.throwAsked)
      throw new DicePokerError('throw-in-progress', 'Wait for the dice to stop');
    if (!game.over && !this.isMine(game.current))
      throw new DicePokerError('not-your-turn', 'It is another player’s turn');
    const unreachable = this.unreachable();
    if (unreachable) throw unreachable;
    const refused = refusal(game, action);
    if (refused) throw DicePokerError.from(refused);
  }

  /** Plays a throw on the table; the action after it brings its dice to the game. */
  protected async playThrow({ seat, trajectory, faces, held }: ThrowToPlay): Promise<void> {
    const game = this.game;
    if (!game) return;
    this.flying = { player: seat, held };
    this.tell({ type: 'throw-started', game, throw: this.flying });
    try {
      await this.player(trajectory, faces, held);
    } finally {
      this.flying = null;
    }
  }

  /** `view` is the one this page has now: its turn clock read against this page's clock. */
  private keep(view: RoomView): void {
    this.view = view;
    this.seen(view);
    this.clockEnds = view.clock.left === null ? null : performance.now() + view.clock.left;
  }

  /** Takes a whole view (see `started`), and tells the room changed. */
  protected takeView(view: RoomView, started: 'started' | 'resumed' | null): void {
    this.keep(view);
    if (started && view.game) this.tell({ type: started, game: view.game });
    this.tell({ type: 'room', game: view.game });
  }

  /**
   * Takes one action of the game (see `viewAfter`): applied once through the engine, told once, and the
   * request of this page it answers settled. False when it is not the next one (an old copy, or the
   * session is behind: the next whole view puts it right).
   */
  protected takeAction(acted: Acted): boolean {
    const view = this.view;
    if (!view || acted.version <= view.version) return false;
    let next: RoomView;
    try {
      next = viewAfter(view, acted, this.hideSeed);
    } catch (error) {
      console.warn('<dice-poker> table:', error);
      return false;
    }
    this.keep(next);
    const before = view.game!;
    const game = next.game!;
    const { action, seat } = acted;
    if (action.type === 'roll') {
      this.tell({ type: 'thrown', before, game });
      this.settleAsked(seat, 'throw', [...game.dice]);
    } else if (action.type === 'hold') {
      this.tell({ type: 'held', before, game, index: action.index });
      this.settleAsked(seat, 'hold', 0);
    } else if (action.type === 'score') {
      const points = game.players[seat]!.scores[action.row]!;
      this.tell({ type: 'scored', before, game, row: action.row, player: seat, points });
      this.settleAsked(seat, 'score', points);
    }
    this.tell({ type: 'room', game });
    return true;
  }

  /** This page's first request of `type` waiting, taken by the table as seat `seat`'s action: settled. */
  private settleAsked(seat: number, type: Asked['type'], value: number[] | number): void {
    const asked = this.isMine(seat) ? this.asked.findIndex((a) => a.type === type) : -1;
    if (asked >= 0) this.asked.splice(asked, 1)[0]!.resolve(value);
  }

  /**
   * A request of this page's the table refused: its promise rejects (a throw, a hold, a score); for
   * any other, the refusal is told. True when a promise took it.
   */
  protected rejectAsked(request: string | undefined, error: Error): boolean {
    const asked = this.asked.findIndex((a) => a.type === request);
    if (asked >= 0) this.asked.splice(asked, 1)[0]!.reject(error);
    return asked >= 0;
  }

  /** Every request waiting is rejected with `error` (the room closed or let this page go). */
  protected failPending(error: Error): void {
    for (const asked of this.asked.splice(0)) asked.reject(error);
  }

  /** Whether a throw asked for by this page waits for its dice (its request not yet answered). */
  protected get throwAsked(): boolean {
    return this.asked.some((a) => a.type === 'throw');
  }
}
