/**
 * Which pages may call the matchmaking routes (/matchmake/...) from another origin. Colyseus answers
 * every request with `Access-Control-Allow-Origin` set to whatever Origin it carries (and credentials
 * allowed), so any site could create and join rooms from its visitors' browsers. Here only the page's
 * own origin and the configured ones get CORS headers; another origin gets none, and its preflight is
 * refused, so a browser does not send its request (@colyseus/sdk always sends JSON, which needs one).
 * A request without Origin (a same-origin GET, Node clients) is untouched. A browser does not apply
 * CORS to a same-origin request at all, so the page works however its own origin is judged (behind a
 * proxy that rewrites Host, too).
 *
 * The `cors` package writes the headers and answers an allowed preflight; what stays here is which
 * origins are allowed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from 'cors';
import { CodedError } from '../../src/engine/errors.js';

/** Headers a matchmaking request may carry (what @colyseus/sdk and its auth module send). */
const ALLOWED_HEADERS = ['Origin', 'X-Requested-With', 'Content-Type', 'Accept', 'Authorization'];
/** How long a browser may keep an allowed preflight, seconds. */
const PREFLIGHT_MAX_AGE_S = 600;

/** An ALLOWED_ORIGINS entry that is no origin. */
export class OriginListError extends CodedError<'bad-origin'> {
  constructor(message: string) {
    super('bad-origin', message);
    this.name = 'OriginListError';
  }
}

/**
 * An origin as browsers send it (`https://example.org`, `http://localhost:8080`: scheme, host, port
 * unless the scheme's own), or `*` for any.
 * @throws OriginListError for anything else (a path, a wildcard host, no scheme)
 */
export function parseOrigin(text: string): string {
  const given = text.trim();
  if (given === '*') return '*';
  let url: URL | undefined;
  try {
    url = new URL(given);
  } catch {
    url = undefined;
  }
  const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (
    !url ||
    !bare ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.hostname.includes('*')
  ) {
    throw new OriginListError(`${JSON.stringify(text)} is not an origin (scheme://host[:port], or *)`);
  }
  return url.origin;
}

/** The host (`name[:port]`) the request was sent to, as far as it can be told (undefined if none). */
export function requestHost(req: IncomingMessage, trustProxy = 0): string | undefined {
  const forwarded = trustProxy > 0 ? req.headers['x-forwarded-host'] : undefined;
  const given = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',').pop()?.trim();
  const host = given || req.headers.host;
  return host && isHost(host) ? host.toLowerCase() : undefined;
}

/**
 * True for `name[:port]` or `[IPv6][:port]`: hostname characters only, nothing that could end a
 * header's value or a CSP source (a Host header is the client's to write).
 */
export function isHost(text: string): boolean {
  return /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(text);
}

export class OriginPolicy {
  private readonly origins: ReadonlySet<string>;
  private readonly anyOrigin: boolean;

  /**
   * @param allowed origins besides the page's own (`parseOrigin`'s forms; `*` allows every origin)
   * @param trustProxy proxies trusted to tell the host asked (X-Forwarded-Host), as in clientAddress
   * @throws OriginListError for an entry that is no origin
   */
  constructor(
    allowed: readonly string[] = [],
    private readonly trustProxy = 0,
  ) {
    const origins = allowed.map(parseOrigin);
    this.anyOrigin = origins.includes('*');
    this.origins = new Set(origins);
  }

  /** The request's Origin when it may be answered with CORS headers; undefined when absent or not allowed. */
  allowedOrigin(req: IncomingMessage): string | undefined {
    const origin = req.headers.origin;
    if (!origin || origin === 'null') return undefined;
    if (this.anyOrigin || this.origins.has(origin)) return origin;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      return undefined;
    }
    // The page's own origin: the scheme is not compared, since behind a TLS proxy this server sees http.
    return host === requestHost(req, this.trustProxy) ? origin : undefined;
  }

  /**
   * Middleware (the `cors` package's) for the matchmaking routes: an allowed origin gets its CORS
   * headers (credentials allowed: the SDK sends them), and its preflight is answered 204; any other
   * request goes on to `next` without CORS headers, a preflight included (the caller refuses it).
   */
  middleware(): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
    return cors<IncomingMessage>((req, callback) =>
      callback(null, {
        origin: this.allowedOrigin(req) !== undefined,
        credentials: true,
        methods: ['POST', 'OPTIONS'],
        allowedHeaders: ALLOWED_HEADERS,
        maxAge: PREFLIGHT_MAX_AGE_S,
      }),
    );
  }
}
