/**
 * A physics worker of the game server (ThrowPool.ts): throws the dice it is asked to, one at a time, in a
 * dice world of its own, and answers each request with its outcome (or the error).
 */
import { parentPort } from 'node:worker_threads';
import { createThrower, type ThrowInput } from '../../src/table/index.js';

const throwDice = createThrower();
parentPort?.on('message', ({ id, input }: { id: number; input: ThrowInput }) => {
  try {
    parentPort!.postMessage({ id, outcome: throwDice(input) });
  } catch (error) {
    parentPort!.postMessage({ id, error: (error as Error)?.message ?? String(error) });
  }
});
parentPort?.postMessage({ ready: true });
