import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Game } from '../../engine/index.js';
import { GameStore } from '../persistence/GameStore.js';
import type { LoadResult, SaveExtras } from '../persistence/saved-game.js';
import { BestScores } from './BestScores.js';
import { PlayHistory } from './PlayHistory.js';
import { claimStorageKey, releaseStorageKey } from './storage-key-users.js';

/**
 * Where one element keeps what lasts between visits, under its storage key: the game in progress and
 * the best scores. The key is claimed on the page while the element is on it, so a second element on
 * the same key (the two would overwrite each other's game) is warned about.
 */
export class SaveSlot implements ReactiveController {
  /** The best scores under the key (loaded on demand). */
  bestScores: BestScores;
  /** The finished games with their reviews under the key (the History panel's; loaded on demand). */
  playHistory: PlayHistory;
  private key: string | null = null;
  private store: GameStore | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly warn: (message: string) => void,
  ) {
    host.addController(this);
    this.bestScores = new BestScores('default', () => host.requestUpdate());
    this.playHistory = new PlayHistory('default', () => host.requestUpdate());
  }

  /** Keeps everything under `key` from now on (the element's `storage-key`). */
  open(key: string): void {
    if (this.key !== null) releaseStorageKey(this.host, this.key);
    this.key = key;
    this.claim();
    this.store = new GameStore({ storageKey: key });
    this.bestScores = new BestScores(key, () => this.host.requestUpdate());
    this.playHistory = new PlayHistory(key, () => this.host.requestUpdate());
  }

  /** The saved game, or why there is none that can be resumed. */
  load(): LoadResult {
    return this.store?.load() ?? { ok: false, reason: 'none', message: 'No storage key opened yet' };
  }

  /** Saves `game`; a storage that refuses (full, blocked) is warned about, and play goes on. */
  save(game: Game, extras: SaveExtras): void {
    const saved = this.store?.save(game, extras);
    if (saved && !saved.ok) this.warn(`the game could not be saved (${saved.reason})`);
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
