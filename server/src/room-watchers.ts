/**
 * Who watches a room (a watch link): they see every change and may play no part; at most MAX_WATCHERS
 * at once. A watcher that drops and comes back watches again by its link: nothing is kept for it.
 */
import type { Client } from '@colyseus/core';
import { MAX_WATCHERS, ProtocolError } from '../../src/online/protocol.js';
import { CLOSE_LET_GO } from './room-joining.js';

export class RoomWatchers {
  private readonly ids = new Set<string>();

  /** Whether session `sessionId` watches. */
  has(sessionId: string): boolean {
    return this.ids.has(sessionId);
  }

  /** @throws ProtocolError `too-many-watchers` when the room has as many watchers as it takes */
  checkRoom(): void {
    if (this.ids.size >= MAX_WATCHERS) {
      throw new ProtocolError('too-many-watchers', 'As many people watch this game as it takes');
    }
  }

  /**
   * Takes `client` as a watcher; past the limit (another watcher came in since its onAuth) it is
   * refused and let go. Whether it was taken.
   */
  admit(client: Client): boolean {
    try {
      this.checkRoom();
    } catch (error) {
      const { code, message } = error as ProtocolError;
      client.send('refused', { code, message });
      client.leave(CLOSE_LET_GO);
      return false;
    }
    this.ids.add(client.sessionId);
    return true;
  }

  /** The session left: whether it was a watcher. */
  delete(sessionId: string): boolean {
    return this.ids.delete(sessionId);
  }
}
