/**
 * The physics throws of a server's rooms, off the main thread: a few worker threads (throw.worker.ts),
 * each with a dice world of its own, take the throws of every room, each to the worker with the fewest
 * waiting. A throw costs about a millisecond of CPU; on the main thread, hundreds of them a second would
 * leave too little time for the rooms' messages. A throw's outcome depends only on its input
 * (src/table/thrower.ts), so which worker throws it changes nothing.
 *
 * With no workers (size 0), or once a worker fails, throws are made on the main thread instead.
 */
import { Worker } from 'node:worker_threads';
import { COMPILED } from './package-root.js';
import { createThrower, type ThrowInput, type ThrowOutcome } from '../../src/table/index.js';

/** Throws the dice, in time. */
export interface Throws {
  throwDice(input: ThrowInput): Promise<ThrowOutcome>;
  /** Stops the workers (throws asked for later are made on the main thread). */
  close(): Promise<void>;
}

interface Pending {
  input: ThrowInput;
  resolve(outcome: ThrowOutcome): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

type Answer = { ready: true } | { id: number; outcome: ThrowOutcome } | { id: number; error: string };

export class ThrowPool implements Throws {
  private readonly slots: Slot[] = [];
  private readonly here = createThrower();
  private next = 0;

  /** A pool of `size` workers (0: every throw on the main thread). */
  constructor(size: number) {
    for (let i = 0; i < size; i++) this.start();
  }

  /** How many workers are up. */
  get size(): number {
    return this.slots.length;
  }

  throwDice(input: ThrowInput): Promise<ThrowOutcome> {
    let slot: Slot | undefined;
    for (const candidate of this.slots) {
      if (!slot || candidate.pending.size < slot.pending.size) slot = candidate;
    }
    if (!slot) return Promise.resolve().then(() => this.here(input));
    const id = this.next++;
    const target = slot;
    return new Promise<ThrowOutcome>((resolve, reject) => {
      target.pending.set(id, { input, resolve, reject });
      target.worker.postMessage({ id, input });
    });
  }

  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    await Promise.all(
      slots.map(async (slot) => {
        this.takeBack(slot);
        await slot.worker.terminate();
      }),
    );
  }

  private start(): void {
    // Compiled, the worker's own JavaScript; from source, a file that loads its TypeScript through tsx.
    const worker = new Worker(
      new URL(COMPILED ? './throw.worker.js' : './throw-worker.mjs', import.meta.url),
    );
    worker.unref();
    const slot: Slot = { worker, pending: new Map() };
    this.slots.push(slot);
    worker.on('message', (answer: Answer) => {
      if ('ready' in answer) return;
      const pending = slot.pending.get(answer.id);
      if (!pending) return;
      slot.pending.delete(answer.id);
      if ('outcome' in answer) pending.resolve(answer.outcome);
      else pending.reject(new Error(answer.error));
    });
    const failed = (why: string): void => {
      const index = this.slots.indexOf(slot);
      if (index < 0) return;
      this.slots.splice(index, 1);
      console.warn(`A physics worker stopped (${why}): its throws are made on the main thread`);
      this.takeBack(slot);
    };
    worker.on('error', (error) => failed(error.message));
    worker.on('exit', (code) => failed(`exit code ${code}`));
  }

  /** The throws a worker still owed, made here. */
  private takeBack(slot: Slot): void {
    for (const pending of slot.pending.values()) {
      try {
        pending.resolve(this.here(pending.input));
      } catch (error) {
        pending.reject(error as Error);
      }
    }
    slot.pending.clear();
  }
}
