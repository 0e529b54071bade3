import { DicePokerError } from '../errors.js';
import { MAX_NAME_LENGTH, type Game } from '../../engine/index.js';
import type { OnlineView } from './dice-poker.view-model.js';
import { inviteUrl } from './room-links.js';
import { SeatMove } from './SeatMove.js';
import '../components/dp-game-proof/dp-game-proof.js';
import '../components/dp-online-bar/dp-online-bar.js';
import '../components/dp-move-link/dp-move-link.js';
import { GameProofCheck, saveRecordFile } from './GameProofCheck.js';
import type { OnlineGameRecord } from '../../online/game-record.js';
import type { VerifyResult } from '../../online/verify.js';
import { onlineStringsFor } from '../i18n/online-strings.js';
import { roomIdFrom } from '../../online/protocol.js';
import { MyGamesList } from './MyGamesList.js';
import { onlinePlayView } from './online-play-view.js';
import { OnlineRooms, isOffline, type OnlineHost } from './OnlineRooms.js';
import { TurnSignal } from './TurnSignal.js';

export type { OnlineHost } from './OnlineRooms.js';

/**
 * Online play for one element: hosting, joining or watching a room (the room itself, its seat kept and
 * left: OnlineRooms), and how a page finds its way to one: an invite (`?room=`), a watch link
 * (`?watch=`), a move link, My games, or the seat this browser had (after a reload, a closed tab). A
 * name alone only asks for a seat; the host answers. What it shows (joining, the invite, the proof, My
 * games) is told as its own change (online-play-view.ts). The room's own requests (start, add a
 * computer, the clock, a rematch...) go to `room`, the session played.
 */
export class OnlinePlay extends OnlineRooms {
  /** The room an invite named (the page's `?room=`), until this page joins it or goes back. */
  invitedTo: string | null = null;
  /** The room a watch link named (the page's `?watch=`), until this page watches it or goes back. */
  private watchInvite: string | null = null;
  /** Who sent the invite, as its link names them ('' when it does not). */
  invitedBy = '';
  /** A join is on its way. */
  joining = false;
  /** The invite is to another game than the one this browser holds a seat in, which is kept meanwhile. */
  keptElsewhere = false;
  /** "Verify this game": its state and words. */
  readonly proof: GameProofCheck;
  /** The move link made here for this person, and the one this page was opened with. */
  readonly seatMove = new SeatMove(() => this.changed());
  /** Says when it becomes my turn (the page's title, a notification). */
  readonly turn: TurnSignal;
  /** My games, read while the start panel shows them. */
  readonly myGames: MyGamesList;

  constructor(host: OnlineHost) {
    super(host);
    this.proof = new GameProofCheck(
      () => this.changed(),
      () => this.host.serverUrl(),
    );
    this.turn = new TurnSignal(host, () => host.storageKey());
    this.myGames = new MyGamesList(
      () => this.seats,
      () => host.serverUrl(),
    );
    this.myGames.subscribe(() => this.changed());
  }

  /** Turns notifications of my turn on (the browser asks first) or off. */
  async setNotifying(on: boolean): Promise<void> {
    await this.turn.setNotifying(on);
    this.changed();
  }

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

  /** What the view shows of online play, with `game` the game shown. */
  view(game: Game | null): OnlineView {
    return onlinePlayView(this, this.host.lang(), game);
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

  /** Downloads the finished online game's record (for `npm run verify -- FILE`). */
  saveRecord(): void {
    const record = this.session?.gameRecord;
    if (record) saveRecordFile(record);
  }

  /**
   * Makes a link to play this seat on another device (good once, for a while): shown to this person
   * alone until `seatMove.close()`.
   */
  async moveLink(): Promise<void> {
    const session = this.room;
    await this.seatMove.make(session, () => this.session === session);
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
    return this.entered(this.enter({ invite: roomId, options: { name, key, move: true } }));
  }

  /** Watches the room of the page's watch link; a refusal is told (and the page plays on its own). */
  private async watchInvited(): Promise<boolean> {
    const roomId = this.watchInvite!;
    this.watchInvite = null;
    return this.entered(this.watch(roomId));
  }

  /**
   * Whether a room was `entering` entered; if not, why is told (its game gone, or the room's refusal in
   * the player's words).
   */
  private async entered(entering: Promise<unknown>): Promise<boolean> {
    try {
      await entering;
      return true;
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'server-unavailable';
      const words = onlineStringsFor(this.host.lang());
      this.host.tell(code === 'room-not-found' ? words.gameGone : (this.describe(code) ?? code));
      return false;
    }
  }
}
