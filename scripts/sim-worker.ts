/** A worker of `npm run sim -- --duel`: plays the deals it is given and posts what they gave. */
import { parentPort, workerData } from 'node:worker_threads';
import { playDeals, type DealsJob } from './sim-duel.js';
import { loadWinTargets } from './win-asset-node.js';

const job = workerData as DealsJob;
parentPort!.postMessage(playDeals(job, job.bots.includes('winner') ? loadWinTargets() : undefined));
