/**
 * RoomRecords in a thread of its own (records.worker.ts): the same methods, each answered by the
 * database thread, so that the rooms' thread spends nothing on the database but handing each batch
 * over. An error keeps its `code` (DatabaseError, RoomRecordError) on the way back.
 */
import { Worker } from 'node:worker_threads';
import { COMPILED } from '../package-root.js';
import { DatabaseError, type DatabaseErrorCode } from './errors.js';
import type { RoomRecords } from './RoomRecords.js';
import type { StoredKey } from '../record-keys.js';

/** The methods of RoomRecords a server asks. */
export type Records = Pick<
  RoomRecords,
  'saveMany' | 'load' | 'remove' | 'roomsForKeys' | 'dueBefore' | 'count'
>;

type Answer =
  | { ready: string }
  | { failed: { code?: string; message: string; name?: string } }
  | { id: number; result: unknown }
  | { id: number; error: { code?: string; message: string; name?: string } };

/** An error answered by the database thread, as it was there: its message and code. */
class AnsweredError extends Error {
  constructor(
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

export class WorkerRecords implements Records {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private next = 0;

  private constructor(
    private readonly worker: Worker,
    /** Where the database is (as Database.where says it). */
    readonly where: string,
  ) {}

  /**
   * Opens the database of `env` (DATA_DIR, DATABASE_URL: see openDatabase) in a thread of its own.
   * @throws DatabaseError as openDatabase does
   */
  static open(env: Record<string, string | undefined>): Promise<WorkerRecords> {
    // Compiled, the worker's own JavaScript; from source, a file that loads its TypeScript through tsx.
    const worker = new Worker(
      new URL(COMPILED ? './records.worker.js' : './records-worker.mjs', import.meta.url),
      {
        workerData: { env },
      },
    );
    return new Promise((resolve, reject) => {
      const first = (answer: Answer): void => {
        worker.off('message', first);
        if ('ready' in answer) {
          const records = new WorkerRecords(worker, answer.ready);
          worker.on('message', (later: Answer) => records.answered(later));
          resolve(records);
        } else if ('failed' in answer) {
          void worker.terminate();
          reject(
            new DatabaseError(
              (answer.failed.code ?? 'database-failed') as DatabaseErrorCode,
              answer.failed.message,
            ),
          );
        }
      };
      worker.on('message', first);
      worker.once('error', reject);
    });
  }

  saveMany(...args: Parameters<RoomRecords['saveMany']>): ReturnType<RoomRecords['saveMany']> {
    return this.ask('saveMany', args) as ReturnType<RoomRecords['saveMany']>;
  }

  load(...args: Parameters<RoomRecords['load']>): ReturnType<RoomRecords['load']> {
    return this.ask('load', args) as ReturnType<RoomRecords['load']>;
  }

  remove(...args: Parameters<RoomRecords['remove']>): ReturnType<RoomRecords['remove']> {
    return this.ask('remove', args) as ReturnType<RoomRecords['remove']>;
  }

  roomsForKeys(...args: Parameters<RoomRecords['roomsForKeys']>): ReturnType<RoomRecords['roomsForKeys']> {
    return this.ask('roomsForKeys', args) as ReturnType<RoomRecords['roomsForKeys']>;
  }

  dueBefore(...args: Parameters<RoomRecords['dueBefore']>): ReturnType<RoomRecords['dueBefore']> {
    return this.ask('dueBefore', args) as ReturnType<RoomRecords['dueBefore']>;
  }

  count(): ReturnType<RoomRecords['count']> {
    return this.ask('count', []) as ReturnType<RoomRecords['count']>;
  }

  /** The keys that sign game records, the first made now if there is none (record-keys.ts). */
  recordKeys(): Promise<StoredKey[]> {
    return this.ask('recordKeys', []) as Promise<StoredKey[]>;
  }

  /** Closes the database and ends its thread. */
  async close(): Promise<void> {
    await this.ask('close', []).catch(() => {});
    await this.worker.terminate();
  }

  private ask(method: string, args: unknown[]): Promise<unknown> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, method, args });
    });
  }

  private answered(answer: Answer): void {
    if (!('id' in answer)) return;
    const pending = this.pending.get(answer.id);
    if (!pending) return;
    this.pending.delete(answer.id);
    if ('error' in answer) pending.reject(new AnsweredError(answer.error.code, answer.error.message));
    else pending.resolve(answer.result);
  }
}
