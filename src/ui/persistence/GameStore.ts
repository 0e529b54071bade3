import type { Game } from '../../engine/index.js';
import {
  browserStorage,
  tryRead,
  tryWrite,
  type StorageLike,
  type StorageResult,
} from './browser-storage.js';
import { decodeSave, encodeSave, type LoadResult, type SaveExtras } from './saved-game.js';
import { gameKey } from './storage-keys.js';

/** Options of `GameStore`. */
export interface GameStoreOptions {
  /** Separates the saves of several elements on one origin; `default` when blank. */
  storageKey?: string | null;
  /** Where to save; the page's localStorage by default. `null` saves nothing (every call reports so). */
  storage?: StorageLike | null;
  /** The clock that dates a save. */
  now?: () => Date;
}

/**
 * Saves the game in progress and brings it back after a reload. Nothing it does throws: a storage
 * that is missing, full or forbidden is reported in the result, and a save that is corrupt, from
 * another format version or tampered with is refused (and removed) rather than loaded.
 */
export class GameStore {
  /** The storage entry this store uses. */
  readonly key: string;

  private readonly storage: StorageLike | null;
  private readonly now: () => Date;

  constructor(options: GameStoreOptions = {}) {
    this.key = gameKey(options.storageKey);
    this.storage = options.storage === undefined ? browserStorage() : options.storage;
    this.now = options.now ?? (() => new Date());
  }

  /** Saves a game (overwriting the last save) with what else the element needs to resume it. */
  save(game: Game, extras: SaveExtras = {}): StorageResult {
    return tryWrite(this.storage, (storage) =>
      storage.setItem(this.key, encodeSave(game, this.now(), extras)),
    );
  }

  /**
   * The saved game, or why there is none. A refused save is removed, so the same bad entry is not
   * reported on every visit.
   */
  load(): LoadResult {
    const text = tryRead(this.storage, this.key);
    if (text === null) return { ok: false, reason: 'none', message: 'No saved game' };
    const result = decodeSave(text);
    if (!result.ok) this.clear();
    return result;
  }

  /** Forgets the saved game. */
  clear(): StorageResult {
    return tryWrite(this.storage, (storage) => storage.removeItem(this.key));
  }
}
