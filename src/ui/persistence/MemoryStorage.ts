/**
 * A Storage kept in memory: for tests, and for a host that wants storage-like behaviour where the
 * browser gives none (nothing survives a reload).
 */
export class MemoryStorage implements Storage {
  private readonly entries = new Map<string, string>();

  /** Number of entries. */
  get length(): number {
    return this.entries.size;
  }

  /** The n-th key, in insertion order, or null. */
  key(index: number): string | null {
    return [...this.entries.keys()][index] ?? null;
  }

  /** The value under a key, or null. */
  getItem(key: string): string | null {
    return this.entries.get(key) ?? null;
  }

  /** Stores a value; like the browser's, it is converted to a string. */
  setItem(key: string, value: string): void {
    this.entries.set(key, String(value));
  }

  /** Removes a key (nothing happens if it is missing). */
  removeItem(key: string): void {
    this.entries.delete(key);
  }

  /** Removes every key. */
  clear(): void {
    this.entries.clear();
  }
}
