import { LitElement, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { rollsLeft, totals, winners, type Game, type RowId } from '../../engine/index.js';
import { DEFAULT_GESTURE, DiceTable, type Gesture, type TableProbe } from '../../scene/index.js';
import {
  AttributeReader,
  attributeText,
  parseLang,
  parsePlayers,
  parseRules,
  parseSeed,
} from '../attributes.js';
import { DicePokerError } from '../errors.js';
import { emit } from '../events.js';
import { resolveLang, stringsFor, type Lang, type Strings } from '../i18n/index.js';
import type { PlayerErrorCode } from '../i18n/strings.js';
import { emptySnapshot, snapshotOf, type DicePokerState } from '../state-snapshot.js';
import { dicePokerStyles } from './dice-poker.styles.js';
import { renderDicePoker } from './dice-poker.view.js';
import '../components/dp-scorecard/dp-scorecard.js';
import '../components/dp-controls/dp-controls.js';
import { isSeatKind } from '../coach/seats.js';
import { CoachLoader } from './CoachLoader.js';
import { keyCommand } from './key-commands.js';
import { SoundController } from './SoundController.js';
import { Toast } from './Toast.js';
import { verdictOf } from '../verdict.js';
import { SaveSlot } from './SaveSlot.js';
import type { NewGameOptions } from '../new-game-options.js';
import type { GameSession, SessionChange } from '../session/GameSession.js';
import { PageTable } from '../session/PageTable.js';
import { TableMirror } from '../session/TableMirror.js';
import type { OnlinePlay } from './OnlinePlay.js';
import type { OnlineGameRecord } from '../../online/game-record.js';
import type { VerifyResult } from '../../online/verify.js';
import { OFFLINE, hasOnlineSeat, isInvite } from './online-entry.js';

export type { NewGameOptions } from '../new-game-options.js';

/** The start panel's chunk, once asked for (null again after a failed load, so it is retried). */
let startPanel: Promise<unknown> | null = null;

/** Loads the start panel, a chunk of its own: a resumed or scripted game never needs it. */
function loadStartPanel(): void {
  startPanel ??= import('../components/dp-start-panel/dp-start-panel.js').catch((error: unknown) => {
    startPanel = null;
    console.warn('<dice-poker>: the start panel could not be loaded', error);
  });
}

/** The online panel's chunk, once asked for (null again after a failed load, so it is retried). */
let onlinePanel: Promise<unknown> | null = null;

/** Loads the online panel (joining, the room before its game): only online play needs it. */
function loadOnlinePanel(): void {
  onlinePanel ??= import('../components/dp-online-panel/dp-online-panel.js').catch((error: unknown) => {
    onlinePanel = null;
    console.warn('<dice-poker>: the online panel could not be loaded', error);
  });
}

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
  @state() private noWebgl = false;
  /** The language picked in the overlay, over the attribute's. */
  @state() private chosenLang: Lang | null = null;
  /** The last thing said to screen readers (polite live region). */
  @state() private announcement = '';
  @state() private hintsOn = false;
  @state() private showReview = false;
  /** Why the saved game could not be resumed, shown until a new game starts. */
  @state() private savedGameNotice = '';

  private readonly table = new DiceTable({
    throw: (gesture) => void this.roll(gesture).catch((e: unknown) => this.refused(e)),
    tapDie: (index) => this.attempt(() => this.toggleHold(index)),
    // A tap that meant no die throws nothing after the first throw: say how to throw instead.
    tapMissed: (pointer) =>
      this.toast.show(pointer === 'mouse' ? this.strings.hintFirst : this.strings.touchHints.first),
    impact: (speed) => this.sound.impact(speed),
    changed: () => {
      this.noWebgl = !this.table.scene;
      this.requestUpdate();
    },
  });
  private readonly toast = new Toast(this, TOAST_MS);
  private readonly attrs = new AttributeReader('dice-poker');
  private readonly coach = new CoachLoader(this);
  private readonly sound = new SoundController(this);
  private readonly saves = new SaveSlot(this, (message) => this.attrs.warn(message));
  /** A game on this screen: the table's authority run here, its computers played by the coach. */
  private readonly pageTable: PageTable = new PageTable({
    policy: this.coach.computers,
    delayMs: () => (this.prefersReducedMotion ? 250 : 600),
    shown: (): Promise<void> => this.local.settled(),
  });
  /** The page's mirror of that table: every throw recorded there, then played on this one. */
  private readonly local: TableMirror = new TableMirror(
    this.pageTable,
    (trajectory, faces, held) => this.table.play(trajectory, faces, held),
    this.pageTable,
  );
  /** The game played: the one truth the table and the overlay show (the local one, or an online room). */
  private session: GameSession = this.local;
  private stopFollowing: () => void;
  /** Online play, once wanted (a chunk of its own: pages that never go online never load it). */
  private online: OnlinePlay | null = null;

  constructor() {
    super();
    this.stopFollowing = this.session.subscribe((change) => this.followSession(change));
  }

  /** Online play, loaded on first use. */
  private async onlinePlay(): Promise<OnlinePlay> {
    if (!this.online) {
      const { OnlinePlay } = await import('./OnlinePlay.js');
      this.online ??= new OnlinePlay({
        serverUrl: () => this.server || location.origin,
        storageKey: () => this.storageKey,
        play: (session) => this.play(session ?? this.local),
        playThrow: (trajectory, faces, held) => this.table.play(trajectory, faces, held),
        requestUpdate: () => this.requestUpdate(),
        lang: () => this.language,
        say: (message) => this.toast.show(message),
      });
    }
    return this.online;
  }

  /** Plays `session` from now on: the table and the overlay show its game. */
  private play(session: GameSession): void {
    if (session === this.session) return;
    this.stopFollowing();
    this.session = session;
    this.stopFollowing = session.subscribe((change) => this.followSession(change));
    this.settingUp = false;
    this.showReview = false;
    this.requestUpdate();
  }

  private get game(): Game | null {
    return this.session.game;
  }

  /** Whether dice are in the air. */
  private get busy(): boolean {
    return this.session.inFlight !== null;
  }

  /** A plain, serialisable snapshot of the game (a fresh copy on every read). */
  get state(): DicePokerState {
    const online = this.session.online;
    return this.game
      ? snapshotOf(this.game, online)
      : emptySnapshot(this.attrs.value(parseRules(attributeText(this.rules))), online);
  }

  /**
   * Throws the dice that are not held; resolves with the five faces once they rest.
   * Rejects with a DicePokerError (`no-game`, `throw-in-progress`, `no-rolls-left`, `all-held`, `game-over`...).
   */
  roll(gesture: Gesture = DEFAULT_GESTURE): Promise<number[]> {
    return this.session.throw(gesture);
  }

  /** Holds a released die or releases a held one (between throws). Throws a DicePokerError where not allowed. */
  toggleHold(index: number): void {
    this.session.toggleHold(index);
  }

  /** Scores a free row with the dice on the table; returns the points. Throws a DicePokerError where not allowed. */
  score(row: RowId): number {
    return this.session.score(row);
  }

  /**
   * Starts a new game at once, in the page (an online room is left); options default to the
   * attributes (and the last game's players).
   */
  newGame(options: NewGameOptions = {}): void {
    if (this.session !== this.local) {
      if (this.busy) throw new DicePokerError('throw-in-progress', 'Wait for the dice to stop');
      void this.online?.leave();
    }
    const players = options.players ??
      this.attrs.value(parsePlayers(attributeText(this.players))) ??
      this.game?.players.map((p) => p.name) ?? [this.strings.defaultName(1)];
    const seed = options.seed ?? this.attrs.value(parseSeed(attributeText(this.seed)));
    const rules = options.rules ?? this.attrs.value(parseRules(attributeText(this.rules)));
    const kinds = players.map((_, i) => (isSeatKind(options.seats?.[i]) ? options.seats[i]! : 'human'));
    this.session.start({ players, seed, rules }, kinds);
  }

  /**
   * Creates a private online room with this player as its host; resolves with its id and the invite
   * link to send friends. Rejects with `server-unavailable` when the game server cannot be reached.
   */
  hostOnline({ name }: { name: string }): Promise<{ roomId: string; inviteUrl: string }> {
    return this.onlinePlay().then((online) => online.hostRoom(name));
  }

  /**
   * Joins a friend's room by its id or invite link. Rejects with `bad-room-id`, `room-not-found`,
   * `room-full`, `game-started`, `bad-name` or `server-unavailable`.
   */
  joinOnline(roomIdOrInviteUrl: string, { name }: { name: string }): Promise<void> {
    return this.onlinePlay().then((online) => online.joinRoom(roomIdOrInviteUrl, name));
  }

  /** Host only: starts the online game with the seats taken. Throws `not-host` or `offline`. */
  startOnline(): void {
    if (!this.online) throw new DicePokerError('offline', 'Not in an online room');
    this.online.start();
  }

  /** Leaves the online room; the element goes back to a game in the page. */
  leaveOnline(): Promise<void> {
    return this.online?.leave() ?? Promise.resolve();
  }

  /**
   * The record of the finished online game (what "Save the game record" saves; `npm run verify -- FILE`
   * checks it), or null while there is none.
   */
  get gameRecord(): OnlineGameRecord | null {
    return this.online?.gameRecord() ?? null;
  }

  /**
   * "Verify this game": checks a finished online game's record (`record`: a saved file's text or its
   * object; this room's finished game when left out) and resolves with the verdict; a record that is
   * not one rejects with `bad-record`, no finished game with `no-game`.
   */
  async verifyGameRecord(record?: unknown): Promise<VerifyResult> {
    const online = await this.onlinePlay();
    if (record === undefined) return online.verify();
    const { parseGameRecord } = await import('../../online/game-record.js');
    return online.verify(parseGameRecord(record));
  }

  /**
   * Everything that follows a change of the game, in one place and once: the computer seats, what
   * screen readers hear, sounds, the `dp-*` events, the saved game and the best scores. The table and
   * the overlay follow in `updated()`.
   */
  private followSession(change: SessionChange): void {
    // First: what follows (focus moving to a panel) waits for the render of this change.
    this.requestUpdate();
    const s = this.strings;
    if (change.type === 'refused') this.refused(change.error);
    const game = change.game;
    if (!game) return;
    const name = (player: number) => game.players[player]!.name;
    switch (change.type) {
      case 'thrown':
        // Run to rest at once, the throw's own impacts were silent.
        if (this.prefersReducedMotion && !document.hidden) this.sound.clatter();
        this.announce(s.said.rolled(name(game.current), game.dice, rollsLeft(game)));
        emit(this, 'dp-roll', {
          player: game.current,
          dice: [...game.dice],
          held: [...game.held],
          rollNumber: game.rollsUsed,
        });
        break;
      case 'held':
        this.announce(s.said.held(change.index, game.dice[change.index]!, game.held[change.index]!));
        emit(this, 'dp-hold', { index: change.index, held: game.held[change.index]! });
        break;
      case 'scored':
        this.followScore(change);
        break;
      case 'started':
        this.settingUp = false;
        this.savedGameNotice = '';
        this.showReview = false;
        this.announce(s.said.turn(name(0), 0));
        emit(this, 'dp-turn', { player: 0, turn: 0 });
        break;
    }
    // Every accepted action is saved (a resumed game is the saved one; a throw counts once it lands).
    if (
      change.type === 'thrown' ||
      change.type === 'held' ||
      change.type === 'scored' ||
      change.type === 'started'
    )
      this.saveGame();
  }

  private followScore({ before, game, row, player, points }: SessionChange & { type: 'scored' }): void {
    const s = this.strings;
    // A game under way will end: the game-over panel and the best scores are fetched meanwhile.
    this.saves.bestScores.preload();
    const total = totals(game)[player]!;
    const scored = s.said.scored(before.players[player]!.name, s.rows[row], points, total);
    emit(this, 'dp-score', { player, row, points, total });
    this.sound.scored(points);
    if (game.over) {
      this.focusPanel();
      const online = this.session.online;
      const kinds = this.session.seatKinds;
      this.saves.bestScores.add(game, (p) => (online ? p === online.seat : kinds[p] === 'human'));
      this.announce(`${scored} ${s.gameOver}. ${verdictOf(game, s)}`);
      emit(this, 'dp-game-over', { totals: totals(game), winners: winners(game) });
    } else {
      this.announce(`${scored} ${s.said.turn(game.players[game.current]!.name, game.turn)}`);
      emit(this, 'dp-turn', { player: game.current, turn: game.turn });
    }
  }

  /**
   * Saves the game, so a reload resumes exactly here (with the language the player picked in the
   * overlay, if any: the page's or the attribute's needs no saving).
   */
  private saveGame(): void {
    // An online game is the room's: a reload comes back to the seat (OnlinePlay), not to a copy.
    if (!this.game || this.session !== this.local) return;
    const lang = this.chosenLang ? { lang: this.chosenLang } : {};
    this.saves.save(this.game, { ...lang, seats: this.session.seatKinds });
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

  /** Whether a computer plays the turn now (people's clicks and keys wait). */
  private get botTurn(): boolean {
    const game = this.game;
    return !!game && !game.over && (this.session.seatKinds[game.current] ?? 'human') !== 'human';
  }

  /** Online, whether another person's seat plays the turn now (this page only watches). */
  private get othersTurn(): boolean {
    const game = this.game;
    return !!this.session.online && !!game && !game.over && !this.botTurn && !this.session.mayAct;
  }

  /**
   * The one answer to "may the person at this page act now": the table's turn gate (the turn one of
   * this page's seats, a person's: see personMayAct), and no panel open. The pointer, the keys, the
   * buttons and the sheet all ask it; a throw in flight (`busy`) is the session's to refuse.
   */
  private get personMayAct(): boolean {
    return !this.settingUp && this.session.mayAct;
  }

  private announce(text: string): void {
    this.announcement = text;
  }

  /** Keyboard play (see key-commands.ts). */
  private readonly onKeyDown = (event: KeyboardEvent): void => {
    const command = keyCommand(event, {
      playing: this.personMayAct,
      canStartOver: !!this.game && !this.busy,
    });
    if (!command) return;
    event.preventDefault();
    if (command.kind === 'roll') this.attempt(() => this.roll());
    else if (command.kind === 'hold') this.attempt(() => this.toggleHold(command.index));
    else if (command.kind === 'rows') this.renderRoot.querySelector('dp-scorecard')?.focusOptions();
    else if (command.kind === 'hints') this.toggleHints();
    else this.setUp(true);
  };

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener('keydown', this.onKeyDown);
    // Reattached after removal: the scene was freed on disconnect, so build it again.
    if (this.hasUpdated && !this.table.built) this.buildTable();
    if (this.hasUpdated) this.pageTable.setPaused(this.settingUp);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener('keydown', this.onKeyDown);
    this.pageTable.setPaused(true);
    this.coach.dispose();
    this.table.dispose();
    // Taken off the page: out of the room too (a reload, which closes the page, keeps the seat).
    if (this.online?.session) void this.online.leave();
  }

  protected override firstUpdated(): void {
    this.buildTable();
    // Opened from an invite: the join panel asks for a name. A reload comes back to its seat.
    if (isInvite() || hasOnlineSeat(this.storageKey)) {
      void this.onlinePlay().then(async (online) => {
        online.readInvite();
        this.requestUpdate();
        await online.comeBack();
        this.requestUpdate();
      });
    }
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
    if (changed.has('chosenLang')) this.saveGame();
    // The computer waits while the new-game panel is open.
    if (changed.has('settingUp')) this.pageTable.setPaused(this.settingUp);
    // The table is a function of the game: it moves only the dice that differ from what it shows.
    const game = this.game;
    this.table.sync({
      dice: game?.dice ?? null,
      held: game?.held ?? null,
      // Flicks and taps on the table count only while a person plays a turn and no dice roll.
      inputTaken: this.personMayAct && !this.busy,
      // Before a turn's first throw there is nothing to lose: a tap on the felt may throw.
      beforeFirstThrow: game?.rollsUsed === 0,
      label: this.strings.said.table(game?.dice ?? [], game?.held ?? []),
      // The keys (the view's .keys), read as the table's description.
      describedBy: 'keys',
      reducedMotion: this.prefersReducedMotion,
    });
  }

  /** Resumes the saved game exactly as it was; bad saved data is dropped with a visible message. */
  private resume(): void {
    const saved = this.saves.load();
    if (saved.ok) {
      if (saved.lang) this.chosenLang = saved.lang;
      this.session.resume(saved.game, saved.seats ?? []);
    } else if (saved.reason !== 'none') {
      // It stays until a game starts: a word that vanished before the player looked would be lost.
      this.savedGameNotice = this.strings.savedGameRefused[saved.reason];
    }
  }

  private buildTable(): void {
    this.table.build(this.renderRoot.querySelector<HTMLElement>('.stage')!, this.prefersReducedMotion);
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
    if (open) this.focusPanel();
    else this.focusTable();
  }

  /**
   * Puts the keyboard on the panel about to open (its first field or button), if the keyboard is in
   * this element: the game behind a panel is inert, so focus would otherwise fall to the page. Focus
   * elsewhere on the page (the embedder's) stays where it is.
   */
  private focusPanel(): void {
    const active = document.activeElement;
    if (active !== this && active !== document.body && active !== null) return;
    void this.updateComplete.then(async () => {
      const panel = this.renderRoot.querySelector<LitElement>(
        'dp-start-panel, dp-game-over, dp-online-panel',
      );
      if (!panel) return;
      // Both panels come in chunks of their own: wait for the element, then for its first render.
      await customElements.whenDefined(panel.localName);
      await panel.updateComplete;
      panel.focus({ preventScroll: true });
    });
  }

  /** Start pressed: the game begins and the keyboard goes to the table, where R or Space throws. */
  private startFromPanel(options: NewGameOptions): void {
    this.attempt(() => this.newGame(options));
    this.focusTable();
  }

  /** A row chosen on the sheet; its button goes away, so the keyboard goes back to the table. */
  private scoreFromSheet(row: RowId): void {
    this.attempt(() => this.score(row));
    this.focusTable();
  }

  /** Puts the keyboard on the table (or, without 3D, on the roll button), where the next turn starts. */
  private focusTable(): void {
    void this.updateComplete.then(() => {
      const target = this.table.scene?.canvas ?? this.renderRoot.querySelector('dp-controls');
      target?.focus({ preventScroll: true });
    });
  }

  /** What online play shows (nothing, before it is loaded). */
  private onlineView(game: Game | null) {
    return this.online?.view(game) ?? OFFLINE;
  }

  /** Shows why a player's request was refused (online refusals in online play's own words). */
  private refused(error: unknown): void {
    const code = DicePokerError.from(error).code;
    this.toast.show(
      this.online?.describe(code) ?? this.strings.errors[code as PlayerErrorCode] ?? this.strings.errorOther,
    );
  }

  protected override render() {
    const game = this.game;
    const online = this.onlineView(game);
    const othersTurn = this.othersTurn;
    const playing = this.personMayAct;
    if (online.joining || online.lobby) loadOnlinePanel();
    else if (!game || this.settingUp) loadStartPanel();
    return renderDicePoker({
      strings: this.strings,
      language: this.language,
      game,
      seats: this.session.seatKinds,
      rules: this.attrs.value(parseRules(attributeText(this.rules))),
      busy: this.busy,
      settingUp: this.settingUp,
      botTurn: this.botTurn,
      othersTurn,
      hintsOn: this.hintsOn,
      showReview: this.showReview,
      muted: this.sound.muted,
      noWebgl: this.noWebgl,
      notice: this.savedGameNotice,
      message: this.toast.text,
      announcement: this.announcement,
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
        skipBot: () => this.pageTable.skip(),
        clearHistory: () => this.saves.bestScores.clear(),
        host: (name) => this.attempt(() => this.hostOnline({ name })),
        join: (name) => this.attempt(() => this.online?.joinInvited(name)),
        startOnline: () => this.attempt(() => this.startOnline()),
        addBot: (kind) => this.attempt(() => this.online?.addBot(kind)),
        removeSeat: (seat) => this.attempt(() => this.online?.removeSeat(seat)),
        leave: () => this.attempt(() => this.online?.back()),
        answerClaim: (seat, admit) => this.attempt(() => this.online?.answerClaim(seat, admit)),
        setClock: (seconds) => this.attempt(() => this.online?.setClock(seconds)),
        verify: () => this.attempt(() => this.verifyGameRecord()),
        saveRecord: () => this.online?.saveRecord(),
      },
    });
  }
}
