/**
 * The one place the game server reaches past Colyseus's public API (0.18 has none for these): a
 * client's `ws` socket, to cork it, and the messages queued for a client that has not finished joining;
 * and the WebSocket transport's connection handler, to close a socket that has not joined a room in
 * time. Each is read defensively: where Colyseus keeps them elsewhere, messages go one by one (as they
 * would anyway), no join is let go for its queue, and a socket is closed only when its room is found and
 * holds it unjoined. (Seat reservations are capped in reservation-cap.ts.)
 */
import { ClientState, matchMaker, type Client } from '@colyseus/core';
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

/** How many messages wait for a client that has not finished joining (0 where it cannot be told). */
export function queuedForJoining(client: Client): number {
  return (client as { _enqueuedMessages?: unknown[] })._enqueuedMessages?.length ?? 0;
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
