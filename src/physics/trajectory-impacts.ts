import type { Trajectory } from './trajectory.js';

/** A knock heard during a throw: when (seconds after release), how hard (units per second), which die. */
export interface Impact {
  time: number;
  speed: number;
  die: number;
}

/** Numbers per die per frame in a trajectory's poses. */
const STRIDE = 7;

/**
 * The knocks of a throw recorded elsewhere, read from its poses alone (a trajectory carries no
 * contacts): a die whose velocity along an axis turns round or all but stops within a frame, from at
 * least `minSpeed`, has hit the felt, a wall or another die. Sorted by time. For the sounds of a throw
 * that is watched, not made, here.
 */
export function impactsOf(t: Trajectory, minSpeed: number): Impact[] {
  const impacts: Impact[] = [];
  const p = t.poses;
  for (let die = 0; die < t.dice; die++) {
    for (let k = 1; k < t.frames - 1; k++) {
      let speed = 0;
      for (let axis = 0; axis < 3; axis++) {
        const at = (frame: number) => p[(frame * t.dice + die) * STRIDE + axis]!;
        const before = (at(k) - at(k - 1)) * t.fps;
        const after = (at(k + 1) - at(k)) * t.fps;
        // Turned round, or lost more than half its speed along this axis in one frame.
        if (Math.abs(before) >= minSpeed && (before * after < 0 || Math.abs(after) < Math.abs(before) / 2)) {
          speed = Math.max(speed, Math.abs(before));
        }
      }
      if (speed > 0) impacts.push({ time: k / t.fps, speed, die });
    }
  }
  return impacts.sort((a, b) => a.time - b.time);
}
