import { DicePokerError } from '../errors.js';
import type { BotId } from '../../engine/bots/index.js';
import { MAX_NAME_LENGTH, type Game } from '../../engine/index.js';
import type { OnlineView } from './dice-poker.view.js';
import { rematchView } from './room-asks.js';
import { onlineBarView, roomNotice } from './online-bar.js';
import { inviteUrl, watchUrl } from './room-links.js';
import { SeatMove } from './SeatMove.js';
import '../components/dp-game-proof/dp-game-proof.js';
import '../components/dp-online-bar/dp-online-bar.js';
import '../components/dp-move-link/dp-move-link.js';
import { GameProofCheck, saveRecordFile } from './GameProofCheck.js';
import type { OnlineGameRecord } from '../../online/game-record.js';
import type { VerifyResult } from '../../online/verify.js';
import type { Lang } from '../i18n/index.js';
import { onlineStringsFor, type OnlineStrings } from '../i18n/online-strings.js';
import {
  roomIdFrom,
  type JoinOptions,
  type OnlineErrorCode,
  type RoomPace,
  type TimeUp,
} from '../../online/protocol.js';
import { SeatStore } from '../online/SeatStore.js';
import { MyGamesList } from './MyGamesList.js';
import { Observable } from './Observable.js';
import { TurnSignal } from './TurnSignal.js';
import type { GameSession, SessionChange, ThrowPlayer } from '../session/game-session.js';
import type { OnlineSession } from '../session/OnlineSession.js';
import type { Way } from '../online/connect.js';

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

/** Pauses before each try to take the seat again through another server (about half a minute in all). */
const REJOIN_WAITS_MS = [500, 1000, 2000, 3000, 5000, 8000];
/** After those, a try every so often (ms) until the server has been away this long (ms): then give up. */
const REJOIN_EVERY_MS = 10_000;
const REJOIN_FOR_MS = 5 * 60_000;

/** What the page says when a person left the table for good, and who is host now if that changed. */
function leftWords(words: OnlineStrings, change: Extract<SessionChange, { type: 'left' }>): string {
  if (!change.wasHost) return words.playerLeft(change.name);
  return `${words.playerLeft(change.name)} ${change.youAreHost ? words.youAreHostNow : words.hostNow(change.host)}`;
}

/** Whether the browser knows it has no network (`navigator.onLine` false is certain; true is not). */
function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Online play for one element: hosting or joining a room, starting and leaving it, and coming back
 * to the same seat after a reload, a closed tab or a dropped connection: with the seat's key, kept per
 * room in localStorage (SeatStore.ts). A name alone only asks for a seat; the host answers. What it
 * shows (joining, the invite, the proof, My games) is told as its own change.
 */
export class OnlinePlay extends Observable {
  /** The room played in, if any. */
  session: OnlineSession | null = null;
  /** The room's server went away: this page is taking its seat again, by name, through another. */
  private rejoining = false;
  /** When the room's server went away (performance.now()), while this page tries to come back. */
  private awaySince: number | null = null;
  /** The room an invite named (the page's `?room=`), until this page joins it or goes back. */
  invitedTo: string | null = null;
  /** The room a watch link named (the page's `?watch=`), until this page watches it or goes back. */
  private watchInvite: string | null = null;
  /** Who sent the invite, as its link names them ('' when it does not). */
  private invitedBy = '';
  /** The name this page last played online under: a new game offers it again ('' before any). */
  private lastName = '';
  /** A join is on its way. */
  private joining = false;
  /** The invite is to another game than the one this browser holds a seat in, which is kept meanwhile. */
  private keptElsewhere = false;
  /** "Verify this game": its state and words. */
  private readonly proof: GameProofCheck;
  /** The move link made here for this person, and the one this page was opened with. */
  private readonly seatMove = new SeatMove(() => this.changed());

  constructor(private readonly host: OnlineHost) {
    super();
    this.proof = new GameProofCheck(
      () => this.changed(),
      () => this.host.serverUrl(),
    );
    this.myGames.subscribe(() => this.changed());
  }

  /** Says when it becomes my turn (the page's title, a notification). */
  private readonly turn = new TurnSignal(this.host, () => this.host.storageKey());

  /** Turns notifications of my turn on (the browser asks first) or off. */
  async setNotifying(on: boolean): Promise<void> {
    await this.turn.setNotifying(on);
    this.changed();
  }

  /** My games, read while the start panel shows them. */
  readonly myGames = new MyGamesList(
    () => this.seats,
    () => this.host.serverUrl(),
  );

  /** Opens one of my games (My games): back to its seat with the key kept for it. */
  async openGame(roomId: string): Promise<void> {
    if (this.session?.roomId === roomId) return;
    if (this.session) await this.leave();
    this.invitedTo = roomId;
    await this.comeBack();
  }

