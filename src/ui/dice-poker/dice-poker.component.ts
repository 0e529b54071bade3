import { LitElement, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Game, RowId } from '../../engine/index.js';
import { DEFAULT_GESTURE, type Gesture, type TableProbe } from '../../scene/index.js';
import {
  AttributeReader,
  attributeText,
  parseLang,
  parsePlayers,
  parseRules,
  parseSeed,
} from '../attributes.js';
import { DicePokerError } from '../errors.js';
import { resolveLang, stringsFor, type Lang, type Strings } from '../i18n/index.js';
import type { PlayerErrorCode } from '../i18n/strings.js';
import { emptySnapshot, snapshotOf, type DicePokerState } from '../state-snapshot.js';
import { dicePokerStyles } from './dice-poker.styles.js';
import { renderDicePoker } from './dice-poker.view.js';
import '../components/dp-scorecard/dp-scorecard.js';
import '../components/dp-controls/dp-controls.js';
import { isSeatKind } from '../coach/seats.js';
import { ChangeFollower } from './ChangeFollower.js';
import { CoachLoader } from './CoachLoader.js';
import { KeyboardController } from './KeyboardController.js';
import { KeyboardFocus } from './KeyboardFocus.js';
import { SessionController } from './SessionController.js';
import { SoundController } from './SoundController.js';
import { TableController } from './TableController.js';
import { Toast } from './Toast.js';
import { SaveSlot } from './SaveSlot.js';
import type { NewGameOptions } from '../new-game-options.js';
import type { OnlineGameRecord } from '../../online/game-record.js';
import type { VerifyResult } from '../../online/verify.js';
import { loadOnlinePanel, loadStartPanel } from './panel-chunks.js';

export type { NewGameOptions } from '../new-game-options.js';

