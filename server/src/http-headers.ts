/**
 * The headers every answer of the server carries (the page, its files, 404s, matchmaking): a
 * Content-Security-Policy the page plays under, no MIME sniffing, no Referer (an invite link carries
 * its room id in `?room=`, which must not travel to whatever the page links to), and its own browsing
 * context group (Cross-Origin-Opener-Policy: no opener can reach into it).
 *
 * The policy is `default-src 'self'` (the page, its chunks, its workers, its sounds and the solver's
 * table are all files of the site; no inline script or style, no eval, no data: or blob: URLs: the
 * browser tests play a whole game under exactly that policy), plus:
 * - connect-src: the page's own host as ws: and wss: too (Safari before 16 did not count WebSockets
 *   as 'self'), this process's public address, and the configured origins (a page whose `server`
 *   attribute names a game server elsewhere);
 * - object-src 'none', base-uri 'none', form-action 'self' (the page's forms are handled in script);
 * - frame-ancestors only when configured. The game is meant to be embedded, and the page has nothing a
 *   framing site could trick a player into (no account, no cookie, no purchase: a click in a frame
 *   moves dice), so by default any page may frame it. With frame-ancestors 'none' or 'self' the older
 *   X-Frame-Options header says the same.
 *
 * helmet writes the headers. What stays here is the game's policy: which sources the policy names, and
 * the check of the configured ones (helmet refuses only a `;` or `,` in a value, so an
 * 'unsafe-eval' or a path would pass it).
 */
import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';
import { CodedError } from '../../src/engine/errors.js';
import { isHost, requestHost } from './http-cors.js';

export interface PageHeaderOptions {
  /**
   * Origins the page may connect to besides its own (`https://game.example.org`): an http(s) origin
   * allows its ws(s) twin too (the matchmaking request and the room's WebSocket).
   */
  connectSources?: readonly string[];
  /**
   * CSP frame-ancestors: who may frame the page (`'self'`, `'none'`, `https://site.example`, `*`).
   * Not set: anyone (no frame-ancestors, no X-Frame-Options).
   */
  frameAncestors?: readonly string[];
  /**
   * Hosts (`name[:port]`) the page's WebSockets may reach besides its own: this process's public
   * address. One that is no host is left out.
   */
  socketHosts?: readonly string[];
  /** Proxies trusted to tell the host asked (X-Forwarded-Host), as in clientAddress. */
  trustProxy?: number;
}

/** A connect-src or frame-ancestors entry that is not a source this server writes into its policy. */
export class CspSourceError extends CodedError<'bad-csp-source'> {
  constructor(message: string) {
    super('bad-csp-source', message);
    this.name = 'CspSourceError';
  }
}

/** An origin of one of these schemes, nothing after it. */
const ORIGIN =
  /^(https?|wss?):\/\/(?:[a-z0-9-]+\.)*[a-z0-9-]+(?::\d{1,5})?$|^(https?|wss?):\/\/\[[0-9a-f:.]+\](?::\d{1,5})?$/i;
/** A frame-ancestors source: a keyword, *, a scheme, or an origin whose host may start with *. */
const ANCESTOR =
  /^(?:'self'|'none'|\*|https?:|https?:\/\/(?:\*\.)?(?:[a-z0-9-]+\.)*[a-z0-9-]+(?::(?:\d{1,5}|\*))?)$/i;

/** The connect-src sources for one configured origin: it, and its WebSocket (or HTTP) twin. */
function connectSourcesOf(origin: string): string[] {
  if (!ORIGIN.test(origin)) {
    throw new CspSourceError(
      `${JSON.stringify(origin)} is not an origin (https://host[:port], wss://..., no path)`,
    );
  }
  const bare = origin.toLowerCase();
  const [scheme, rest] = bare.split('://') as [string, string];
  const twin = { http: 'ws', https: 'wss', ws: 'http', wss: 'https' }[scheme]!;
  return [bare, `${twin}://${rest}`];
}

/** The sources of frame-ancestors, checked; 'none' only alone. */
function ancestorSources(sources: readonly string[]): string[] {
  for (const source of sources) {
    if (!ANCESTOR.test(source)) {
      throw new CspSourceError(
        `${JSON.stringify(source)} is not a frame-ancestors source ('self', 'none', an origin)`,
      );
    }
  }
  if (sources.includes("'none'") && sources.length > 1) {
    throw new CspSourceError("frame-ancestors 'none' cannot be given with other sources");
  }
  return [...sources];
}

/** Express-style middleware, as helmet's: `next(error)` only for a policy helmet could not write. */
export type PageHeaders = ReturnType<typeof helmet>;

/**
 * The middleware that sets the page's headers on an answer (helmet's), by the options (checked once,
 * here).
 * @throws CspSourceError for a connect source or frame ancestor that is none
 */
export function pageHeaders(options: PageHeaderOptions = {}): PageHeaders {
  const extra = [...new Set((options.connectSources ?? []).flatMap(connectSourcesOf))];
  const socketHosts = (options.socketHosts ?? [])
    .filter(isHost)
    .flatMap((host) => [`ws://${host.toLowerCase()}`, `wss://${host.toLowerCase()}`]);
  const ancestors = options.frameAncestors?.length ? ancestorSources(options.frameAncestors) : undefined;
  // The own host is the request's, so connect-src is written per answer; isHost keeps it one source.
  const connectSrc = (req: IncomingMessage): string => {
    const host = requestHost(req, options.trustProxy);
    const own = host ? [`ws://${host}`, `wss://${host}`] : [];
    return ["'self'", ...new Set([...own, ...socketHosts, ...extra])].join(' ');
  };
  const only = ancestors?.length === 1 ? ancestors[0] : undefined;
  const frameAction = only === "'none'" ? 'deny' : only === "'self'" ? 'sameorigin' : undefined;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        connectSrc: [connectSrc],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        ...(ancestors ? { frameAncestors: ancestors } : {}),
      },
    },
    xFrameOptions: frameAction ? { action: frameAction } : false,
    // Kept from helmet's defaults: nosniff, no-referrer, Cross-Origin-Opener-Policy same-origin.
    // HSTS is the TLS proxy's to send (docs/SECURITY.md); a plain-HTTP server cannot promise it.
    strictTransportSecurity: false,
    // Cross-Origin-Resource-Policy same-origin would keep other sites' pages from the standalone
    // game's files, which are made to be loaded by them.
    crossOriginResourcePolicy: false,
    // The page's headers are the ones docs/SECURITY.md lists; these say nothing this page needs.
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}
