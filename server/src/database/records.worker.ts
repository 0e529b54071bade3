/**
 * The database in a thread of its own (WorkerRecords.ts): it opens the database as `openDatabase` does
 * (its environment given by the thread that starts it), and answers each asked RoomRecords method, so
 * that the embedded database's work (PGlite runs in the thread that opened it) leaves the rooms' thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './open.js';
import { RoomRecords } from './RoomRecords.js';
import { loadOrMakeKeys } from '../record-keys.js';

/** RoomRecords' methods, and the keys that sign game records (record-keys.ts). */
type Method = 'saveMany' | 'load' | 'remove' | 'roomsForKeys' | 'dueBefore' | 'count' | 'recordKeys';

const port = parentPort!;
try {
  const db = await openDatabase(workerData.env as Record<string, string | undefined>);
  const records = new RoomRecords(db);
  port.on('message', async (asked: { id: number; method: Method | 'close'; args: unknown[] }) => {
    try {
      if (asked.method === 'close') {
        await db.close();
        port.postMessage({ id: asked.id, result: null });
        port.close();
        return;
      }
      if (asked.method === 'recordKeys') {
        port.postMessage({ id: asked.id, result: await loadOrMakeKeys(db) });
        return;
      }
      const call = records[asked.method] as (...args: unknown[]) => Promise<unknown>;
      port.postMessage({ id: asked.id, result: await call.apply(records, asked.args) });
    } catch (error) {
      const { code, message, name } = (error ?? {}) as { code?: string; message?: string; name?: string };
      port.postMessage({ id: asked.id, error: { code, message: message ?? String(error), name } });
    }
  });
  port.postMessage({ ready: db.where });
} catch (error) {
  const { code, message, name } = (error ?? {}) as { code?: string; message?: string; name?: string };
  port.postMessage({ failed: { code, message: message ?? String(error), name } });
}
