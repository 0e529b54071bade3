/** A worker of `npm run sim -- --duel`: plays the deals it is given and posts what they gave. */
import { parentPort, workerData } from 'node:worker_threads';
import { playDeals, type DealsJob } from './sim-duel.js';
import { loadWinTargets, provideShippedBonus, provideShippedTable } from './win-asset-node.js';

const job = workerData as DealsJob;
provideShippedTable(job.rules);
if (job.bots.includes('winner')) provideShippedBonus(job.rules);
parentPort!.postMessage(playDeals(job, job.bots.includes('winner') ? loadWinTargets(job.rules) : undefined));
