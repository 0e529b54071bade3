import * as THREE from 'three';
import { DiceWorld } from './physics/DiceWorld.js';
import type { DiePose, Gesture, ThrowResult } from './physics/types.js';
import { CameraRig } from './CameraRig.js';
import { DieMeshes } from './DieMeshes.js';
import { DirtyRegions, type ScreenRect } from './DirtyRegions.js';
import { Lighting } from './Lighting.js';
import { LookUpgrade } from './LookUpgrade.js';
import { PointerInput } from './PointerInput.js';
import { blankPose, PoseTween } from './PoseTween.js';
import { RoomBackground } from './RoomBackground.js';
import { SceneError } from './SceneError.js';
import { SceneRenderer, type SceneLayers } from './SceneRenderer.js';
import { ScenePicker } from './ScenePicker.js';
import { TABLE_BOUNDS, TableMesh } from './TableMesh.js';
import { FIXED_STEP } from './ThrowDriver.js';
import { ThrowSession } from './ThrowSession.js';

/** How much the table may cost to draw. */
export type SceneQuality = 'high' | 'low';

/** Options of a DiceScene. */
export interface DiceSceneOptions {
  /** Throws jump straight to rest and held dice move without a hop. */
  reducedMotion?: boolean;
  /** Highest device pixel ratio drawn at (default 1.5). */
  maxPixelRatio?: number;
  /**
   * 'high' (default): the table is drawn with a shadow map and physically based wood; 'low': no
   * shadow map, pixel ratio at most 1. Either way this costs only on full frames (start, resize),
   * and the very first frame is drawn without either (see LookUpgrade).
   */
  quality?: SceneQuality;
}

/** Length of the hop of a die to or from the ledge, in ms. */
const HOLD_HOP_MS = 220;
/** Frame times kept for `frameTimes()`. */
const MAX_FRAME_TIMES = 10_000;

/**
 * The 3D dice table: five dice on a felt table with a ledge for held dice, driven by the cannon-es
 * DiceWorld with a fixed step and drawn with three.js on demand (no frame is drawn while nothing
 * moves; while dice move only the pixels around them are drawn again). It knows no rules: a flick or
 * a tap is reported through `onFlick` / `onDieClick` and the host decides what happens.
 *
 * Creates a canvas filling `container` and follows its size. Throws a SceneError with code
 * 'no-webgl' when WebGL is unavailable.
 */
export class DiceScene {
  /** The canvas the table is drawn on (inside the container). */
  readonly canvas: HTMLCanvasElement;
  /** A flick on the table, or a tap off the dice (then with DEFAULT_GESTURE). Only while `interactive`. */
  onFlick?: (gesture: Gesture) => void;
  /** A tap on die `index`. Only while `interactive`. */
  onDieClick?: (index: number) => void;
  /** A die hit something during an animated throw (speed along the contact normal): for sounds. */
  get onImpact(): ((speed: number, dieIndex: number) => void) | undefined {
    return this.session.onImpact;
  }

  set onImpact(callback: ((speed: number, dieIndex: number) => void) | undefined) {
    this.session.onImpact = callback;
  }

  /** Throws jump to rest and held dice move without a hop. */
  reducedMotion: boolean;

  private readonly world = new DiceWorld();
  private readonly renderer: SceneRenderer;
  private readonly layers: SceneLayers;
  private readonly rig = new CameraRig(TABLE_BOUNDS);
  private readonly table: TableMesh;
  private readonly room = new RoomBackground();
  private readonly dice: DieMeshes;
  private readonly lighting: Lighting;
  private readonly regions: DirtyRegions;
  private readonly picker: ScenePicker;
  private readonly input: PointerInput;
  private readonly tween: PoseTween;
  private readonly session: ThrowSession;
  private readonly upgrade: LookUpgrade;
  private readonly resizeObserver: ResizeObserver;
  private readonly held: boolean[];
  private readonly pose: DiePose = blankPose();
  private readonly times: number[] = [];
  private readonly scratch = new THREE.Vector3();
  private rafId = 0;
  private lastTick = 0;
  private lastThrowFrame = 0;
  private drawn = 0;
  private disposed = false;

