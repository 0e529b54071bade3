/**
 * The "My games" route (src/online/my-games.ts): a page shows the seat keys its browser keeps and is
 * told, for each stored game one of them holds a seat in, who plays, whose turn it is, when it last
 * changed and when the turn's time is up. The keys are hashed here, as the rooms keep them; nothing is
 * told for a key that holds no seat. The body is small (its limit applied before it is read) and checked
 * in full, and each address may ask a few times a minute (a page asks when its start panel opens, and now
 * and then while it is open).
 */
import type { Application, Request, Response } from 'express';
import type { Action } from '../../src/engine/index.js';
import { MY_GAMES_PATH, parseMyGamesRequest, type MyGame } from '../../src/online/my-games.js';
import { CodedError } from '../../src/engine/index.js';
import type { TableRecord } from '../../src/table/index.js';
import type { Records } from './database/WorkerRecords.js';
import { addressKey, clientAddress, isLimited } from './http-address.js';
import { BodyError, closeAfterAnswer, readBody } from './http-body.js';
import { RateLimiter } from './http-rate-limit.js';
import { seatKeyHash } from './seat-keys.js';
import { storedBody } from './stored-body.js';

/** Largest body, bytes: 50 keys of 22 characters with their quotes and commas fit well inside. */
const MAX_BODY = 4 * 1024;
/** Asks an address may make a minute. */
export const MY_GAMES_PER_MINUTE = 30;
/** Addresses remembered by the rate limit at most (the least recently seen forgotten past it). */
const MAX_ADDRESSES = 10_000;

/** One of my games from its stored record. */
function summary(
  roomId: string,
  seat: number,
  table: TableRecord,
  changedAt: number,
  endsAt: number | null,
): MyGame {
  const players = table.seats.map((s) => s.name);
  const log: readonly Action[] = table.game?.log ?? [];
  const scored = log.filter((action) => action.type === 'score').length;
  const playing = table.phase === 'playing' && table.game !== null && players.length > 0;
  const current = playing ? scored % players.length : null;
  return {
    roomId,
    seat,
    phase: table.phase,
    pace: table.pace ?? 'live',
    players,
    current,
    round: table.game ? Math.min(13, Math.floor(scored / Math.max(1, players.length)) + 1) : 0,
    changedAt,
    endsAt: playing ? endsAt : null,
    // A nudge is for the turn it was made in: the record's clock is that turn's.
    nudged: current === seat && Number.isInteger(table.clock?.nudgedBy),
  };
}

/** Who the route counts (the server's HTTP settings: see http-gate.ts). */
export interface MyGamesOptions {
  /** Proxies in front whose X-Forwarded-For is believed (0: the socket's address is the client's). */
  trustProxy?: number;
  /** Count this machine's own addresses too (true by default). */
  limitLoopback?: boolean;
  /** Addresses the limit keeps at most (tests). */
  maxAddresses?: number;
}

/** A coded answer. */
function answer(res: Response, status: number, body: object): void {
  res.status(status).set('Cache-Control', 'no-store').json(body);
}

/**
 * Answers POST MY_GAMES_PATH from the games in `records`. An address (as TRUST_PROXY says: the
 * client's, not a proxy's) may ask MY_GAMES_PER_MINUTE times a minute, counted before its body is read;
 * a body declared over MAX_BODY is refused before a byte of it is read, one sent in chunks as soon as it
 * passes MAX_BODY, and the connection is then closed (nothing more of it is read).
 */
export function myGamesRoute(app: Application, records: Records, options: MyGamesOptions = {}): void {
  const trustProxy = options.trustProxy ?? 0;
  const limitLoopback = options.limitLoopback ?? true;
  const limiter = new RateLimiter({
    limit: MY_GAMES_PER_MINUTE,
    windowSeconds: 60,
    maxKeys: options.maxAddresses ?? MAX_ADDRESSES,
  });
  const allowed = async (req: Request): Promise<boolean> => {
    const address = clientAddress(req, trustProxy);
    if (!isLimited(address, limitLoopback)) return true;
    return (await limiter.take(addressKey(address))).allowed;
  };
  const keysOf = async (req: Request, res: Response): Promise<string[] | undefined> => {
    let body: Buffer;
    try {
      body = await readBody(req, MAX_BODY);
    } catch (error) {
      if (!(error instanceof BodyError) || error.code !== 'body-too-large') {
        req.destroy();
        return undefined;
      }
      // Answered, then the connection is cut: the rest of the body is never read.
      closeAfterAnswer(req, res);
      answer(res, 413, { code: 'bad-message', message: 'The request is too large' });
      return undefined;
    }
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      answer(res, 400, { code: 'bad-message', message: 'The request is not JSON' });
      return undefined;
    }
    try {
      return parseMyGamesRequest(json);
    } catch (error) {
      answer(res, 400, { code: (error as CodedError).code, message: (error as Error).message });
      return undefined;
    }
  };
  app.post(MY_GAMES_PATH, async (req: Request, res: Response) => {
    if (!(await allowed(req))) {
      // Not read: the connection goes with the answer.
      closeAfterAnswer(req, res);
      res.set('Retry-After', '60');
      answer(res, 429, { code: 'too-many-messages', message: 'Ask again in a minute' });
      return;
    }
    const keys = await keysOf(req, res);
    if (!keys) return;
    try {
      const found = keys.length > 0 ? await records.roomsForKeys(keys.map(seatKeyHash)) : [];
      const games: MyGame[] = [];
      for (const room of found) {
        if (room.closed || games.some((g) => g.roomId === room.roomId)) continue;
        const stored = await records.load(room.roomId);
        const table = stored ? storedBody(stored.record, stored.parts).table : undefined;
        if (!stored || !table) continue;
        games.push(summary(room.roomId, room.seat, table, stored.updatedAt, stored.turnDeadline));
      }
      answer(res, 200, { games });
    } catch {
      answer(res, 503, { code: 'server-unavailable', message: 'The games cannot be read now: try again' });
    }
  });
}
