import type { OnlineSession } from '../session/OnlineSession.js';

/** Pauses before each try to take the seat again through another server (about half a minute in all). */
const REJOIN_WAITS_MS = [500, 1000, 2000, 3000, 5000, 8000];
/** After those, a try every so often (ms) until the server has been away this long (ms): then give up. */
const REJOIN_EVERY_MS = 10_000;
const REJOIN_FOR_MS = 5 * 60_000;

/** What coming back to a room whose server went away needs of online play (OnlinePlay). */
export interface RejoinHost {
  /** The session played now (null: none). */
  current(): OnlineSession | null;
  /** Sets the session played: none while a try is made, the one gone again when it failed. */
  setCurrent(session: OnlineSession | null): void;
  /** Enters the room again: by name to the seat (its key, if kept), or watching again. */
  enterAgain(roomId: string, name: string | null, watching: boolean): Promise<unknown>;
  /** Gave up: `goneForGood` when the server no longer has the game (else it may still be kept). */
  gaveUp(gone: OnlineSession, goneForGood: boolean): void;
  /** Draws again (the notice counts the seconds away). */
  changed(): void;
}

/**
 * Coming back to a room whose server went away (its process stopped or died): its game was kept, so the
 * same room id, joined again by name through a server that is up, goes on with it in a new room. Tries
 * for a while (a server may be restarting), then gives up.
 */
export class RoomRejoin {
  /** When the room's server went away (performance.now()), while this page tries to come back. */
  awaySince: number | null = null;

  constructor(private readonly host: RejoinHost) {}

  /** Whether this page is taking its seat again, by name, through another server. */
  get active(): boolean {
    return this.awaySince !== null;
  }

  async rejoin(gone: OnlineSession): Promise<void> {
    const { name, roomId, watching } = gone;
    if (this.active || (!name && !watching) || gone.letGo) return;
    const since = (this.awaySince = performance.now());
    // The notice counts the seconds away: drawn again each second meanwhile.
    const ticking = setInterval(() => this.host.changed(), 1000);
    this.host.changed();
    let goneForGood = false;
    try {
      for (let attempt = 0; performance.now() - since < REJOIN_FOR_MS; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, REJOIN_WAITS_MS[attempt] ?? REJOIN_EVERY_MS));
        if (this.host.current() !== gone) return; // left, or joined elsewhere meanwhile
        try {
          this.host.setCurrent(null);
          await this.host.enterAgain(roomId, name, watching || !name);
          return;
        } catch (error) {
          this.host.setCurrent(gone);
          // Gone for good (ended, or never kept): no use trying again.
          if ((error as { code?: string }).code === 'room-not-found') {
            goneForGood = true;
            break;
          }
        }
      }
      this.host.gaveUp(gone, goneForGood);
    } finally {
      clearInterval(ticking);
      this.awaySince = null;
      this.host.changed();
    }
  }
}
