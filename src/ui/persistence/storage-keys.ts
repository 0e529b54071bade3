/** The storage key of an element that sets none. */
export const DEFAULT_STORAGE_KEY = 'default';

/** Every entry the element writes starts with this, so they are easy to find and to clear. */
const PREFIX = 'dice-poker';

/**
 * The embedder's key, or the default for a blank one. Two elements on one origin with different keys
 * keep separate games and histories; the suffixes (`:game`, `:scores`) differ, so no key of one kind
 * can equal a key of the other, whatever the embedder's key contains.
 */
function scope(storageKey: string | null | undefined): string {
  const key = storageKey?.trim();
  return `${PREFIX}:${key ? key : DEFAULT_STORAGE_KEY}`;
}

/** Where the game in progress is saved. */
export function gameKey(storageKey?: string | null): string {
  return `${scope(storageKey)}:game`;
}

/** Where the best scores are kept. */
export function scoresKey(storageKey?: string | null): string {
  return `${scope(storageKey)}:scores`;
}

/** Where the finished games with their reviews are kept (the History panel's). */
export function historyKey(storageKey?: string | null): string {
  return `${scope(storageKey)}:history`;
}

/** Where the language picked in the overlay is remembered. */
export function langKey(storageKey?: string | null): string {
  return `${scope(storageKey)}:lang`;
}

/** Where it is remembered that "How to play" was shown (it opens by itself on a first visit only). */
export function guideKey(storageKey?: string | null): string {
  return `${scope(storageKey)}:guide`;
}

/** Where the name the player last played under is remembered (the join panel offers it again). */
export function nameKey(storageKey?: string | null): string {
  return `${scope(storageKey)}:name`;
}