  /** Reads an invite from the page's address (`?room=ID`): the join panel will ask for a name. */
  readInvite(): void {
    const params = new URL(location.href).searchParams;
    const room = params.get('room');
    if (room !== null && !this.session) this.invitedTo = room;
    // Taken out of the address at once, whatever happens next: a move link works once.
    this.seatMove.readAddress(room !== null && !this.session);
    const watched = params.get('watch');
    if (watched !== null && room === null && !this.session) this.watchInvite = watched;
    this.invitedBy = params.get('from')?.trim().slice(0, MAX_NAME_LENGTH) ?? '';
    this.changed();
  }

  /** The seats this browser keeps, under the element's storage key. */
  private get seats(): SeatStore {
    return new SeatStore(this.host.storageKey());
  }

  /** Join options for `roomId`: the name, and the seat's key if this browser keeps one there. */
  private joinOptions(roomId: string | null, name: string): JoinOptions {
    const kept = roomId ? this.seats.seat(roomId) : null;
    return kept ? { name, key: kept.key } : { name };
  }

  /**
   * Watches a room by its id or watch link: its game shown live, no seat taken (nothing kept in this
   * browser for it); refused `too-many-watchers` past the room's limit.
   */
  async watch(roomIdOrWatchUrl: string): Promise<void> {
    const roomId = roomIdFrom(roomIdOrWatchUrl, 'watch');
    if (!roomId) throw new DicePokerError('bad-room-id', 'That is not a room id or a watch link');
    await this.enter({ join: roomId, options: { watch: true } });
  }

  /** Joins the room of the invite with this name. */
  async joinInvited(name: string): Promise<void> {
    if (this.joining || this.invitedTo === null) return;
    this.joining = true;
    this.changed();
    try {
      await this.joinRoom(this.invitedTo, name);
      this.invitedTo = null;
    } finally {
      this.joining = false;
      this.changed();
    }
  }

  /** Back from the join panel (to a game in the page), or out of the room. */
  async back(): Promise<void> {
    this.invitedTo = null;
    this.changed();
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
    const words = onlineStringsFor(this.host.lang());
    // No server can be reached without a network: say that, and that a game in the page needs none.
    if (code === 'server-unavailable' && isOffline()) return words.needsNetwork;
    return words.errors[code as OnlineErrorCode];
  }

  /** What the view shows of online play, with `game` the game shown. */
  view(game: Game | null): OnlineView {
    const room = this.session?.room ?? null;
    const online = this.session?.online ?? null;
    const playing = room?.phase === 'playing' && !!game && !game.over;
    const away = playing
      ? room.seats
          .filter((s, i) => s.kind === 'human' && !s.connected && !game.players[i]?.out)
          .map((s) => s.name)
      : [];
    const claiming = this.session?.claiming ?? null;
    const seat = online?.seat ?? -1;
    const watching = this.session?.watching ?? false;
    const nudgedBy = room?.clock.nudgedBy ?? null;
    this.turn.follow(
      playing && claiming === null && game.current === seat,
      this.host.lang(),
      room?.roomId ?? '',
      game?.players.filter((_, i) => i !== seat).map((p) => p.name) ?? [],
      nudgedBy !== null ? (game?.players[nudgedBy]?.name ?? '') : '',
    );
    const record = this.session?.gameRecord ?? null;
    const words = onlineStringsFor(this.host.lang());
    return {
      lobby: room?.phase === 'lobby' && claiming === null ? room : null,
      seat,
      invite: room ? inviteUrl(room.roomId, room.seats[room.host]?.name) : '',
      invitedBy: this.invitedBy,
      joining: (this.invitedTo !== null && !this.session) || claiming !== null,
      busy: this.joining,
      notice: roomNotice(words, room, {
        awaySince: this.awaySince,
        moving: this.rejoining || !!this.session?.closing,
        saving: this.session?.saving ?? false,
        away,
      }),
      claiming: claiming !== null ? (room?.seats[claiming]?.name ?? '') : null,
      bar: room
        ? onlineBarView(words, room, seat, playing && claiming === null ? game : null, {
            turnEndsAt: this.session?.turnEndsAt ?? null,
            watching,
            notifying: this.turn.notifying,
            notifyOfferable: this.turn.offerable,
          })
        : null,
      proof: record ? this.proof.view(this.host.lang(), record) : this.proof.openedView(this.host.lang()),
      myGames: this.myGames.view(this.host.lang(), this.session?.roomId ?? null),
      playerName: this.lastName,
      keptElsewhere: this.keptElsewhere && this.invitedTo !== null && !this.session,
      rematch:
        room?.phase === 'over' && seat >= 0 && claiming === null ? rematchView(words, room, seat) : null,
      watching,
      saving: this.session?.saving ?? false,
      watchLink: room ? watchUrl(room.roomId) : '',
      move:
        room && seat >= 0 && claiming === null && !watching
          ? {
              label: words.moveSeat,
              link: this.seatMove.shown(room.roomId),
            }
          : null,
    };
  }

