import { DiceLayout } from '../physics/dice-layout.js';
import type { Trajectory } from '../physics/trajectory.js';
import { samplePose, trajectorySeconds } from '../physics/trajectory.js';

/**
 * Where a throw's recording is shown: the 3D scene when WebGL works, else the dice laid headless where
 * the recording leaves them (the flat fallback, drawn by the overlay), so a game plays to the end
 * either way, on the same recording.
 */
export interface DiceShow {
  show(faces: readonly number[], held: readonly boolean[]): void;
  setHeld(held: readonly boolean[]): void;
  /** Plays a throw's recording; resolves when the dice rest where it leaves them. */
  play(trajectory: Trajectory, held: readonly boolean[]): Promise<void>;
  dispose(): void;
}

/** Dice without pictures: the dice are shown flat by the overlay. */
export class HeadlessDice implements DiceShow {
  private readonly layout = new DiceLayout();

  show(faces: readonly number[], held: readonly boolean[]): void {
    this.layout.place(faces, held);
  }

  setHeld(held: readonly boolean[]): void {
    this.layout.setHeld(held);
  }

  async play(trajectory: Trajectory, held: readonly boolean[]): Promise<void> {
    const end = trajectorySeconds(trajectory);
    this.layout.lay(
      held.map((_, i) => samplePose(trajectory, end, i, { x: 0, y: 0, z: 0, qx: 0, qy: 0, qz: 0, qw: 1 })),
      held,
    );
  }

  dispose(): void {}
}
