import { describe, expect, it } from 'vitest';
import type { StorageLike } from './browser-storage.js';
import { MemoryStorage } from './MemoryStorage.js';
import { StorageEntry, type StorageEntryOptions } from './StorageEntry.js';

/** The smallest store: one text under one key, dated by its clock. */
class Note extends StorageEntry {
  constructor(options: StorageEntryOptions = {}) {
    super('note', options);
  }
  get(): string | null {
    return this.read();
  }
  set(encode: () => string) {
    return this.write(encode);
  }
  stamp() {
    return this.write(() => this.now().toISOString());
  }
}

/** A storage whose every call throws this error, as a browser does when storage is full or blocked. */
function throwing(error: unknown): StorageLike {
  const fail = () => {
    throw error;
  };
  return { getItem: fail, setItem: fail, removeItem: fail };
}

describe('StorageEntry', () => {
  it('reads, writes and forgets one key', () => {
    const storage = new MemoryStorage();
    const note = new Note({ storage });
    expect(note.key).toBe('note');
    expect(note.get()).toBeNull();
    expect(note.set(() => 'hello')).toEqual({ ok: true });
    expect(storage.getItem('note')).toBe('hello');
    expect(note.get()).toBe('hello');
    expect(note.clear()).toEqual({ ok: true });
    expect(note.get()).toBeNull();
  });

  it('dates with the clock it is given', () => {
    const storage = new MemoryStorage();
    new Note({ storage, now: () => new Date('2025-03-01T12:00:00.000Z') }).stamp();
    expect(storage.getItem('note')).toBe('2025-03-01T12:00:00.000Z');
  });

  it('without a storage, reads nothing, reports every write and never encodes', () => {
    const note = new Note({ storage: null });
    let encoded = 0;
    expect(note.get()).toBeNull();
    expect(note.set(() => String(++encoded))).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(note.clear()).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(encoded).toBe(0);
  });

  it.each([
    ['quota', new DOMException('The quota has been exceeded.', 'QuotaExceededError')],
    ['quota', Object.assign(new Error('Persistent storage maximum size reached'), { code: 1014 })],
    ['unavailable', new DOMException('The operation is insecure.', 'SecurityError')],
    ['failed', new Error('disk on fire')],
    ['failed', 'a thrown string'],
  ])('reports %s for a storage that throws %s, and reads it as empty', (reason, error) => {
    const note = new Note({ storage: throwing(error) });
    expect(note.set(() => 'hello')).toMatchObject({ ok: false, reason });
    expect(note.clear()).toMatchObject({ ok: false, reason });
    expect(note.get()).toBeNull();
  });

  it('reports an encoding that throws as a failed write and keeps what was stored', () => {
    const storage = new MemoryStorage();
    const note = new Note({ storage });
    note.set(() => 'before');
    const result = note.set(() => {
      throw new TypeError('Converting circular structure to JSON');
    });
    expect(result).toEqual({ ok: false, reason: 'failed', message: 'Converting circular structure to JSON' });
    expect(note.get()).toBe('before');
  });

  it("uses the page's localStorage when given none, and none where reading it throws", () => {
    const had = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    try {
      const storage = new MemoryStorage();
      Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
      new Note().set(() => 'hello');
      expect(storage.getItem('note')).toBe('hello');

      Object.defineProperty(globalThis, 'localStorage', {
        get: () => {
          throw new DOMException('Access is denied for this document.', 'SecurityError');
        },
        configurable: true,
      });
      expect(new Note().set(() => 'hello')).toMatchObject({ ok: false, reason: 'unavailable' });
    } finally {
      if (had) Object.defineProperty(globalThis, 'localStorage', had);
      else delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });
});
