import type { ReactiveControllerHost } from 'lit';
import type { Game, RowId, RuleSetId } from '../../engine/index.js';
import { withShownNames } from '../shown-names.js';
import { DicePokerError } from '../errors.js';
import type { Lang, Strings } from '../i18n/index.js';
import type { PlayerErrorCode } from '../i18n/strings.js';
import type { NewGameOptions } from '../new-game-options.js';
import type { CoachLoader } from './CoachLoader.js';
import type { DicePokerView } from './dice-poker.view.js';
import { KeyboardController } from './KeyboardController.js';
import type { KeyboardFocus } from './KeyboardFocus.js';
import { loadOnlinePanel, loadStartPanel } from './panel-chunks.js';
import type { SaveSlot } from './SaveSlot.js';
import type { SessionController } from './SessionController.js';
import type { SoundController } from './SoundController.js';
import type { TableController } from './TableController.js';
import type { Toast } from './Toast.js';

/** The element's public calls the overlay's buttons make (the same a script makes). */
export interface OverlayCalls {
  roll(): Promise<number[]>;
  toggleHold(index: number): Promise<void>;
  score(row: RowId): Promise<number>;
  newGame(options: NewGameOptions): void;
  hostOnline(options: { name: string }): Promise<unknown>;
  startOnline(): void;
  verifyGameRecord(): Promise<unknown>;
}

/** The element's other parts the overlay shows and asks. */
export interface OverlayParts {
  calls: OverlayCalls;
  sessions: SessionController;
  table: TableController;
  focus: KeyboardFocus;
  coach: CoachLoader;
  sound: SoundController;
  saves: SaveSlot;
  toast: Toast;
  /** The language shown, its words, and the rule set the attributes name. */
  language(): Lang;
  strings(): Strings;
  rules(): RuleSetId;
  /** What screen readers hear last (the polite live region). */
  announcement(): string;
  /** The player picked a language in the overlay (a game in the page is saved with it). */
  languagePicked(): void;
}

/**
 * The overlay over the table: what it has open (the new-game panel, the hints, the review), the
 * language picked in it, a lasting notice, what it draws after each change, and what its buttons and
 * keys ask. A request the game refuses is shown (a toast in the player's words), never thrown; the
 * keyboard goes where the next move is. Its parts' lifecycles are their own (the keys' controller):
 * it holds state and answers, so it is a plain class bound to the element.
 */
