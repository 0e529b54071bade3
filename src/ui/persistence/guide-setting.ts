import { tryRead, tryWrite, type StorageLike, type StorageResult } from './browser-storage.js';
import { guideKey } from './storage-keys.js';

/** What is stored once the guide was shown. */
const SEEN = 'seen';

/**
 * Whether "How to play" was shown under the element's storage key: it opens by itself on a first
 * visit only (a storage that cannot be read counts as a first visit: the guide is better seen twice
 * than never).
 */
export function readGuideSeen(storage: StorageLike | null, storageKey?: string | null): boolean {
  return tryRead(storage, guideKey(storageKey)) === SEEN;
}

/** Remembers that the guide was shown; a storage that refuses is reported, and this visit goes on. */
export function writeGuideSeen(storage: StorageLike | null, storageKey?: string | null): StorageResult {
  return tryWrite(storage, (s) => s.setItem(guideKey(storageKey), SEEN));
}
