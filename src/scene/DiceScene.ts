import { DiceLayout } from '../physics/dice-layout.js';
import { DEFAULT_DICE_WORLD_OPTIONS } from '../physics/dice-world-options.js';
import { DICE_COUNT } from '../engine/index.js';
import type { DiePose } from '../physics/types.js';
import { FrameLoop } from './FrameLoop.js';
import type { PointerInput, TableInputHandlers } from './PointerInput.js';
import { blankPose, PoseTween } from './PoseTween.js';
import { SceneError } from './SceneError.js';
import { viewOptions } from './scene-canvas.js';
import { TableView, type GpuResources } from './TableView.js';
import { ThrowPlayback } from './ThrowPlayback.js';
import type { Trajectory } from '../physics/trajectory.js';

/** How much the table may cost to draw. */
export type SceneQuality = 'high' | 'low';

/**
 * What a test or a tool may read of the table as drawn (never change): the one hook into the 3D
 * scene that the element exposes (`<dice-poker>.tableProbe`). Not for playing the game.
 */
export interface TableProbe {
  /** Frames actually drawn since the table was built. */
  readonly framesDrawn: number;
  /** Whether the full look has replaced the quick first frame's. */
  readonly fullLook: boolean;
  /** The look the table ends in: 'full' (upgraded after the first frame) or 'quick' (kept). */
  readonly look: 'full' | 'quick';
  /** Live WebGL resources (three's `renderer.info`). */
  readonly gpuResources: GpuResources;
  /** The face on top of each die in the frame last drawn, read from the meshes. */
  drawnFaces(): number[];
  /** Milliseconds between consecutive frames drawn during animated throws. */
  frameTimes(): number[];
  /** When (performance.now()) the first frame of the latest throw was drawn, its dice moving; 0 before any. */
  readonly throwShownAt: number;
}

/** Options of a DiceScene. */
export interface DiceSceneOptions {
  /** Throws jump straight to rest and held dice move without a hop. */
  reducedMotion?: boolean;
  /** Highest device pixel ratio drawn at (default 1.5). */
  maxPixelRatio?: number;
  /**
   * 'high': after its first frame the table is drawn with a shadow map and physically based wood
   * (see LookUpgrade); 'low': the first frame's quick look stays, at a pixel ratio of at most 1.
   * Unset: 'high' where a GPU draws, the quick look where the CPU does (software WebGL).
   */
  quality?: SceneQuality;
  /** Where a throw, a tap and a die's impact are reported (none: the table only shows dice). */
  handlers?: TableHandlers;
  /** The canvas to draw on (see prepareSceneCanvas); a new one by default. */
  canvas?: HTMLCanvasElement;
}

/** What the table reports to its host: the pointer's requests, and impacts (for sounds). */
export interface TableHandlers extends TableInputHandlers {
  /** A die hit something during an animated throw (speed along the contact normal). */
  impact?(speed: number, dieIndex: number): void;
}

/** A table nobody plays on (a picture of dice): every request is dropped. */
const NO_HANDLERS: TableHandlers = { throw() {}, tapDie() {}, tapMissed() {} };

/** Length of the hop of a die to or from the ledge, in ms. */
const HOLD_HOP_MS = 220;
/** Frame times kept for `frameTimes()`. */
const MAX_FRAME_TIMES = 10_000;

/**
 * The 3D dice table: five dice on a felt table with a ledge for held dice, driven by the cannon-es
 * DiceWorld with a fixed step and drawn with three.js on demand (no frame is drawn while nothing
 * moves; while dice move only the pixels around them are drawn again). It knows no rules: a throw or
 * a tap is reported to `options.handlers` and the host decides what happens.
 *
 * Creates a canvas filling `container` and follows its size. Throws a SceneError with code
 * 'no-webgl' when WebGL is unavailable.
 */
export class DiceScene implements TableProbe {
  /** The canvas the table is drawn on (inside the container). */
  readonly canvas: HTMLCanvasElement;
  /** Throws jump to rest and held dice move without a hop. */
  reducedMotion: boolean;

  /** The dice at rest as the physics lays them (the physics itself is not loaded by the page's table). */
  private readonly layout = new DiceLayout();
  private readonly loop: FrameLoop;
  private readonly view: TableView;
  /** The pointer on the table, once its chunk has loaded (presses before then are not taken). */
  private input: PointerInput | null = null;
  private takesInput = false;
  private tapsThrow = true;
  private readonly tween: PoseTween;
  /** Where a played-back throw's knocks go (the same as a throw made here: sounds). */
  private readonly onPlaybackImpact: ((speed: number, die: number) => void) | undefined;
  /** Plays every throw's recording (made by the table's authority, here or on a server). */
  private readonly playback: ThrowPlayback;
  private readonly resizeObserver: ResizeObserver;
  private readonly held: boolean[];
  private readonly pose: DiePose = blankPose();
  private readonly times: number[] = [];
  private lastThrowFrame = 0;
  /** The latest throw has not been drawn yet (see `throwShownAt`). */
  private throwToShow = false;
  throwShownAt = 0;
  private disposed = false;
  /** The canvas shows its frames (from the first one's end in the GPU: `showOnceDrawn`). */
  private shown = false;
  private showing = false;

