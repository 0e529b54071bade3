/** The part of the Web Storage API the stores use: `localStorage`, `sessionStorage` or any adapter. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Why a write to storage did not happen. Stable: the UI switches on it, never on the message. */
export type StorageFailure =
  /** No storage at all (Node, a sandboxed frame, storage blocked by the browser's privacy settings). */
  | 'unavailable'
  /** The origin's storage is full. */
  | 'quota'
  /** Anything else the storage threw. */
  | 'failed';

/** What a write returns instead of throwing. */
export type StorageResult = { ok: true } | { ok: false; reason: StorageFailure; message: string };

/**
 * The page's localStorage, or null where there is none. Merely reading `window.localStorage` throws a
 * SecurityError when the browser blocks storage (cookies off, some sandboxed iframes), so it is guarded.
 */
export function browserStorage(): StorageLike | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Whether an error from `setItem` means the storage is full; browsers name it differently. */
function isQuotaError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // Firefox before DOMException names were unified called it NS_ERROR_DOM_QUOTA_REACHED (code 1014).
  const code = (error as { code?: unknown }).code;
  return (
    error.name === 'QuotaExceededError' ||
    error.name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
    code === 22 ||
    code === 1014
  );
}

/** Runs one storage write, turning whatever it throws into a result. */
export function tryWrite(storage: StorageLike | null, write: (storage: StorageLike) => void): StorageResult {
  if (!storage) return { ok: false, reason: 'unavailable', message: 'No storage in this browser' };
  try {
    write(storage);
    return { ok: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (isQuotaError(error)) return { ok: false, reason: 'quota', message };
    if (error instanceof Error && error.name === 'SecurityError')
      return { ok: false, reason: 'unavailable', message };
    return { ok: false, reason: 'failed', message };
  }
}

/** Reads one entry; null when it is missing or the storage refuses to be read. */
export function tryRead(storage: StorageLike | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
