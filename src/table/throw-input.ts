/**
 * What a table's throw is made from and what it makes, and the one Thrower type: the table's port to the
 * physics (thrower.ts throws in-process; the server's pool in worker threads).
 */
import type { Game } from '../engine/index.js';
import type { Trajectory } from '../physics/trajectory.js';
import type { Gesture } from '../physics/types.js';

/**
 * A throw made: the faces it rests on, its trajectory (encoded for the wire where it goes over one:
 * encodeTrajectory), and how long it lasts.
 */
export interface ThrowOutcome {
  faces: number[];
  trajectory: string | Trajectory;
  /** Seconds from release to rest. */
  seconds: number;
}

/** What a throw depends on: the dice as they lie, which are held, the throw's seed, the gesture. */
export interface ThrowInput {
  dice: number[];
  held: boolean[];
  seed: number;
  gesture: Gesture;
}

/**
 * Throws the dice as its input says: at once (createThrower), or elsewhere (the server's pool of
 * physics workers) and later.
 */
export type Thrower = (input: ThrowInput) => ThrowOutcome | Promise<ThrowOutcome>;

/** The input of a throw of this game's dice with this seed. */
export function throwInput(game: Game, gesture: Gesture, seed: number): ThrowInput {
  return { dice: [...game.dice], held: [...game.held], seed, gesture };
}
