/**
 * The one place the game server reaches past Colyseus's public API (0.18 has none for these): a
 * client's `ws` socket, to cork it, and the messages queued for a client that has not finished joining;
 * a room's seat reservations (`_reserveSeat`, `_reservedSeats`), to cap them (reservation-cap.ts: the
 * room's own count has none, see colyseus/colyseus#678 on how loosely `maxClients` holds); and the
 * WebSocket transport's connection handler, to close a socket that has not joined a room in time. Each
 * is read defensively: where Colyseus keeps them elsewhere, messages go one by one (as they would
 * anyway), no join is let go for its queue, and a socket is closed only when its room is found and holds
 * it unjoined. No other file names a private field of Colyseus.
 */
import { ClientState, CloseCode, matchMaker, type Client, type Room } from '@colyseus/core';
import { WebSocketTransport, type TransportOptions } from '@colyseus/ws-transport';
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';

/**
 * Runs `send` with every client's socket corked, so that the messages it sends a client leave in one
 * write (a throw's 'thrown' and 'acted': a system call less per client and throw, which is most of the
 * server's own CPU time at hundreds of throws a second).
 */
export function corked(clients: Iterable<Client>, send: () => void): void {
  const sockets: { cork(): void; uncork(): void }[] = [];
  for (const client of clients) {
    const socket = (client as { ref?: { _socket?: { cork?: unknown; uncork?: unknown } } }).ref?._socket;
    if (socket && typeof socket.cork === 'function' && typeof socket.uncork === 'function') {
      const corkable = socket as { cork(): void; uncork(): void };
      corkable.cork();
      sockets.push(corkable);
    }
  }
  try {
    send();
  } finally {
    for (const socket of sockets) socket.uncork();
  }
}

/** Lets go each client that has not finished joining but has more than `max` messages queued for it. */
export function letGoOverQueued(clients: Iterable<Client>, max: number): void {
  for (const client of clients) {
    const queued = (client as { _enqueuedMessages?: unknown[] })._enqueuedMessages?.length ?? 0;
    if (client.state === ClientState.JOINING && queued > max) client.leave(CloseCode.WITH_ERROR);
  }
}

/**
 * What decides a seat reservation about to be made: `reserve()` makes it as Colyseus would (resolves
 * whether it did); `reconnecting` for a dropped person's seat waiting for her.
 */
export type ReservationGate = (
  sessionId: string,
  options: unknown,
  reconnecting: boolean,
  reserve: () => Promise<boolean>,
) => Promise<boolean>;

/**
 * Puts `gate` before each of `room`'s seat reservations (Colyseus's private `_reserveSeat`, called by
 * the matchmaker in the matchmaking request's own async context; its arguments after the session id:
 * join options, auth data, seconds, allowReconnection). Returns whether a reservation is still open
 * (made, not consumed, not a reconnection's: its private `_reservedSeats`, sessionId -> [join options,
 * auth data, consumed, waiting for a reconnection]).
 */
export function wrapReservations(room: Room, gate: ReservationGate): (sessionId: string) => boolean {
  const internals = room as unknown as {
    _reserveSeat: (sessionId: string, ...rest: unknown[]) => Promise<boolean>;
    _reservedSeats: Record<string, [unknown, unknown, boolean, boolean]>;
  };
  const original = internals._reserveSeat.bind(room);
  internals._reserveSeat = (sessionId, ...rest) =>
    gate(sessionId, rest[0], rest[3] === true, () => original(sessionId, ...rest));
  return (sessionId) => {
    const seat = internals._reservedSeats[sessionId];
    return seat !== undefined && seat[2] === false && seat[3] !== true;
  };
}

/** The room id in a room's WebSocket path (`/<processId>/<roomId>?sessionId=...`), as the transport reads it. */
const ROOM_PATH = /\/[a-zA-Z0-9_-]+\/([a-zA-Z0-9_-]+)$/;

/** Whether `socket` is a client of room `roomId` (in this process) that has finished joining. */
function joined(roomId: string | undefined, socket: WebSocket): boolean {
  const room = roomId ? matchMaker.getLocalRoomById(roomId) : undefined;
  const client = room?.clients.find((c) => (c as { ref?: unknown }).ref === socket);
  return client?.state === ClientState.JOINED;
}

/**
 * Colyseus's WebSocket transport (@colyseus/ws-transport 0.18), with a deadline for joining: a socket
 * that has not finished joining a room (its seat reservation used and its join acknowledged) within
 * `joinDeadlineMs` of its upgrade is terminated. The transport itself has no such option: it pings
 * every socket (`pingInterval`) and terminates one that missed `pingMaxRetries` pongs in a row, which
 * closes a socket gone quiet; but one that answers pings and never joins (its path names no room, or
 * its join is never acknowledged) it keeps until its client closes it. Its protected `onConnection`
 * (called by its `ws` server for every new socket, with `this` the `ws` server: neither it nor this
 * override uses `this`) is where each socket starts.
 */
export class BoundedTransport extends WebSocketTransport {
  constructor(options: TransportOptions & { joinDeadlineMs: number }) {
    const { joinDeadlineMs, ...transportOptions } = options;
    super(transportOptions);
    // The handler is read from the instance when the ws server's listener is added (in super()):
    // replaced here so that it carries the deadline.
    const handle = (
      WebSocketTransport.prototype as unknown as {
        onConnection(this: unknown, raw: WebSocket, req: IncomingMessage, upgrade?: unknown): Promise<void>;
      }
    ).onConnection;
    const wss = this.wss;
    wss.removeAllListeners('connection');
    wss.on('connection', (raw: WebSocket, req: IncomingMessage, upgrade?: unknown) => {
      const roomId = ROOM_PATH.exec(new URL(req.url ?? '/', 'ws://server').pathname)?.[1];
      const timer = setTimeout(() => {
        if (!joined(roomId, raw)) raw.terminate();
      }, joinDeadlineMs);
      timer.unref();
      raw.once('close', () => clearTimeout(timer));
      return handle.call(wss, raw, req, upgrade);
    });
  }
}
