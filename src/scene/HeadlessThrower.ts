import { DiceWorld } from './physics/DiceWorld.js';
import type { Gesture, ThrowResult } from './physics/types.js';

/**
 * Where the dice are thrown: the 3D scene when WebGL works, else the same physics run headless (the
 * flat fallback), so a game plays to the end either way and the faces come from the same simulation.
 */
export interface DiceThrower {
  show(faces: readonly number[], held: readonly boolean[]): void;
  setHeld(held: readonly boolean[]): void;
  throw(seed: number, gesture: Gesture, held: readonly boolean[]): Promise<ThrowResult>;
  dispose(): void;
}

/** Physics without pictures: the dice are shown flat by the overlay. */
export class HeadlessThrower implements DiceThrower {
  private readonly world = new DiceWorld();

  show(faces: readonly number[], held: readonly boolean[]): void {
    this.world.place(faces, held);
  }

  setHeld(held: readonly boolean[]): void {
    this.world.setHeld(held);
  }

  throw(seed: number, gesture: Gesture, held: readonly boolean[]): Promise<ThrowResult> {
    return Promise.resolve(this.world.throwToRest(seed, gesture, held));
  }

  dispose(): void {}
}
