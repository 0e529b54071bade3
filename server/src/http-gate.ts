/**
 * What every HTTP request of the server passes before Colyseus and the page see it. Colyseus binds its
 * own request listener in `listen()` (ahead of any other, answering every OPTIONS itself and /matchmake/
 * through its router), so the gate sits in the server's `emit('request')` instead, where no listener
 * can come before it:
 * - every answer gets the page's headers (http-headers.ts); the site's files may be read by any origin
 *   (`Access-Control-Allow-Origin: *`, no credentials: they are public, and the standalone module is
 *   made to be loaded by other sites' pages, which fetch a module script with CORS);
 * - /matchmake/: CORS only for allowed origins (http-cors.ts; Colyseus's own CORS headers are turned
 *   off while the gate is installed, as its hook sees neither the path nor the socket); the body is
 *   read here with a limit (http-body.ts: 413 and the connection cut past it) and handed on to
 *   Colyseus already read; the per-address limits (http-limits.ts) refuse a room or a join as a room
 *   refuses one, HTTP 403 `{ code: 403, error: 'too-many-rooms: ...' }`, which @colyseus/sdk throws
 *   as a MatchMakeError that joinRefusal() reads.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { matchMaker } from '@colyseus/core';
import { JOIN_REFUSED_STATUS, joinRefusalText } from '../../src/online/join-refusal.js';
import { BodyError, MAX_BODY_BYTES, readBody } from './http-body.js';
import { OriginPolicy } from './http-cors.js';
import { pageHeaders, type PageHeaderOptions } from './http-headers.js';
import { AddressLimits, type AddressLimitOptions } from './http-limits.js';

/** The HTTP side's settings (StartOptions has them all). */
export interface HttpOptions extends Omit<AddressLimitOptions, 'now' | 'maxAddresses'> {
  /**
   * Origins (`https://site.example`) whose pages may call the matchmaking routes besides the page's own;
   * `*` for any. None by default.
   */
  allowedOrigins?: readonly string[];
  /** Origins the page may connect to besides its own (CSP connect-src): see PageHeaderOptions. */
  connectSources?: PageHeaderOptions['connectSources'];
  /** Who may frame the page (CSP frame-ancestors): anyone by default. See PageHeaderOptions. */
  frameAncestors?: PageHeaderOptions['frameAncestors'];
  /** Largest matchmaking request body, bytes (MAX_BODY_BYTES, 16 KB, by default). */
  maxBodyBytes?: number;
}

/** What the gate is built from: the settings, and what the server adds (its public host; tests' clocks). */
export interface GateOptions extends HttpOptions {
  /** Hosts the page's WebSockets may reach besides its own (this process's public address). */
  socketHosts?: readonly string[];
  /** The limits' clock and cap (tests). */
  limits?: Pick<AddressLimitOptions, 'now' | 'maxAddresses'>;
}

/** `/matchmake/<method>/<room>`, as Colyseus's own route reads it. */
const MATCHMAKE = /^\/matchmake\/(\w+)\/(.+)/;

/** Server's emit, without its overloads. */
type Emit = (this: Server, event: string | symbol, ...args: unknown[]) => boolean;

/** An answer in JSON, whole (with its length, so the client needs no chunked decoding). */
function answerJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(json)),
  });
  res.end(json);
}

/** Hands a body read here on to Colyseus's router (better-call takes `req.body` when it is set). */
function handOn(req: IncomingMessage, body: Buffer): void {
  if (body.length > 0) {
    (req as IncomingMessage & { body?: string }).body = body.toString('utf8');
  } else {
    // An empty body, already read: said so, or the router would wait for the stream's end again.
    req.headers['content-length'] = '0';
    delete req.headers['transfer-encoding'];
  }
}

/**
 * Puts the gate in front of `server`'s request listeners, and Colyseus's CORS headers out of the way.
 * @returns a function that takes both back (for when the server is closed)
 * @throws OriginListError, CspSourceError, RangeError for settings that are not valid
 */
