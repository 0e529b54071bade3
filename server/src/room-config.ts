/** What a server gives its rooms (DiceRoom.ts): how they behave, and the services they use. */
import { RECONNECT_SECONDS } from '../../src/online/protocol.js';
import type { RecordSigner } from './record-signing.js';
import type { RoomStore } from './room-store.js';
import type { Throws } from './ThrowPool.js';

/** How a server's rooms behave. */
export interface RoomConfig {
  /** Pause before each computer action, ms (0 plays at once, as tests do). */
  botDelayMs: number;
  /** How long a dropped person's seat waits for them, seconds. */
  reconnectSeconds: number;
}

/** What a server gives its rooms besides their configuration. */
export interface RoomServices {
  /** Where the rooms' records are kept (the database); without it the games live in this process only. */
  store?: RoomStore;
  /** Throws the dice off the main thread (ThrowPool.ts); without it a room throws them itself. */
  throws?: Throws;
  /** Signs finished games' records (record-signing.ts); without it, a key of the room's own. */
  signer?: RecordSigner;
}

export const DEFAULT_ROOM_CONFIG: RoomConfig = { botDelayMs: 700, reconnectSeconds: RECONNECT_SECONDS };

/**
 * The create option, set only by the server itself (DatabaseRooms.ts), that makes a new room from a
 * stored one: a token that the store hands the stored room for, once.
 */
export const RESUME_OPTION = '__resume';
