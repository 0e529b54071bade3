import { LitElement, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { RowId } from '../../engine/index.js';
import type { OnlineGameRecord } from '../../online/game-record.js';
import type { VerifyResult } from '../../online/verify.js';
import { DEFAULT_GESTURE, type Gesture, type TableProbe } from '../../scene/index.js';
import { AttributeReader } from '../attributes.js';
import '../components/dp-controls/dp-controls.js';
import '../components/dp-scorecard/dp-scorecard.js';
import { DicePokerError } from '../errors.js';
import { scheduleFirstRenderApart } from '../first-render.js';
import { resolveLang, stringsFor, type Lang, type Strings } from '../i18n/index.js';
import type { NewGameOptions } from '../new-game-options.js';
import { emptySnapshot, snapshotOf, type DicePokerState } from '../state-snapshot.js';
import { ChangeAnnouncer } from './ChangeAnnouncer.js';
import { CoachLoader } from './CoachLoader.js';
import { dicePokerStyles } from './dice-poker.styles.js';
import { renderDicePoker } from './dice-poker.view.js';
import type { ElementParts } from './element-parts.js';
import { focusFirstDrawn } from './keyboard-focus.js';
import { KeyboardController } from './KeyboardController.js';
import { redrawOn } from './Observable.js';
import { Overlay } from './Overlay.js';
import { keyActions, overlayRequests, tableHandlers } from './overlay-requests.js';
import { overlayView } from './overlay-view.js';
import { SaveSlot } from './SaveSlot.js';
import { SessionController } from './SessionController.js';
import { SoundController } from './SoundController.js';
import { TableController } from './TableController.js';
import { Toast } from './Toast.js';

export type { NewGameOptions } from '../new-game-options.js';

/**
 * Täringupokker: the whole dice game in one tag. A 3D table of physics dice under a Lit overlay of
 * score sheet and controls. Properties are the truth; what happens in 3D comes back as events.
 *
 * @summary A dice poker (Yahtzee-like) game for 1 to 6 players on one screen.
 *
 * @event {CustomEvent<{ player: number; dice: number[]; held: boolean[]; rollNumber: number }>} dp-roll - A throw came to rest.
 * @event {CustomEvent<{ index: number; held: boolean }>} dp-hold - A die was held or released.
 * @event {CustomEvent<{ player: number; row: RowId; points: number; total: number }>} dp-score - A row was scored.
 * @event {CustomEvent<{ player: number; turn: number }>} dp-turn - A turn begins.
 * @event {CustomEvent<{ yours: boolean; text: string }>} dp-your-turn - Online, it became my turn (`text` is
 *   `Your turn` in the page's language), or stopped being: a page may put it in its title.
 * @event {CustomEvent<{ totals: number[]; winners: number[] }>} dp-game-over - The game ended.
 *
 * @csspart table - The 3D table area (holds the canvas).
 * @csspart scorecard - The score sheet.
 * @csspart controls - The roll button, hint and dice tray.
 * @csspart roll-button - The roll button.
 * @csspart tray - The row of five dice under the table (their hold state).
 *
 * @cssproperty --dp-height - Height of the element when the page gives it none (default 640px).
 * @cssproperty --dp-background - Background around the table.
 * @cssproperty --dp-font - Font family of the overlay.
 * @cssproperty --dp-text - Text colour of the overlay.
 * @cssproperty --dp-panel - Background of the overlay's cards.
 * @cssproperty --dp-accent - Accent colour (roll button, current player, options).
 * @cssproperty --dp-held - Outline colour of a held die in the tray.
 * @cssproperty --dp-focus - Keyboard focus ring colour.
 *
 * @tagname dice-poker
 */
export class DicePoker extends LitElement {
  static override styles = dicePokerStyles;

  /** Comma-separated player names (1 to 6). When given, that game starts at once, without the start panel. */
  @property() players: string | null = null;
  /** Language: `et` or `en`; else the page's language, else the browser's. */
  @property() override lang = '';
  /** An integer seed that makes the game reproducible. */
  @property() seed: string | null = null;
  /**
   * Rule set: `seed` (default, no bonus), `classic` (+35 for 63 or more in rows 1-6), `yahtzee` (+35,
   * Yahtzee bonus 100, forced joker) or `yatzy` (Scandinavian: 15 rows, +50 for 63).
   */
  @property() rules: string | null = null;

  /** Throws resolve at once and nothing animates (also on when the system asks for reduced motion). */
  @property({ type: Boolean, attribute: 'reduced-motion' }) reducedMotion = false;
  /** Where the game is saved in localStorage; give each element on a page its own. */
  @property({ attribute: 'storage-key' }) storageKey = 'default';
  /**
   * No "How to play": it neither opens by itself on a first visit nor has buttons (for a page that
   * explains the game in its own way).
   */
  @property({ type: Boolean, attribute: 'no-guide' }) noGuide = false;
  /** The game server for online play (its http(s) address); the page's own origin when not given. */
  @property() server: string | null = null;
  /** The table's look: `high` (shadows, lit wood) or `low` (lighter); unset, lighter only without a GPU. */
  @property() quality: string | null = null;

  private readonly attrs = new AttributeReader('dice-poker');
  private readonly coach = new CoachLoader(this);
  // The one session the parts below follow (in this order: the overlay closes its panels first, the
  // page hears each change before it is saved). The table plays its throws.
  private readonly sessions: SessionController = new SessionController(this, this.coach.computers, (...a) =>
    this.table.play(...a),
  );
  private readonly overlay = new Overlay(this, this.sessions);
  private readonly announcer = new ChangeAnnouncer(this, this.sessions);
  private readonly sound = new SoundController(this, this.sessions);
  private readonly toast = new Toast(this, this.sessions);
  private readonly saves = new SaveSlot(this, this.sessions, this.coach.loadSolver, (m) =>
    this.attrs.warn(m),
  );
  private readonly table = new TableController(
    this,
    this.sessions,
    tableHandlers(this, this.toast, this.sound),
  );
  private readonly parts: ElementParts = {
    element: this,
    rules: () => this.attrs.rules(this.rules),
    sessions: this.sessions,
    overlay: this.overlay,
    table: this.table,
    coach: this.coach,
    sound: this.sound,
    saves: this.saves,
    toast: this.toast,
    announcer: this.announcer,
  };
  private readonly on = overlayRequests(this.parts);

  constructor() {
    super();
    new KeyboardController(this, keyActions(this.parts));
    redrawOn(this, this.sessions, this.overlay, this.coach, this.sound, this.toast, this.saves, this.table);
  }

  /** A plain, serialisable snapshot of the game (a fresh copy on every read). */
  get state(): DicePokerState {
    const { game, session } = this.sessions;
    return game
      ? snapshotOf(game, session.online)
      : emptySnapshot(this.attrs.rules(this.rules), session.online);
  }

  /**
   * Throws the dice that are not held; resolves with the five faces once they rest.
   * Rejects with a DicePokerError (`no-game`, `throw-in-progress`, `no-rolls-left`, `all-held`, `game-over`...).
   */
  roll(gesture: Gesture = DEFAULT_GESTURE): Promise<number[]> {
    return this.sessions.session.throw(gesture);
  }

  /**
   * Holds a released die or releases a held one (between throws); settles once `state` shows it (at
   * once in the page, online once the room has it). Rejects with a DicePokerError where not allowed.
   */
  toggleHold(index: number): Promise<void> {
    return this.sessions.session.toggleHold(index);
  }

  /**
   * Scores a free row with the dice on the table; resolves with the points once `state` shows the score
   * (and the next turn). Rejects with a DicePokerError where not allowed.
   */
  score(row: RowId): Promise<number> {
    return this.sessions.session.score(row);
  }

  /**
   * Starts a new game at once, in the page (an online room is left); options default to the
   * attributes (and the last game's players).
   */
  newGame(options: NewGameOptions = {}): void {
    this.sessions.newGame(options, {
      players: this.attrs.players(this.players),
      seed: this.attrs.seed(this.seed),
      rules: this.attrs.rules(this.rules),
      firstName: this.strings.defaultName(1),
    });
  }

  /**
   * Creates a private online room with this player as its host; resolves with its id and the invite
   * link to send friends. Rejects with `server-unavailable` when the game server cannot be reached.
   */
  hostOnline({ name }: { name: string }): Promise<{ roomId: string; inviteUrl: string }> {
    return this.sessions.onlinePlay().then((online) => online.hostRoom(name));
  }

  /**
   * Joins a friend's room by its id or invite link. Rejects with `bad-room-id`, `room-not-found`,
   * `room-full`, `game-started`, `bad-name` or `server-unavailable`.
   */
  joinOnline(roomIdOrInviteUrl: string, { name }: { name: string }): Promise<void> {
    return this.sessions.onlinePlay().then((online) => online.joinRoom(roomIdOrInviteUrl, name));
  }

  /**
   * Watches an online game by its room id or watch link: shown live, with no seat and no part in it.
   * Rejects with `bad-room-id`, `room-not-found`, `too-many-watchers` or `server-unavailable`.
   */
  watchOnline(roomIdOrWatchUrl: string): Promise<void> {
    return this.sessions.onlinePlay().then((online) => online.watch(roomIdOrWatchUrl));
  }

  /** Host only: starts the online game with the seats taken. Throws `not-host` or `offline`. */
  startOnline(): void {
    if (!this.sessions.online) throw new DicePokerError('offline', 'Not in an online room');
    this.sessions.online.room.startGame();
  }

  /** Leaves the online room; the element goes back to a game in the page. */
  leaveOnline(): Promise<void> {
    return this.sessions.online?.leave() ?? Promise.resolve();
  }

  /**
   * The record of the finished online game (what "Save the game record" saves; `npm run verify -- FILE`
   * checks it), or null while there is none.
   */
  get gameRecord(): OnlineGameRecord | null {
    return this.sessions.online?.session?.gameRecord ?? null;
  }

  /**
   * "Verify this game": checks a finished online game's record (`record`: a saved file's text or its
   * object; this room's finished game when left out) and resolves with the verdict; a record that is
   * not one rejects with `bad-record`, no finished game with `no-game`.
   */
  async verifyGameRecord(record?: unknown): Promise<VerifyResult> {
    const online = await this.sessions.onlinePlay();
    if (record === undefined) return online.verify();
    const { parseGameRecord } = await import('../../online/game-record.js');
    return online.verify(parseGameRecord(record));
  }

  /**
   * Where die `index` is drawn now, in client (viewport) pixels, or null without a 3D table. For
   * pointing at a die: a tutorial, a tooltip, a test that clicks it.
   */
  dieAt(index: number): { x: number; y: number } | null {
    return this.table.dieAt(index);
  }

  /**
   * For tests and tools, not for play: a read-only view of the 3D table as drawn (frames drawn, the
   * faces on the drawn dice, GPU resources, frame times), or null without WebGL (and until the first
   * `updateComplete` settles: the table is built in tasks after the first render).
   */
  get tableProbe(): TableProbe | null {
    return this.table.scene ?? null;
  }

  /** The language shown. */
  get language(): Lang {
    if (this.saves.chosenLang) return this.saves.chosenLang;
    const own = this.attrs.lang(this.lang);
    return resolveLang(own, document.documentElement.lang, navigator.languages ?? [navigator.language]);
  }

  private get strings(): Strings {
    return stringsFor(this.language);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!this.hasUpdated || changed.has('storageKey')) {
      // With the language last picked in the overlay, from the start panel on (a saved game keeps one too).
      this.saves.open(this.storageKey);
      // A saved game resumes, unless the markup names players: that means "start this game now".
      if (this.players === null) this.resume();
      if (!this.hasUpdated) this.firstVisitGuide();
    }
    if (changed.has('players') && this.players !== null && !this.sessions.busy) {
      const names = this.attrs.players(this.players);
      if (names) this.newGame({ players: names });
    }
  }

  /** Resumes the saved game exactly as it was; bad saved data is dropped with a visible message. */
  private resume(): void {
    const saved = this.saves.load();
    if (this.sessions.resume(saved) || saved.ok || saved.reason === 'none') return;
    // A word that vanished before the player looked would be lost: it stays until a game starts.
    this.overlay.tell(this.strings.savedGameRefused[saved.reason]);
  }

  /**
   * A first visit (no game resumed, none named in the markup, the guide never shown under this storage
   * key) opens "How to play" over the first panel, once: it is remembered as shown at once.
   */
  private firstVisitGuide(): void {
    if (this.noGuide || this.saves.guideSeen || this.players !== null || this.sessions.game) return;
    this.saves.markGuideSeen();
    this.overlay.openGuide();
  }

  /**
   * `updateComplete` settles once the first render's table is built too (in tasks after that render):
   * from then on `tableProbe` and the table's canvas are there, as a page that awaits it expects.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    const settled = await super.getUpdateComplete();
    await this.table.firstBuilt;
    return settled;
  }

  /** The first render in a task of its own, not the one that evaluated the game's modules. */
  protected override scheduleUpdate(): Promise<unknown> {
    return scheduleFirstRenderApart(this, () => super.scheduleUpdate());
  }

  protected override firstUpdated(): void {
    focusFirstDrawn(this);
  }

  protected override render() {
    return renderDicePoker(overlayView(this.parts, this.on));
  }
}
