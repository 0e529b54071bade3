/** What a LookUpgrade needs of the scene it upgrades. */
export interface LookUpgradeHost {
  /** Settles once the GPU has carried out everything asked of it so far (never rejects). */
  gpuDone(): Promise<void>;
  /** Switches the scene to its full look (materials, shadows); draws nothing. */
  applyFullLook(): void;
  /**
   * Gets the full look ready to draw without blocking the page on the GPU: its shader programs
   * compiled, its pictures painted; settles when a frame can be drawn in it without waiting.
   */
  prepare(): Promise<void>;
  /** Draws one whole frame (in the full look). */
  redraw(): void;
}

/** Longest wait, in ms, for the page to be idle before upgrading. */
const IDLE_TIMEOUT_MS = 250;

/**
 * The upgrade from the quick look the table's first frame is drawn with to its full look. Under
 * software WebGL every shader program and every shaded pixel of a frame is paid for before the page
 * shows the table, so the first frame is drawn with as few programs and as little work per pixel as
 * possible. Once the GPU has finished it and the page is idle, the full look's programs are compiled
 * without blocking the page, then one whole frame is drawn again. Nothing else is drawn for it, so
 * render on demand stays idle.
 */
export class LookUpgrade {
  private stage: 'quick' | 'waiting' | 'compiling' | 'done' = 'quick';
  private idleId: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: LookUpgradeHost) {}

  /** Whether the full look is in place (the upgrade ran, or was dropped by `dispose`). */
  get done(): boolean {
    return this.stage === 'done';
  }

  /** Call after each whole frame: the first one starts the upgrade. */
  fullFrameDrawn(): void {
    if (this.stage !== 'quick') return;
    this.stage = 'waiting';
    void this.host.gpuDone().then(() => {
      if (this.stage !== 'waiting') return;
      // The first frame is drawn and on its way to the screen: upgrade when the page has a moment.
      if (typeof requestIdleCallback === 'function')
        this.idleId = requestIdleCallback(this.start, { timeout: IDLE_TIMEOUT_MS });
      else this.timer = setTimeout(this.start, 0);
    });
  }

  /** Stops a pending upgrade (the scene is going away). */
  dispose(): void {
    this.stage = 'done';
    clearTimeout(this.timer);
    if (this.idleId !== undefined) cancelIdleCallback(this.idleId);
  }

  private readonly start = (): void => {
    if (this.stage !== 'waiting') return;
    this.stage = 'compiling';
    this.host.applyFullLook();
    const finish = (): void => {
      if (this.stage !== 'compiling') return;
      this.stage = 'done';
      this.host.redraw();
    };
    // A program that failed to compile shows itself when drawn, as it would have without the upgrade.
    void this.host.prepare().then(finish, finish);
  };
}
