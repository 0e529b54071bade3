import type { StorageResult } from './browser-storage.js';
import { parseHighScore, rankHighScores, type HighScore } from './high-scores.js';
import { StorageEntry, type StorageEntryOptions } from './StorageEntry.js';
import { scoresKey } from './storage-keys.js';

/** The format of the stored list; another version is read as an empty list. */
const SCORES_VERSION = 1;

/** Options of `ScoreHistory`. */
export interface ScoreHistoryOptions extends StorageEntryOptions {
  /** Separates the lists of several elements on one origin; `default` when blank. */
  storageKey?: string | null;
}

/** An entry to add; dated now unless it carries its own date. */
export type NewHighScore = Omit<HighScore, 'date'> & { date?: string };

/** What `add()` did. */
export interface AddScoresResult {
  /** The list now, best first (also when it could not be written: it is then the list of this session). */
  list: HighScore[];
  /** For each entry given, its 0-based place in `list`, or -1 if it did not make the list (or was malformed). */
  places: number[];
  /** Whether the list was written. */
  saved: StorageResult;
}

/**
 * The local top 10 of best scores, per storage key. Whatever is read back is checked: malformed
 * entries are dropped, never shown. Nothing here throws; storage failures come back in results.
 */
export class ScoreHistory extends StorageEntry {
  constructor(options: ScoreHistoryOptions = {}) {
    super(scoresKey(options.storageKey), options);
  }

  /** The best scores, best first, ties older first, at most 10. */
  list(): HighScore[] {
    const { version, entries } = (this.readJson() ?? {}) as { version?: unknown; entries?: unknown };
    if (version !== SCORES_VERSION || !Array.isArray(entries)) return [];
    return rankHighScores(entries.map(parseHighScore).filter((entry) => entry !== null));
  }

  /** Adds the scores of a finished game (typically each player's total) and keeps the best 10. */
  add(entries: readonly NewHighScore[]): AddScoresResult {
    const date = this.now().toISOString();
    // Fresh objects, so each new entry can be found in the ranked list by identity.
    const added = entries.map((entry) => parseHighScore({ ...entry, date: entry.date ?? date }));
    const list = rankHighScores([...this.list(), ...added.filter((entry) => entry !== null)]);
    const places = added.map((entry) => (entry ? list.indexOf(entry) : -1));
    const saved = this.write(() => JSON.stringify({ version: SCORES_VERSION, entries: list }));
    return { list: list.map((entry) => ({ ...entry })), places, saved };
  }
}
