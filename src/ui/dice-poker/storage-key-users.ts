/** The elements on this page by the storage key they save under (see `claimStorageKey`). */
const users = new Map<string, Set<object>>();

/**
 * Records that `element` saves under `key`; returns whether another element on the page already
 * does (the two would overwrite each other's saved game).
 */
export function claimStorageKey(element: object, key: string): boolean {
  const holders = users.get(key) ?? new Set<object>();
  users.set(key, holders);
  const shared = [...holders].some((holder) => holder !== element);
  holders.add(element);
  return shared;
}

/** `element` no longer saves under `key` (it left the page, or took another key). */
export function releaseStorageKey(element: object, key: string): void {
  const holders = users.get(key);
  holders?.delete(element);
  if (holders?.size === 0) users.delete(key);
}
