import type { DiceScene, TableHandlers } from '../../scene/DiceScene.js';
import type { Gesture, ThrowResult } from '../../scene/physics/types.js';
import { createScene, HeadlessThrower, type DiceThrower } from './dice-thrower.js';

/** Performance mark set when the table's first frame is drawn (read by `npm run bench:startup`). */
export const FIRST_FRAME_MARK = 'dice-poker:first-frame';

/** What the table reports to <dice-poker> (throws, taps, impacts), and what it asks of it. */
export interface DiceTableHost extends TableHandlers {
  /** The dice to show when the table is (re)built. */
  faces(): { dice: readonly number[]; held: readonly boolean[] } | null;
  /** Whether dice are rolling now (a rebuild waits for them). */
  busy(): boolean;
  /** The table was rebuilt (with or without WebGL): redraw the overlay. */
  changed(): void;
}

/**
 * The element's table: the 3D scene when WebGL works, else the same physics headless (flat dice in the
 * overlay). It survives a lost WebGL context by building a fresh scene when the context returns.
 */
export class DiceTable {
  /** The 3D scene, or undefined without WebGL (or before build / after dispose). */
  scene: DiceScene | undefined;
  private thrower: DiceThrower | null = null;
  private stage: HTMLElement | null = null;
  private reducedMotion = false;
  /** The WebGL context came back during a throw: the table is rebuilt once the dice rest. */
  private rebuildWhenIdle = false;

  constructor(private readonly host: DiceTableHost) {}

  /** Whether a table is built (between build and dispose). */
  get built(): boolean {
    return this.thrower !== null;
  }

  /** Builds the table inside `stage`, showing the host's dice. */
  build(stage: HTMLElement, reducedMotion: boolean): void {
    this.stage = stage;
    this.reducedMotion = reducedMotion;
    const scene = createScene(stage, reducedMotion, this.host);
    this.scene = scene;
    if (scene) {
      // Letting the browser restore a lost context (preventDefault), then drawing a fresh table on it.
      scene.canvas.addEventListener('webglcontextlost', (event) => event.preventDefault());
      scene.canvas.addEventListener('webglcontextrestored', () => this.rebuild());
      this.markFirstFrame(scene);
    }
    this.thrower = scene ?? new HeadlessThrower();
    const faces = this.host.faces();
    if (faces) this.thrower.show(faces.dice, faces.held);
    this.host.changed();
  }

  show(dice: readonly number[], held: readonly boolean[]): void {
    this.thrower?.show(dice, held);
  }

  setHeld(held: readonly boolean[]): void {
    this.thrower?.setHeld(held);
  }

  /**
   * Brings the canvas up to date with the game: its text alternative, whether flicks and taps count
   * and whether a tap off the dice throws, and reduced motion. The canvas takes the keyboard focus:
   * keys play on the table.
   */
  sync(o: {
    label: string;
    describedBy: string;
    interactive: boolean;
    tapThrows: boolean;
    reducedMotion: boolean;
  }): void {
    const scene = this.scene;
    if (!scene) return;
    scene.canvas.tabIndex = 0;
    scene.canvas.setAttribute('role', 'img');
    scene.canvas.setAttribute('aria-label', o.label);
    scene.canvas.setAttribute('aria-describedby', o.describedBy);
    scene.interactive = o.interactive;
    scene.tapThrows = o.tapThrows;
    scene.reducedMotion = o.reducedMotion;
  }

  /** Throws the dice not held; rejects if there is no table or it went away during the throw. */
  async throw(seed: number, gesture: Gesture, held: readonly boolean[]): Promise<ThrowResult> {
    if (!this.thrower) throw new Error('The table is not built');
    try {
      return await this.thrower.throw(seed, gesture, held);
    } finally {
      if (this.rebuildWhenIdle) queueMicrotask(() => this.rebuild());
    }
  }

  /** Where die `index` is drawn now, in client pixels, or null without a 3D table. */
  dieAt(index: number): { x: number; y: number } | null {
    const scene = this.scene;
    if (!scene || !Number.isInteger(index) || index < 0 || index > 4) return null;
    const box = scene.canvas.getBoundingClientRect();
    const point = scene.dieScreenPoint(index);
    return { x: box.left + point.x, y: box.top + point.y };
  }

  /** Frees the scene (its WebGL context, listeners, GPU memory). */
  dispose(): void {
    this.thrower?.dispose();
    this.thrower = null;
    this.scene = undefined;
  }

  /**
   * A new 3D table in place of the old one, showing the game's dice. The game itself is untouched;
   * a throw in the air finishes first (its physics never needed the context), so nothing is thrown twice.
   */
  private rebuild(): void {
    if (this.host.busy()) {
      this.rebuildWhenIdle = true;
      return;
    }
    this.rebuildWhenIdle = false;
    const stage = this.stage;
    this.dispose();
    if (stage?.isConnected) this.build(stage, this.reducedMotion);
  }

  private markFirstFrame(scene: DiceScene): void {
    const check = () => {
      if (scene.framesDrawn > 0) performance.mark(FIRST_FRAME_MARK);
      else if (this.scene === scene) requestAnimationFrame(check);
    };
    check();
  }
}
