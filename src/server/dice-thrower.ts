/**
 * The physics throw on the server: the room's own dice world, laid out as the game shows the dice, thrown
 * with the game's next throw seed and the player's gesture. Its trajectory goes to every screen; its
 * faces go to the engine.
 */
import { throwSeed, type Game } from '../engine/index.js';
import { DiceWorld } from '../scene/physics/DiceWorld.js';
import { encodeTrajectory, recordThrow, trajectorySeconds } from '../scene/physics/trajectory.js';
import type { Gesture } from '../scene/physics/types.js';

/** A throw made: the faces it rests on, its trajectory encoded for the wire, and how long it lasts. */
export interface ThrowOutcome {
  faces: number[];
  trajectory: string;
  /** Seconds from release to rest. */
  seconds: number;
}

/** Throws the dice of a game that may throw now. */
export type Thrower = (game: Game, gesture: Gesture) => ThrowOutcome;

/** A thrower with a dice world of its own (one per room: a throw runs to rest before the next starts). */
export function createThrower(): Thrower {
  let world: DiceWorld | undefined;
  return (game, gesture) => {
    world ??= new DiceWorld();
    world.place(game.dice, game.held);
    const { result, trajectory } = recordThrow(world, throwSeed(game), gesture, game.held);
    return {
      faces: result.faces,
      trajectory: encodeTrajectory(trajectory),
      seconds: trajectorySeconds(trajectory),
    };
  };
}
