/**
 * Draws the table's pictures (the felt, the wood, the room; the dice's pips, halo and blob shadow: see
 * PictureJob) and builds its rounded shapes (the dice, the wooden boards: see ShapeJob) off the page's
 * thread: tens of milliseconds of arithmetic each for the first frame's, a few hundred for the full
 * look's pictures, on a phone that would otherwise block taps while the table is built or upgraded
 * (TableWorker sends the jobs, the page uploads the results).
 */
import { drawPicture, type PictureJob } from './picture-jobs.js';
import { buildShape, type ShapeJob } from './shape-jobs.js';

/**
 * A job, a picture or a shape: draw `job` at `width` x `height`, `scale` of its full size, or build the
 * shape; the answer carries the same `id` and the pixels or the shape's arrays.
 */
export type TableRequest = { id: number } & (
  { picture: { job: PictureJob; width: number; height: number; scale: number } } | { shape: ShapeJob }
);

addEventListener('message', (event: MessageEvent<TableRequest>) => {
  const request = event.data;
  const answer = (value: unknown, transfer: Transferable[]) =>
    (self as unknown as Worker).postMessage({ id: request.id, answer: value }, transfer);
  if ('shape' in request) {
    const arrays = buildShape(request.shape);
    answer(arrays, [arrays.position.buffer, arrays.normal.buffer, arrays.uv.buffer]);
    return;
  }
  const { job, width, height, scale } = request.picture;
  const pixels = new Uint8ClampedArray(width * height * 4);
  drawPicture(job, pixels, width, height, scale);
  answer(pixels, [pixels.buffer]);
});
