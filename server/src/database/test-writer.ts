/**
 * A process that writes rooms to an embedded database until it is killed (the tests kill it with SIGKILL
 * to show that what it was told was stored is there after). Run as
 * `node --import tsx server/src/database/test-writer.ts DATA_DIR`: it prints `open` once the database is
 * open, then `saved N` after each room N (`room-N`, version N) is stored, N = 1, 2, 3...
 */
import { openDatabase } from './open.js';
import { RoomRecords } from './RoomRecords.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('Usage: test-writer.ts DATA_DIR');
const db = await openDatabase({ DATA_DIR: dataDir });
const rooms = new RoomRecords(db);
console.log('open');
for (let n = 1; ; n++) {
  await rooms.save(`room-${n}`, {
    version: n,
    record: { n, log: Array.from({ length: 50 }, (_, i) => ({ type: 'score', row: `r${i}`, n })) },
    phase: 'playing',
    pace: 'own-pace',
    turnDeadline: null,
    seats: [{ name: `Writer ${n}`, keyHash: null }],
  });
  console.log(`saved ${n}`);
}