  /**
   * Checks a finished online game's record ("Verify this game"): `record` when given (a parsed file),
   * else this room's; the result is shown in words (for this room's game) and returned.
   * @throws DicePokerError `no-game` when there is no finished online game to check
   */
  async verify(record?: OnlineGameRecord): Promise<VerifyResult> {
    const checked = record ?? this.session?.gameRecord;
    if (!checked) throw new DicePokerError('no-game', 'No finished online game to verify');
    return this.proof.verify(checked, this.session?.gameRecord ?? null);
  }

  /** The start panel shows the check of a saved game record (one a friend sent): open it, and check. */
  checkRecords(): void {
    this.proof.openChecks();
  }

  /** Downloads the finished online game's record (for `npm run verify -- FILE`). */
  saveRecord(): void {
    const record = this.session?.gameRecord;
    if (record) saveRecordFile(record);
  }

  /** The record of the finished online game ("Verify this game"), or null. */
  gameRecord() {
    return this.session?.gameRecord ?? null;
  }

  /** Host only, before the game: how the room is played, and the seconds a person has for each turn. */
  setClock(seconds: number, pace: RoomPace, timeUp?: TimeUp): void {
    this.requireSession().setClock(seconds, pace, timeUp);
  }

  /** Asks for (or agrees to) a rematch, after the game. */
  rematch(): void {
    this.requireSession().rematch();
  }

  /** Reminds the person whose turn it is (once a turn). */
  nudge(): void {
    this.requireSession().nudge();
  }

  /**
   * Makes a link to play this seat on another device (good once, for a while): shown to this person
   * alone until `closeMoveLink`.
   */
  async moveLink(): Promise<void> {
    const session = this.requireSession();
    await this.seatMove.make(session, () => this.session === session);
  }

  /** The move link's panel is closed (the link still works until used or lapsed). */
  closeMoveLink(): void {
    this.seatMove.close();
  }

  /** Lets in (or not) one who asks for seat `seat` by its name. */
  answerClaim(seat: number, admit: boolean): void {
    this.requireSession().answerClaim(seat, admit);
  }

  /** Creates a private room with this player as its host. */
  async hostRoom(name: string): Promise<{ roomId: string; inviteUrl: string }> {
    const session = await this.enter({ create: { name } });
    const roomId = session.roomId;
    return { roomId, inviteUrl: inviteUrl(roomId, name) };
  }

  /** Joins a room by its id or invite link (taking back this browser's seat there, if it has one). */
  async joinRoom(roomIdOrInviteUrl: string, name: string): Promise<void> {
    const roomId = typeof roomIdOrInviteUrl === 'string' ? roomIdFrom(roomIdOrInviteUrl) : null;
    await this.enter({ invite: roomIdOrInviteUrl, options: this.joinOptions(roomId, name) });
  }

  /** Host only: starts the game. */
  start(): void {
    this.requireSession().startGame();
  }

  /**
   * Leaves the room; the element goes back to a game in the page. The seat's key is kept: the invite
   * link, opened again, takes the seat back from the computer that plays it meanwhile.
   */
  async leave(): Promise<void> {
    const session = this.session;
    this.forget();
    this.host.play(null);
    await session?.leave();
  }

  /** Comes back to the seat this browser had (after a reload, a closed tab), if its game goes on. */
  async comeBack(): Promise<boolean> {
    try {
      return await this.backToSeat();
    } finally {
      // Whether it came back or not, the invite and the join panel may have changed.
      this.changed();
    }
  }

  private async backToSeat(): Promise<boolean> {
    if (this.watchInvite !== null) return this.watchInvited();
    if (this.seatMove.pending && this.invitedTo !== null) return this.moveHere();
    // An invite to a room this browser has a seat in goes back to that seat, with no name to type.
    const invited = this.invitedTo === null ? null : roomIdFrom(this.invitedTo);
    const kept = invited === null ? null : this.seats.seat(invited);
    if (invited !== null && !kept) return this.inviteWins();
    const target = invited !== null && kept ? { roomId: invited, name: kept.name } : this.seats.current();
    if (!target || this.session) return false;
    try {
      await this.enter({ invite: target.roomId, options: this.joinOptions(target.roomId, target.name) });
      if (target.roomId === invited) this.invitedTo = null;
      return true;
    } catch (error) {
      // The game is over or gone: nothing to come back to (an invite still asks for a name). With no
      // network it may well go on: the seat is kept for when the page is opened online again.
      this.lastName = target.name;
      if (target.roomId !== invited && !isOffline()) this.seats.setCurrent(null);
      if ((error as { code?: string }).code === 'room-not-found') {
        this.seats.forget(target.roomId);
        this.host.tell(onlineStringsFor(this.host.lang()).gameGone);
      }
      return false;
    }
  }

