import { refusal, type Action, type Game, type RowId } from '../../engine/index.js';
import { personMayAct } from '../../table/turn-gate.js';
import type { GameRecorder, OnlineGameRecord } from '../../online/game-record.js';
import { viewAfter } from '../../online/room-events.js';
import type {
  Acted,
  ClientMessages,
  RefusalCode,
  RoomPace,
  TimeUp,
  RoomView,
  ServerMessages,
} from '../../online/protocol.js';
import { decodeTrajectory, type Gesture } from '../../scene/index.js';
import { DicePokerError, type DicePokerErrorCode } from '../errors.js';
import type {
  GameSession,
  GameSetup,
  OnlineState,
  SessionChange,
  ThrowInFlight,
  ThrowPlayer,
} from './game-session.js';
import type { SeatKind } from '../coach/seats.js';

/**
 * The connection to a table: an online room (Colyseus), the table run in the page (PageTable), or a
 * fake in tests. The same messages either way (src/online/protocol.ts).
 */
export interface TableLink {
  readonly roomId: string;
  send<K extends keyof ClientMessages>(type: K, message: ClientMessages[K]): void;
  on<K extends keyof ServerMessages>(type: K, handler: (message: ServerMessages[K]) => void): void;
  /** The connection dropped (the SDK tries again), came back, or closed for good. */
  onConnection(handler: (state: 'dropped' | 'back' | 'closed') => void): void;
  leave(): Promise<void>;
}

/** The table run in the page, which starts its own games (PageTable). */
export interface LocalTable extends TableLink {
  start(setup: GameSetup & { kinds: readonly SeatKind[] }): void;
  resume(game: Game, kinds: readonly SeatKind[]): void;
}

/**
 * The page's one mirror of a table, online or in the page: the table (the server's, or the one run
 * in-process: src/table) holds the game and throws the dice; the mirror keeps its latest view, sends this
 * page's requests (checked here first, so a plainly refused one never travels), plays every throw's
 * recording on the table, and tells each action of every player once, in order, as the views arrive.
 * Online only this page's seat may act; in the page, every person's seat.
 */
export class TableMirror implements GameSession {
  private view: RoomView | null = null;
  private seat = -1;
  private flying: ThrowInFlight | null = null;
  private linkUp = true;
  private linkClosed = false;
  /** The server said it is closing the room (its process is going); the game is kept when `resumable`. */
  private closingNotice: ServerMessages['closing'] | null = null;
  /** Messages waiting for the one handled now (a throw's playback holds back the views after it). */
  private readonly waiting: (() => void)[] = [];
  private handling = false;
  /** Told when the last message waiting is handled (see `settled`). */
  private idle: (() => void)[] = [];
  /** What the next welcome of a table in the page starts: a new game or a resumed one. */
  private nextStart: 'started' | 'resumed' = 'started';
  private pendingThrow: { resolve(dice: number[]): void; reject(error: Error): void } | null = null;
  /** This page's holds and scores sent, in order, each settled once the table has taken it (or refused it). */
  private readonly asked: Asked[] = [];
  private readonly listeners = new Set<(change: SessionChange) => void>();
  /** The seat's key, from the welcome that made it: this person's way back to the seat. */
  private seatKey: string | null = null;
  /** The seat this page asks for by its name (the host answers), or null. */
  private claimingSeat: number | null = null;
  /** Why the room let this page go (its seat opened elsewhere, its ask refused), or null. */
  private letGoCode: RefusalCode | null = null;
  /** When the timed turn under way ends (performance.now()), or null. */
  private clockEnds: number | null = null;
  /** This page came to watch (a watch link): it has no seat and plays no part. */
  private watchingRoom = false;
  /** The room's last change waits to be stored (its database is away): nothing is taken meanwhile. */
  private storing = false;

