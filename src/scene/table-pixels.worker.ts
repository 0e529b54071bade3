/**
 * Draws the table's full-size pictures (the felt, the wood) off the page's thread: a few hundred
 * milliseconds of pixel arithmetic on a phone that would otherwise block taps while the table upgrades
 * to its full look (PicturePainter sends the jobs, the page uploads the pixels).
 */
import { drawPicture, type PictureJob } from './picture-jobs.js';

/** A job: draw `job` at `width` x `height`; the answer carries the same `id` and the pixels. */
export interface PictureRequest {
  id: number;
  job: PictureJob;
  width: number;
  height: number;
}

addEventListener('message', (event: MessageEvent<PictureRequest>) => {
  const { id, job, width, height } = event.data;
  const pixels = new Uint8ClampedArray(width * height * 4);
  drawPicture(job, pixels, width, height, 1);
  (self as unknown as Worker).postMessage({ id, pixels }, [pixels.buffer]);
});
