import type { Lang } from '../i18n/strings.js';
import { tryRead, tryWrite, type StorageLike, type StorageResult } from './browser-storage.js';
import { langKey } from './storage-keys.js';

/**
 * The language the player picked in the overlay (under the element's storage key), so a reload shows the
 * page in it from the start panel on; null when none was picked (or what is stored is not a language).
 */
export function readLang(storage: StorageLike | null, storageKey?: string | null): Lang | null {
  const stored = tryRead(storage, langKey(storageKey));
  return stored === 'et' || stored === 'en' ? stored : null;
}

/** Remembers the language picked; a storage that refuses is reported, and the choice still holds this visit. */
export function writeLang(
  storage: StorageLike | null,
  lang: Lang,
  storageKey?: string | null,
): StorageResult {
  return tryWrite(storage, (s) => s.setItem(langKey(storageKey), lang));
}
