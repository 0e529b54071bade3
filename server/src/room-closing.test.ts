/**
 * room-closing.ts: a room closed by its server's shutdown writes its record once more, marked closing,
 * and tells its players whether the game goes on only once that write is done and every message before
 * it is sent; then it disconnects them. A write refused, or not tried while the store is away, says the
 * game cannot go on.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TableRecord } from '../../src/table/index.js';
import { closeForShutdown } from './room-closing.js';
import { RoomSaving } from './room-saving.js';
import type { RoomStore } from './room-store.js';

const RECORD = { phase: 'playing' } as unknown as TableRecord;

/** A promise and its ends (Node 20 has no Promise.withResolvers). */
function pending() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A store whose writes end when the test says; `ready` as given. */
function storeOf(ready: boolean) {
  const writes: { closing: boolean | undefined; done: ReturnType<typeof pending> }[] = [];
  const store: RoomStore = {
    ready: () => ready,
    save: (_roomId, _table, closing) => {
      const done = pending();
      writes.push({ closing, done });
      return done.promise;
    },
    remove: async () => {},
    letGo: () => {},
    takeResume: () => undefined,
  };
  return { store, writes };
}

/** Closes a room on `store`; what its players are told and when they are disconnected, in order. */
function close(store: RoomStore | undefined, before?: Promise<unknown>) {
  const saving = new RoomSaving(
    { roomId: 'r1', record: () => RECORD, tellSaving: () => {}, gone: () => false },
    store,
  );
  const seen: unknown[] = [];
  if (before) saving.deliver(before, () => seen.push('earlier'));
  closeForShutdown(
    saving,
    (message) => seen.push(message),
    () => seen.push('disconnected'),
  );
  return seen;
}

/** Lets every promise settled so far run its callbacks. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

afterEach(() => vi.restoreAllMocks());

describe('a room closed by a shutdown', () => {
  it('writes its record marked closing, and says the game goes on after that write and every message before it', async () => {
    const { store, writes } = storeOf(true);
    const earlier = pending();
    const seen = close(store, earlier.promise);
    expect(writes.map((w) => w.closing)).toEqual([true]);
    writes[0]!.done.resolve();
    await settle();
    expect(seen).toEqual([]);
    earlier.resolve();
    await settle();
    expect(seen).toEqual([
      'earlier',
      {
        reason: 'shutdown',
        resumable: true,
        message: 'The server is restarting: join again to go on with this game',
      },
      'disconnected',
    ]);
  });

  it('says the game cannot go on when its last write is refused', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store, writes } = storeOf(true);
    const seen = close(store);
    writes[0]!.done.reject(new Error('disk full'));
    await settle();
    expect(seen).toEqual([
      {
        reason: 'shutdown',
        resumable: false,
        message: 'The server is shutting down: this game cannot go on',
      },
      'disconnected',
    ]);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('tries no write while its store is away, nor without one, and says so at once', () => {
    const { store, writes } = storeOf(false);
    for (const seen of [close(store), close(undefined)]) {
      expect(seen).toEqual([expect.objectContaining({ resumable: false }), 'disconnected']);
    }
    expect(writes).toEqual([]);
  });
});
