import type * as THREE from 'three';
import { drawPicture, type PictureJob } from './picture-jobs.js';
import type { PictureRequest } from './table-pixels.worker.js';

/**
 * Draws pictures on a worker (table-pixels.worker.ts), one at a time in the order asked; the worker
 * is started for the first job and ended when none is left. Rejects where there is no module worker
 * (Node, old browsers) or it fails: the caller then draws on its own thread, as before.
 */
export class PicturePainter {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (pixels: Uint8ClampedArray<ArrayBuffer>) => void; reject: (error: unknown) => void }
  >();

  /** The pixels of `job` at `scale` of its full size, `width` x `height` RGBA bytes, rows bottom-up. */
  paint(job: PictureJob, width: number, height: number, scale = 1): Promise<Uint8ClampedArray<ArrayBuffer>> {
    return new Promise((resolve, reject) => {
      let worker: Worker;
      try {
        worker = this.worker ??= this.start();
      } catch (error) {
        reject(error);
        return;
      }
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, job, width, height, scale } satisfies PictureRequest);
    });
  }

  /** Whether `dispose` was called: pictures asked for are no longer wanted. */
  disposed = false;

  /** Ends the worker; jobs not answered reject. */
  dispose(): void {
    this.disposed = true;
    this.fail(new Error('The picture painter was disposed'));
  }

  private start(): Worker {
    if (typeof Worker !== 'function') throw new Error('No module workers here');
    // Bundled from this exact `new Worker(new URL(...))` form (the page's build: scripts/shared-workers.ts).
    const worker = new Worker(new URL('./table-pixels.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener(
      'message',
      (event: MessageEvent<{ id: number; pixels: Uint8ClampedArray<ArrayBuffer> }>) => {
        const { id, pixels } = event.data;
        this.pending.get(id)?.resolve(pixels);
        this.pending.delete(id);
        if (this.pending.size === 0) this.end();
      },
    );
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.fail(new Error(`The picture worker failed: ${event.message}`));
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
   * Works out the pixels, once (uploaded when the texture is next drawn): on `painter`'s worker when
   * there is one, else on this thread; settles when they are in place.
   */
  paint(painter?: PicturePainter): Promise<void>;
}

/**
 * Paints `job` at `scale` into `texture` (its RGBA bytes, rows bottom-up), once, when first asked: on
 * `painter`'s worker when there is one, else on this thread (no worker here, or it failed); nothing for
 * a table gone (its painter disposed). Settles when the pixels are in place, uploaded when the texture
 * is next drawn.
 */
export function paintOnce(
  texture: THREE.DataTexture,
  job: PictureJob,
  scale: number,
): (painter?: PicturePainter) => Promise<void> {
  let painted: Promise<void> | null = null;
  const bytes = () => new Uint8ClampedArray((texture.image.data as Uint8Array).buffer as ArrayBuffer);
  return (painter) =>
    (painted ??= (async () => {
      const { width, height } = texture.image;
      try {
        if (!painter) throw new Error('no painter');
        const pixels = await painter.paint(job, width, height, scale);
        // The worker's bytes (handed over, not copied) become the texture's: copying megabytes here
        // would hold up the page's thread.
        texture.image.data = new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.length);
      } catch {
        if (painter?.disposed) return;
        drawPicture(job, bytes(), width, height, scale);
      }
      texture.needsUpdate = true;
    })());
}
