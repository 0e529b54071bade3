import { isPlayerName } from '../../engine/index.js';
import { tryRead, tryWrite, type StorageLike, type StorageResult } from './browser-storage.js';
import { nameKey } from './storage-keys.js';

/**
 * The name the player last played under (typed on the start panel or the join panel), under the
 * element's storage key: a panel that asks for a name offers it again, on a later visit too. Null when
 * none was kept (or what is stored is not a player's name).
 */
export function readName(storage: StorageLike | null, storageKey?: string | null): string | null {
  const stored = tryRead(storage, nameKey(storageKey));
  return stored !== null && isPlayerName(stored) ? stored : null;
}

/** Remembers the name played under; a storage that refuses is reported, and play goes on. */
export function writeName(
  storage: StorageLike | null,
  name: string,
  storageKey?: string | null,
): StorageResult {
  return tryWrite(storage, (s) => s.setItem(nameKey(storageKey), name));
}
