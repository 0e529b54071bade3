import * as THREE from 'three';
import { TABLE, type DiePose } from '../physics/types.js';

/** Z of the near wall's middle: a die moving across it must hop over it. */
const NEAR_WALL_Z = TABLE.depth / 2 + TABLE.wallThickness / 2;
/** Height a die's centre reaches over the near wall (wall top, half a die diagonal, some air). */
const HOP_OVER_WALL = TABLE.wallHeight + 0.95;
/** Lift of a hop that crosses no wall. */
const SMALL_HOP = 0.6;

/**
 * Short hops of dice from one pose to another (held dice to the ledge and back): up, across, down,
 * high enough to clear the near wall when they cross it (the rise and the fall overlap the travel
 * only where it is short of the wall). Sampled by time, so it runs at any frame rate.
 */
export class PoseTween {
  private readonly from: DiePose[] = [];
  private readonly to: DiePose[] = [];
  private readonly startTime: number[] = [];
  private readonly peak: number[] = [];
  private readonly qa = new THREE.Quaternion();
  private readonly qb = new THREE.Quaternion();

  /** @param durationMs length of one hop */
  constructor(
    count: number,
    private readonly durationMs: number,
  ) {
    for (let i = 0; i < count; i++) {
      this.from.push(blankPose());
      this.to.push(blankPose());
      this.startTime.push(-1);
      this.peak.push(0);
    }
  }

  /** True while any die is hopping. */
  get running(): boolean {
    return this.startTime.some((t) => t >= 0);
  }

  /** True while die `index` is hopping. */
  isRunning(index: number): boolean {
    return this.startTime[index]! >= 0;
  }

  /** Starts die `index` hopping from `from` to `to` at time `now` (ms). */
  start(index: number, from: DiePose, to: DiePose, now: number): void {
    Object.assign(this.from[index]!, from);
    Object.assign(this.to[index]!, to);
    this.startTime[index] = now;
    const crosses = from.z < NEAR_WALL_Z !== to.z < NEAR_WALL_Z;
    this.peak[index] = crosses ? HOP_OVER_WALL : Math.max(from.y, to.y) + SMALL_HOP;
  }

  /** Drops every hop (the dice are wherever they are next set). */
  cancel(): void {
    this.startTime.fill(-1);
  }

  /**
   * Writes die `index`'s pose at `now` into `out`; returns the progress 0..1, or -1 when it is not
   * hopping. A hop at 1 is finished and forgotten.
   */
  sample(index: number, now: number, out: DiePose): number {
    const start = this.startTime[index]!;
    if (start < 0) return -1;
    const t = Math.min(1, Math.max(0, (now - start) / this.durationMs));
    const e = THREE.MathUtils.smoothstep(t, 0.2, 0.8); // travel, mostly while up
    const up = THREE.MathUtils.smoothstep(t, 0, 0.3) * (1 - THREE.MathUtils.smoothstep(t, 0.7, 1));
    const a = this.from[index]!;
    const b = this.to[index]!;
    out.x = a.x + (b.x - a.x) * e;
    out.z = a.z + (b.z - a.z) * e;
    const lift = Math.max(0, this.peak[index]! - Math.max(a.y, b.y));
    out.y = a.y + (b.y - a.y) * e + lift * up;
    this.qa.set(a.qx, a.qy, a.qz, a.qw).slerp(this.qb.set(b.qx, b.qy, b.qz, b.qw), e);
    out.qx = this.qa.x;
    out.qy = this.qa.y;
    out.qz = this.qa.z;
    out.qw = this.qa.w;
    if (t >= 1) this.startTime[index] = -1;
    return t;
  }
}

/** A pose at the origin, unturned. */
export function blankPose(): DiePose {
  return { x: 0, y: 0, z: 0, qx: 0, qy: 0, qz: 0, qw: 1 };
}
