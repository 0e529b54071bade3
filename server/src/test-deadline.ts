/**
 * For tests of games at one's own pace: a stored game's turn deadline moved, as if its time had run out
 * while it slept (the record's clock and the row's deadline both; a newer version, so that it is taken).
 */
import { openDatabase, RoomRecords } from './database/index.js';

/** The database's settings: DATA_DIR (with no server open on it: one process a folder) or DATABASE_URL. */
type DatabaseEnv = { DATA_DIR: string } | { DATABASE_URL: string };

export async function moveDeadline(where: DatabaseEnv, roomId: string, endsAt: number): Promise<void> {
  const database = await openDatabase(where);
  try {
    const rooms = new RoomRecords(database);
    const stored = await rooms.load(roomId);
    if (!stored) throw new Error(`Room ${roomId} is not stored`);
    const body = stored.record as {
      table: { clock: { endsAt: number }; seats: { name: string; keyHash: string | null }[] };
    };
    body.table.clock.endsAt = endsAt;
    const seats = body.table.seats.map(({ name, keyHash }) => ({ name, keyHash }));
    await rooms.save(roomId, {
      version: stored.version + 2,
      record: body,
      phase: stored.phase,
      pace: stored.pace,
      turnDeadline: endsAt,
      seats,
      // The head changes; the parts of the game's log after it stay as they are.
      parts: { from: stored.parts.length, values: [] },
    });
  } finally {
    await database.close();
  }
}
