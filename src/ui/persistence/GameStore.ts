import type { Game } from '../../engine/index.js';
import type { StorageResult } from './browser-storage.js';
import { StorageEntry, type StorageEntryOptions } from './StorageEntry.js';
import { decodeSave, encodeSave, type LoadResult, type SaveExtras } from './saved-game.js';
import { gameKey } from './storage-keys.js';

/** Options of `GameStore`. */
export interface GameStoreOptions extends StorageEntryOptions {
  /** Separates the saves of several elements on one origin; `default` when blank. */
  storageKey?: string | null;
}

/**
 * Saves the game in progress and brings it back after a reload. Nothing it does throws: a storage
 * that is missing, full or forbidden is reported in the result, and a save that is corrupt, from
 * another format version or tampered with is refused (and removed) rather than loaded.
 */
export class GameStore extends StorageEntry {
  constructor(options: GameStoreOptions = {}) {
    super(gameKey(options.storageKey), options);
  }

  /** Saves a game (overwriting the last save) with what else the element needs to resume it. */
  save(game: Game, extras: SaveExtras = {}): StorageResult {
    return this.write(() => encodeSave(game, this.now(), extras));
  }

  /**
   * The saved game, or why there is none. A refused save is removed, so the same bad entry is not
   * reported on every visit.
   */
  load(): LoadResult {
    const text = this.read();
    if (text === null) return { ok: false, reason: 'none', message: 'No saved game' };
    const result = decodeSave(text);
    if (!result.ok) this.clear();
    return result;
  }
}
