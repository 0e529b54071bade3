/** Saving the game in progress and the best scores in the browser's storage. */
export { GameStore, type GameStoreOptions } from './GameStore.js';
export {
  ScoreHistory,
  type ScoreHistoryOptions,
  type NewHighScore,
  type AddScoresResult,
} from './ScoreHistory.js';
export {
  MAX_HIGH_SCORES,
  highScoresOf,
  parseHighScore,
  rankHighScores,
  type HighScore,
} from './high-scores.js';
export {
  SAVE_VERSION,
  decodeSave,
  encodeSave,
  type LoadRefusal,
  type LoadResult,
  type SaveExtras,
  type SavedGame,
} from './saved-game.js';
export {
  browserStorage,
  type StorageFailure,
  type StorageLike,
  type StorageResult,
} from './browser-storage.js';
export { StorageEntry, type StorageEntryOptions } from './StorageEntry.js';
export { DEFAULT_STORAGE_KEY, gameKey, scoresKey } from './storage-keys.js';
export { MemoryStorage } from './MemoryStorage.js';
