import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Game, RuleSetId } from '../../engine/index.js';
import { isSeatKind } from '../coach/seats.js';
import { DicePokerError } from '../errors.js';
import type { NewGameOptions } from '../new-game-options.js';
import type { LoadResult } from '../persistence/saved-game.js';
import type { ComputerPolicy } from '../../table/index.js';
import type { GameSession, SessionChange } from '../session/game-session.js';
import { LocalSession } from '../session/LocalSession.js';
import type { OnlineHost, OnlinePlay } from './OnlinePlay.js';
import type { DicePokerView, OnlineView } from './dice-poker.view.js';
import { OFFLINE, hasOnlineSeat, isInvite, keepsSeats } from './online-entry.js';

/** The online panel's and bar's requests that go straight to online play. */
export type RoomRequests = Pick<
  DicePokerView['on'],
  | 'join'
  | 'addBot'
  | 'removeSeat'
  | 'leave'
  | 'answerClaim'
  | 'setClock'
  | 'saveRecord'
  | 'openGame'
  | 'notifyTurn'
  | 'nudge'
  | 'rematch'
>;

/** What the session needs of the element: whether it has rendered yet, and redraws. */
export type SessionHost = ReactiveControllerHost & {
  readonly hasUpdated: boolean;
  dispatchEvent(event: Event): boolean;
};

/**
 * What the session needs to know and tell, from the element (whose state is private to it): the
 * computers' policy, the pace, where a change goes, and what online play needs.
 */
export interface SessionOptions extends Pick<
  OnlineHost,
  'serverUrl' | 'storageKey' | 'say' | 'tell' | 'lang' | 'playThrow'
> {
  /** What the computers at the page's table do (the coach's policy). */
  computers: ComputerPolicy;
  /** Whether throws resolve at once and nothing animates (the computers play faster). */
  reducedMotion(): boolean;
  /** Whether the new-game panel is open (the computer waits meanwhile). */
  settingUp(): boolean;
  /** Every change of the session played, in order (see ChangeFollower). */
  follow(change: SessionChange): void;
  /** Another session is played from now on: the element closes its panels. */
  played(): void;
}

/**
 * The game the element plays, and switching it: a game on this screen (the table's authority run in
 * the page, behind the page's mirror) or an online room (online play, a chunk loaded on first use).
 * Whichever is played, its changes go to `follow`. The page's computers pause while the element is off
 * the page; taken off the page, it leaves its online room too.
 */
export class SessionController implements ReactiveController {
  /** A game on this screen: the table's authority run here, its computers played by the coach. */
  readonly local: LocalSession;
  /** Online play, once wanted (a chunk of its own: pages that never go online never load it). */
  online: OnlinePlay | null = null;
  /** The game played: the one truth the table and the overlay show (the local one, or an online room). */
  private current: GameSession;
  private stopFollowing: () => void;

  constructor(
    private readonly host: SessionHost,
    private readonly options: SessionOptions,
  ) {
    host.addController(this);
    this.local = new LocalSession(options.playThrow, {
      policy: options.computers,
      delayMs: () => (options.reducedMotion() ? 250 : 600),
    });
    this.current = this.local;
    this.stopFollowing = this.current.subscribe((change) => options.follow(change));
  }

  /** The game played: the local one, or an online room. */
  get session(): GameSession {
    return this.current;
  }

  /** The game now (null before the first one). */
  get game(): Game | null {
    return this.current.game;
  }

  /** Whether dice are in the air. */
  get busy(): boolean {
    return this.current.inFlight !== null;
  }

  /** Whether a computer plays the turn now (people's clicks and keys wait). */
  get botTurn(): boolean {
    const game = this.game;
    return !!game && !game.over && (this.current.seatKinds[game.current] ?? 'human') !== 'human';
  }

  /** Online, whether another person's seat plays the turn now (this page only watches). */
  get othersTurn(): boolean {
    const game = this.game;
    return !!this.current.online && !!game && !game.over && !this.botTurn && !this.current.mayAct;
  }

  /**
   * Lists my online games under the start panel while it shows (`shown`, told at every render), if
   * this browser keeps a seat in any: online play is loaded for it then, not before.
   */
  followMyGames(shown: boolean): void {
    if (shown === this.myGamesShown) return;
    this.myGamesShown = shown;
    if (!shown) {
      this.online?.myGames.stop();
      return;
    }
    if (keepsSeats(this.options.storageKey()))
      void this.onlinePlay().then((online) => online.myGames.start());
  }