/** How long a refusal stays on screen, ms. */
const TOAST_MS = 2600;

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
  /** Rule set: `seed` (default, no bonus) or `classic` (+35 for 63 or more in rows 1-6). */
  @property() rules: string | null = null;

  /** Throws resolve at once and nothing animates (also on when the system asks for reduced motion). */
  @property({ type: Boolean, attribute: 'reduced-motion' }) reducedMotion = false;
  /** Where the game is saved in localStorage; give each element on a page its own. */
  @property({ attribute: 'storage-key' }) storageKey = 'default';
  /** The game server for online play (its http(s) address); the page's own origin when not given. */
  @property() server: string | null = null;

  @state() private settingUp = false;
  /** The language picked in the overlay, over the attribute's. */
  @state() private chosenLang: Lang | null = null;
  @state() private hintsOn = false;
  @state() private showReview = false;
  /** Why the saved game could not be resumed, shown until a new game starts. */
  @state() private savedGameNotice = '';

  private readonly toast = new Toast(this, TOAST_MS);
  private readonly attrs = new AttributeReader('dice-poker');
  private readonly coach = new CoachLoader(this);
  private readonly sound = new SoundController(this);
  private readonly saves = new SaveSlot(this, (message) => this.attrs.warn(message));
  private readonly table = new TableController(
    this,
    {
      throw: (gesture) => void this.roll(gesture).catch((e: unknown) => this.refused(e)),
      tapDie: (index) => this.attempt(() => this.toggleHold(index)),
      // A tap that meant no die throws nothing after the first throw: say how to throw instead.
      tapMissed: (pointer) =>
        this.toast.show(pointer === 'mouse' ? this.strings.hintFirst : this.strings.touchHints.first),
      impact: (speed) => this.sound.impact(speed),
    },
    {
      game: () => this.game,
      // Flicks and taps on the table count only while a person plays a turn and no dice roll.
      inputTaken: () => this.personMayAct && !this.busy,
      strings: () => this.strings,
      reducedMotion: () => this.prefersReducedMotion,
    },
  );
  private readonly sessions = new SessionController(this, {
    computers: this.coach.computers,
    reducedMotion: () => this.prefersReducedMotion,
    settingUp: () => this.settingUp,
    playThrow: (trajectory, faces, held) => this.table.play(trajectory, faces, held),
    follow: (change) => this.follower.follow(change),
    played: () => {
      this.settingUp = false;
      this.showReview = false;
    },
    serverUrl: () => this.server || location.origin,
    storageKey: () => this.storageKey,
    lang: () => this.language,
    say: (message) => this.toast.show(message),
  });
  private readonly keyboardFocus = new KeyboardFocus(this, () => this.table.scene?.canvas);
  private readonly follower: ChangeFollower = new ChangeFollower(this, {
    sessions: this.sessions,
    sounds: this.sound,
    saves: this.saves,
    strings: () => this.strings,
    chosenLang: () => this.chosenLang,
    reducedMotion: () => this.prefersReducedMotion,
    refused: (error) => this.refused(error),
    started: () => {
      this.settingUp = false;
      this.savedGameNotice = '';
      this.showReview = false;
    },
    ended: () => this.keyboardFocus.panel(),
  });
  private readonly keys = new KeyboardController(this, {
    context: () => ({ playing: this.personMayAct, canStartOver: !!this.game && !this.busy }),
    roll: () => this.attempt(() => this.roll()),
    hold: (index) => this.attempt(() => this.toggleHold(index)),
    rows: () => this.renderRoot.querySelector('dp-scorecard')?.focusOptions(),
    hints: () => this.toggleHints(),
    newGame: () => this.setUp(true),
  });

  private get game(): Game | null {
    return this.sessions.game;
  }

  /** Whether dice are in the air. */
  private get busy(): boolean {
    return this.sessions.busy;
  }

  /** A plain, serialisable snapshot of the game (a fresh copy on every read). */
  get state(): DicePokerState {
    const online = this.sessions.session.online;
    return this.game
      ? snapshotOf(this.game, online)
      : emptySnapshot(this.attrs.value(parseRules(attributeText(this.rules))), online);
  }

  /**
   * Throws the dice that are not held; resolves with the five faces once they rest.
   * Rejects with a DicePokerError (`no-game`, `throw-in-progress`, `no-rolls-left`, `all-held`, `game-over`...).
   */
  roll(gesture: Gesture = DEFAULT_GESTURE): Promise<number[]> {
    return this.sessions.session.throw(gesture);
  }

  /** Holds a released die or releases a held one (between throws). Throws a DicePokerError where not allowed. */
  toggleHold(index: number): void {
    this.sessions.session.toggleHold(index);
  }

  /** Scores a free row with the dice on the table; returns the points. Throws a DicePokerError where not allowed. */
  score(row: RowId): number {
    return this.sessions.session.score(row);
  }

  /**
   * Starts a new game at once, in the page (an online room is left); options default to the
   * attributes (and the last game's players).
   */
  newGame(options: NewGameOptions = {}): void {
    if (this.sessions.session !== this.sessions.local) {
      if (this.busy) throw new DicePokerError('throw-in-progress', 'Wait for the dice to stop');
      void this.sessions.online?.leave();
    }
    const players = options.players ??
      this.attrs.value(parsePlayers(attributeText(this.players))) ??
      this.game?.players.map((p) => p.name) ?? [this.strings.defaultName(1)];
    const seed = options.seed ?? this.attrs.value(parseSeed(attributeText(this.seed)));
    const rules = options.rules ?? this.attrs.value(parseRules(attributeText(this.rules)));
    const kinds = players.map((_, i) => (isSeatKind(options.seats?.[i]) ? options.seats[i]! : 'human'));
    this.sessions.session.start({ players, seed, rules }, kinds);
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

  /** Host only: starts the online game with the seats taken. Throws `not-host` or `offline`. */
  startOnline(): void {
    if (!this.sessions.online) throw new DicePokerError('offline', 'Not in an online room');
    this.sessions.online.start();
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
    return this.sessions.online?.gameRecord() ?? null;
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
   * faces on the drawn dice, GPU resources, frame times), or null without WebGL.
   */
  get tableProbe(): TableProbe | null {
    return this.table.scene ?? null;
  }

  /** The language shown. */
  get language(): Lang {
    if (this.chosenLang) return this.chosenLang;
    const own = this.attrs.value(parseLang(this.lang || null));
    return resolveLang(own, document.documentElement.lang, navigator.languages ?? [navigator.language]);
  }

  private get prefersReducedMotion(): boolean {
    return this.reducedMotion || matchMedia('(prefers-reduced-motion: reduce)').matches;
  }

  private get strings(): Strings {
    return stringsFor(this.language);
  }

  private toggleHints(): void {
    this.hintsOn = !this.hintsOn;
    if (this.hintsOn) void this.coach.load();
  }

  /**
   * The one answer to "may the person at this page act now": the table's turn gate (the turn one of
   * this page's seats, a person's: see personMayAct), and no panel open. The pointer, the keys, the
   * buttons and the sheet all ask it; a throw in flight (`busy`) is the session's to refuse.
   */
  private get personMayAct(): boolean {
    return !this.settingUp && this.sessions.session.mayAct;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.coach.dispose();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!this.hasUpdated || changed.has('storageKey')) {
      this.saves.open(this.storageKey);
      // A saved game resumes, unless the markup names players: that means "start this game now".
      if (this.players === null) this.resume();
    }
    if (changed.has('players') && this.players !== null && !this.busy) {
      const names = this.attrs.value(parsePlayers(attributeText(this.players)));
      if (names) this.newGame({ players: names });
    }
  }

  protected override updated(changedProperties: PropertyValues<this>): void {
    // Private states are not keys of PropertyValues<this>.
    const changed = changedProperties as PropertyValues;
    if (changed.has('chosenLang')) this.follower.saveGame();
    // The computer waits while the new-game panel is open.
    if (changed.has('settingUp')) this.sessions.pageTable.setPaused(this.settingUp);
  }

  /** Resumes the saved game exactly as it was; bad saved data is dropped with a visible message. */
  private resume(): void {
    const saved = this.saves.load();
    if (saved.ok) {
      if (saved.lang) this.chosenLang = saved.lang;
      this.sessions.session.resume(saved.game, saved.seats ?? []);
    } else if (saved.reason !== 'none') {
      // It stays until a game starts: a word that vanished before the player looked would be lost.
      this.savedGameNotice = this.strings.savedGameRefused[saved.reason];
    }
  }

  /** Runs a player's request from the overlay; a refusal is shown, never thrown. */
  private attempt(request: () => unknown): void {
    try {
      const result = request();
      if (result instanceof Promise) result.catch((e: unknown) => this.refused(e));
    } catch (error) {
      this.refused(error);
    }
  }

  /** Opens or closes the new-game panel; the keyboard goes with it (into the panel, or back to the table). */
  private setUp(open: boolean): void {
    if (open === this.settingUp) return;
    // Set first: the focus moves once the render that this change asks for is done.
    this.settingUp = open;
    this.keyboardFocus.followPanel(open);
  }

  /** Start pressed: the game begins and the keyboard goes to the table, where R or Space throws. */
  private startFromPanel(options: NewGameOptions): void {
    this.attempt(() => this.newGame(options));
    this.keyboardFocus.table();
  }

  /** A row chosen on the sheet; its button goes away, so the keyboard goes back to the table. */
  private scoreFromSheet(row: RowId): void {
    this.attempt(() => this.score(row));
    this.keyboardFocus.table();
  }

  /** Shows why a player's request was refused (online refusals in online play's own words). */
  private refused(error: unknown): void {
    const code = DicePokerError.from(error).code;
    this.toast.show(
      this.sessions.online?.describe(code) ??
        this.strings.errors[code as PlayerErrorCode] ??
        this.strings.errorOther,
    );
  }

  protected override render() {
    const game = this.game;
    const online = this.sessions.onlineView(game);
    const othersTurn = this.sessions.othersTurn;
    const playing = this.personMayAct;
    if (online.joining || online.lobby) loadOnlinePanel();
    else if (!game || this.settingUp) loadStartPanel();
    return renderDicePoker({
      strings: this.strings,
      language: this.language,
      game,
      seats: this.sessions.session.seatKinds,
      rules: this.attrs.value(parseRules(attributeText(this.rules))),
      busy: this.busy,
      settingUp: this.settingUp,
      botTurn: this.sessions.botTurn,
      othersTurn,
      hintsOn: this.hintsOn,
      showReview: this.showReview,
      muted: this.sound.muted,
      noWebgl: this.table.noWebgl,
      notice: this.savedGameNotice,
      message: this.toast.text,
      announcement: this.follower.announcement,
      solver: this.coach.solver,
      history: game?.over ? this.saves.bestScores.list() : [],
      online,
      on: {
        // People's requests count only on their own turns; a computer seat plays through the API.
        roll: () => playing && this.attempt(() => this.roll()),
        hold: (index) => playing && this.attempt(() => this.toggleHold(index)),
        score: (row) => playing && this.scoreFromSheet(row),
        start: (options) => this.startFromPanel(options),
        setUp: (open) => this.setUp(open),
        toggleLang: () => (this.chosenLang = this.language === 'et' ? 'en' : 'et'),
        toggleHints: () => this.toggleHints(),
        toggleMute: () => this.sound.toggleMute(),
        showReview: () => void this.coach.load().then(() => (this.showReview = true)),
        skipBot: () => this.sessions.pageTable.skip(),
        clearHistory: () => this.saves.bestScores.clear(),
        host: (name) => this.attempt(() => this.hostOnline({ name })),
        startOnline: () => this.attempt(() => this.startOnline()),
        verify: () => this.attempt(() => this.verifyGameRecord()),
        // Online play's other requests, straight to it.
        ...this.sessions.roomRequests((request) => this.attempt(request)),
      },
    });
  }
}
