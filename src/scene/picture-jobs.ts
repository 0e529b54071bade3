import { ATLAS_COLUMNS, dieAtlasPixels, type DieColors } from './die-pixels.js';
import { blobPixels, feltPixels, haloPixels, pressSlots, roomPixels, woodPixels } from './table-pixels.js';

/**
 * What one of the table's pictures (or the dice's) shows, as plain data, so that it is drawn alike on
 * the page's thread and on a worker's (table-pixels.worker.ts).
 */
export type PictureJob =
  | {
      kind: 'felt';
      /** How much darker the felt is at its very edge (see feltPixels). */
      edgeShade: number;
      /** Slots pressed into it, in pixels of the full picture: centre x, centre y, half side. */
      slots: readonly (readonly [number, number, number])[];
    }
  | { kind: 'wood' }
  /** The dice's atlas (die-pixels.ts): its cell is the picture's width over ATLAS_COLUMNS. */
  | { kind: 'dice'; cellPerUnit: number; colors: DieColors }
  /** Square pictures of their width: the room behind the table, a held die's halo, a die's blob shadow. */
  | { kind: 'room' | 'halo' | 'blob' };

/** Draws `job` into `data`: `width` x `height` RGBA bytes, rows bottom-up, at `scale` of the full size. */
export function drawPicture(
  job: PictureJob,
  data: Uint8ClampedArray<ArrayBuffer>,
  width: number,
  height: number,
  scale: number,
): void {
  switch (job.kind) {
    case 'dice':
      data.set(dieAtlasPixels(width / ATLAS_COLUMNS, job.cellPerUnit, job.colors, 'bottom-up'));
      return;
    case 'wood':
      woodPixels(width, height, 'bottom-up', scale, data);
      return;
    // The square ones: the halo and the blob read the same in either row order.
    case 'room':
      data.set(roomPixels(width, 'bottom-up'));
      return;
    case 'halo':
      data.set(haloPixels(width));
      return;
    case 'blob':
      data.set(blobPixels(width));
      return;
  }
  feltPixels(width, height, job.edgeShade, 'bottom-up', scale, data);
  const scaled = job.slots.map(([x, y, half]) => [x * scale, y * scale, half * scale] as const);
  pressSlots(data, width, height, 'bottom-up', scaled);
}
