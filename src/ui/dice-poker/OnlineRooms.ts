import { DicePokerError } from '../errors.js';
import type { Lang } from '../i18n/index.js';
import { needsNetworkFor } from '../i18n/offline-strings.js';
import { onlineStringsFor, type OnlineStrings } from '../i18n/online-strings.js';
import type { JoinOptions, OnlineErrorCode } from '../../online/protocol.js';
import type { Way } from '../online/connect.js';
import { SeatStore } from '../online/SeatStore.js';
import type { GameSession, SessionChange, ThrowPlayer } from '../session/game-session.js';
import type { OnlineSession } from '../session/OnlineSession.js';
import { Observable } from './Observable.js';
import { RoomRejoin } from './RoomRejoin.js';

/** What online play needs of the element. */
export interface OnlineHost {
  /** The game server's address (the `server` attribute, else the page's own origin). */
  serverUrl(): string;
  /** The element's storage key: the seats to come back to are kept under it. */
  storageKey(): string;
  /** Shows a passing word to the player (a toast). */
  say(message: string): void;
  /** Shows a lasting word to the player, until a game starts (what to do when a game cannot go on). */
  tell(message: string): void;
  /** Plays `session` from now on (null: back to a game in the page). */
  play(session: GameSession | null): void;
  /** Plays back on the table a throw the server made. */
  readonly playThrow: ThrowPlayer;
  /** The language shown. */
  lang(): Lang;
  /** Tells the element's page (an event from the element: see TurnSignal). */
  dispatchEvent(event: Event): boolean;
}

/** What the page says when a person left the table for good, and who is host now if that changed. */
function leftWords(words: OnlineStrings, change: Extract<SessionChange, { type: 'left' }>): string {
  if (!change.wasHost) return words.playerLeft(change.name);
  return `${words.playerLeft(change.name)} ${change.youAreHost ? words.youAreHostNow : words.hostNow(change.host)}`;
}

/** Whether the browser knows it has no network (`navigator.onLine` false is certain; true is not). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * The room this page plays in, entered and left: its seat's key kept per room in localStorage
 * (SeatStore.ts) as the way back to it; being let go (the seat opened elsewhere, an ask refused); and
 * coming back when its server goes away (RoomRejoin). OnlinePlay adds how a room is found (invites,
 * watch and move links, My games) and what is shown of it.
 */
export class OnlineRooms extends Observable {
  /** The room played in, if any. */
  session: OnlineSession | null = null;
  /** The name this page last played online under: a new game offers it again ('' before any). */
  lastName = '';
  /** Coming back to the room when its server goes away. */
  readonly rejoin = new RoomRejoin({
    current: () => this.session,
    setCurrent: (session) => (this.session = session),
    enterAgain: (roomId, name, watching) =>
      this.enter(
        watching || !name
          ? { join: roomId, options: { watch: true } }
          : { invite: roomId, options: this.joinOptions(roomId, name) },
      ),
    gaveUp: (gone, goneForGood) => this.gaveUp(gone, goneForGood),
    changed: () => this.changed(),
  });

  constructor(protected readonly host: OnlineHost) {
    super();
  }

  /** The room played in. @throws DicePokerError `offline` when there is none */
  get room(): OnlineSession {
    if (!this.session) throw new DicePokerError('offline', 'Not in an online room');
    return this.session;
  }

  /** Why the room refused a request, in the player's language (undefined for other codes). */
  describe(code: string): string | undefined {
    const words = onlineStringsFor(this.host.lang());
    // No server can be reached without a network: say that, and that a game in the page needs none.
    if (code === 'server-unavailable' && isOffline()) return needsNetworkFor(this.host.lang());
    return words.errors[code as OnlineErrorCode];
  }

  /**
   * Leaves the room; the element goes back to a game in the page. The seat's key is kept: the invite
   * link, opened again, takes the seat back from the computer that plays it meanwhile.
   */
  async leave(): Promise<void> {
    const session = this.session;
    // One who watched had no seat: the seat this browser comes back to (another game's) stays.
    if (!session?.watching) this.seats.setCurrent(null);
    this.session = null;
    this.host.play(null);
    await session?.leave();
  }

  /** Stops listening (the element left the page); the server keeps the seat for a while. */
  dispose(): void {
    this.session = null;
  }

  /** The seats this browser keeps, under the element's storage key. */
  protected get seats(): SeatStore {
    return new SeatStore(this.host.storageKey());
  }

  /** Join options for `roomId`: the name, and the seat's key if this browser keeps one there. */
  protected joinOptions(roomId: string | null, name: string): JoinOptions {
    const kept = roomId ? this.seats.seat(roomId) : null;
    return kept ? { name, key: kept.key } : { name };
  }

  protected async enter(way: Way): Promise<OnlineSession> {
    // Offline, no try is made (the page, installed, may have been opened with no network at all).
    if (isOffline()) throw new DicePokerError('server-unavailable', 'This device is offline');
    if (this.session) await this.leave();
    const { connect } = await import('../online/connect.js');
    const session = await connect(this.host.serverUrl(), way, this.host.playThrow);
    this.session = session;
    session.subscribe((change) => {
      if (this.session !== session) return;
      if (change.type === 'left') this.host.say(leftWords(onlineStringsFor(this.host.lang()), change));
      if (session.letGo) {
        this.wasLetGo(session);
        return;
      }
      this.keepSeat(session);
      if (session.closed) void this.rejoin.rejoin(session);
    });
    this.keepSeat(session);
    this.host.play(session);
    return session;
  }

  /** Keeps the seat's key (once given) and the room as the one to come back to. */
  private keepSeat(session: OnlineSession): void {
    const name = session.name;
    if (name) this.lastName = name;
    if (session.key && name) this.seats.keep(session.roomId, session.key, name);
    if (name && session.claiming === null) this.seats.setCurrent({ roomId: session.roomId, name });
  }

  /**
   * The room let this page go: its seat was opened in another tab or device (which plays it now: this
   * page does not take it back by itself, or the two would take turns), or its ask for a seat was
   * refused. Back to a game in the page, saying why.
   */
  private wasLetGo(session: OnlineSession): void {
    const code = session.letGo!;
    this.session = null;
    // Not let in, or removed: nothing here to come back to (a seat moved elsewhere is kept, but not gone back to).
    if (code === 'claim-refused' || code === 'claim-lapsed' || code === 'removed')
      this.seats.setCurrent(null);
    if (code === 'removed') this.seats.forget(session.roomId);
    this.host.play(null);
    this.host.say(this.describe(code) ?? code);
    void session.leave().catch(() => {});
  }

  /**
   * The room's server stayed away: back to a game in the page. The seat's key stays while the game may
   * still be kept (the invite link, or a reload, takes the seat back once the server is up); a game the
   * server no longer has is forgotten with its seat.
   */
  private gaveUp(gone: OnlineSession, goneForGood: boolean): void {
    if (goneForGood && !gone.watching) {
      this.seats.forget(gone.roomId);
      this.seats.setCurrent(null);
    }
    this.session = null;
    this.host.play(null);
    const words = onlineStringsFor(this.host.lang());
    this.host.tell(goneForGood ? words.gameGone : words.serverGone);
    void gone.leave().catch(() => {});
  }
}
