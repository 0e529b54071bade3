/**
 * The limiter on a clock the test moves (vitest's fake timers: the library reads Date.now and forgets a
 * key by a timer at its window's end).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter } from './http-rate-limit.js';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RateLimiter', () => {
  it('lets N events of a key through in a window, refuses the next with the wait, and no other key', async () => {
    const limits = new RateLimiter({ limit: 3 });
    for (let i = 0; i < 3; i++) {
      expect(await limits.take('a')).toEqual({ allowed: true });
      vi.advanceTimersByTime(1000);
    }
    // The window began 3 s ago: one more is possible 57 s from now.
    expect(await limits.take('a')).toEqual({ allowed: false, retryAfterMs: 57_000 });
    expect(await limits.take('b')).toEqual({ allowed: true });
  });

  it("counts a window from a key's first event: the whole allowance again exactly a window later", async () => {
    const limits = new RateLimiter({ limit: 2 });
    await limits.take('a');
    vi.advanceTimersByTime(30_000);
    await limits.take('a');
    vi.advanceTimersByTime(29_999);
    expect(await limits.take('a')).toEqual({ allowed: false, retryAfterMs: 1 });
    vi.advanceTimersByTime(1);
    expect((await limits.take('a')).allowed).toBe(true);
    expect((await limits.take('a')).allowed).toBe(true);
    expect(await limits.take('a')).toEqual({ allowed: false, retryAfterMs: 60_000 });
  });

  it('does not count refused events: a client that waits as told gets in', async () => {
    const limits = new RateLimiter({ limit: 1 });
    await limits.take('a');
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(5000);
      const refused = await limits.take('a');
      expect(refused).toEqual({ allowed: false, retryAfterMs: 60_000 - 5000 * (i + 1) });
    }
    vi.advanceTimersByTime(10_000);
    expect((await limits.take('a')).allowed).toBe(true);
  });

  it("forgets a key's count when its window ends", async () => {
    const limits = new RateLimiter({ limit: 1 });
    for (let i = 0; i < 100; i++) await limits.take(`k${i}`);
    expect(vi.getTimerCount()).toBe(100);
    vi.advanceTimersByTime(60_000);
    expect(vi.getTimerCount()).toBe(0);
    expect((await limits.take('k0')).allowed).toBe(true);
  });

  it('keeps at most maxKeys, dropping the one used least recently', async () => {
    const limits = new RateLimiter({ limit: 1, maxKeys: 3 });
    await limits.take('a');
    await limits.take('b');
    await limits.take('c');
    vi.advanceTimersByTime(1);
    expect((await limits.take('a')).allowed).toBe(false); // a is now the most recently used
    await limits.take('d'); // b goes
    expect(limits.size).toBe(3);
    expect((await limits.take('a')).allowed).toBe(false);
    expect((await limits.take('b')).allowed).toBe(true); // forgotten: a full allowance again
    expect(limits.size).toBe(3);
  });

  it('keeps its memory bounded under a flood of distinct keys', async () => {
    const limits = new RateLimiter({ limit: 20, maxKeys: 1000 });
    for (let i = 0; i < 50_000; i++) await limits.take(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    expect(limits.size).toBe(1000);
    // The library's own timers are the kept keys' alone: the dropped ones' were cleared with them.
    expect(vi.getTimerCount()).toBe(1000);
  });

  it('refuses a limit, window or cap below 1', () => {
    expect(() => new RateLimiter({ limit: 0 })).toThrow(RangeError);
    expect(() => new RateLimiter({ limit: 1.5 })).toThrow(RangeError);
    expect(() => new RateLimiter({ limit: 1, windowSeconds: 0 })).toThrow(RangeError);
    expect(() => new RateLimiter({ limit: 1, maxKeys: 0 })).toThrow(RangeError);
  });
});
