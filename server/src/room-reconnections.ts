/**
 * The ways back of a room's dropped people: the seat of one whose connection dropped waits for them
 * (Colyseus's allowReconnection) until they come back, the wait runs out, or the seat stops being
 * theirs (taken back by its person with its key, or emptied by the host). Then their way back ends at
 * once, not when the wait runs out: a reconnection token must not bring anyone back to a seat that is
 * no longer theirs (they may join again).
 */
import type { Client, Deferred } from '@colyseus/core';

export class RoomReconnections {
  private readonly waiting = new Map<string, Deferred<Client>>();

  /**
   * Session `sessionId` dropped and may come back through `reconnection`: forgotten once that settles
   * (back, timed out or refused: Colyseus calls onReconnect or onLeave then).
   */
  wait(sessionId: string, reconnection: Deferred<Client>): void {
    this.waiting.set(sessionId, reconnection);
    // Only its own: the session may have come back and dropped again since, with a new way back.
    const forget = (): void => {
      if (this.waiting.get(sessionId) === reconnection) this.waiting.delete(sessionId);
    };
    reconnection.then(forget, forget);
  }

  /** Session `sessionId` came back. */
  back(sessionId: string): void {
    this.waiting.delete(sessionId);
  }

  /** The seat of dropped session `sessionId` is no longer theirs: their way back ends now. */
  end(sessionId: string): void {
    this.waiting.get(sessionId)?.reject(new Error('The seat was taken'));
    this.waiting.delete(sessionId);
  }
}
