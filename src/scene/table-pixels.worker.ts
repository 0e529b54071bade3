/**
 * Draws the table's pictures (the felt, the wood, the room; the dice's pips, halo and blob shadow: see
 * PictureJob) off the page's thread: tens of milliseconds of pixel arithmetic for the first frame's, a
 * few hundred for the full look's, on a phone that would otherwise block taps while the table is built
 * or upgraded (PicturePainter sends the jobs, the page uploads the pixels).
 */
import { drawPicture, type PictureJob } from './picture-jobs.js';

/**
 * A job: draw `job` at `width` x `height`, `scale` of its full size; the answer carries the same `id`
 * and the pixels.
 */
export interface PictureRequest {
  id: number;
  job: PictureJob;
  width: number;
  height: number;
  scale: number;
}

addEventListener('message', (event: MessageEvent<PictureRequest>) => {
  const { id, job, width, height, scale } = event.data;
  const pixels = new Uint8ClampedArray(width * height * 4);
  drawPicture(job, pixels, width, height, scale);
  (self as unknown as Worker).postMessage({ id, pixels }, [pixels.buffer]);
});
