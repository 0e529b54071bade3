/**
 * At most N events per key (a client's address) in any window of time, exactly: each key keeps the times
 * of its last N accepted events, and an event is refused while the oldest of them is still inside the
 * window. Refused events are not kept (a page retrying after the wait gets in). Memory is bounded: keys
 * idle for a whole window are dropped as they come up, and past `maxKeys` the key used least recently
 * is dropped (so a flood of distinct addresses costs memory up to the cap, never more; a dropped key
 * starts again with its full allowance, which gives its owner nothing they would not get from yet
 * another address).
 */

/** Most keys kept by default: about 10 000 x (N x 8 bytes + the key), well under a few MB. */
export const DEFAULT_MAX_KEYS = 10_000;

export interface RateLimitOptions {
  /** Events allowed per key in any window; at least 1. */
  limit: number;
  /** The window, ms (a minute by default). */
  windowMs?: number;
  /** Most keys kept at once (DEFAULT_MAX_KEYS by default). */
  maxKeys?: number;
  /** The clock, ms (Date.now by default; tests pass their own). */
  now?: () => number;
}

/** An event let through, or refused with how long until one more would be. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export class RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  readonly maxKeys: number;
  private readonly now: () => number;
  /** Each key's accepted events, oldest first; the map is in order of last use (oldest first). */
  private readonly events = new Map<string, number[]>();

  /** @throws RangeError for a limit, window or cap below 1 */
  constructor({ limit, windowMs = 60_000, maxKeys = DEFAULT_MAX_KEYS, now = Date.now }: RateLimitOptions) {
    for (const [name, value] of [
      ['limit', limit],
      ['windowMs', windowMs],
      ['maxKeys', maxKeys],
    ] as const) {
      if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number >= 1`);
    }
    this.limit = limit;
    this.windowMs = windowMs;
    this.maxKeys = maxKeys;
    this.now = now;
  }

  /** Keys kept now. */
  get size(): number {
    return this.events.size;
  }

  /** Counts an event of `key` if it is within the limit; says when to come back if not. */
  take(key: string): RateDecision {
    const now = this.now();
    const since = now - this.windowMs;
    this.dropIdle(since);
    const times = this.events.get(key) ?? [];
    while (times.length > 0 && times[0]! <= since) times.shift();
    // Re-inserted: the map stays in order of last use.
    this.events.delete(key);
    this.events.set(key, times);
    if (times.length >= this.limit) return { allowed: false, retryAfterMs: times[0]! - since };
    times.push(now);
    if (this.events.size > this.maxKeys) this.events.delete(this.events.keys().next().value!);
    return { allowed: true };
  }

  /** Drops, from the least recently used end, keys whose every event is out of the window. */
  private dropIdle(since: number): void {
    for (const [key, times] of this.events) {
      if (times.length > 0 && times[times.length - 1]! > since) return;
      this.events.delete(key);
    }
  }
}
