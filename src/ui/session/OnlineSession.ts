import type { Game } from '../../engine/index.js';
import type { GameRecorder, OnlineGameRecord } from '../../online/game-record.js';
import type {
  ClientMessages,
  RefusalCode,
  RoomPace,
  RoomView,
  ServerMessages,
  TimeUp,
} from '../../online/protocol.js';
import { decodeTrajectory } from '../../scene/index.js';
import { DicePokerError, type DicePokerErrorCode } from '../errors.js';
import type { OnlineState, ThrowPlayer } from './game-session.js';
import { SessionCore } from './SessionCore.js';

/** The connection to an online room (Colyseus: colyseus-link.ts), or a fake in tests. */
export interface TableLink {
  readonly roomId: string;
  send<K extends keyof ClientMessages>(type: K, message: ClientMessages[K]): void;
  on<K extends keyof ServerMessages>(type: K, handler: (message: ServerMessages[K]) => void): void;
  /** The connection dropped (the SDK tries again), came back, or closed for good. */
  onConnection(handler: (state: 'dropped' | 'back' | 'closed') => void): void;
  leave(): Promise<void>;
}

/**
 * An online room as this page plays it: the room's table (on the game server) holds the game and
 * throws the dice; this session keeps the view the room sent, plays every throw's recording, applies
 * every action the room tells once, and sends this page's requests for its own seat. Around the game:
 * the seat's key, an ask for a seat, being let go, the connection, the server saving or closing, a
 * watcher's place, and the record of the finished game ("Verify this game").
 */
export class OnlineSession extends SessionCore {
  // The room as this page knows it: each is read through the getter of the same meaning below.
  private seat = -1;
  private linkUp = true;
  private linkClosed = false;
  /** The server said it is closing the room (its process is going); the game is kept when `resumable`. */
  private closingNotice: ServerMessages['closing'] | null = null;
  private seatKey: string | null = null;
  private claimingSeat: number | null = null;
  private letGoCode: RefusalCode | null = null;
  private watchingRoom = false;
  /** The room's last change waits to be stored (its database is away): nothing is taken meanwhile. */
  private storing = false;
  /** Asks for a move link waiting for the room's answer, in order. */
  private readonly moveAsks: {
    resolve(link: ServerMessages['move-link']): void;
    reject(error: Error): void;
  }[] = [];

  constructor(
    private readonly link: TableLink,
    player: ThrowPlayer,
    /** What a record of the finished game needs ("Verify this game"). */
    private readonly recorder: GameRecorder | null = null,
  ) {
    super(player, true);
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
    link.on('acted', (acted) => this.enqueue(() => void this.takeAction(acted)));
    link.on('thrown', (thrown) => {
      this.recorder?.seeThrow(thrown);
      this.enqueue(() => this.playThrow({ ...thrown, trajectory: decodeTrajectory(thrown.trajectory) }));
    });
    link.on('refused', (refused) => this.refused(refused));
    link.on('move-link', (answer) => this.moveAsks.shift()?.resolve(answer));
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

  get online(): OnlineState | null {
    const view = this.view;
    if (!view) return null;
    return {
      roomId: view.roomId,
      seat: this.seat,
      host: view.host === this.seat,
      connected: view.seats.map((s, i) => (i === this.seat ? this.linkUp : s.connected)),
    };
  }

  /** Online only this page's seat may act. */
  isMine(seat: number): boolean {
    return seat === this.seat;
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

  /** The record of the finished game, for "Verify this game"; null while it is played. */
  get gameRecord(): OnlineGameRecord | null {
    return this.recorder?.record() ?? null;
  }

  /** An online game is started by its host in the room (`startGame`). */
  start(): void {
    throw new DicePokerError('not-host', 'An online game is started by its host');
  }

  /** An online game is the room's: it is never resumed from a copy. */
  resume(): void {
    throw new DicePokerError('bad-action', 'An online game is the room’s');
  }

  /** Host only: starts the game with the seats taken. */
  startGame(): void {
    if (!this.online?.host) throw new DicePokerError('not-host', 'Only the host starts the game');
    this.link.send('start', {});
  }

  /**
   * One of the room's own requests (the host's in the lobby: add-bot, remove-seat, rules,
   * answer-claim; anyone's: nudge, rematch): a refusal comes back as a 'refused' change.
   */
  request<K extends 'add-bot' | 'remove-seat' | 'rules' | 'answer-claim' | 'nudge' | 'rematch'>(
    type: K,
    message: ClientMessages[K],
  ): void {
    this.link.send(type, message);
  }

  /** Host only, before the game: how the room is played, and the seconds a person has for each turn. */
  setClock(seconds: number, pace: RoomPace = 'live', timeUp?: TimeUp): void {
    this.link.send('clock', { seconds, pace, ...(timeUp && pace === 'own-pace' ? { timeUp } : {}) });
  }

  /**
   * A link's key to play this seat on another device (see ClientMessages['move-link']): good once,
   * until `until` (ms since 1970).
   */
  moveLink(): Promise<ServerMessages['move-link']> {
    return new Promise((resolve, reject) => {
      this.moveAsks.push({ resolve, reject });
      this.link.send('move-link', {});
    });
  }

  protected override failPending(error: Error): void {
    super.failPending(error);
    for (const ask of this.moveAsks.splice(0)) ask.reject(error);
  }

  /** Leaves the room for good. */
  async leave(): Promise<void> {
    this.failPending(new DicePokerError('offline', 'Left the room'));
    await this.link.leave();
  }

  protected send<K extends keyof ClientMessages>(type: K, message: ClientMessages[K]): void {
    this.link.send(type, message);
  }

  protected override seen(view: RoomView): void {
    this.recorder?.seeView(view);
  }

  /** Nothing is taken while the room cannot be reached, or while it is saving: it would be lost. */
  protected override unreachable(): DicePokerError | null {
    if (!this.view) return null;
    if (!this.linkUp || this.linkClosed) return new DicePokerError('offline', 'The room cannot be reached');
    if (this.storing)
      return new DicePokerError('server-unavailable', 'The server is saving the game: wait a moment');
    return null;
  }

  /**
   * Takes a whole view (a welcome, a change of the room, the end of a game): a new game is told as
   * started (or resumed, on a welcome); the actions of a game come as 'acted', never worked out here.
   */
  private take(view: RoomView, welcome: boolean): void {
    const old = this.view;
    // The same version again is the view of the game's end, after its last action (with the proof).
    if (old && view.version < old.version && !welcome) return;
    const before = old?.game ?? null;
    const after = view.game;
    const isNew = !!after && (!before || !sameGame(before, after));
    this.takeView(view, isNew ? (welcome && after.log.length > 0 ? 'resumed' : 'started') : null);
  }

  private refused({ code, message, request }: ServerMessages['refused']): void {
    const error = new DicePokerError(code as DicePokerErrorCode, message);
    if (LET_GO.has(code)) {
      this.letGoCode = code;
      this.failPending(error);
      this.tell({ type: 'room', game: this.game });
      return;
    }
    if (request === 'move-link' && this.moveAsks.length > 0) {
      this.moveAsks.shift()!.reject(error);
      return;
    }
    if (!this.rejectAsked(request, error)) this.tell({ type: 'refused', game: this.game, error });
  }
}

/** The codes with which the room lets this page go: its seat opened elsewhere, its ask refused or lapsed, removed. */
const LET_GO = new Set<RefusalCode>(['moved-elsewhere', 'claim-refused', 'claim-lapsed', 'removed']);

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
