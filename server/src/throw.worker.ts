/**
 * A physics worker of the game server (ThrowPool.ts, run by piscina): throws the dice it is given, one
 * at a time, in a dice world of its own; a throw's error rejects its task.
 */
import { createThrower } from '../../src/table/index.js';

export default createThrower();
