/**
 * A worker of `npm run bench:calibration` and scripts/fit-win-calibration.ts: plays the deals it is
 * given (src/engine/bots/calibration.ts) and posts what they gave: the tallies of what was said beside
 * what happened, or the sums a calibration is fitted from.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  emptyFitSums,
  emptyTallies,
  fitDeal,
  playMeasured,
  tallyDeal,
  type MeasuredGame,
  type MeasuredJob,
} from '../src/engine/bots/calibration.js';
import { createWinModel, getTable } from '../src/engine/solver/index.js';
import { loadWinTargets, provideShippedBonus, provideShippedTable } from './win-asset-node.js';

/** What a worker is asked. */
export interface CalibrationTask {
  task: 'tally' | 'fit';
  job: MeasuredJob;
}

const { task, job } = workerData as CalibrationTask;
provideShippedTable(job.rules);
provideShippedBonus(job.rules);
const model = createWinModel(job.rules, {
  targets: loadWinTargets(job.rules),
  table: getTable(job.rules),
  seedTable: getTable('seed'),
});
const tallies = emptyTallies();
const sums = emptyFitSums();
let deal: MeasuredGame[] = [];
playMeasured(job, model, (game) => {
  deal.push(game);
  if (deal.length < job.seats.length) return;
  if (task === 'fit') fitDeal(sums, deal);
  else tallyDeal(tallies, deal);
  deal = [];
});
parentPort!.postMessage(task === 'fit' ? sums : tallies);
