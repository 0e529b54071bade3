/**
 * The physics throws of a server's rooms, off the main thread: piscina runs a few worker threads
 * (throw.worker.ts), each with a dice world of its own, one throw at a time each, the others queued. A
 * throw costs about a millisecond of CPU; on the main thread, hundreds of them a second would leave too
 * little time for the rooms' messages. A throw's outcome depends only on its input
 * (src/table/thrower.ts), so which thread throws it changes nothing.
 *
 * With no workers (size 0), or once the pool is closed, throws are made on the main thread; so is one
 * that a worker did not answer (it stopped, or the pool closed under it: piscina starts a new worker).
 */
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { COMPILED } from './package-root.js';
import { createThrower, type ThrowInput, type ThrowOutcome } from '../../src/table/index.js';

/** Throws the dice, in time. */
export interface Throws {
  throwDice(input: ThrowInput): Promise<ThrowOutcome>;
  /** Stops the workers (throws asked for later are made on the main thread). */
  close(): Promise<void>;
}

/** Compiled, the worker's own JavaScript; from source, a file that loads its TypeScript through tsx. */
const WORKER = new URL(COMPILED ? './throw.worker.js' : './throw-worker.mjs', import.meta.url);

export class ThrowPool implements Throws {
  private pool: Piscina<ThrowInput, ThrowOutcome> | undefined;
  private readonly here = createThrower();

  /**
   * A pool of `size` workers (0: every throw on the main thread), each running `worker` (the file that
   * exports the throw; throw.worker.ts by default).
   */
  constructor(size: number, worker: URL = WORKER) {
    if (size <= 0) return;
    const pool = new Piscina<ThrowInput, ThrowOutcome>({
      filename: fileURLToPath(worker),
      minThreads: size,
      maxThreads: size,
    });
    // A worker that failed with no throw of its own (piscina starts another, unless it failed while
    // starting): once none is left, the throws waiting for one, and every later throw, are made here.
    pool.on('error', (error: Error) => {
      console.warn(`A physics worker stopped (${error.message})`);
      if (this.pool === pool && pool.threads.length === 0) void this.close();
    });
    this.pool = pool;
  }

  /** How many workers are up. */
  get size(): number {
    return this.pool?.threads.length ?? 0;
  }

  async throwDice(input: ThrowInput): Promise<ThrowOutcome> {
    if (this.pool) {
      try {
        return await this.pool.run(input);
      } catch (error) {
        // Its worker stopped (or the throw failed: it fails here the same way). Not said when closing.
        if (this.pool)
          console.warn(`A throw failed in a physics worker (${(error as Error).message}): made here`);
      }
    }
    return this.here(input);
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }
}
