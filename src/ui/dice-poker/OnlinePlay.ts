import { DicePokerError } from '../errors.js';
import type { BotId } from '../../engine/bots/index.js';
import type { Game } from '../../engine/index.js';
import type { OnlineView } from './dice-poker.view.js';
import type { Lang } from '../i18n/index.js';
import { onlineStringsFor } from '../i18n/online-strings.js';
import type { OnlineErrorCode } from '../../online/protocol.js';
import { onlineSeatKey } from './online-entry.js';
import type { GameSession, ThrowPlayer } from '../session/GameSession.js';
import type { RemoteSession } from '../session/RemoteSession.js';
import type { Way } from '../online/connect.js';

/** What online play needs of the element. */
export interface OnlineHost {
  /** The game server's address (the `server` attribute, else the page's own origin). */
  serverUrl(): string;
  /** The element's storage key: the seat to come back to is kept under it for this tab. */
  storageKey(): string;
  /** Plays `session` from now on (null: back to a game in the page). */
  play(session: GameSession | null): void;
  /** Plays back on the table a throw the server made. */
  readonly playThrow: ThrowPlayer;
  /** Something shown changed (joining, the invite). */
  requestUpdate(): void;
  /** The language shown. */
  lang(): Lang;
}

/** Pauses before each try to take the seat again through another server (about half a minute in all). */
const REJOIN_WAITS_MS = [500, 1000, 2000, 3000, 5000, 8000, 10_000];

/** What this tab keeps of its seat (sessionStorage). */
interface StoredSeat {
  token: string;
  roomId: string;
  name: string | null;
}

/** The page's address with `?room=ID`: what a friend opens to join. */
export function inviteUrl(roomId: string): string {
  const url = new URL(location.href);
  url.hash = '';
  url.search = '';
  url.searchParams.set('room', roomId);
  return url.href;
}

/**
 * Online play for one element: hosting or joining a room, starting and leaving it, and coming back
 * to the same seat after a reload or a dropped connection (the reconnection token is kept in
 * sessionStorage; the server holds the seat for two minutes).
 */
export class OnlinePlay {
  /** The room played in, if any. */
  session: RemoteSession | null = null;
  /** The room's server went away: this page is taking its seat again, by name, through another. */
  private rejoining = false;
  /** The room an invite named (the page's `?room=`), until this page joins it or goes back. */
  invitedTo: string | null = null;
  /** A join is on its way. */
  private joining = false;

  constructor(private readonly host: OnlineHost) {}

  /** Reads an invite from the page's address (`?room=ID`): the join panel will ask for a name. */
  readInvite(): void {
    const room = new URL(location.href).searchParams.get('room');
    if (room !== null && !this.session) this.invitedTo = room;
  }

  /** Joins the room of the invite with this name. */
  async joinInvited(name: string): Promise<void> {
    if (this.joining || this.invitedTo === null) return;
    this.joining = true;
    this.host.requestUpdate();
    try {
      await this.joinRoom(this.invitedTo, name);
      this.invitedTo = null;
    } finally {
      this.joining = false;
      this.host.requestUpdate();
    }
  }

  /** Back from the join panel (to a game in the page), or out of the room. */
  async back(): Promise<void> {
    this.invitedTo = null;
    this.host.requestUpdate();
    if (this.session) await this.leave();
  }

  /** Host only, before the game: seats a computer player. */
  addBot(kind: BotId): void {
    this.requireSession().addBot(kind);
  }

  /** Host only, before the game: empties a seat. */
  removeSeat(seat: number): void {
    this.requireSession().removeSeat(seat);
  }

  /** Why the room refused a request, in the player's language (undefined for other codes). */
  describe(code: string): string | undefined {
    return onlineStringsFor(this.host.lang()).errors[code as OnlineErrorCode];
  }

  /** What the view shows of online play, with `game` the game shown. */
  view(game: Game | null): OnlineView {
    const room = this.session?.room ?? null;
    const online = this.session?.online ?? null;
    const playing = room?.phase === 'playing' && !!game && !game.over;
    const away = playing
      ? room.seats.filter((s) => s.kind === 'human' && !s.connected).map((s) => s.name)
      : [];
    return {
      lobby: room?.phase === 'lobby' ? room : null,
      seat: online?.seat ?? -1,
      invite: room ? inviteUrl(room.roomId) : '',
      joining: this.invitedTo !== null && !this.session,
      busy: this.joining,
      notice: this.notice(away),
    };
  }

