import { describe, expect, it } from 'vitest';
import { RateLimiter } from './http-rate-limit.js';

/** A limiter on a clock the test moves. */
function limiter(limit: number, windowMs = 60_000, maxKeys?: number) {
  const clock = { now: 1_000_000 };
  return { clock, limits: new RateLimiter({ limit, windowMs, maxKeys, now: () => clock.now }) };
}

describe('RateLimiter', () => {
  it('lets N events of a key through in a window, refuses the next with the wait, and no other key', () => {
    const { clock, limits } = limiter(3);
    for (let i = 0; i < 3; i++) {
      expect(limits.take('a')).toEqual({ allowed: true });
      clock.now += 1000;
    }
    // The first event was 3 s ago: one more is possible 57 s from now.
    expect(limits.take('a')).toEqual({ allowed: false, retryAfterMs: 57_000 });
    expect(limits.take('b')).toEqual({ allowed: true });
  });

  it('counts any window, not a fixed minute: an event is free again exactly a window after it', () => {
    const { clock, limits } = limiter(2);
    limits.take('a');
    clock.now += 30_000;
    limits.take('a');
    clock.now += 29_999;
    expect(limits.take('a').allowed).toBe(false);
    clock.now += 1;
    expect(limits.take('a').allowed).toBe(true);
    expect(limits.take('a').allowed).toBe(false);
  });

  it('does not count refused events: a client that waits gets in', () => {
    const { clock, limits } = limiter(1);
    limits.take('a');
    for (let i = 0; i < 10; i++) {
      clock.now += 5000;
      expect(limits.take('a').allowed).toBe(false);
    }
    clock.now += 10_000;
    expect(limits.take('a').allowed).toBe(true);
  });

  it('drops keys idle for a whole window', () => {
    const { clock, limits } = limiter(5);
    for (let i = 0; i < 100; i++) limits.take(`k${i}`);
    expect(limits.size).toBe(100);
    clock.now += 60_000;
    limits.take('new');
    expect(limits.size).toBe(1);
  });

  it('keeps at most maxKeys, dropping the one used least recently', () => {
    const { clock, limits } = limiter(1, 60_000, 3);
    limits.take('a');
    limits.take('b');
    limits.take('c');
    clock.now += 1;
    expect(limits.take('a').allowed).toBe(false); // a is now the most recently used
    limits.take('d'); // b goes
    expect(limits.size).toBe(3);
    expect(limits.take('a').allowed).toBe(false);
    expect(limits.take('b').allowed).toBe(true); // forgotten: a full allowance again
    expect(limits.size).toBe(3);
  });

  it('keeps its memory bounded under a flood of distinct keys', () => {
    const { limits } = limiter(20, 60_000, 1000);
    for (let i = 0; i < 50_000; i++) limits.take(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    expect(limits.size).toBe(1000);
  });

  it('refuses a limit, window or cap below 1', () => {
    expect(() => new RateLimiter({ limit: 0 })).toThrow(RangeError);
    expect(() => new RateLimiter({ limit: 1.5 })).toThrow(RangeError);
    expect(() => new RateLimiter({ limit: 1, windowMs: 0 })).toThrow(RangeError);
    expect(() => new RateLimiter({ limit: 1, maxKeys: 0 })).toThrow(RangeError);
  });
});
