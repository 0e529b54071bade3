/**
 * The one way a table throws its dice: a dice world laid out as the game shows them, thrown with the
 * throw's seed and the player's gesture, and recorded. The recording's trajectory is what every screen
 * plays; its faces go to the engine. A throw depends only on what it is given (the dice, the holds, the
 * seed, the gesture), not on what the world threw before, so one world serves any number of tables, one
 * throw at a time, in Node (the game server, its workers) and in the page alike (a chunk of its own
 * there, with the physics: loaded after the first frame, see LocalSession).
 */
import { DiceWorld } from '../physics/DiceWorld.js';
import { encodeTrajectory, recordThrow, trajectorySeconds } from '../physics/trajectory.js';
import type { ThrowInput, ThrowOutcome } from './throw-input.js';

/**
 * Throws in a dice world of its own (made on the first throw), at once. The recording is encoded for
 * the wire (the game server sends it to every screen), unless `encoded` is false (a game on one screen
 * plays it as it was made).
 */
export function createThrower({ encoded = true } = {}): (input: ThrowInput) => ThrowOutcome {
  let world: DiceWorld | undefined;
  return ({ dice, held, seed, gesture }) => {
    world ??= new DiceWorld();
    world.place(dice, held);
    const { result, trajectory } = recordThrow(world, seed, gesture, held);
    return {
      faces: result.faces,
      trajectory: encoded ? encodeTrajectory(trajectory) : trajectory,
      seconds: trajectorySeconds(trajectory),
    };
  };
}