export class Overlay {
  /** The new-game panel is open (the game behind it waits: see SessionController). */
  settingUp = false;
  hintsOn = false;
  showReview = false;
  /** The language picked in the overlay, over the attribute's (kept with a saved game). */
  chosenLang: Lang | null = null;
  /** Why the saved game could not be resumed, shown until a new game starts. */
  notice = '';

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement & { readonly renderRoot: ParentNode },
    private readonly parts: OverlayParts,
  ) {
    const { calls, sessions } = parts;
    new KeyboardController(host, {
      context: () => ({ playing: this.personMayAct, canStartOver: !!sessions.game }),
      roll: () => this.attempt(() => calls.roll()),
      hold: (index) => this.attempt(() => calls.toggleHold(index)),
      rows: () => host.renderRoot.querySelector('dp-scorecard')?.focusOptions(),
      hints: () => this.toggleHints(),
      newGame: () => this.askNewGame(),
    });
  }

  /** "New game" is waiting for the dice in the air to rest (the panel then opens). */
  private newGameAsked = false;

  /**
   * "New game" pressed: the panel opens at once, or, while dice are in the air (a computer's throw, say),
   * as soon as they rest; the player is told so meanwhile, so the press is never lost in silence.
   */
  askNewGame(): void {
    const sessions = this.parts.sessions;
    if (!sessions.busy) return this.setUp(true);
    this.parts.toast.show(this.parts.strings().newGameWaits);
    if (this.newGameAsked) return;
    this.newGameAsked = true;
    const whenStill = async (): Promise<void> => {
      while (sessions.busy) {
        await sessions.session.settled();
        // A throw still marked in the air once all is played: look again a moment later, not in a spin.
        if (sessions.busy) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      this.newGameAsked = false;
      // Unless a game was started meanwhile by other means (the API), or it ended.
      if (sessions.game && !sessions.game.over) this.setUp(true);
    };
    void whenStill();
  }

  /** The one answer to "may the person here act now": the table's turn gate, and no panel open. */
  get personMayAct(): boolean {
    return !this.settingUp && this.parts.sessions.session.mayAct;
  }

  /** A game starts or another session is played: its panels close. */
  closePanels(notice = this.notice): void {
    if (this.settingUp) this.parts.sessions.local.setPaused(false);
    this.settingUp = false;
    this.showReview = false;
    this.notice = notice;
    this.host.requestUpdate();
  }

  /** Shows a lasting word (a saved game that could not be resumed) until a game starts. */
  tell(notice: string): void {
    this.notice = notice;
    this.host.requestUpdate();
  }

  /** Runs a player's request; a refusal is shown, never thrown. */
  attempt(request: () => unknown): void {
    try {
      const result = request();
      if (result instanceof Promise) result.catch((e: unknown) => this.refused(e));
    } catch (error) {
      this.refused(error);
    }
  }

  /** Shows why a player's request was refused (online refusals in online play's own words). */
  refused(error: unknown): void {
    const code = DicePokerError.from(error).code;
    const s = this.parts.strings();
    this.parts.toast.show(
      this.parts.sessions.online?.describe(code) ?? s.errors[code as PlayerErrorCode] ?? s.errorOther,
    );
  }

  /** Opens or closes the new-game panel; the keyboard goes with it (into the panel, or back to the table). */
  setUp(open: boolean): void {
    if (open === this.settingUp) return;
    // Set first: the focus moves once the render that this change asks for is done.
    this.settingUp = open;
    // The computer waits while the new-game panel is open.
    this.parts.sessions.local.setPaused(open);
    this.host.requestUpdate();
    this.parts.focus.followPanel(open);
  }

  toggleHints(): void {
    this.hintsOn = !this.hintsOn;
    if (this.hintsOn) void this.parts.coach.load();
    this.host.requestUpdate();
  }

  /** The game last shown with its names as shown, kept so that the same game gives the same object. */
  private shown: { game: Game; lang: Lang; as: Game } | null = null;

  /** The game as shown: online, its computer seats named in the page's language (see shown-names.ts). */
  private shownGame(game: Game | null): Game | null {
    const { sessions } = this.parts;
    if (!game || !sessions.session.online) return game;
    const lang = this.parts.language();
    if (this.shown?.game !== game || this.shown.lang !== lang) {
      const kinds = sessions.session.seatKinds;
      const as = withShownNames(game, (seat) => (kinds[seat] ?? 'human') !== 'human', this.parts.strings());
      this.shown = { game, lang, as };
    }
    return this.shown.as;
  }

  /** Everything the overlay draws now, and what each of its controls asks. */
  view(): DicePokerView {
    const { calls, sessions, table, coach, sound, saves, toast } = this.parts;
    const game = this.shownGame(sessions.game);
    const online = sessions.onlineView(game);
    const playing = this.personMayAct;
    const onlinePanel = online.joining || !!online.lobby;
    const startPanel = !onlinePanel && (!game || this.settingUp);
    if (onlinePanel) loadOnlinePanel();
    else if (startPanel) loadStartPanel();
    // My games are listed under the start panel (read while it shows, if this browser keeps any seat).
    sessions.followMyGames(startPanel);
    return {
      strings: this.parts.strings(),
      language: this.parts.language(),
      game,
      seats: sessions.session.seatKinds,
      rules: this.parts.rules(),
      busy: sessions.busy,
      settingUp: this.settingUp,
      botTurn: sessions.botTurn,
      othersTurn: sessions.othersTurn,
      hintsOn: this.hintsOn,
      showReview: this.showReview,
      muted: sound.muted,
      noWebgl: table.noWebgl,
      notice: this.notice,
      message: toast.text,
      announcement: this.parts.announcement(),
      solver: coach.solver,
      history: game?.over ? saves.bestScores.list() : [],
      playHistory: saves.playHistory,
      online,
      on: {
        // People's requests count only on their own turns; a computer seat plays through the API.
        roll: () => playing && this.attempt(() => calls.roll()),
        hold: (index) => playing && this.attempt(() => calls.toggleHold(index)),
        // A row chosen on the sheet: its button goes away, so the keyboard goes back to the table.
        score: (row) => playing && (this.attempt(() => calls.score(row)), this.parts.focus.table()),
        // Start pressed: the game begins and the keyboard goes to the table, where R or Space throws.
        start: (options) => (this.attempt(() => calls.newGame(options)), this.parts.focus.table()),
        setUp: (open) => this.setUp(open),
        newGame: () => this.askNewGame(),
        toggleLang: () => {
          this.chosenLang = this.parts.language() === 'et' ? 'en' : 'et';
          this.host.requestUpdate();
          this.parts.languagePicked();
        },
        toggleHints: () => this.toggleHints(),
        toggleMute: () => sound.toggleMute(),
        showReview: () =>
          void coach.load().then(() => {
            this.showReview = true;
            this.host.requestUpdate();
          }),
        skipBot: () => sessions.local.skip(),
        clearHistory: () => saves.bestScores.clear(),
        openHistory: () => void saves.playHistory.show().then(() => this.parts.focus.panel()),
        closeHistory: () => (saves.playHistory.hide(), this.parts.focus.followPanel(true)),
        importHistory: (text) => saves.playHistory.importFile(text, this.parts.strings().lang),
        host: (name) => this.attempt(() => calls.hostOnline({ name })),
        startOnline: () => this.attempt(() => calls.startOnline()),
        verify: () => this.attempt(() => calls.verifyGameRecord()),
        // Online play's other requests, straight to it.
        ...sessions.roomRequests((request) => this.attempt(request)),
        openGame: (roomId) => {
          this.setUp(false);
          this.attempt(() => sessions.online?.openGame(roomId));
        },
      },
    };
  }
}
