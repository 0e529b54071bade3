/**
 * At most N events per key (a client's address) in a window, counted by rate-limiter-flexible's
 * in-memory limiter: a key's window starts at its first event and lasts `windowSeconds`; past N, the
 * window's further events are refused with the time left in it, and the next window has the whole
 * allowance again (a page that waits as told gets in). The library forgets a key when its window ends;
 * what it does not bound is how many keys it holds at once. That bound is kept here: past `maxKeys`
 * the key used least recently is dropped, so a flood of distinct addresses costs memory up to the cap,
 * never more (a dropped key starts again with its full allowance, which gives its owner nothing they
 * would not get from yet another address).
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** Most keys kept by default: about 10 000 x (the key, a record and its timer), a few MB at most. */
export const DEFAULT_MAX_KEYS = 10_000;

export interface RateLimitOptions {
  /** Events allowed per key in a window; at least 1. */
  limit: number;
  /** The window, whole seconds (a minute by default). */
  windowSeconds?: number;
  /** Most keys kept at once (DEFAULT_MAX_KEYS by default). */
  maxKeys?: number;
}

/** An event let through, or refused with how long until one more would be. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export class RateLimiter {
  readonly limit: number;
  readonly maxKeys: number;
  private readonly counts: RateLimiterMemory;
  /** The keys the library may hold, in order of last use (oldest first). */
  private readonly recent = new Map<string, true>();

  /** @throws RangeError for a limit, window or cap that is not a whole number >= 1 */
  constructor({ limit, windowSeconds = 60, maxKeys = DEFAULT_MAX_KEYS }: RateLimitOptions) {
    for (const [name, value] of [
      ['limit', limit],
      ['windowSeconds', windowSeconds],
      ['maxKeys', maxKeys],
    ] as const) {
      if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number >= 1`);
    }
    this.limit = limit;
    this.maxKeys = maxKeys;
    this.counts = new RateLimiterMemory({ points: limit, duration: windowSeconds });
  }

  /** Keys kept now (at most maxKeys). */
  get size(): number {
    return this.recent.size;
  }

  /** Counts an event of `key` if it is within the limit; says when to come back if not. */
  async take(key: string): Promise<RateDecision> {
    // Re-inserted: the map stays in order of last use.
    this.recent.delete(key);
    this.recent.set(key, true);
    if (this.recent.size > this.maxKeys) {
      const oldest = this.recent.keys().next().value!;
      this.recent.delete(oldest);
      // The library's delete is done when it returns (in memory); not awaited, so that events are
      // counted in the order they came.
      void this.counts.delete(oldest);
    }
    try {
      await this.counts.consume(key);
      return { allowed: true };
    } catch (refusal) {
      // The library refuses with its result (how long the window has left), anything else is a fault.
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return { allowed: false, retryAfterMs: refusal.msBeforeNext };
    }
  }
}