  /** A word on the room's state: its server going or gone, or who is away; '' when all is well. */
  private notice(away: string[]): string {
    const words = onlineStringsFor(this.host.lang());
    if (this.rejoining || this.session?.closing) return words.serverMoving;
    return away.length ? words.playersAway(away.join(', ')) : '';
  }

  /** Creates a private room with this player as its host. */
  async hostRoom(name: string): Promise<{ roomId: string; inviteUrl: string }> {
    const session = await this.enter({ create: { name } });
    const roomId = session.reconnection.roomId;
    return { roomId, inviteUrl: inviteUrl(roomId) };
  }

  /** Joins a room by its id or invite link. */
  async joinRoom(roomIdOrInviteUrl: string, name: string): Promise<void> {
    await this.enter({ invite: roomIdOrInviteUrl, options: { name } });
  }

  /** Host only: starts the game. */
  start(): void {
    this.requireSession().startGame();
  }

  /** Leaves the room for good; the element goes back to a game in the page. */
  async leave(): Promise<void> {
    const session = this.session;
    this.forget();
    this.host.play(null);
    await session?.leave();
  }

  /** Comes back to the seat this tab had (after a reload), if the server still holds it. */
  async comeBack(): Promise<boolean> {
    const seat = this.storedSeat();
    if (!seat || this.session) return false;
    try {
      await this.enter({ reconnect: seat.token });
      return true;
    } catch (error) {
      // Its server went away (room-moved) or the seat is gone: the same room id, by name, goes on.
      if (seat.name && (error as { code?: string }).code !== 'bad-room-id') {
        try {
          await this.enter({ invite: seat.roomId, options: { name: seat.name } });
          return true;
        } catch {
          // The game is over or gone: nothing to come back to.
        }
      }
      this.storage()?.removeItem(onlineSeatKey(this.host.storageKey()));
      return false;
    }
  }

  /**
   * The room's server went away (its process stopped or died): with Redis its game was kept, so the
   * same room id, joined again by name through a server that is up, goes on with it in a new room.
   * Tries for a while (a server may be restarting), then gives up and plays in the page again.
   */
  private async rejoin(gone: RemoteSession): Promise<void> {
    const name = gone.name;
    const roomId = gone.reconnection.roomId;
    if (this.rejoining || !name) return;
    this.rejoining = true;
    this.host.requestUpdate();
    try {
      for (const wait of REJOIN_WAITS_MS) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        if (this.session !== gone) return; // left, or joined elsewhere meanwhile
        try {
          this.session = null;
          await this.enter({ invite: roomId, options: { name } });
          return;
        } catch {
          this.session = gone;
        }
      }
      await this.leave();
    } finally {
      this.rejoining = false;
      this.host.requestUpdate();
    }
  }

  /** Stops listening (the element left the page); the server keeps the seat for a while. */
  dispose(): void {
    this.session = null;
  }

  private async enter(way: Way): Promise<RemoteSession> {
    if (this.session) await this.leave();
    const { connect } = await import('../online/connect.js');
    const session = await connect(this.host.serverUrl(), way, this.host.playThrow);
    this.session = session;
    session.subscribe(() => {
      // The token changes when the SDK reconnects: keep the latest, so a reload finds the seat.
      this.keepToken(session);
      if (session.closed && this.session === session) void this.rejoin(session);
    });
    this.keepToken(session);
    this.host.play(session);
    return session;
  }

  private keepToken(session: RemoteSession): void {
    if (this.session !== session) return;
    const { roomId, token } = session.reconnection;
    const seat: StoredSeat = { token, roomId, name: session.name };
    this.storage()?.setItem(onlineSeatKey(this.host.storageKey()), JSON.stringify(seat));
  }

  /** The seat this tab had, if any (a token, the room id and the name, to come back either way). */
  private storedSeat(): StoredSeat | null {
    try {
      const seat = JSON.parse(this.storage()?.getItem(onlineSeatKey(this.host.storageKey())) ?? 'null');
      return typeof seat?.token === 'string' && typeof seat.roomId === 'string' ? seat : null;
    } catch {
      return null;
    }
  }

  private forget(): void {
    this.session = null;
    this.storage()?.removeItem(onlineSeatKey(this.host.storageKey()));
  }

  private requireSession(): RemoteSession {
    if (!this.session) throw new DicePokerError('offline', 'Not in an online room');
    return this.session;
  }

  private storage(): Storage | null {
    try {
      return sessionStorage;
    } catch {
      return null;
    }
  }
}
