import type * as THREE from 'three';
import { drawPicture, type PictureJob } from './picture-jobs.js';
import { buildShape, type ShapeArrays, type ShapeJob } from './shape-jobs.js';
import type { TableRequest } from './table-pixels.worker.js';

/**
 * Draws the table's pictures and builds its rounded shapes on a worker (table-pixels.worker.ts), one job
 * at a time in the order asked; the worker is started for the first job and ended when none is left.
 * A job rejects where there is no module worker (Node, old browsers) or it fails: the caller then does
 * it on its own thread, as before.
 */
export class TableWorker {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (answer: never) => void; reject: (error: unknown) => void }
  >();

  /** The pixels of `job` at `scale` of its full size, `width` x `height` RGBA bytes, rows bottom-up. */
  paint(job: PictureJob, width: number, height: number, scale = 1): Promise<Uint8ClampedArray<ArrayBuffer>> {
    return this.ask({ picture: { job, width, height, scale } });
  }

  /** The arrays of the shape `job` describes. */
  shape(job: ShapeJob): Promise<ShapeArrays> {
    return this.ask({ shape: job });
  }

  private ask<Answer>(request: Omit<TableRequest, 'id'>): Promise<Answer> {
    return new Promise((resolve, reject) => {
      let worker: Worker;
      try {
        if (this.disposed) throw new Error("The table's worker was disposed");
        worker = this.worker ??= this.start();
      } catch (error) {
        reject(error);
        return;
      }
      const id = this.nextId++;
      this.pending.set(id, { resolve: resolve as (answer: never) => void, reject });
      worker.postMessage({ id, ...request } as TableRequest);
    });
  }

  /** Whether `dispose` was called: what was asked for is no longer wanted. */
  disposed = false;

  /** Ends the worker; jobs not answered reject. */
  dispose(): void {
    this.disposed = true;
    this.fail(new Error("The table's worker was disposed"));
  }

  private start(): Worker {
    if (typeof Worker !== 'function') throw new Error('No module workers here');
    // Bundled from this exact `new Worker(new URL(...))` form (the page's build: scripts/shared-workers.ts).
    const worker = new Worker(new URL('./table-pixels.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<{ id: number; answer: never }>) => {
      const { id, answer } = event.data;
      this.pending.get(id)?.resolve(answer);
      this.pending.delete(id);
      if (this.pending.size === 0) this.end();
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.fail(new Error(`The table's worker failed: ${event.message}`));
    });
    return worker;
  }

  private fail(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
    this.end();
  }

  private end(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}

/** A texture made blank now and painted later (see `paint`). */
export interface PaintedTexture {
  readonly texture: THREE.DataTexture;
  /**
   * Works out the pixels, once (uploaded when the texture is next drawn): on `worker` when there is
   * one, else on this thread; settles when they are in place.
   */
  paint(worker?: TableWorker): Promise<void>;
}

/**
 * Paints `job` at `scale` into `texture` (its RGBA bytes, rows bottom-up), once, when first asked: on
 * `worker` when there is one, else on this thread (no worker here, or it failed); nothing for a table
 * gone (its worker disposed). Settles when the pixels are in place, uploaded when the texture is next
 * drawn.
 */
export function paintOnce(
  texture: THREE.DataTexture,
  job: PictureJob,
  scale: number,
): (worker?: TableWorker) => Promise<void> {
  let painted: Promise<void> | null = null;
  const bytes = () => new Uint8ClampedArray((texture.image.data as Uint8Array).buffer as ArrayBuffer);
  return (worker) =>
    (painted ??= (async () => {
      const { width, height } = texture.image;
      try {
        if (!worker) throw new Error('no worker');
        const pixels = await worker.paint(job, width, height, scale);
        // The worker's bytes (handed over, not copied) become the texture's: copying megabytes here
        // would hold up the page's thread.
        texture.image.data = new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.length);
      } catch {
        if (worker?.disposed) return;
        drawPicture(job, bytes(), width, height, scale);
      }
      texture.needsUpdate = true;
    })());
}

/**
 * The arrays of the shape `job` describes: built on `worker` when there is one, else on this thread (no
 * worker here, or it failed); null for a table gone (its worker disposed).
 */
export async function shapeOf(job: ShapeJob, worker?: TableWorker): Promise<ShapeArrays | null> {
  try {
    if (!worker) throw new Error('no worker');
    return await worker.shape(job);
  } catch {
    return worker?.disposed ? null : buildShape(job);
  }
}
