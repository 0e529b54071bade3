import * as CANNON from 'cannon-es';
import { topFace, type FaceReading } from './face-reading.js';
import { DIE_SIZE, TABLE } from './types.js';

/**
 * What the table makes of a thrown die after a step:
 * - `moving`: still rolling, wait;
 * - `settled`: at rest, flat on the felt, its face can be read;
 * - `cocked`: at rest but tilted (on an edge, leaning on a wall or die) or lying on top of another die;
 * - `out`: left the play area (over or through a wall, off the table);
 * - `stuck`: still not at rest past the settle cap.
 */
export type DieVerdict = 'moving' | 'settled' | 'cocked' | 'out' | 'stuck';

/** The limits a SettleWatcher judges by (a subset of DiceWorldOptions). */
export interface SettleLimits {
  /** A die is flat only when its top face leans less than this many degrees. */
  flatToleranceDeg: number;
  /** Seconds after its (re)launch past which a die still moving is stuck. */
  settleCapSeconds: number;
  /** A flat die on the felt slower than this (|v|² + |ω|² below its square) is calm. */
  restSpeed: number;
  /** Consecutive calm steps after which a flat die on the felt is put to rest. */
  restSteps: number;
  /** Consecutive calm steps after which a die that is not flat on the felt counts as cocked. */
  cockedSteps: number;
}

/** How far a resting die's centre may sit above DIE_SIZE / 2 and still count as lying on the felt. */
const ON_FELT_SLACK = 0.03 * DIE_SIZE;
/** How far a die's centre may pass the inner face of a wall before it counts as gone over it. */
const OUT_SLACK = 0.05 * DIE_SIZE;
/** Far above any throw: a die this high has been launched off the table. */
const CEILING = 40 * DIE_SIZE;
const HALF_WIDTH = TABLE.width / 2 + OUT_SLACK;
const HALF_DEPTH = TABLE.depth / 2 + OUT_SLACK;
const ON_FELT_Y = DIE_SIZE / 2 + ON_FELT_SLACK;
const { SLEEPING } = CANNON.Body;
/** A die that stays within this distance (units) of where it was is still... */
const STILL_DISTANCE = 0.05 * DIE_SIZE;
const STILL_DISTANCE_SQUARED = STILL_DISTANCE * STILL_DISTANCE;
/** ...and within this turn (degrees). */
const STILL_ANGLE_DEG = 3;
/** cos of half the still angle: |q·q₀| above it means q is within STILL_ANGLE_DEG of q₀. */
const STILL_HALF_ANGLE_COS = Math.cos((STILL_ANGLE_DEG * Math.PI) / 360);

/** True when the die's centre is outside the play area (past a wall's inner face, below the felt or sky-high). */
export function isOutOfPlay(position: CANNON.Vec3): boolean {
  return (
    Math.abs(position.x) > HALF_WIDTH ||
    Math.abs(position.z) > HALF_DEPTH ||
    position.y < 0 ||
    position.y > CEILING
  );
}

/**
 * Decides, step by step, when each thrown die is done. A die is calm while |v|² + |ω|² < restSpeed²,
 * and still while it stays within STILL_DISTANCE and STILL_ANGLE_DEG of where it was.
 * - A die lying flat on the felt that stays calm for `restSteps` steps is put to sleep at once (it
 *   cannot be tipping: it is flat, low and slow), which ends most throws early.
 * - A die that stays still for `cockedSteps` is at rest even if it jitters (box contacts in
 *   cannon-es buzz when a die is wedged, often too much for any velocity test): flat on the felt it
 *   is put to sleep; otherwise (on an edge, leaning on a wall or a die, lying on a die) it is cocked.
 *   A die merely passing slowly over an edge moves on within that time.
 * - A die that cannon-es put to sleep by its own test is judged the same way.
 * The face is then read by geometry, never guessed.
 */
export class SettleWatcher {
  private readonly calmSteps: number[];
  private readonly stillSteps: number[];
  /** Per die: x, y, z, qx, qy, qz, qw where it was last found still. */
  private readonly anchors: Float64Array;
  private readonly reading: FaceReading = { face: 1, angleDeg: 0 };

  /** A watcher for `count` dice judged by `limits`. */
  constructor(
    count: number,
    private readonly limits: SettleLimits,
  ) {
    this.calmSteps = new Array<number>(count).fill(0);
    this.stillSteps = new Array<number>(count).fill(-1);
    this.anchors = new Float64Array(count * 7);
  }

  /** Forgets what was seen of die `index` (call when it is launched or moved by hand). */
  reset(index: number): void {
    this.calmSteps[index] = 0;
    this.stillSteps[index] = -1;
  }

  /** Judges die `index` after a step, `secondsSinceLaunch` after it was last launched. */
  judge(index: number, body: CANNON.Body, secondsSinceLaunch: number): DieVerdict {
    const { position, velocity: v, angularVelocity: w } = body;
    if (isOutOfPlay(position)) return 'out';
    const flatOnFelt =
      position.y <= ON_FELT_Y &&
      topFace(body.quaternion, this.reading).angleDeg <= this.limits.flatToleranceDeg;
    if (body.sleepState === SLEEPING) return flatOnFelt ? 'settled' : 'cocked';
    const speedSquared = v.x * v.x + v.y * v.y + v.z * v.z + w.x * w.x + w.y * w.y + w.z * w.z;
    const calmSteps =
      speedSquared < this.limits.restSpeed * this.limits.restSpeed ? this.calmSteps[index]! + 1 : 0;
    this.calmSteps[index] = calmSteps;
    const stillSteps = this.trackStillness(index, body);
    if (flatOnFelt && (calmSteps >= this.limits.restSteps || stillSteps >= this.limits.cockedSteps)) {
      body.sleep();
      return 'settled';
    }
    if (!flatOnFelt && stillSteps >= this.limits.cockedSteps) return 'cocked';
    return secondsSinceLaunch > this.limits.settleCapSeconds ? 'stuck' : 'moving';
  }

  /** Steps the die has stayed near its anchor pose; re-anchors it when it has moved away. */
  private trackStillness(index: number, body: CANNON.Body): number {
    const { position: p, quaternion: q } = body;
    const a = this.anchors;
    const o = index * 7;
    let still = this.stillSteps[index]!;
    if (still >= 0) {
      const dx = p.x - a[o]!;
      const dy = p.y - a[o + 1]!;
      const dz = p.z - a[o + 2]!;
      const dot = Math.abs(q.x * a[o + 3]! + q.y * a[o + 4]! + q.z * a[o + 5]! + q.w * a[o + 6]!);
      still =
        dx * dx + dy * dy + dz * dz < STILL_DISTANCE_SQUARED && dot > STILL_HALF_ANGLE_COS ? still + 1 : -1;
    }
    if (still < 0) {
      a[o] = p.x;
      a[o + 1] = p.y;
      a[o + 2] = p.z;
      a[o + 3] = q.x;
      a[o + 4] = q.y;
      a[o + 5] = q.z;
      a[o + 6] = q.w;
      still = 0;
    }
    this.stillSteps[index] = still;
    return still;
  }
}