export function installGate(server: Server, options: GateOptions = {}): () => void {
  const trustProxy = options.trustProxy ?? 0;
  const headersOf = pageHeaders({
    connectSources: options.connectSources,
    frameAncestors: options.frameAncestors,
    socketHosts: options.socketHosts,
    trustProxy,
  });
  const origins = new OriginPolicy(options.allowedOrigins, trustProxy);
  const limits = new AddressLimits({
    roomsPerMinute: options.roomsPerMinute,
    joinsPerMinute: options.joinsPerMinute,
    trustProxy,
    limitLoopback: options.limitLoopback,
    ...options.limits,
  });
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;

  const matchmake = (req: IncomingMessage, res: ServerResponse, pass: () => void): void => {
    res.setHeader('Vary', 'Origin');
    const origin = origins.allowedOrigin(req);
    const cors = origin ? OriginPolicy.headers(origin) : {};
    for (const [name, value] of Object.entries(cors)) res.setHeader(name, value);
    if (req.method === 'OPTIONS') {
      if (origin) res.writeHead(204, OriginPolicy.preflightHeaders(origin)).end();
      else res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Origin not allowed');
      return;
    }
    const route = MATCHMAKE.exec((req.url ?? '/').split('?', 1)[0]!);
    if (req.method !== 'POST' || !route) {
      pass();
      return;
    }
    readBody(req, maxBodyBytes)
      .then(
        (body) => {
          const refusal = limits.check(req, route[1]!);
          if (refusal) {
            answerJson(
              res,
              JOIN_REFUSED_STATUS,
              { code: JOIN_REFUSED_STATUS, error: joinRefusalText(refusal.code, refusal.message) },
              { 'Retry-After': String(refusal.retryAfterSeconds) },
            );
            return;
          }
          handOn(req, body);
          pass();
        },
        (error: unknown) => {
          if (!(error instanceof BodyError) || error.code !== 'body-too-large') {
            req.destroy();
            return;
          }
          // Answered, then the connection is cut: the rest of the body is never read.
          res.once('finish', () => req.socket.destroy());
          answerJson(
            res,
            error.status,
            { code: error.status, error: error.message },
            { Connection: 'close' },
          );
        },
      )
      .catch((error: unknown) => {
        console.error('A matchmaking request failed:', (error as Error)?.message ?? error);
        res.destroy();
      });
  };

  const gate = (req: IncomingMessage, res: ServerResponse, pass: () => void): void => {
    for (const [name, value] of Object.entries(headersOf(req))) res.setHeader(name, value);
    if ((req.url ?? '/').startsWith('/matchmake/')) {
      matchmake(req, res, pass);
      return;
    }
    if (req.method === 'GET' || req.method === 'HEAD') res.setHeader('Access-Control-Allow-Origin', '*');
    pass();
  };

  const emit = server.emit as Emit;
  const gated: Emit = function (this: Server, event, ...args) {
    if (event !== 'request') return emit.call(this, event, ...args);
    const [req, res] = args as [IncomingMessage, ServerResponse];
    gate(req, res, () => emit.call(this, event, req, res));
    return true;
  };
  server.emit = gated as Server['emit'];

  const controller = matchMaker.controller;
  const { DEFAULT_CORS_HEADERS, getCorsHeaders } = controller;
  controller.DEFAULT_CORS_HEADERS = {} as typeof DEFAULT_CORS_HEADERS;
  controller.getCorsHeaders = () => ({});
  return () => {
    server.emit = emit as Server['emit'];
    controller.DEFAULT_CORS_HEADERS = DEFAULT_CORS_HEADERS;
    controller.getCorsHeaders = getCorsHeaders;
  };
}

/** The names of HttpOptions, to take them out of a wider set of options. */
const HTTP_OPTION_NAMES = [
  'roomsPerMinute',
  'joinsPerMinute',
  'trustProxy',
  'limitLoopback',
  'allowedOrigins',
  'connectSources',
  'frameAncestors',
  'maxBodyBytes',
] as const satisfies readonly (keyof HttpOptions)[];
// Every HttpOptions name is in the list (this does not compile otherwise).
const _everyName: [Exclude<keyof HttpOptions, (typeof HTTP_OPTION_NAMES)[number]>] extends [never]
  ? true
  : never = true;

/** `options` split into its HttpOptions and the rest. */
export function splitHttpOptions<T extends HttpOptions>(
  options: T,
): [HttpOptions, Omit<T, keyof HttpOptions>] {
  const http: Record<string, unknown> = {};
  const rest: Record<string, unknown> = { ...(options as Record<string, unknown>) };
  for (const name of HTTP_OPTION_NAMES) {
    if (name in rest) http[name] = rest[name];
    delete rest[name];
  }
  return [http as HttpOptions, rest as Omit<T, keyof HttpOptions>];
}
