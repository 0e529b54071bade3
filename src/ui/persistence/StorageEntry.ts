import {
  browserStorage,
  tryRead,
  tryWrite,
  type StorageLike,
  type StorageResult,
} from './browser-storage.js';

/** What a store of one storage entry is given besides its key. */
export interface StorageEntryOptions {
  /**
   * Where to keep the entry; the page's localStorage by default. `null` keeps nothing: every write
   * then reports `unavailable` and every read finds nothing.
   */
  storage?: StorageLike | null;
  /** The clock that dates what is stored (a save, or a score added without a date). */
  now?: () => Date;
}

/**
 * One entry of a storage that is read and written without ever throwing: what `GameStore` and
 * `ScoreHistory` have in common. A storage that is missing, blocked or full is reported in the
 * result of a write, and an unreadable one reads as empty.
 */
export abstract class StorageEntry {
  /** The storage entry this store uses. */
  readonly key: string;

  /** The clock that dates what is stored. */
  protected readonly now: () => Date;

  private readonly storage: StorageLike | null;

  protected constructor(key: string, options: StorageEntryOptions) {
    this.key = key;
    this.storage = options.storage === undefined ? browserStorage() : options.storage;
    this.now = options.now ?? (() => new Date());
  }

  /** The stored text, or null when there is none or the storage cannot be read. */
  protected read(): string | null {
    return tryRead(this.storage, this.key);
  }

  /**
   * Replaces the stored text. `encode` runs only when there is a storage to write to, and whatever it
   * throws is reported like a failed write.
   */
  /** What is stored, parsed as JSON; null when nothing is, or it is not JSON. */
  protected readJson(): unknown {
    const text = this.read();
    if (text === null) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  }

  protected write(encode: () => string): StorageResult {
    return tryWrite(this.storage, (storage) => storage.setItem(this.key, encode()));
  }

  /** Forgets what is stored. */
  clear(): StorageResult {
    return tryWrite(this.storage, (storage) => storage.removeItem(this.key));
  }
}
