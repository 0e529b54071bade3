import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Game, RuleSetId } from '../../engine/index.js';
import { isSeatKind } from '../coach/seats.js';
import { DicePokerError } from '../errors.js';
import type { NewGameOptions } from '../new-game-options.js';
import type { LoadResult } from '../persistence/saved-game.js';
import type { ComputerPolicy } from '../../table/index.js';
import type { GameSession, SessionChange, ThrowPlayer } from '../session/game-session.js';
import { LocalSession } from '../session/LocalSession.js';
import { stringsFor, type Lang } from '../i18n/index.js';
import { localShownName, shownName, withShownNames } from '../shown-names.js';
import type { OnlinePlay } from './OnlinePlay.js';
import { Observable } from './Observable.js';
import { prefersReducedMotion } from './reduced-motion.js';
import type { OnlineView } from './dice-poker.view-model.js';
import { OFFLINE, hasOnlineSeat, isInvite, keepsSeats } from './online-entry.js';

/**
 * What the element's parts follow: each change of the game played (SessionChange), the switch to
 * another game (`played`), and online play's words to the player: a passing one (`say`) and a lasting
 * one (`tell`: what to do now that the game cannot go on).
 */
export type PlayChange =
  | SessionChange
  | { type: 'played'; game: Game | null }
  | { type: 'say'; text: string }
  | { type: 'tell'; text: string };

/** A change that is an action of the game the session accepted (a resumed game is none: it is the saved one). */
export type GameAction = Extract<SessionChange, { type: 'thrown' | 'held' | 'scored' | 'started' }>;

export function isGameAction(change: PlayChange): change is GameAction {
  const { type } = change;
  return type === 'thrown' || type === 'held' || type === 'scored' || type === 'started';
}

/** What the session reads of the element: its public properties, whether it has rendered yet, and its events. */
export type SessionHost = ReactiveControllerHost &
  EventTarget & {
    readonly hasUpdated: boolean;
    readonly server: string | null;
    readonly storageKey: string;
    readonly language: Lang;
    readonly reducedMotion: boolean;
  };

/**
 * The one session the element reads, and switching it: a game on this screen (the table's authority
 * run in the page) or an online room (online play, a chunk loaded on first use). The element's parts
 * follow it (`follow`), never each other: whichever game is played, its changes come to them from
 * here. It knows whether the new-game panel covers the table (the page's computers wait meanwhile, and
 * while the element is off the page); taken off the page, it leaves its online room too.
 */
export class SessionController extends Observable implements ReactiveController {
  /** A game on this screen: the table's authority run here, its computers played by the coach. */
  readonly local: LocalSession;
  /** Online play, once wanted (a chunk of its own: pages that never go online never load it). */
  online: OnlinePlay | null = null;
  /** The game played: the one truth the table and the overlay show (the local one, or an online room). */
  private current: GameSession;
  private stopFollowing: () => void;
  private readonly followers = new Set<(change: PlayChange) => void>();
  /** The new-game panel covers the table (the game behind it waits). */
  private covering = false;

  /** `computers`: what the page's computers do; `playThrow`: plays a throw on the table. */
  constructor(
    private readonly host: SessionHost,
    computers: ComputerPolicy,
    private readonly playThrow: ThrowPlayer,
  ) {
    super();
    host.addController(this);
    this.local = new LocalSession(playThrow, {
      policy: computers,
      delayMs: () => (prefersReducedMotion(host) ? 250 : 600),
    });
    this.current = this.local;
    this.stopFollowing = this.current.subscribe((change) => this.tell(change));
  }

  /** Calls `follower` on every change of the game played, in order (see PlayChange); returns the call that stops it. */
  follow(follower: (change: PlayChange) => void): () => void {
    this.followers.add(follower);
    return () => this.followers.delete(follower);
  }

  private tell(change: PlayChange): void {
    // First: what follows (focus moving to a panel) waits for the render of this change.
    this.changed();
    for (const follower of this.followers) follower(change);
  }

  /** Whether the new-game panel covers the table. */
  get covered(): boolean {
    return this.covering;
  }

  /** The new-game panel opens or closes over the table: the page's computers wait meanwhile. */
  cover(covered: boolean): void {
    if (covered === this.covering) return;
    this.covering = covered;
    this.local.setPaused(covered);
    this.changed();
  }

  /** The one answer to "may the person here act now": the table's turn gate, and no panel over it. */
  get personMayAct(): boolean {
    return !this.covering && this.current.mayAct;
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

  /**
   * `game` with its seats named as the page shows them (see shown-names.ts), in the page's language:
   * online, the computer seats; in the page, the names the page gave (`Player 2`, `Computer · good`).
   */
  namedAsShown(game: Game): Game {
    const kinds = this.current.seatKinds;
    const strings = stringsFor(this.host.language);
    const kind = (seat: number) => kinds[seat] ?? 'human';
    return this.current.online
      ? withShownNames(game, (name, seat) => shownName(name, kind(seat) !== 'human', strings))
      : withShownNames(game, (name, seat) => localShownName(name, kind(seat), seat, strings));
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
    if (keepsSeats(this.host.storageKey)) void this.onlinePlay().then((online) => online.myGames.start());
  }

  private myGamesShown = false;

  /** Online play, loaded on first use. */
  async onlinePlay(): Promise<OnlinePlay> {
    if (!this.online) {
      const { OnlinePlay } = await import('./OnlinePlay.js');
      this.online ??= new OnlinePlay({
        serverUrl: () => this.host.server || location.origin,
        storageKey: () => this.host.storageKey,
        play: (session) => this.play(session ?? this.local),
        playThrow: this.playThrow,
        lang: () => this.host.language,
        say: (text) => this.tell({ type: 'say', text }),
        tell: (text) => this.tell({ type: 'tell', text }),
        dispatchEvent: (event) => this.host.dispatchEvent(event),
      });
      this.online.subscribe(() => this.changed());
    }
    return this.online;
  }

  /** What online play shows (nothing, before it is loaded). */
  onlineView(game: Game | null): OnlineView {
    return this.online?.view(game) ?? OFFLINE;
  }

  /** Plays `session` from now on: the table and the overlay show its game. */
  play(session: GameSession): void {
    if (session === this.current) return;
    this.stopFollowing();
    this.current = session;
    this.stopFollowing = session.subscribe((change) => this.tell(change));
    this.tell({ type: 'played', game: session.game });
  }

  hostConnected(): void {
    if (this.host.hasUpdated) this.local.setPaused(this.covering);
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
    if (isInvite() || hasOnlineSeat(this.host.storageKey)) {
      void this.onlinePlay().then(async (online) => {
        online.readInvite();
        await online.comeBack();
      });
    }
  }
}
