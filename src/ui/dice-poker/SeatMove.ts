import type { OnlineSession } from '../session/OnlineSession.js';
import { moveUrl, takeMoveKey } from './room-links.js';

/** A move link as this page shows it to its person: the room's, the address, and until when it works. */
interface MadeLink {
  roomId: string;
  url: string;
  until: number;
}

/**
 * Moving a person's online seat between devices, as this page sees it: the link it made for its person
 * (shown until closed), and the key of the link it was opened with (used once, then forgotten).
 */
export class SeatMove {
  /** The key of the move link this page was opened with (`#move=`), until it is used. */
  private openedWith: string | null = null;
  private made: MadeLink | null = null;

  constructor(private readonly changed: () => void) {}

  /** Reads the page's address (taking the key out of it at once); kept for an invite to a room. */
  readAddress(invited: boolean): void {
    const key = takeMoveKey();
    if (invited) this.openedWith = key;
  }

  /** The key of the link this page was opened with, once (null when none, or used). */
  take(): string | null {
    const key = this.openedWith;
    this.openedWith = null;
    return key;
  }

  get pending(): boolean {
    return this.openedWith !== null;
  }

  /** Asks `session`'s room for a link to play its seat elsewhere, and shows it once it comes. */
  async make(session: OnlineSession, stillPlayed: () => boolean): Promise<void> {
    const { key, until } = await session.moveLink();
    if (!stillPlayed()) return;
    this.made = { roomId: session.roomId, url: moveUrl(session.roomId, key), until };
    this.changed();
  }

  /** Its panel is closed (the link still works until used or lapsed). */
  close(): void {
    this.made = null;
    this.changed();
  }

  /** The link shown for `roomId`'s seat, or null. */
  shown(roomId: string): { url: string; until: number } | null {
    return this.made?.roomId === roomId ? { url: this.made.url, until: this.made.until } : null;
  }
}
