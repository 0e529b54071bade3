/**
 * Lets at most `max` voices start in any window of `windowMs`, so a heap of dice colliding at once
 * (dozens of contacts in a few frames) plays as a clatter, not a roar, and costs bounded work. The
 * start times sit in a ring, so checking costs the same however many calls come.
 */
export class VoiceLimiter {
  /** Voices allowed per window. */
  readonly max: number;
  /** Length of the window, ms. */
  readonly windowMs: number;

  private readonly starts: number[];
  private next = 0;

  constructor(max = 20, windowMs = 1000) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`A limiter needs max >= 1, got ${max}`);
    this.max = max;
    this.windowMs = windowMs;
    this.starts = new Array<number>(max).fill(-Infinity);
  }

  /** Whether a voice may start at `now` (ms); if so it is counted. */
  tryStart(now: number): boolean {
    // The slot to reuse holds the oldest of the last `max` starts: if it is still inside the window,
    // `max` voices have started within it already.
    if (now - this.starts[this.next]! < this.windowMs) return false;
    this.starts[this.next] = now;
    this.next = (this.next + 1) % this.max;
    return true;
  }

  /** Forgets every start. */
  reset(): void {
    this.starts.fill(-Infinity);
    this.next = 0;
  }
}