  constructor(
    private readonly link: TableLink,
    private readonly player: ThrowPlayer,
    /** The table run in the page, when this mirrors it (null: an online room). */
    private readonly local: LocalTable | null = null,
    /** What a record of the finished game needs ("Verify this game"): online only. */
    private readonly recorder: GameRecorder | null = null,
  ) {
    link.on('welcome', ({ seat, view, key, claiming, watching }) =>
      this.enqueue(() => {
        this.seat = seat;
        this.watchingRoom = watching === true;
        this.linkUp = true;
        if (key) this.seatKey = key;
        this.claimingSeat = claiming ?? null;
        this.take(view, true);
      }),
    );
    link.on('view', (view) => this.enqueue(() => this.take(view, false)));
    link.on('acted', (acted) => this.enqueue(() => this.takeAction(acted)));
    link.on('thrown', (thrown) => {
      this.recorder?.seeThrow(thrown);
      this.enqueue(() => this.playThrow(thrown));
    });
    link.on('refused', (refused) => this.refused(refused));
    link.on('left', ({ name, wasHost, host }) =>
      this.enqueue(() =>
        this.tell({
          type: 'left',
          game: this.game,
          name,
          wasHost,
          host: this.view?.seats[host]?.name ?? '',
          youAreHost: host === this.seat,
        }),
      ),
    );
    link.on('saving', ({ waiting }) => {
      this.storing = waiting;
      this.tell({ type: 'room', game: this.game });
    });
    link.on('closing', (closing) => {
      this.closingNotice = closing;
      this.tell({ type: 'room', game: this.game });
    });
    link.onConnection((state) => {
      this.linkUp = state !== 'dropped' && state !== 'closed';
      this.linkClosed = state === 'closed';
      if (state === 'closed') this.failPending(new DicePokerError('offline', 'The room closed'));
      this.tell({ type: 'room', game: this.game });
    });
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

  get online(): OnlineState | null {
    const view = this.view;
    if (!view || this.local) return null;
    return {
      roomId: view.roomId,
      seat: this.seat,
      host: view.host === this.seat,
      connected: view.seats.map((s, i) => (i === this.seat ? this.linkUp : s.connected)),
    };
  }

  /** The connection closed for good (left, or its server went away). */
  get closed(): boolean {
    return this.linkClosed;
  }

  /** The server's word that it is closing the room, if it sent one. */
  get closing(): ServerMessages['closing'] | null {
    return this.closingNotice;
  }

  /** This page's name at the table. */
  get name(): string | null {
    return this.view?.seats[this.seat]?.name ?? null;
  }

  /** The room's id. */
  get roomId(): string {
    return this.link.roomId;
  }

  /** The key of this page's seat (given when the seat was made for it), if it was given here. */
  get key(): string | null {
    return this.seatKey;
  }

  /** The seat this page asks for by name without its key (the host answers), or null. */
  get claiming(): number | null {
    return this.claimingSeat;
  }

  /** Whether the room's last change waits to be stored (the server says it is saving, and goes on after). */
  get saving(): boolean {
    return this.storing;
  }

  /** Whether this page watches the room (it came by a watch link): no seat, no part in the game. */
  get watching(): boolean {
    return this.watchingRoom;
  }

  /** Why the room let this page go: `moved-elsewhere` or `claim-refused`; null while it has not. */
  get letGo(): RefusalCode | null {
    return this.letGoCode;
  }

  /** When the timed turn under way ends (performance.now() time), or null when none is timed. */
  get turnEndsAt(): number | null {
    return this.clockEnds;
  }

  /** The record of the finished game, for "Verify this game"; null while it is played. */
  get gameRecord(): OnlineGameRecord | null {
    return this.recorder?.record() ?? null;
  }

  /**
   * The one answer to "may the person at this page act in the game now" (see personMayAct): the turn
   * is one of this page's seats, a person's, and no throw is in the air.
   */
  get mayAct(): boolean {
    const view = this.view;
    // Online, nothing is taken while the room cannot be reached: it would be lost.
    if (!view || !this.linkUp || this.linkClosed || this.storing) return false;
    return !this.flying && !this.pendingThrow && personMayAct(view, (seat) => this.isMine(seat));
  }

  /** Whether seat `seat` is played from this page: online its own seat, in the page every person's. */
  isMine(seat: number): boolean {
    return this.local ? this.view?.seats[seat]?.kind === 'human' : seat === this.seat;
  }

  get seatKinds(): SeatKind[] {
    return this.view?.seats.map((seat) => seat.kind) ?? [];
  }

  /** Resolves once every message so far is handled (a throw being played has come to rest). */
  settled(): Promise<void> {
    if (!this.handling && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  throw(gesture: Gesture): Promise<number[]> {
    try {
      this.myTurn({ type: 'roll' });
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<number[]>((resolve, reject) => {
      this.pendingThrow = { resolve, reject };
      this.link.send('throw', { gesture: { dirX: gesture.dirX, dirZ: gesture.dirZ, speed: gesture.speed } });
    });
  }

  toggleHold(index: number): Promise<void> {
    return this.ask('hold', { type: 'hold', index, held: !this.game?.held[index] }, (game) =>
      this.link.send('hold', { index, held: !game.held[index] }),
    ).then(() => undefined);
  }

  score(row: RowId): Promise<number> {
    return this.ask('score', { type: 'score', row }, () => this.link.send('score', { row }));
  }

  /**
   * Sends a hold or a score the rules allow now (else rejects with the refusal, nothing sent); settles
   * once the table has taken it and `game` shows it (at once for the table in the page), or refused it.
   */
  private ask(type: Asked['type'], action: Action, send: (game: Game) => void): Promise<number> {
    let game: Game;
    try {
      game = this.myTurn(action);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return new Promise<number>((resolve, reject) => {
      this.asked.push({ type, resolve, reject });
      send(game);
    });
  }

  /**
   * Starts a new game on the table in the page (who plays each seat: `kinds`, people by default).
   * Online, a game is started by the host in the room (`startGame`).
   */
  start(setup: GameSetup, kinds: readonly SeatKind[] = []): void {
    if (!this.local) throw new DicePokerError('not-host', 'An online game is started by its host');
    if (this.flying || this.pendingThrow)
      throw new DicePokerError('throw-in-progress', 'Wait for the dice to stop');
    this.nextStart = 'started';
    try {
      this.local.start({ ...setup, kinds: setup.players.map((_, i) => kinds[i] ?? 'human') });
    } catch (error) {
      throw DicePokerError.from(error);
    }
  }

  /** Plays on from a saved game on the table in the page. Online, the room holds the game. */
  resume(game: Game, kinds: readonly SeatKind[] = []): void {
    if (!this.local) throw new DicePokerError('bad-action', 'An online game is the room’s');
    if (this.flying || this.pendingThrow)
      throw new DicePokerError('throw-in-progress', 'Wait for the dice to stop');
    this.nextStart = 'resumed';
    this.local.resume(game, kinds);
  }

  /** Host only: starts the game with the seats taken. */
  startGame(): void {
    if (!this.online?.host) throw new DicePokerError('not-host', 'Only the host starts the game');
    this.link.send('start', {});
  }

  /** Host only, before the game: seats a computer player. */
  addBot(kind: ClientMessages['add-bot']['kind']): void {
    this.link.send('add-bot', { kind });
  }

  /** Host only, before the game: empties a seat. */
  removeSeat(seat: number): void {
    this.link.send('remove-seat', { seat });
  }

  /** Host only, before the game: how the room is played, and the seconds a person has for each turn. */
  setClock(seconds: number, pace: RoomPace = 'live', timeUp?: TimeUp): void {
    this.link.send('clock', { seconds, pace, ...(timeUp && pace === 'own-pace' ? { timeUp } : {}) });
  }

  /** Lets in (or not) one who asks for seat `seat` by its name (the host, or the others while it is away). */
  answerClaim(seat: number, admit: boolean): void {
    this.link.send('answer-claim', { seat, admit });
  }

  /** Reminds the person whose turn it is (see ClientMessages.nudge). */
  nudge(): void {
    this.link.send('nudge', {});
  }

  /** Asks for (or agrees to) a rematch, after the game (see ClientMessages.rematch). */
  rematch(): void {
    this.link.send('rematch', {});
  }

  /** Leaves the room for good. */
  async leave(): Promise<void> {
    this.failPending(new DicePokerError('offline', 'Left the room'));
    await this.link.leave();
  }

  subscribe(listener: (change: SessionChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(change: SessionChange): void {
    for (const listener of this.listeners) listener(change);
  }

  /**
   * Handles a message once those before it are: at once when none waits (so that an action made in
   * the page is mirrored before its call returns), else in order after them.
   */
  private enqueue(step: () => void | Promise<void>): void {
    const run = (): void => {
      this.handling = true;
      let result: void | Promise<void> = undefined;
      try {
        result = step();
      } catch (error) {
        console.warn('<dice-poker> table:', error);
      }
      const done = (): void => {
        this.handling = false;
        if (this.waiting.length > 0) this.waiting.shift()!();
        else for (const resolve of this.idle.splice(0)) resolve();
      };
      if (result instanceof Promise) {
        result.catch((error: unknown) => console.warn('<dice-poker> table:', error)).finally(done);
      } else {
        done();
      }
    };
    if (this.handling) this.waiting.push(run);
    else run();
  }

  /** This seat's turn and a move the rules allow now: else the refusal, nothing sent. */
  private myTurn(action: Action): Game {
    const game = this.game;
    if (!game) throw new DicePokerError('no-game', 'The game has not started');
    // A throw asked for (its dice still to be recorded, or in the air) is one in progress.
    if (this.flying || this.pendingThrow)
      throw new DicePokerError('throw-in-progress', 'Wait for the dice to stop');
    if (!game.over && !this.isMine(game.current))
      throw new DicePokerError('not-your-turn', 'It is another player’s turn');
    if (this.storing)
      throw new DicePokerError('server-unavailable', 'The server is saving the game: wait a moment');
    const refused = refusal(game, action);
    if (refused) throw DicePokerError.from(refused);
    return game;
  }

  /** Plays a throw on the table; the view that follows it brings the game. */
  private async playThrow({ seat, trajectory, faces, held }: ServerMessages['thrown']): Promise<void> {
    const game = this.game;
    if (!game) return;
    this.flying = { player: seat, held };
    this.tell({ type: 'throw-started', game, throw: this.flying });
    try {
      await this.player(decodeTrajectory(trajectory), faces, held);
    } finally {
      this.flying = null;
    }
  }

  /**
   * Takes a whole view (a welcome, a change of the room, the end of a game): a new game is told as
   * started (or resumed); the actions of a game come as 'acted' (`takeAction`), never worked out here.
   */
  private take(view: RoomView, welcome: boolean): void {
    const old = this.view;
    // The same version again is the view of the game's end, after its last action (with the proof).
    if (old && view.version < old.version && !welcome) return;
    this.view = view;
    this.recorder?.seeView(view);
    this.clockEnds = view.clock.left === null ? null : performance.now() + view.clock.left;
    const before = old?.game ?? null;
    const after = view.game;
    if (welcome && this.local && after) {
      // The table in the page welcomes each game it starts or resumes once.
      this.tell({ type: this.nextStart, game: after });
    } else if (after && (!before || !sameGame(before, after))) {
      this.tell({ type: welcome && after.log.length > 0 ? 'resumed' : 'started', game: after });
    }
    this.tell({ type: 'room', game: after });
  }

  /**
   * Takes one action of the game (see `viewAfter`): applied once through the engine, told once, and the
   * request of this page it answers settled.
   */
  private takeAction(acted: Acted): void {
    const view = this.view;
    if (!view || acted.version <= view.version) return;
    let next: RoomView;
    try {
      next = viewAfter(view, acted, !this.local);
    } catch (error) {
      // Behind the table (never in order): the next whole view puts it right.
      console.warn('<dice-poker> table:', error);
      return;
    }
    this.view = next;
    this.recorder?.seeView(next);
    this.clockEnds = next.clock.left === null ? null : performance.now() + next.clock.left;
    const before = view.game!;
    const game = next.game!;
    const { action, seat } = acted;
    if (action.type === 'roll') {
      this.tell({ type: 'thrown', before, game });
      if (this.isMine(seat) && this.pendingThrow) {
        this.pendingThrow.resolve([...game.dice]);
        this.pendingThrow = null;
      }
    } else if (action.type === 'hold') {
      this.tell({ type: 'held', before, game, index: action.index });
      this.settleAsked(seat, 'hold', 0);
    } else if (action.type === 'score') {
      const points = game.players[seat]!.scores[action.row]!;
      this.tell({ type: 'scored', before, game, row: action.row, player: seat, points });
      this.settleAsked(seat, 'score', points);
    }
    this.tell({ type: 'room', game });
  }

  /** This page's first hold or score waiting, taken by the table as seat `seat`'s action: settled. */
  private settleAsked(seat: number, type: Asked['type'], points: number): void {
    if (!this.isMine(seat) || this.asked[0]?.type !== type) return;
    this.asked.shift()!.resolve(points);
  }

  private refused({ code, message, request }: ServerMessages['refused']): void {
    const error = new DicePokerError(code as DicePokerErrorCode, message);
    if (code === 'moved-elsewhere' || code === 'claim-refused') {
      this.letGoCode = code;
      this.failPending(error);
      this.tell({ type: 'room', game: this.game });
      return;
    }
    if (request === 'throw' && this.pendingThrow) {
      this.pendingThrow.reject(error);
      this.pendingThrow = null;
      return;
    }
    const asked = this.asked.findIndex((a) => a.type === request);
    if (asked >= 0) {
      this.asked.splice(asked, 1)[0]!.reject(error);
      return;
    }
    this.tell({ type: 'refused', game: this.game, error });
  }

  private failPending(error: Error): void {
    this.pendingThrow?.reject(error);
    this.pendingThrow = null;
    for (const asked of this.asked.splice(0)) asked.reject(error);
  }
}

/** A hold or a score this page sent, waiting for the table's answer. */
interface Asked {
  type: 'hold' | 'score';
  resolve(points: number): void;
  reject(error: Error): void;
}

/** The same game (its log grew, or not): same players, rules and first actions. */
function sameGame(a: Game, b: Game): boolean {
  return (
    a.rules === b.rules &&
    a.players.length === b.players.length &&
    a.players.every((p, i) => p.name === b.players[i]!.name) &&
    b.log.length >= a.log.length &&
    a.log.every((action, i) => JSON.stringify(action) === JSON.stringify(b.log[i]))
  );
}