  constructor(container: HTMLElement, options: DiceSceneOptions = {}) {
    const quality = options.quality;
    this.reducedMotion = options.reducedMotion ?? false;
    this.loop = new FrameLoop(this.step, DEFAULT_DICE_WORLD_OPTIONS.fixedStep);
    this.canvas = options.canvas ?? document.createElement('canvas');
    this.canvas.style.display = 'block';
    this.canvas.style.width = '100%';
    this.canvas.style.height = '100%';
    const count = DICE_COUNT;
    this.view = new TableView(
      this.canvas,
      { dieCount: count, ...viewOptions(container, quality, options.maxPixelRatio) },
      () => this.loop.request(),
    );
    const handlers = options.handlers ?? NO_HANDLERS;
    void import('./table-input.js').then(({ attachTableInput }) => {
      if (this.disposed) return;
      this.input = attachTableInput(this.canvas, this.view.camera, this.view.dieMeshes, handlers);
      this.input.enabled = this.takesInput;
      this.input.tapThrows = this.tapsThrow;
    });
    this.tween = new PoseTween(count, HOLD_HOP_MS);
    this.onPlaybackImpact = handlers.impact?.bind(handlers);
    this.playback = new ThrowPlayback(this.onPlaybackImpact, DEFAULT_DICE_WORLD_OPTIONS.minImpactSpeed);
    this.held = new Array<boolean>(count).fill(false);
    this.syncAll();

    container.appendChild(this.canvas);
    this.resizeObserver = new ResizeObserver(() => {
      this.view.resize();
      this.showOnceDrawn();
    });
    // The table's first frame is drawn when the canvas is first sized (`resize`), one frame after
    // this one: the element's first paint (its panels and words) goes to the screen first, not with
    // the table's, which software WebGL makes long. Until then the canvas is unseen (an empty canvas
    // would show black).
    this.canvas.style.opacity = '0';
    requestAnimationFrame(() => {
      if (!this.disposed) this.resizeObserver.observe(container);
    });
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  /** Whether flicks and taps are taken. */
  get interactive(): boolean {
    return this.takesInput;
  }

  set interactive(value: boolean) {
    this.takesInput = value;
    if (this.input) this.input.enabled = value;
  }

  /**
   * Whether a tap off the dice throws (with the default gesture). True only before a turn's first
   * throw: after it, a stray tap must not cost a throw, so only a flick, a button or a key throws.
   */
  get tapThrows(): boolean {
    return this.tapsThrow;
  }

  set tapThrows(value: boolean) {
    this.tapsThrow = value;
    if (this.input) this.input.tapThrows = value;
  }

  /** Frames drawn since creation, counted from the first one's showing (see `showOnceDrawn`). */
  get framesDrawn(): number {
    return this.shown ? this.view.framesDrawn : 0;
  }

  /** Whether the full look (shadow map, per-pixel felt, wood) has replaced the quick first one. */
  get fullLook(): boolean {
    return this.view.fullLook;
  }

  get look(): 'full' | 'quick' {
    return this.view.look;
  }

  /**
   * The face on top of each die as drawn in the last frame, by die index: read from the die meshes'
   * orientation on screen, never from the physics or the game. A check for tests and embedders' tools
   * that the dice a player sees are the dice scored (compare with the game's dice once a frame has
   * been drawn after they rest; a die in flight reads whichever face is nearest up). Read-only.
   */
  drawnFaces(): number[] {
    return this.view.drawnFaces();
  }

  /**
   * Live WebGL resources (three's `renderer.info`): geometries and textures on the GPU, shader
   * programs. For tests and tools watching for leaks: they must not grow from game to game. Read-only.
   */
  get gpuResources(): GpuResources {
    return this.view.gpuResources;
  }

  /** Milliseconds between consecutive frames drawn during animated throws (for the benchmark). */
  frameTimes(): number[] {
    return this.times.slice();
  }

  /**
   * Where die `index` is on the canvas now, in CSS pixels from its top-left corner (to place a focus
   * ring or a label over a die).
   */
  dieScreenPoint(index: number): { x: number; y: number } {
    return this.view.dieScreenPoint(index);
  }

  /**
   * Lays the dice at rest showing `faces`, held ones on the ledge; draws one frame. Ends a running
   * throw first. Throws a RangeError for anything but five faces 1..6 and five held flags.
   */
  show(faces: readonly number[], held: readonly boolean[]): void {
    this.endMotion();
    this.tween.cancel();
    this.layout.place(faces, held);
    for (let i = 0; i < this.held.length; i++) this.held[i] = held[i]!;
    this.syncAll();
    this.loop.request();
  }

  /**
   * Moves newly held dice to their ledge slots and released ones back onto the felt (a short hop,
   * none under reduced motion); held dice glow. Faces do not change. Ends a running throw first.
   */
  setHeld(held: readonly boolean[]): void {
    this.endMotion();
    const now = performance.now();
    const before = this.held.map((_, i) => this.view.diePose(i, blankPose()));
    this.layout.setHeld(held);
    for (let i = 0; i < this.held.length; i++) {
      this.held[i] = held[i]!;
      this.layout.pose(i, this.pose);
      if (this.reducedMotion || samePlace(before[i]!, this.pose)) {
        this.view.setDie(i, this.pose, held[i] ? 1 : 0);
      } else {
        this.tween.start(i, before[i]!, this.pose, now);
      }
    }
    this.loop.request();
  }

  /**
   * Plays back a throw made elsewhere (an online room's server threw the physics dice): the dice follow
   * `trajectory` at real speed (at once under reduced motion or on a hidden page) and rest where its
   * last frame has them; `held` dice glow on the ledge. Resolves when they rest. A new throw, `show`
   * or `setHeld` ends it first (it still resolves); `dispose` rejects it.
   */
  async play(trajectory: Trajectory, held: readonly boolean[]): Promise<void> {
    if (this.disposed) throw new SceneError('disposed', 'The dice scene was disposed');
    this.endMotion();
    this.tween.cancel();
    for (let i = 0; i < this.held.length; i++) this.held[i] = held[i]!;
    const rested = this.playback.start(trajectory);
    this.throwToShow = true;
    if (this.reducedMotion || document.hidden) this.endMotion();
    else {
      this.loop.restartClock();
      this.lastThrowFrame = 0;
    }
    this.loop.request();
    return rested;
  }

  /** Stops drawing, removes listeners and the canvas, frees every GPU resource. Rejects a running throw. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.loop.dispose();
    this.playback?.cancel(new SceneError('disposed', 'The dice scene was disposed during a throw'));
    this.resizeObserver.disconnect();
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.input?.dispose();
    this.view.dispose();
    this.canvas.remove();
  }

  /** One frame: advances a throw and hops, draws what moved; returns whether anything still moves. */
  private readonly step = (now: number, seconds: number): boolean => {
    let moving = false;
    const playback = this.playback;
    const throwing = playback.running;
    const played = playback?.current;
    if (playback && played) {
      if (playback.advance(seconds, this.drawPose)) this.layPlayed(playback, played);
      else moving = true;
    }
    if (this.tween.running) {
      for (let i = 0; i < this.held.length; i++) {
        const t = this.tween.sample(i, now, this.pose);
        if (t >= 0) this.view.setDie(i, this.pose, this.held[i] ? t : 1 - t);
      }
      moving ||= this.tween.running;
    }
    const drawn = this.view.draw();
    // The first frame comes once its programs and pictures are ready (TableView `prepareFirstFrame`).
    this.showOnceDrawn();
    if (drawn && throwing) {
      if (this.throwToShow) {
        this.throwToShow = false;
        this.throwShownAt = performance.now();
      }
      if (this.lastThrowFrame && this.times.length < MAX_FRAME_TIMES)
        this.times.push(now - this.lastThrowFrame);
      this.lastThrowFrame = now;
    }
    return moving;
  };

  /**
   * Shows the canvas once the GPU has finished its first frame. Software WebGL draws a whole frame in
   * the GPU process after this thread has given its commands, and a canvas on the screen has each
   * frame read back for the compositor: shown at once, the page's thread would wait there for all of
   * that drawing (some 60 ms on a 2-core machine). Unseen, the canvas is not read back.
   */
  private showOnceDrawn(): void {
    if (this.showing || this.view.framesDrawn === 0) return;
    this.showing = true;
    void this.view.gpuDone().then(() => {
      if (this.disposed) return;
      this.canvas.style.opacity = '';
      this.shown = true;
    });
  }

  /** Copies every die's pose from the physics (held look at rest). */
  private syncAll(): void {
    for (let i = 0; i < this.held.length; i++)
      this.view.setDie(i, this.layout.pose(i, this.pose), this.held[i] ? 1 : 0);
  }

  /** Brings a throw or a playback under way to rest at once (it still resolves). */
  private endMotion(): void {
    const playback = this.playback;
    const played = playback?.current;
    if (playback && played) {
      playback.complete(this.drawPose);
      this.layPlayed(playback, played);
    }
  }

  private readonly drawPose = (index: number, pose: DiePose): void => {
    this.view.setDie(index, pose, this.held[index] ? 1 : 0);
  };

  /** The physics takes the played-back dice where they came to rest (the next hold hops from there). */
  private layPlayed(playback: ThrowPlayback, trajectory: Trajectory): void {
    const poses = this.held.map((_, i) => playback.restingPose(trajectory, i, blankPose()));
    this.layout.lay(poses, this.held);
  }

  private readonly onVisibility = (): void => {
    if (document.hidden) this.endMotion();
    else this.loop.request();
  };
}

function samePlace(a: DiePose, b: DiePose): boolean {
  return Math.abs(a.x - b.x) < 1e-4 && Math.abs(a.y - b.y) < 1e-4 && Math.abs(a.z - b.z) < 1e-4;
}
