/**
 * How many rooms and joins one client address may ask for a minute (http-gate.ts asks before Colyseus
 * sees a matchmaking request). A room costs the server its state, its timers and a seat waiting to be
 * taken, so a script asking for rooms in a loop could fill the process; a person makes a few an hour.
 * `create` and `joinOrCreate` spend the room allowance; `join`, `joinById` and `reconnect` (a page
 * whose connection dropped comes back by it) the joins one. A refusal is a coded join refusal, as a
 * room's own (src/online/join-refusal.ts): 'too-many-rooms', with the seconds to wait.
 *
 * The counting is http-rate-limit.ts's (rate-limiter-flexible): an address's minute begins at its
 * first request and takes N at most; the next request after it begins another. At the edge of two
 * such minutes a script can so get up to 2N close together (never more), and over k minutes at most
 * (k + 1) x N: a loop is still held to N a minute, which is what the limits are for.
 *
 * This machine's own addresses (127.0.0.0/8, ::1) are limited too, unless `limitLoopback` is false
 * (LIMIT_LOOPBACK=0: tests and benchmarks that run many clients on one machine say so). Behind a reverse
 * proxy set `trustProxy`, so the limits count the clients' addresses (X-Forwarded-For) instead of the
 * proxy's (without it every client of a proxy on the same host is one loopback address, sharing one
 * allowance); a request that carries X-Forwarded-For while it is not trusted is warned about once.
 */
import type { IncomingMessage } from 'node:http';
import type { RefusalCode } from '../../src/online/protocol.js';
import { addressKey, clientAddress, isLimited } from './http-address.js';
import { RateLimiter } from './http-rate-limit.js';

/** Rooms one address may create a minute, by default. */
export const DEFAULT_ROOMS_PER_MINUTE = 20;
/** Joins (by id, or back after a drop) one address may make a minute, by default: a table has 6 seats. */
export const DEFAULT_JOINS_PER_MINUTE = 60;
/** The window the allowances are counted over, seconds. */
const MINUTE_S = 60;

export interface AddressLimitOptions {
  /** Rooms (create, joinOrCreate) per address a minute; 0 for no limit. DEFAULT_ROOMS_PER_MINUTE by default. */
  roomsPerMinute?: number;
  /** Joins (join, joinById, reconnect) per address a minute; 0 for no limit. DEFAULT_JOINS_PER_MINUTE by default. */
  joinsPerMinute?: number;
  /** Proxies in front of the server whose X-Forwarded-For is believed (0, the default: none). */
  trustProxy?: number;
  /** Limit this machine's own addresses too (true by default; false for tests and benchmarks: see above). */
  limitLoopback?: boolean;
  /** Most addresses each allowance keeps (http-rate-limit.ts's default by default). */
  maxAddresses?: number;
}

/** Which allowance a matchmaking method spends (none for a method Colyseus does not have). */
export function allowanceOf(method: string): 'rooms' | 'joins' | undefined {
  if (method === 'create' || method === 'joinOrCreate') return 'rooms';
  if (method === 'join' || method === 'joinById' || method === 'reconnect') return 'joins';
  return undefined;
}

/** A request refused by the limits: its refusal code and words, and the whole seconds to wait. */
export interface LimitRefusal {
  code: RefusalCode;
  message: string;
  retryAfterSeconds: number;
}

/**
 * @throws Error for a limit that is not a whole number >= 0
 */
function checkedLimit(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`${name} must be a whole number >= 0, not ${value}`);
  return value;
}

export class AddressLimits {
  private readonly rooms: RateLimiter | undefined;
  private readonly joins: RateLimiter | undefined;
  private readonly trustProxy: number;
  private readonly limitLoopback: boolean;
  private warnedForwarded = false;

  /** @throws RangeError for a limit that is not a whole number >= 0 */
  constructor(options: AddressLimitOptions = {}) {
    const rooms = checkedLimit('roomsPerMinute', options.roomsPerMinute ?? DEFAULT_ROOMS_PER_MINUTE);
    const joins = checkedLimit('joinsPerMinute', options.joinsPerMinute ?? DEFAULT_JOINS_PER_MINUTE);
    this.trustProxy = checkedLimit('trustProxy', options.trustProxy ?? 0);
    this.limitLoopback = options.limitLoopback ?? true;
    const common = { windowSeconds: MINUTE_S, maxKeys: options.maxAddresses };
    this.rooms = rooms > 0 ? new RateLimiter({ ...common, limit: rooms }) : undefined;
    this.joins = joins > 0 ? new RateLimiter({ ...common, limit: joins }) : undefined;
  }

  /** Counts `req` (a matchmaking request for `method`) against its address; a refusal if it is over. */
  async check(req: IncomingMessage, method: string): Promise<LimitRefusal | undefined> {
    const allowance = allowanceOf(method);
    const limiter = allowance === 'rooms' ? this.rooms : allowance === 'joins' ? this.joins : undefined;
    if (!limiter) return undefined;
    const address = clientAddress(req, this.trustProxy);
    if (this.trustProxy === 0 && req.headers['x-forwarded-for'] !== undefined)
      this.warnUntrustedProxy(address);
    if (!isLimited(address, this.limitLoopback)) return undefined;
    const decision = await limiter.take(addressKey(address));
    if (decision.allowed) return undefined;
    const retryAfterSeconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    const what = allowance === 'rooms' ? 'new games' : 'joins';
    return {
      code: 'too-many-rooms',
      message: `Too many ${what} from your address (at most ${limiter.limit} a minute): try again in ${retryAfterSeconds} s`,
      retryAfterSeconds,
    };
  }

  private warnUntrustedProxy(address: string): void {
    if (this.warnedForwarded) return;
    this.warnedForwarded = true;
    console.warn(
      `A request from ${address} carries X-Forwarded-For, which is not believed: behind a reverse proxy set ` +
        'TRUST_PROXY=1 (the number of proxies), or the limits per address count the proxy, not the clients',
    );
  }
}
