/**
 * How a room ends when its server shuts down: its record is written one last time, marked closing, so
 * that the next join to its room id, through another server, goes on with the game in a new room
 * (DatabaseRooms.ts); then everyone is told ('closing') whether the game can go on, and disconnected.
 * The players learn whether it can only once that write is done, after every message before it.
 */
import type { ServerMessages } from '../../src/online/protocol.js';
import type { RoomSaving } from './room-saving.js';

/** What a room closed by a shutdown says to its players: `resumable` when its last write was stored. */
function closingMessage(resumable: boolean): ServerMessages['closing'] {
  return {
    reason: 'shutdown',
    resumable,
    message: resumable
      ? 'The server is restarting: join again to go on with this game'
      : 'The server is shutting down: this game cannot go on',
  };
}

/**
 * Closes a room as its server shuts down (see the top): `tell` sends everyone the closing message,
 * `disconnect` closes every connection (close code 4001).
 */
export function closeForShutdown(
  saving: RoomSaving,
  tell: (message: ServerMessages['closing']) => void,
  disconnect: () => void,
): void {
  // Not tried while the store cannot be reached (RoomSaving.close): then the game cannot go on.
  let resumable = false;
  const saved = saving.close()?.then((stored) => {
    resumable = stored;
  });
  saving.deliver(saved ?? null, () => {
    tell(closingMessage(resumable));
    disconnect();
  });
}