  /**
   * An invite to a game this browser has no seat in wins over the game it would come back to: the join
   * panel asks for a name (the last one played under), and says the other game stays in My games.
   */
  private inviteWins(): false {
    const other = this.seats.current();
    if (other && !this.session) {
      this.lastName = other.name;
      this.keptElsewhere = true;
    }
    return false;
  }

  /**
   * Takes this person's seat on this device by the move link the page was opened with: no name to
   * type (the seat keeps its own); the seat's new key is kept here. A link used or lapsed is told.
   */
  private async moveHere(): Promise<boolean> {
    const roomId = roomIdFrom(this.invitedTo!);
    const key = this.seatMove.take()!;
    this.invitedTo = null;
    if (roomId === null || this.session) return false;
    // Any name does: the key decides the seat, whose name stays.
    const name = this.seats.seat(roomId)?.name ?? (this.lastName || this.seats.current()?.name || 'Player');
    try {
      await this.enter({ invite: roomId, options: { name, key, move: true } });
      return true;
    } catch (error) {
      this.tellRefusal(error);
      return false;
    }
  }

  /** Tells why a room could not be entered (its game gone, or the room's refusal in the player's words). */
  private tellRefusal(error: unknown): void {
    const code = (error as { code?: string }).code ?? 'server-unavailable';
    const words = onlineStringsFor(this.host.lang());
    this.host.tell(code === 'room-not-found' ? words.gameGone : (this.describe(code) ?? code));
  }

  /** Watches the room of the page's watch link; a refusal is told (and the page plays on its own). */
  private async watchInvited(): Promise<boolean> {
    const roomId = this.watchInvite!;
    this.watchInvite = null;
    try {
      await this.watch(roomId);
      return true;
    } catch (error) {
      this.tellRefusal(error);
      return false;
    }
  }

  /**
   * The room's server went away (its process stopped or died): with Redis its game was kept, so the
   * same room id, joined again by name through a server that is up, goes on with it in a new room.
   * Tries for a while (a server may be restarting), then gives up and plays in the page again.
   */
  private async rejoin(gone: OnlineSession): Promise<void> {
    const name = gone.name;
    const roomId = gone.roomId;
    if (this.rejoining || (!name && !gone.watching) || gone.letGo) return;
    this.rejoining = true;
    this.awaySince = performance.now();
    // The notice counts the seconds away: drawn again each second meanwhile.
    const ticking = setInterval(() => this.changed(), 1000);
    this.changed();
    let goneForGood = false;
    try {
      for (let attempt = 0; performance.now() - this.awaySince < REJOIN_FOR_MS; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, REJOIN_WAITS_MS[attempt] ?? REJOIN_EVERY_MS));
        if (this.session !== gone) return; // left, or joined elsewhere meanwhile
        try {
          this.session = null;
          await this.enter(
            gone.watching || !name
              ? { join: roomId, options: { watch: true } }
              : { invite: roomId, options: this.joinOptions(roomId, name) },
          );
          return;
        } catch (error) {
          this.session = gone;
          // Gone for good (ended, or never kept): no use trying again.
          if ((error as { code?: string }).code === 'room-not-found') {
            goneForGood = true;
            break;
          }
        }
      }
      // The seat's key stays while the game may still be kept: the invite link (or a reload) takes the
      // seat back once the server is up. A game the server no longer has is forgotten with its seat.
      const words = onlineStringsFor(this.host.lang());
      if (goneForGood && !gone.watching) {
        this.seats.forget(roomId);
        this.seats.setCurrent(null);
      }
      this.session = null;
      this.host.play(null);
      this.host.tell(goneForGood ? words.gameGone : words.serverGone);
      void gone.leave().catch(() => {});
    } finally {
      clearInterval(ticking);
      this.awaySince = null;
      this.rejoining = false;
      this.changed();
    }
  }

  /** Stops listening (the element left the page); the server keeps the seat for a while. */
  dispose(): void {
    this.session = null;
  }

  private async enter(way: Way): Promise<OnlineSession> {
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
      if (session.closed) void this.rejoin(session);
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

  private forget(): void {
    // One who watched had no seat: the seat this browser comes back to (another game's) stays.
    if (!this.session?.watching) this.seats.setCurrent(null);
    this.session = null;
  }

  private requireSession(): OnlineSession {
    if (!this.session) throw new DicePokerError('offline', 'Not in an online room');
    return this.session;
  }
}
