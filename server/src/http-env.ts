/**
 * The HTTP side's settings from the environment (main.ts), each checked here so that a wrong one stops
 * the server at once, naming the variable:
 * - ROOMS_PER_MINUTE, JOINS_PER_MINUTE: per client address (20, 60); 0 for no limit;
 * - TRUST_PROXY: how many reverse proxies are in front (0: X-Forwarded-For is not believed);
 * - CONNECTIONS_PER_ADDRESS: open connections (HTTP and WebSocket) per client address (64); 0 for no cap;
 * - LIMIT_LOOPBACK=0: do not limit 127.0.0.1 and ::1 (they are limited like any address by default;
 *   tests and benchmarks that run many clients on one machine set it);
 * - ALLOWED_ORIGINS: origins besides the page's own whose pages may use the matchmaking routes
 *   (`https://a.example,https://b.example`; `*` for any);
 * - CSP_CONNECT_SRC: origins the page may connect to besides its own (a `server` attribute elsewhere);
 * - FRAME_ANCESTORS: who may frame the page (`'self'`, `'none'`, origins); anyone when not set.
 */
import { CodedError } from '../../src/engine/errors.js';
import { OriginListError, parseOrigin } from './http-cors.js';
import type { HttpOptions } from './http-gate.js';
import { CspSourceError, pageHeaders } from './http-headers.js';

/** A variable of the environment that is not valid; the message names it. */
export class EnvError extends CodedError<'bad-env'> {
  constructor(message: string) {
    super('bad-env', message);
    this.name = 'EnvError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** A whole number from 0 to `max` (undefined when not set). */
function countOf(env: Env, name: string, max: number): number | undefined {
  const text = env[name]?.trim();
  if (text === undefined || text === '') return undefined;
  const count = Number(text);
  if (!/^\d+$/.test(text) || count > max) {
    throw new EnvError(`${name} must be a whole number from 0 to ${max}, not ${JSON.stringify(env[name])}`);
  }
  return count;
}

/** A yes/no: 1, true, yes or 0, false, no (undefined when not set). */
function flagOf(env: Env, name: string): boolean | undefined {
  const text = env[name]?.trim().toLowerCase();
  if (text === undefined || text === '') return undefined;
  if (['1', 'true', 'yes'].includes(text)) return true;
  if (['0', 'false', 'no'].includes(text)) return false;
  throw new EnvError(`${name} must be 1 or 0, not ${JSON.stringify(env[name])}`);
}

/** A list separated by commas or spaces (undefined when not set). */
function listOf(env: Env, name: string): string[] | undefined {
  const items = env[name]?.split(/[\s,]+/).filter((item) => item !== '');
  return items && items.length > 0 ? items : undefined;
}

/**
 * The HttpOptions the environment sets (those not set are left out: startServer's defaults).
 * @throws EnvError for a variable that is not valid
 */
export function httpOptionsFromEnv(env: Env = process.env): HttpOptions {
  const options: HttpOptions = {
    roomsPerMinute: countOf(env, 'ROOMS_PER_MINUTE', 100_000),
    joinsPerMinute: countOf(env, 'JOINS_PER_MINUTE', 100_000),
    trustProxy: countOf(env, 'TRUST_PROXY', 10),
    limitLoopback: flagOf(env, 'LIMIT_LOOPBACK'),
    connectionsPerAddress: countOf(env, 'CONNECTIONS_PER_ADDRESS', 100_000),
    allowedOrigins: listOf(env, 'ALLOWED_ORIGINS'),
    connectSources: listOf(env, 'CSP_CONNECT_SRC'),
    frameAncestors: listOf(env, 'FRAME_ANCESTORS'),
  };
  try {
    options.allowedOrigins?.forEach(parseOrigin);
  } catch (error) {
    if (error instanceof OriginListError) throw new EnvError(`ALLOWED_ORIGINS: ${error.message}`);
    throw error;
  }
  for (const name of ['connectSources', 'frameAncestors'] as const) {
    try {
      pageHeaders({ [name]: options[name] });
    } catch (error) {
      const variable = name === 'connectSources' ? 'CSP_CONNECT_SRC' : 'FRAME_ANCESTORS';
      if (error instanceof CspSourceError) throw new EnvError(`${variable}: ${error.message}`);
      throw error;
    }
  }
  return Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  ) as HttpOptions;
}
