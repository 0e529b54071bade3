import type { DiceWorld } from './physics/DiceWorld.js';

/** Seconds per physics step (DiceWorld.step advances exactly this much). */
export const FIXED_STEP = 1 / 60;
/** Most steps run for one drawn frame: past that the dice slow down instead of jumping. */
const MAX_STEPS_PER_FRAME = 5;
/** Longest frame gap taken into account, in seconds (a stalled tab does not fast-forward). */
const MAX_FRAME_SECONDS = 0.1;
/** Steps `finish` runs at most before giving up (the physics rethrows long before). */
const MAX_FINISH_STEPS = 60 * 120;

/**
 * Runs a throw of a DiceWorld at real speed with a fixed step, whatever the frame rate: elapsed time
 * is accumulated and whole steps taken out of it, a few at most per frame. `finish` runs the rest at
 * once (reduced motion, hidden tab).
 */
export class ThrowDriver {
  private accumulator = 0;

  constructor(private readonly world: DiceWorld) {}

  /** Resets the time owed (call when a throw starts). */
  reset(): void {
    this.accumulator = 0;
  }

  /** Advances by `seconds` of real time; returns true when the throw came to rest. */
  advance(seconds: number): boolean {
    if (!this.world.throwing) return true;
    this.accumulator += Math.min(Math.max(seconds, 0), MAX_FRAME_SECONDS);
    let steps = 0;
    while (this.accumulator >= FIXED_STEP && steps < MAX_STEPS_PER_FRAME) {
      this.accumulator -= FIXED_STEP;
      steps++;
      if (this.world.step()) return true;
    }
    if (steps === MAX_STEPS_PER_FRAME) this.accumulator = Math.min(this.accumulator, FIXED_STEP);
    return false;
  }

  /** Steps the throw to rest at once; returns false if it did not come to rest within the budget. */
  finish(): boolean {
    for (let i = 0; i < MAX_FINISH_STEPS && this.world.throwing; i++) {
      if (this.world.step()) return true;
    }
    return !this.world.throwing;
  }
}
