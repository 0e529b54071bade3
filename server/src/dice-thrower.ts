/**
 * The physics throw on the server: a dice world laid out as the game shows the dice, thrown with the
 * throw's seed (from the game's secret: throw-secret.ts) and the player's gesture. Its trajectory goes to every screen; its faces go to
 * the engine. A throw depends only on what it is given (the dice, the holds, the seed, the gesture), not
 * on what the world threw before, so one world serves any number of rooms, one throw at a time.
 */
import type { Game } from '../../src/engine/index.js';
import { DiceWorld } from '../../src/physics/DiceWorld.js';
import { encodeTrajectory, recordThrow, trajectorySeconds } from '../../src/physics/trajectory.js';
import type { Gesture } from '../../src/physics/types.js';

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

/** Throws the dice as its input says. */
export type Thrower = (input: ThrowInput) => ThrowOutcome;

/** The input of a throw of this game's dice with this seed. */
export function throwInput(game: Game, gesture: Gesture, seed: number): ThrowInput {
  return { dice: [...game.dice], held: [...game.held], seed, gesture };
}

/** Throws in a dice world of its own (made on the first throw). */
export function createThrower(): Thrower {
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
