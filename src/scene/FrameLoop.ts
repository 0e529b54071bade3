/**
 * One frame of the loop: `now` is the frame's timestamp (ms), `seconds` the real time since the
 * previous frame of the same animation (the loop's `firstSeconds` for its first). Returns true to be called again
 * on the next frame (something still moves).
 */
export type FrameStep = (now: number, seconds: number) => boolean;

/** Where frames come from: the browser's requestAnimationFrame, or a fake in tests. */
export interface FrameSource {
  /** Asks for `callback` to run before the next repaint; returns an id for `cancel`. */
  request(callback: (now: number) => void): number;
  /** Drops a request made with `request`. */
  cancel(id: number): void;
}

const ANIMATION_FRAMES: FrameSource = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (id) => cancelAnimationFrame(id),
};

/**
 * Frames on demand: nothing runs until `request`, any number of requests before the next frame make
 * one frame, and frames keep coming only while the step says something moves. Each frame is told
 * the real time since the one before, so the physics keeps real speed whatever the frame rate; the
 * first frame after a pause is given one fixed step, not the length of the pause.
 */
export class FrameLoop {
  private frameId = 0;
  private lastTick = 0;
  private disposed = false;

  constructor(
    private readonly step: FrameStep,
    private readonly firstSeconds: number,
    private readonly source: FrameSource = ANIMATION_FRAMES,
  ) {}

  /** Asks for one frame (none while one is pending, none once disposed). */
  request(): void {
    if (!this.frameId && !this.disposed) this.frameId = this.source.request(this.frame);
  }

  /** Starts a new animation: the next frame is given `firstSeconds`, whatever time has passed. */
  restartClock(): void {
    this.lastTick = 0;
  }

  /** Drops a pending frame; later requests do nothing. */
  dispose(): void {
    this.disposed = true;
    if (this.frameId) this.source.cancel(this.frameId);
    this.frameId = 0;
  }

  private readonly frame = (now: number): void => {
    this.frameId = 0;
    const seconds = this.lastTick ? (now - this.lastTick) / 1000 : this.firstSeconds;
    this.lastTick = now;
    if (this.step(now, seconds)) this.request();
    else this.lastTick = 0;
  };
}
