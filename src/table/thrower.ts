/**
 * The one way a table throws its dice: a dice world laid out as the game shows them, thrown with the
 * throw's seed and the player's gesture, and recorded. The recording's trajectory is what every screen
 * plays; its faces go to the engine. A throw depends only on what it is given (the dice, the holds, the
 * seed, the gesture), not on what the world threw before, so one world serves any number of tables, one
 * throw at a time, in Node (the game server, its workers) and in the page alike.
 */
import type { Game } from '../engine/index.js';
import { DiceWorld } from '../physics/DiceWorld.js';
import { encodeTrajectory, recordThrow, trajectorySeconds } from '../physics/trajectory.js';
import type { Gesture } from '../physics/types.js';

/** A throw made: the faces it rests on, its trajectory encoded for the wire, and how long it lasts. */
export interface ThrowOutcome {
  faces: number[];
  trajectory: string;
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

/** Throws in a dice world of its own (made on the first throw), at once. */
export function createThrower(): (input: ThrowInput) => ThrowOutcome {
  let world: DiceWorld | undefined;
  return ({ dice, held, seed, gesture }) => {
    world ??= new DiceWorld();
    world.place(dice, held);
    const { result, trajectory } = recordThrow(world, seed, gesture, held);
    return {
      faces: result.faces,
      trajectory: encodeTrajectory(trajectory),
      seconds: trajectorySeconds(trajectory),
    };
  };
}
