/**
 * The one place the game server reaches past Colyseus's public API (0.18 has none for these): a
 * client's `ws` socket, to cork it, and the messages queued for a client that has not finished joining.
 * Each is read defensively: where Colyseus keeps them elsewhere, messages go one by one (as they would
 * anyway) and no join is let go for its queue. (Seat reservations are capped in reservation-cap.ts.)
 */
import type { Client } from '@colyseus/core';

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
