/**
 * Plays calibration deals on worker threads (calibration-worker.ts), split in contiguous ranges, and
 * adds up what they post, in the order of the ranges (so the sums do not depend on which finished first).
 */
import { Worker } from 'node:worker_threads';
import type { MeasuredJob } from '../src/engine/bots/calibration.js';
import type { CalibrationTask } from './calibration-worker.js';

/** Plays one task in a worker thread. */
function inWorker<T>(task: CalibrationTask): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./calibration-worker.mjs', import.meta.url), { workerData: task });
    worker.once('message', (result: T) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`A calibration worker stopped with code ${code}`));
    });
  });
}

/**
 * Plays the job's deals on `workers` threads and returns what each range posted, in order.
 * @param task what the workers do with the deals
 */
export async function runDeals<T>(
  task: CalibrationTask['task'],
  job: MeasuredJob,
  workers: number,
): Promise<T[]> {
  const deals = job.to - job.from;
  const count = Math.max(1, Math.min(workers, deals));
  const jobs = Array.from({ length: count }, (_, w) => ({
    ...job,
    from: job.from + Math.floor((deals * w) / count),
    to: job.from + Math.floor((deals * (w + 1)) / count),
  }));
  return Promise.all(jobs.map((part) => inWorker<T>({ task, job: part })));
}
