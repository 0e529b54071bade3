import { samplePose, trajectorySeconds, type Trajectory } from '../physics/trajectory.js';
import { impactsOf, type Impact } from '../physics/trajectory-impacts.js';
import type { DiePose } from '../physics/types.js';
import { blankPose } from './PoseTween.js';

/** Where a played-back pose goes: die `index` is drawn at `pose`. */
export type PoseSink = (index: number, pose: DiePose) => void;

/**
 * Plays back a throw made elsewhere (an online room's server threw the physics dice): the dice follow
 * the recorded poses at real speed, and the promise resolves on the last frame, the dice at rest on
 * the faces the server read. One at a time; a new one, `complete` or `cancel` ends the one under way.
 */
export class ThrowPlayback {
  private trajectory: Trajectory | null = null;
  private elapsed = 0;
  private resolve: (() => void) | null = null;
  private reject: ((error: Error) => void) | null = null;
  private readonly pose: DiePose = blankPose();
  private impacts: Impact[] = [];
  private nextImpact = 0;

  /**
   * @param onImpact told of each knock as the played-back dice make it (at real speed only), for sounds
   * @param minImpactSpeed knocks slower than this (units per second) are not told
   */
  constructor(
    private readonly onImpact?: (speed: number, die: number) => void,
    private readonly minImpactSpeed = 0.5,
  ) {}

  /** True from `start` until the playback's promise is settled. */
  get running(): boolean {
    return this.trajectory !== null;
  }

  /** The trajectory playing (or last played). */
  get current(): Trajectory | null {
    return this.trajectory;
  }

  /** Starts playing `trajectory`; resolves when its last frame has been handed out. */
  start(trajectory: Trajectory): Promise<void> {
    this.cancel(new Error('Another throw started'));
    this.trajectory = trajectory;
    this.elapsed = 0;
    this.impacts = this.onImpact ? impactsOf(trajectory, this.minImpactSpeed) : [];
    this.nextImpact = 0;
    return new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  /** Moves on by `seconds`, handing each die's pose to `sink`; returns true when it ended (and resolved). */
  advance(seconds: number, sink: PoseSink): boolean {
    const t = this.trajectory;
    if (!t) return true;
    this.elapsed += Math.max(seconds, 0);
    const end = trajectorySeconds(t);
    this.handOut(t, Math.min(this.elapsed, end), sink);
    while (this.nextImpact < this.impacts.length && this.impacts[this.nextImpact]!.time <= this.elapsed) {
      const { speed, die } = this.impacts[this.nextImpact++]!;
      this.onImpact?.(speed, die);
    }
    if (this.elapsed < end) return false;
    this.finish();
    return true;
  }

  /** Jumps to the last frame at once (reduced motion, a hidden page); resolves as usual. */
  complete(sink: PoseSink): void {
    const t = this.trajectory;
    if (!t) return;
    this.handOut(t, trajectorySeconds(t), sink);
    this.finish();
  }

  /** Rejects a playback under way with `error`. */
  cancel(error: Error): void {
    const reject = this.reject;
    this.trajectory = null;
    this.resolve = null;
    this.reject = null;
    reject?.(error);
  }

  /** The last frame's pose of die `index` (where it rests), written into `out`. */
  restingPose(trajectory: Trajectory, index: number, out: DiePose): DiePose {
    return samplePose(trajectory, trajectorySeconds(trajectory), index, out);
  }

  private handOut(t: Trajectory, seconds: number, sink: PoseSink): void {
    for (let i = 0; i < t.dice; i++) sink(i, samplePose(t, seconds, i, this.pose));
  }

  private finish(): void {
    const resolve = this.resolve;
    this.trajectory = null;
    this.resolve = null;
    this.reject = null;
    resolve?.();
  }
}
