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
 * - every connection, HTTP or WebSocket, is counted against its client's address (http-connections.ts:
 *   64 open at once by default), and one past that is refused at once (429 `too-many-connections`);
 *   a matchmaking request is handled knowing its client's address (http-address.ts), by which a room
 *   counts the seat reservations it holds for it (reservation-cap.ts).
 * helmet writes the page's headers, `cors` the CORS ones, rate-limiter-flexible counts the requests;
 * the gate says which applies where, and what a refusal says.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { matchMaker } from '@colyseus/core';
import cors from 'cors';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { JOIN_REFUSED_STATUS, joinRefusalText } from '../../src/online/join-refusal.js';
import { addressKey, clientAddress, isLimited, withRequestAddress } from './http-address.js';
import { BodyError, closeAfterAnswer, MAX_BODY_BYTES, readBody } from './http-body.js';
import { ConnectionLimits, type ConnectionLimitOptions } from './http-connections.js';
import { OriginPolicy } from './http-cors.js';
import { pageHeaders, type PageHeaderOptions } from './http-headers.js';
import { AddressLimits, type AddressLimitOptions } from './http-limits.js';

/** The HTTP side's settings (StartOptions has them all). */
export interface HttpOptions
  extends Omit<AddressLimitOptions, 'maxAddresses'>, Pick<ConnectionLimitOptions, 'connectionsPerAddress'> {
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
  /** The limits' cap (tests). */
  limits?: Pick<AddressLimitOptions, 'maxAddresses'>;
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
  const headers = pageHeaders({
    connectSources: options.connectSources,
    frameAncestors: options.frameAncestors,
    socketHosts: options.socketHosts,
    trustProxy,
  });
  const matchmakingCors = new OriginPolicy(options.allowedOrigins, trustProxy).middleware();
  // The site's files: Access-Control-Allow-Origin *, no credentials.
  const filesCors = cors();
  const limits = new AddressLimits({
    roomsPerMinute: options.roomsPerMinute,
    joinsPerMinute: options.joinsPerMinute,
    trustProxy,
    limitLoopback: options.limitLoopback,
    ...options.limits,
  });
  const connections = new ConnectionLimits({
    connectionsPerAddress: options.connectionsPerAddress,
    trustProxy,
    limitLoopback: options.limitLoopback,
  });
  const limitLoopback = options.limitLoopback ?? true;
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;

  /** A matchmaking POST: its body read with the limit, then counted against its address. */
  const admit = async (
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    pass: () => void,
  ): Promise<void> => {
    let body: Buffer;
    try {
      body = await readBody(req, maxBodyBytes);
    } catch (error) {
      if (!(error instanceof BodyError) || error.code !== 'body-too-large') {
        req.destroy();
        return;
      }
      // Answered, then the connection is cut: the rest of the body is never read.
      closeAfterAnswer(req, res);
      answerJson(res, error.status, { code: error.status, error: error.message });
      return;
    }
    const refusal = await limits.check(req, method);
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
    // The room's seat reservation counts by the address the limits count (none where they do not).
    const address = clientAddress(req, trustProxy);
    withRequestAddress(isLimited(address, limitLoopback) ? addressKey(address) : undefined, pass);
  };

  const matchmake = (req: IncomingMessage, res: ServerResponse, pass: () => void): void => {
    // Every matchmaking answer depends on Origin, allowed or not.
    res.setHeader('Vary', 'Origin');
    // Answers an allowed origin's preflight itself; everything else comes on here.
    matchmakingCors(req, res, () => {
      if (req.method === 'OPTIONS') {
        res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Origin not allowed');
        return;
      }
      const route = MATCHMAKE.exec((req.url ?? '/').split('?', 1)[0]!);
      if (req.method !== 'POST' || !route) {
        pass();
        return;
      }
      admit(req, res, route[1]!, pass).catch((error: unknown) => {
        console.error('A matchmaking request failed:', (error as Error)?.message ?? error);
        res.destroy();
      });
    });
  };

  const gate = (req: IncomingMessage, res: ServerResponse, pass: () => void): void => {
    headers(req, res, (error) => {
      if (error) {
        // Not reached: every source is checked before helmet writes it. Said in one line if it were.
        console.error('The page headers could not be written:', (error as Error).message);
        res.writeHead(500).end();
        return;
      }
      if ((req.url ?? '/').startsWith('/matchmake/')) matchmake(req, res, pass);
      else if (req.method === 'GET' || req.method === 'HEAD') filesCors(req, res, pass);
      else pass();
    });
  };

  const emit = server.emit as Emit;
  const gated: Emit = function (this: Server, event, ...args) {
    if (event === 'connection') {
      // Refused past the cap before the HTTP server sees it (nothing of it is read).
      if (!connections.accept(args[0] as Socket)) return true;
    } else if (event === 'upgrade') {
      if (!connections.upgrade(args[0] as IncomingMessage, args[1] as Duplex)) return true;
    } else if (event === 'request') {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      if (connections.request(req, res)) gate(req, res, () => emit.call(this, event, req, res));
      return true;
    }
    return emit.call(this, event, ...args);
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
  'connectionsPerAddress',
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
