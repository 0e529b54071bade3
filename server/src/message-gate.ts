/**
 * The gate every client message passes before a room looks at it: the message's type read safely (a
 * message of type '*' reaches Colyseus's catch-all as a payload where the type should be), and the rate
 * limit per connection (RateLimiter: MESSAGES_PER_SECOND, bursts of twice that). One over the limit is
 * dropped, and its sender told so at most once a second.
 */
import { ProtocolError, RateLimiter } from '../../src/online/protocol.js';

/** What becomes of a message: it passes (as `request`), is refused, or is dropped over the rate. */
export type Admission =
  | { kind: 'pass'; request: string }
  | { kind: 'refuse'; request: string; error: ProtocolError }
  /** Over the rate: `tell` the sender (at most once a second), or say nothing. */
  | { kind: 'drop'; request: string; tell: boolean };

/**
 * Whether `value` is the context Colyseus passes its handlers (a frozen object with `resolve` and
 * `reject` functions): what a message of type '*' brings to the catch-all in its payload's place. No
 * client message can be one (functions do not travel).
 */
function isColyseusContext(value: unknown): boolean {
  const context = value as { resolve?: unknown; reject?: unknown } | null;
  return (
    typeof context === 'object' &&
    context !== null &&
    Object.isFrozen(context) &&
    typeof context.resolve === 'function' &&
    typeof context.reject === 'function'
  );
}

export class MessageGate {
  private readonly limiters = new Map<string, { limiter: RateLimiter; warnedAt: number }>();

  /** What becomes of a message of `type` from connection `sessionId`. */
  admit(sessionId: string, type: unknown, message: unknown): Admission {
    // An object whose toString is not a function, where the type should be, would throw out of the
    // socket's handler and end the process: such a type is never made text.
    const bad = isColyseusContext(message) || (typeof type !== 'string' && typeof type !== 'number');
    const request = bad ? '*' : String(type).slice(0, 40);
    let entry = this.limiters.get(sessionId);
    if (!entry) {
      entry = { limiter: new RateLimiter(), warnedAt: -Infinity };
      this.limiters.set(sessionId, entry);
    }
    if (!entry.limiter.take()) {
      const now = Date.now();
      const tell = now - entry.warnedAt >= 1000;
      if (tell) entry.warnedAt = now;
      return { kind: 'drop', request, tell };
    }
    if (bad) return { kind: 'refuse', request, error: new ProtocolError('bad-message', 'Unknown message') };
    return { kind: 'pass', request };
  }

  /** The connection is gone: its limit goes with it. */
  forget(sessionId: string): void {
    this.limiters.delete(sessionId);
  }
}
