import type { StorageResult } from './browser-storage.js';
import { byDate, parseGameRecord, type GameRecord } from './game-record.js';
import {
  decodeHistoryFile,
  encodeHistoryFile,
  HISTORY_VERSION,
  HistoryFileError,
  mergeGames,
} from './history-file.js';
import { StorageEntry, type StorageEntryOptions } from './StorageEntry.js';
import { historyKey } from './storage-keys.js';

/** Options of `GameHistory`. */
export interface GameHistoryOptions extends StorageEntryOptions {
  /** Separates the histories of several elements on one origin; `default` when blank. */
  storageKey?: string | null;
}

/** What an import did: the games now and how many were new, or why the file was refused. */
export type HistoryImport =
  | { ok: true; games: GameRecord[]; added: number; saved: StorageResult }
  | { ok: false; error: HistoryFileError };

/**
 * Every finished game on this device with its review, oldest first (the newest 2,000), per storage
 * key: `{ version, games }`. What is read back is checked game by game (a malformed one is dropped,
 * another version reads as empty); nothing here throws. It exports to a file and imports one back
 * (history-file.ts): a refused file changes nothing.
 */
export class GameHistory extends StorageEntry {
  constructor(options: GameHistoryOptions = {}) {
    super(historyKey(options.storageKey), options);
  }

  /** The games kept, oldest first. */
  list(): GameRecord[] {
    const { version, games } = (this.readJson() ?? {}) as { version?: unknown; games?: unknown };
    if (version !== HISTORY_VERSION || !Array.isArray(games)) return [];
    return mergeGames(
      games.map(parseGameRecord).filter((game) => game !== null),
      [],
    );
  }

  /** Keeps the records of a finished game (a game already kept is kept once). */
  add(records: readonly GameRecord[]): { games: GameRecord[]; saved: StorageResult } {
    const clean = records.map(parseGameRecord).filter((game) => game !== null);
    const games = mergeGames(this.list(), clean);
    return { games, saved: this.store(games) };
  }

  /** The history as the text of a file, to download. */
  exportFile(now: Date = this.now()): string {
    return encodeHistoryFile(this.list(), now);
  }

  /**
   * Imports a history file: its games join those kept (each game once). A refused file (see
   * HistoryFileError's codes) changes nothing.
   */
  importFile(text: string): HistoryImport {
    let imported: GameRecord[];
    try {
      imported = decodeHistoryFile(text);
    } catch (error) {
      if (error instanceof HistoryFileError) return { ok: false, error };
      throw error;
    }
    const before = this.list();
    const known = new Set(before.map((game) => game.id));
    const added = imported.filter((game) => !known.has(game.id)).length;
    const games = mergeGames(before, imported);
    return { ok: true, games, added, saved: added ? this.store(games) : { ok: true } };
  }

  private store(games: readonly GameRecord[]): StorageResult {
    return this.write(() => JSON.stringify({ version: HISTORY_VERSION, games: [...games].sort(byDate) }));
  }
}
