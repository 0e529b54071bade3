/**
 * The "My games" route (src/online/my-games.ts): a page shows the seat keys its browser keeps and is
 * told, for each stored game one of them holds a seat in, who plays, whose turn it is, when it last
 * changed and when the turn's time is up. The keys are hashed here, as the rooms keep them; nothing is
 * told for a key that holds no seat. The body is small and checked in full, and each address may ask a
 * few times a minute (a page asks when its start panel opens, and now and then while it is open).
 */
import express, { type Application, type NextFunction, type Request, type Response } from 'express';
import type { Action } from '../../src/engine/index.js';
import { MY_GAMES_PATH, parseMyGamesRequest, type MyGame } from '../../src/online/my-games.js';
import { CodedError } from '../../src/engine/index.js';
import type { TableRecord } from '../../src/table/index.js';
import type { Records } from './database/WorkerRecords.js';
import { seatKeyHash } from './seat-keys.js';
import { storedBody } from './stored-body.js';

/** Largest body, bytes: 50 keys of 22 characters with their quotes and commas fit well inside. */
const MAX_BODY = 4 * 1024;
/** Asks an address may make a minute. */
export const MY_GAMES_PER_MINUTE = 30;
/** Addresses remembered by the rate limit at most (all forgotten past it: a flood of addresses costs no memory). */
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

/** Answers POST MY_GAMES_PATH from the games in `records`. */
export function myGamesRoute(app: Application, records: Records, now: () => number = Date.now): void {
  const asked = new Map<string, { count: number; since: number }>();
  const allowed = (address: string): boolean => {
    const t = now();
    if (asked.size > MAX_ADDRESSES) asked.clear();
    const entry = asked.get(address);
    if (!entry || t - entry.since >= 60_000) {
      asked.set(address, { count: 1, since: t });
      return true;
    }
    entry.count++;
    return entry.count <= MY_GAMES_PER_MINUTE;
  };
  app.post(
    MY_GAMES_PATH,
    express.json({ limit: MAX_BODY, strict: true }),
    async (req: Request, res: Response) => {
      if (!allowed(req.socket.remoteAddress ?? '')) {
        res
          .status(429)
          .set('Retry-After', '60')
          .json({ code: 'too-many-messages', message: 'Ask again in a minute' });
        return;
      }
      let keys: string[];
      try {
        keys = parseMyGamesRequest(req.body);
      } catch (error) {
        res.status(400).json({ code: (error as CodedError).code, message: (error as Error).message });
        return;
      }
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
        res.set('Cache-Control', 'no-store').json({ games });
      } catch {
        res
          .status(503)
          .json({ code: 'server-unavailable', message: 'The games cannot be read now: try again' });
      }
    },
  );
  // A body too large or not JSON: a coded answer, not an error page.
  app.use(MY_GAMES_PATH, (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (!error) return next();
    const tooLarge = (error as { type?: string }).type === 'entity.too.large';
    res.status(tooLarge ? 413 : 400).json({
      code: 'bad-message',
      message: tooLarge ? 'The request is too large' : 'The request is not JSON',
    });
  });
}