  constructor(container: HTMLElement, options: DiceSceneOptions = {}) {
    const quality = options.quality ?? 'high';
    this.reducedMotion = options.reducedMotion ?? false;
    this.canvas = document.createElement('canvas');
    this.canvas.style.display = 'block';
    this.canvas.style.width = '100%';
    this.canvas.style.height = '100%';
    const maxPixelRatio = options.maxPixelRatio ?? 1.5;
    this.renderer = new SceneRenderer(this.canvas, {
      maxPixelRatio: quality === 'low' ? Math.min(1, maxPixelRatio) : maxPixelRatio,
      shadows: quality === 'high',
      // The canvas will fill the container: its drawing buffer is made that size from the start.
      size: { width: container.clientWidth, height: container.clientHeight },
    });
    this.renderer.onContextRestored = () => this.requestFrame();

    // Two layers: the table (drawn on full frames only, lit, with a shadow map) and the dice over the
    // captured table (cheap: lit per vertex by the same lights, blob shadows).
    this.lighting = new Lighting({ shadowMapSize: quality === 'high' ? 1024 : 0 });
    this.table = new TableMesh(this.lighting);
    // The first frame quick (see TableLook; no shadow map), the full look right after.
    this.lighting.shadows = false;
    this.dice = new DieMeshes(this.lighting, { count: this.world.bodies.length });
    const still = new THREE.Scene();
    still.add(this.table.group, this.room.mesh, this.lighting.group);
    const moving = new THREE.Scene();
    moving.add(this.renderer.backdrop.mesh, this.table.occluders, this.dice.group);
    // Drawn in several passes a frame: world matrices are brought up to date once, by `draw`.
    moving.matrixWorldAutoUpdate = false;
    moving.updateMatrixWorld(true);
    this.layers = { still, moving, occluders: this.table.occluders };
    // The first frame's shader programs go off to compile in the GPU process (the backdrop's and the
    // walls' wait for a throw) while this thread paints the pictures.
    this.renderer.precompile(still, this.rig.camera, still);
    this.renderer.precompile(this.dice.group, this.rig.camera, moving);
    this.paintPictures();
    this.regions = new DirtyRegions(this.rig.camera, this.lighting.towardsKey, this.dice.count);
    this.picker = new ScenePicker(this.rig.camera, this.dice.meshes);
    this.input = new PointerInput(this.canvas, this.picker, {
      flick: (gesture) => this.onFlick?.(gesture),
      dieClick: (index) => this.onDieClick?.(index),
    });
    this.tween = new PoseTween(this.dice.count, HOLD_HOP_MS);
    this.session = new ThrowSession(this.world);
    this.session.onCompleted = () => {
      this.syncAll();
      this.requestFrame();
    };
    this.upgrade = new LookUpgrade({
      gpuDone: () => this.renderer.gpuDone(),
      applyFullLook: () => {
        this.lighting.shadows = true;
        this.table.setLook('full');
      },
      prepare: async () => {
        // As for the first frame: programs off to the GPU process, pictures painted meanwhile.
        this.renderer.precompile(still, this.rig.camera, still);
        this.table.paint('full');
        await this.renderer.gpuDone();
        if (!this.disposed) this.renderer.settlePrograms(still);
      },
      redraw: () => {
        this.renderer.needsFullFrame = true;
        this.requestFrame();
      },
    });
    this.held = new Array<boolean>(this.dice.count).fill(false);
    this.syncAll();

    container.appendChild(this.canvas);
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  /** Whether flicks and taps are taken. */
  get interactive(): boolean {
    return this.input.enabled;
  }

  set interactive(value: boolean) {
    this.input.enabled = value;
  }

  /** Frames actually drawn since creation. */
  get framesDrawn(): number {
    return this.drawn;
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
    const { width, height } = this.renderer.size;
    const p = this.scratch.copy(this.dice.position(index)).project(this.rig.camera);
    return { x: ((p.x + 1) / 2) * width, y: ((1 - p.y) / 2) * height };
  }

  /**
   * Lays the dice at rest showing `faces`, held ones on the ledge; draws one frame. Ends a running
   * throw first. Throws a RangeError for anything but five faces 1..6 and five held flags.
   */
  show(faces: readonly number[], held: readonly boolean[]): void {
    this.session.complete();
    this.tween.cancel();
    this.world.place(faces, held);
    for (let i = 0; i < this.held.length; i++) this.held[i] = held[i]!;
    this.syncAll();
    this.requestFrame();
  }

  /**
   * Moves newly held dice to their ledge slots and released ones back onto the felt (a short hop,
   * none under reduced motion); held dice glow. Faces do not change. Ends a running throw first.
   */
  setHeld(held: readonly boolean[]): void {
    this.session.complete();
    const now = performance.now();
    const before = this.dice.meshes.map((mesh) => poseOf(mesh, blankPose()));
    this.world.setHeld(held);
    for (let i = 0; i < this.held.length; i++) {
      this.held[i] = held[i]!;
      this.world.pose(i, this.pose);
      if (this.reducedMotion || samePlace(before[i]!, this.pose)) {
        this.setDie(i, this.pose, held[i] ? 1 : 0);
      } else {
        this.tween.start(i, before[i]!, this.pose, now);
      }
    }
    this.requestFrame();
  }

  /**
   * Throws the dice that are not held and resolves with the result once all rest. The physics runs
   * with a fixed step at real speed while frames are drawn; under reduced motion, or when the page
   * is hidden, it runs to rest at once. A new throw, `show` or `setHeld` ends a running throw first
   * (it still resolves); `dispose` rejects it with a SceneError 'disposed'.
   */
  throw(seed: number, gesture: Gesture, held: readonly boolean[]): Promise<ThrowResult> {
    if (this.disposed) return Promise.reject(new SceneError('disposed', 'The dice scene was disposed'));
    this.session.complete();
    this.tween.cancel();
    for (let i = 0; i < this.held.length; i++) this.held[i] = held[i]!;
    if (this.reducedMotion || document.hidden) {
      try {
        const result = this.world.throwToRest(seed, gesture, held);
        this.syncAll();
        this.requestFrame();
        return Promise.resolve(result);
      } catch (error) {
        this.syncAll();
        this.requestFrame();
        return Promise.reject(new SceneError('throw-timeout', String(error)));
      }
    }
    const result = this.session.start(seed, gesture, held);
    this.lastTick = 0;
    this.lastThrowFrame = 0;
    this.requestFrame();
    return result;
  }

  /** Stops drawing, removes listeners and the canvas, frees every GPU resource. Rejects a running throw. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.rafId) cancelAnimationFrame(this.rafId);
    this.rafId = 0;
    this.session.dispose();
    this.upgrade.dispose();
    this.resizeObserver.disconnect();
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.input.dispose();
    this.table.dispose();
    this.room.dispose();
    this.dice.dispose();
    this.lighting.dispose();
    this.renderer.dispose();
    this.layers.still.clear();
    this.layers.moving.clear();
    this.canvas.remove();
  }

  private requestFrame(): void {
    if (!this.rafId && !this.disposed) this.rafId = requestAnimationFrame(this.frame);
  }

  private readonly frame = (now: number): void => {
    this.rafId = 0;
    const seconds = this.lastTick ? (now - this.lastTick) / 1000 : FIXED_STEP;
    this.lastTick = now;
    let moving = false;
    const throwing = this.session.running;
    if (throwing) {
      moving = !this.session.advance(seconds);
      this.syncAll();
    }
    if (this.tween.running) {
      for (let i = 0; i < this.held.length; i++) {
        const t = this.tween.sample(i, now, this.pose);
        if (t >= 0) this.setDie(i, this.pose, this.held[i] ? t : 1 - t);
      }
      moving ||= this.tween.running;
    }
    if (this.draw() && throwing) {
      if (this.lastThrowFrame && this.times.length < MAX_FRAME_TIMES)
        this.times.push(now - this.lastThrowFrame);
      this.lastThrowFrame = now;
    }
    if (moving) this.requestFrame();
    else this.lastTick = 0;
  };

  /** Draws what changed; returns whether anything was drawn. */
  private draw(): boolean {
    const { width, height } = this.renderer.size;
    if (width === 0 || height === 0) return false;
    const rects = this.renderer.needsFullFrame ? null : this.regions.take(width, height);
    if (rects !== null && rects.length === 0) return false;
    if (rects === null) {
      this.regions.clear();
      for (let i = 0; i < this.dice.count; i++) this.regions.placed(i, this.dice.layout(i), width, height);
    }
    this.dice.group.updateMatrixWorld();
    if (this.renderer.draw(this.layers, this.rig.camera, rects, this.cull)) this.upgrade.fullFrameDrawn();
    this.drawn++;
    return true;
  }

  /** Before each scissored pass: only the dice that reach into it are drawn. */
  private readonly cull = (rect: ScreenRect | null): void => {
    for (let i = 0; i < this.dice.count; i++) {
      this.dice.setVisible(i, rect === null || this.regions.reaches(i, rect));
    }
  };

  /**
   * Paints the pictures (the dearest part of the start-up), then fetches the first frame's programs,
   * linked by now, so that frame waits for none of them.
   */
  private paintPictures(): void {
    this.dice.paint();
    this.table.paint('quick');
    this.renderer.settlePrograms(this.layers.still);
    this.renderer.settlePrograms(this.dice.group);
  }

  private resize(): void {
    const width = this.canvas.clientWidth;
    const height = this.canvas.clientHeight;
    if (!this.renderer.setSize(width, height)) return;
    this.rig.frame(width, height);
    // Drawn now, not on the next frame: resizing cleared the canvas and it must not flash empty.
    this.draw();
  }

  /** Copies every die's pose from the physics (held look at rest). */
  private syncAll(): void {
    for (let i = 0; i < this.dice.count; i++)
      this.setDie(i, this.world.pose(i, this.pose), this.held[i] ? 1 : 0);
  }

  private setDie(index: number, pose: DiePose, heldLook: number): void {
    const moved = this.dice.setPose(index, pose);
    const looks = this.dice.setHeldLook(index, heldLook);
    if (moved || looks) {
      const { width, height } = this.renderer.size;
      this.regions.moved(index, this.dice.layout(index), width, height);
    }
  }

  private readonly onVisibility = (): void => {
    if (document.hidden) this.session.complete();
    else this.requestFrame();
  };
}

function poseOf(mesh: THREE.Object3D, out: DiePose): DiePose {
  out.x = mesh.position.x;
  out.y = mesh.position.y;
  out.z = mesh.position.z;
  out.qx = mesh.quaternion.x;
  out.qy = mesh.quaternion.y;
  out.qz = mesh.quaternion.z;
  out.qw = mesh.quaternion.w;
  return out;
}

function samePlace(a: DiePose, b: DiePose): boolean {
  return Math.abs(a.x - b.x) < 1e-4 && Math.abs(a.y - b.y) < 1e-4 && Math.abs(a.z - b.z) < 1e-4;
}