  private myGamesShown = false;

  /** Online play, loaded on first use. */
  async onlinePlay(): Promise<OnlinePlay> {
    if (!this.online) {
      const { OnlinePlay } = await import('./OnlinePlay.js');
      this.online ??= new OnlinePlay({
        serverUrl: () => this.options.serverUrl(),
        storageKey: () => this.options.storageKey(),
        play: (session) => this.play(session ?? this.local),
        playThrow: this.options.playThrow,
        requestUpdate: () => this.host.requestUpdate(),
        lang: () => this.options.lang(),
        say: (message) => this.options.say(message),
        tell: (message) => this.options.tell(message),
        dispatchEvent: (event) => this.host.dispatchEvent(event),
      });
    }
    return this.online;
  }

  /** What online play shows (nothing, before it is loaded). */
  onlineView(game: Game | null): OnlineView {
    return this.online?.view(game) ?? OFFLINE;
  }

  /** The room's requests from the overlay, each run through `attempt` (which shows a refusal). */
  roomRequests(attempt: (request: () => unknown) => void): RoomRequests {
    return {
      join: (name) => attempt(() => this.online?.joinInvited(name)),
      addBot: (kind) => attempt(() => this.online?.addBot(kind)),
      removeSeat: (seat) => attempt(() => this.online?.removeSeat(seat)),
      leave: () => attempt(() => this.online?.back()),
      answerClaim: (seat, admit) => attempt(() => this.online?.answerClaim(seat, admit)),
      setClock: (seconds, pace, timeUp) => attempt(() => this.online?.setClock(seconds, pace, timeUp)),
      saveRecord: () => this.online?.saveRecord(),
      openGame: (roomId) => attempt(() => this.online?.openGame(roomId)),
      notifyTurn: (on) => attempt(() => this.online?.setNotifying(on)),
      nudge: () => attempt(() => this.online?.nudge()),
      rematch: () => attempt(() => this.online?.rematch()),
    };
  }

  /** Plays `session` from now on: the table and the overlay show its game. */
  play(session: GameSession): void {
    if (session === this.current) return;
    this.stopFollowing();
    this.current = session;
    this.stopFollowing = session.subscribe((change) => this.options.follow(change));
    this.options.played();
    this.host.requestUpdate();
  }

  hostConnected(): void {
    if (this.host.hasUpdated) this.local.setPaused(this.options.settingUp());
  }

  hostDisconnected(): void {
    this.local.setPaused(true);
    // Taken off the page: out of the room too (a reload, which closes the page, keeps the seat).
    if (this.online?.session) void this.online.leave();
  }

  /**
   * Starts a game on this screen at once (an online room is left first); what `options` leave out
   * comes from `defaults` (the attributes, the last game's players).
   */
  newGame(
    options: NewGameOptions,
    defaults: { players?: string[]; seed?: number; rules: RuleSetId; firstName: string },
  ): void {
    if (this.current !== this.local) {
      if (this.busy) throw new DicePokerError('throw-in-progress', 'Wait for the dice to stop');
      void this.online?.leave();
    }
    const players = options.players ??
      defaults.players ??
      this.game?.players.map((p) => p.name) ?? [defaults.firstName];
    const kinds = players.map((_, i) => (isSeatKind(options.seats?.[i]) ? options.seats[i]! : 'human'));
    this.current.start(
      { players, seed: options.seed ?? defaults.seed, rules: options.rules ?? defaults.rules },
      kinds,
    );
  }

  /** Plays on from a saved game (`saved`), if it is one: true then. */
  resume(saved: LoadResult): boolean {
    if (!saved.ok) return false;
    this.current.resume(saved.game, saved.seats ?? []);
    return true;
  }

  hostUpdated(): void {
    // After the first render only (hasUpdated turns true after the controllers' hostUpdated).
    if (this.host.hasUpdated) return;
    // The physics that records this page's throws, once the table's first frame is drawn.
    requestAnimationFrame(() =>
      setTimeout(() => this.local.preload().catch((e: unknown) => console.warn('<dice-poker>:', e))),
    );
    // Opened from an invite: the join panel asks for a name. A reload comes back to its seat.
    if (isInvite() || hasOnlineSeat(this.options.storageKey())) {
      void this.onlinePlay().then(async (online) => {
        online.readInvite();
        this.host.requestUpdate();
        await online.comeBack();
        this.host.requestUpdate();
      });
    }
  }
}
