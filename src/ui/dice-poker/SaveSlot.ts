import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Game } from '../../engine/index.js';
import type { SolverClient } from '../coach/SolverClient.js';
import type { Lang } from '../i18n/index.js';
import { browserStorage } from '../persistence/browser-storage.js';
import { GameStore } from '../persistence/GameStore.js';
import { readGuideSeen, writeGuideSeen } from '../persistence/guide-setting.js';
import { readLang, writeLang } from '../persistence/lang-setting.js';
import { readName, writeName } from '../persistence/name-setting.js';
import { isGivenName } from '../shown-names.js';
import type { LoadResult } from '../persistence/saved-game.js';
import { BestScores } from './BestScores.js';
import { Observable } from './Observable.js';
import { PlayHistory } from './PlayHistory.js';
import { isGameAction, type PlayChange, type SessionController } from './SessionController.js';
import { claimStorageKey, releaseStorageKey } from './storage-key-users.js';

/**
 * Where one element keeps what lasts between visits, under its storage key: the game in progress, the
 * language picked in the overlay, the best scores and the finished games. It follows the session:
 * every accepted action of a game in the page is saved, and a finished game's scores and review are
 * kept. The key is claimed on the page while the element is on it, so a second element on the same
 * key (the two would overwrite each other's game) is warned about. A change of the best scores or of
 * the history is told as its own.
 */
export class SaveSlot extends Observable implements ReactiveController {
  /** The best scores under the key (loaded on demand). */
  bestScores: BestScores;
  /** The finished games with their reviews under the key (the History panel's; loaded on demand). */
  playHistory: PlayHistory;
  /** The language picked in the overlay, over the attribute's (kept with a saved game). */
  chosenLang: Lang | null = null;
  /** "How to play" was shown under the key (it opens by itself on a first visit only). */
  guideSeen = false;
  /** The name the player last played under ('' before any): the join panel offers it again. */
  lastName = '';
  private key: string | null = null;
  private store: GameStore | null = null;

  /** `solver`: the coach's solver, loaded (the history reviews each finished game with it); null off the page. */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly sessions: SessionController,
    private readonly solver: () => Promise<SolverClient | null>,
    private readonly warn: (message: string) => void,
  ) {
    super();
    host.addController(this);
    this.bestScores = this.follow(new BestScores('default'));
    this.playHistory = this.follow(new PlayHistory('default'));
    sessions.follow((change) => this.keep(change));
  }

  /** The lists kept under the key now: their changes are this slot's (those under an old key, no more). */
  private follow<T extends BestScores | PlayHistory>(part: T): T {
    const stop = part.subscribe(() => {
      if (part === this.bestScores || part === this.playHistory) this.changed();
      else stop();
    });
    return part;
  }

  /** Keeps everything under `key` from now on (the element's `storage-key`), with the language last picked there. */
  open(key: string): void {
    if (this.key !== null) releaseStorageKey(this.host, this.key);
    this.key = key;
    this.claim();
    this.store = new GameStore({ storageKey: key });
    this.bestScores = this.follow(new BestScores(key));
    this.playHistory = this.follow(new PlayHistory(key));
    this.chosenLang = readLang(browserStorage(), key);
    this.guideSeen = readGuideSeen(browserStorage(), key);
    this.lastName = readName(browserStorage(), key) ?? '';
  }

  /**
   * The player started a game or joined one under `name`: kept under the key, for the next panel that
   * asks (a name the page gave, "Player 1", is no one's and is not kept).
   */
  rememberName(name: string | undefined): void {
    const typed = name?.trim() ?? '';
    if (!typed || isGivenName(typed) || typed === this.lastName) return;
    this.lastName = typed;
    writeName(browserStorage(), typed, this.key);
  }

  /** "How to play" was shown: remembered under the key, so that it opens by itself no more. */
  markGuideSeen(): void {
    this.guideSeen = true;
    writeGuideSeen(browserStorage(), this.key);
  }

  /** The saved game, or why there is none that can be resumed (its language is taken, unless one was picked). */
  load(): LoadResult {
    const saved = this.store?.load() ?? { ok: false, reason: 'none', message: 'No storage key opened yet' };
    if (!this.chosenLang && saved.ok && saved.lang) this.chosenLang = saved.lang;
    return saved;
  }

  /** The player picked a language in the overlay: kept under the key, and with the game in the page. */
  pickLang(lang: Lang): void {
    this.chosenLang = lang;
    this.changed();
    this.saveGame();
    writeLang(browserStorage(), lang, this.key);
  }

  /**
   * Saves the game in the page, so a reload resumes exactly here (with the language the player picked
   * in the overlay, if any: the page's or the attribute's needs no saving). A storage that refuses
   * (full, blocked) is warned about, and play goes on.
   */
  private saveGame(): void {
    const { session, local, game } = this.sessions;
    // An online game is the room's: a reload comes back to the seat (OnlinePlay), not to a copy.
    if (!game || session !== local) return;
    const lang = this.chosenLang ? { lang: this.chosenLang } : {};
    const saved = this.store?.save(game, { ...lang, seats: session.seatKinds });
    if (saved && !saved.ok) this.warn(`the game could not be saved (${saved.reason})`);
  }

  /** What a change leaves to keep (see the class). */
  private keep(change: PlayChange): void {
    if (change.type === 'scored') {
      // A game under way will end: the best scores are fetched meanwhile.
      this.bestScores.preload();
      if (change.game.over) this.keepFinished(change.game);
    }
    // Every accepted action is saved (a throw counts once it lands).
    if (isGameAction(change)) this.saveGame();
  }

  /** A finished game: its people's best scores, and the game with its review (the History panel). */
  private keepFinished(game: Game): void {
    const { online, seatKinds: kinds } = this.sessions.session;
    const mine = (p: number) => (online ? p === online.seat : kinds[p] === 'human');
    this.bestScores.add(game, mine);
    const seats = game.players.map((_, p) => p).filter(mine);
    this.playHistory.record({ game, seats, online: !!online, kinds }, this.solver);
  }

  hostConnected(): void {
    if (this.key !== null) this.claim();
  }

  hostDisconnected(): void {
    if (this.key !== null) releaseStorageKey(this.host, this.key);
  }

  private claim(): void {
    if (claimStorageKey(this.host, this.key!))
      this.warn(
        `storage-key="${this.key}" is used by another <dice-poker> on this page: their saved games overwrite each other; give each its own`,
      );
  }
}
