import type { DiceWorld } from '../physics/DiceWorld.js';

/** Most steps run for one drawn frame: past that the dice slow down instead of jumping. */
const MAX_STEPS_PER_FRAME = 5;
/** Longest frame gap taken into account, in seconds (a stalled tab does not fast-forward). */
const MAX_FRAME_SECONDS = 0.1;
/** Simulated seconds `finish` runs at most before giving up (the physics rethrows long before). */
const MAX_FINISH_SECONDS = 120;

/**
 * Runs a throw of a DiceWorld at real speed with its fixed step (the world's `options.fixedStep`, the
 * one step everywhere), whatever the frame rate: elapsed time is accumulated and whole steps taken out
 * of it, a few at most per frame. `finish` runs the rest at
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
    const step = this.world.options.fixedStep;
    let steps = 0;
    while (this.accumulator >= step && steps < MAX_STEPS_PER_FRAME) {
      this.accumulator -= step;
      steps++;
      if (this.world.step()) return true;
    }
    if (steps === MAX_STEPS_PER_FRAME) this.accumulator = Math.min(this.accumulator, step);
    return false;
  }

  /** Steps the throw to rest at once; returns false if it did not come to rest within the budget. */
  finish(): boolean {
    const budget = MAX_FINISH_SECONDS / this.world.options.fixedStep;
    for (let i = 0; i < budget && this.world.throwing; i++) {
      if (this.world.step()) return true;
    }
    return !this.world.throwing;
  }
}
