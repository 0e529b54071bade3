import { ATLAS_COLUMNS, dieAtlasPixels, type DieColors } from './die-pixels.js';
import { feltPixels, pressSlots, woodPixels } from './table-pixels.js';

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
  | { kind: 'dice'; cellPerUnit: number; colors: DieColors };

/** Draws `job` into `data`: `width` x `height` RGBA bytes, rows bottom-up, at `scale` of the full size. */
export function drawPicture(
  job: PictureJob,
  data: Uint8ClampedArray<ArrayBuffer>,
  width: number,
  height: number,
  scale: number,
): void {
  if (job.kind === 'dice') {
    data.set(dieAtlasPixels(width / ATLAS_COLUMNS, job.cellPerUnit, job.colors, 'bottom-up'));
    return;
  }
  if (job.kind === 'wood') {
    woodPixels(width, height, 'bottom-up', scale, data);
    return;
  }
  feltPixels(width, height, job.edgeShade, 'bottom-up', scale, data);
  const scaled = job.slots.map(([x, y, half]) => [x * scale, y * scale, half * scale] as const);
  pressSlots(data, width, height, 'bottom-up', scaled);
}
