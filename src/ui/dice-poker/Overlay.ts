import type { Game } from '../../engine/index.js';
import type { Lang } from '../i18n/index.js';
import { focusBack, focusedInside, focusPanel, followPanel, type FocusHost } from './keyboard-focus.js';
import { Observable } from './Observable.js';
import type { SessionController } from './SessionController.js';

/** What the overlay reads of the element: the focus it moves, and the language shown. */
export type OverlayHost = FocusHost & { readonly language: Lang };

/**
 * What the overlay over the table has open (the new-game panel, the hints, the review) and a lasting
 * notice. It follows the session: a game started or another one played closes the panels, a word
 * that the game cannot go on opens the new-game panel, a game's end hands the keyboard to its panel.
 * The keyboard goes with the new-game panel as it opens or closes.
 */
export class Overlay extends Observable {
  hintsOn = false;
  showReview = false;
  /** Why the saved game could not be resumed, shown until a new game starts. */
  notice = '';
  /** "How to play" is open, over everything (the rest waits behind it, inert). */
  guideOpen = false;
  /** "New game" is waiting for the dice in the air to rest (the panel then opens). */
  private newGameAsked = false;
  /** What had the keyboard as the guide opened: it gets it back as the guide closes. */
  private beforeGuide: HTMLElement | null = null;

  constructor(
    private readonly host: OverlayHost,
    private readonly sessions: SessionController,
  ) {
    super();
    sessions.follow((change) => {
      if (change.type === 'started') this.closePanels('');
      else if (change.type === 'played') this.closePanels();
      // A lasting word, on the start panel (opened for it): what to do now that the game cannot go on.
      else if (change.type === 'tell') {
        this.tell(change.text);
        this.setUp(true);
      }
      // The game ended: the keyboard goes to the game-over panel.
      else if (change.type === 'scored' && change.game.over) focusPanel(host);
    });
  }

  /** The new-game panel is open (the game behind it waits: see SessionController). */
  get settingUp(): boolean {
    return this.sessions.covered;
  }

  /**
   * "New game" pressed: the panel opens at once, or, while dice are in the air (a computer's throw, say),
   * as soon as they rest. True when it waits (the player is to be told so: the press is never lost in silence).
   */
  askNewGame(): boolean {
    const sessions = this.sessions;
    if (!sessions.busy) {
      this.setUp(true);
      return false;
    }
    if (this.newGameAsked) return true;
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
    return true;
  }

  /** A game starts or another session is played: its panels close. */
  closePanels(notice = this.notice): void {
    this.sessions.cover(false);
    this.showReview = false;
    this.notice = notice;
    this.changed();
  }

  /** Shows a lasting word (a saved game that could not be resumed) until a game starts. */
  tell(notice: string): void {
    this.notice = notice;
    this.changed();
  }

  /** Opens or closes the new-game panel; the keyboard goes with it (into the panel, or back to the table). */
  setUp(open: boolean): void {
    if (open === this.settingUp) return;
    // Set first: the focus moves once the render that this change asks for is done.
    this.sessions.cover(open);
    followPanel(this.host, open);
  }

  /** Opens "How to play" (on a first visit, or from its buttons); the keyboard goes into it. */
  openGuide(): void {
    if (this.guideOpen) return;
    this.beforeGuide = focusedInside(this.host);
    this.guideOpen = true;
    this.changed();
    focusPanel(this.host);
  }

  /** Closes "How to play"; the keyboard goes back to where it was (see focusBack). */
  closeGuide(): void {
    if (!this.guideOpen) return;
    this.guideOpen = false;
    this.changed();
    focusBack(this.host, this.beforeGuide);
    this.beforeGuide = null;
  }

  toggleHints(): void {
    this.hintsOn = !this.hintsOn;
    this.changed();
  }

  openReview(): void {
    this.showReview = true;
    this.changed();
  }

  /** The game last shown with its names as shown, kept so that the same game gives the same object. */
  private shown: { game: Game; lang: Lang; as: Game } | null = null;

  /** The game as shown (see SessionController.namedAsShown), the same object for the same game and language. */
  shownGame(game: Game | null): Game | null {
    if (!game) return game;
    const lang = this.host.language;
    if (this.shown?.game !== game || this.shown.lang !== lang)
      this.shown = { game, lang, as: this.sessions.namedAsShown(game) };
    return this.shown.as;
  }
}
