import { DiceWorld } from '../physics/DiceWorld.js';
import type { Trajectory } from '../physics/trajectory.js';
import type { Gesture, ThrowResult } from '../physics/types.js';

/**
 * Where the dice are thrown: the 3D scene when WebGL works, else the same physics run headless (the
 * flat fallback), so a game plays to the end either way and the faces come from the same simulation.
 */
export interface DiceThrower {
  show(faces: readonly number[], held: readonly boolean[]): void;
  setHeld(held: readonly boolean[]): void;
  throw(seed: number, gesture: Gesture, held: readonly boolean[]): Promise<ThrowResult>;
  /** Plays back a throw made elsewhere; resolves when the dice rest where it left them. */
  play(trajectory: Trajectory, held: readonly boolean[]): Promise<void>;
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

  async play(trajectory: Trajectory, held: readonly boolean[]): Promise<void> {
    // Online play only: the trajectory's reader comes with it.
    const { samplePose, trajectorySeconds } = await import('../physics/trajectory.js');
    const end = trajectorySeconds(trajectory);
    this.world.lay(
      held.map((_, i) => samplePose(trajectory, end, i, { x: 0, y: 0, z: 0, qx: 0, qy: 0, qz: 0, qw: 1 })),
      held,
    );
  }

  dispose(): void {}
}
