import { DiceScene, type DiceSceneOptions, type SceneQuality, type TableHandlers } from './DiceScene.js';
import { HeadlessDice, type DiceShow } from './HeadlessDice.js';
import { prepareSceneCanvas, releaseSceneCanvas } from './scene-canvas.js';
import type { Trajectory } from '../physics/trajectory.js';

/** Performance mark set when the table's first frame is drawn (read by `npm run bench:startup`). */
export const FIRST_FRAME_MARK = 'dice-poker:first-frame';

/** What the table reports to its host: the pointer's requests, impacts, and that it was (re)built. */
export interface DiceTableHost extends TableHandlers {
  /** The table was rebuilt (with or without WebGL): the overlay may need redrawing. */
  changed(): void;
}

/** What the table shows: a function of the game being played, handed over on every update. */
export interface TableState {
  /** The five faces of the game's dice (null before a game: the table keeps what it shows). */
  dice: readonly number[] | null;
  /** Which of them are held (they sit on the ledge). */
  held: readonly boolean[] | null;
  /** Whether a person may press on the table now (their turn, no dice in the air, no panel open). */
  inputTaken: boolean;
  /** Whether the turn's first throw is still to come (a tap on the felt may throw). */
  beforeFirstThrow: boolean;
  /** The canvas's text alternative, and the id of what describes it. */
  label: string;
  describedBy: string;
  reducedMotion: boolean;
}

/**
 * The element's table: the 3D scene when WebGL works, else the dice headless (flat dice in the
 * overlay). It shows what it is handed (`sync`): the dice move only where the game's differ from those
 * on the table (a hop to or from the ledge for a hold, all of them laid anew for another game), and
 * never while a throw is in the air. It survives a lost WebGL context by building a fresh scene when
 * the context returns.
 */
export class DiceTable {
  /** The 3D scene, or undefined without WebGL (or before build / after dispose). */
  scene: DiceScene | undefined;
  private dice: DiceShow | null = null;
  private stage: HTMLElement | null = null;
  private reducedMotion = false;
  /** The look asked for (undefined: chosen by the device). */
  private quality: SceneQuality | undefined;
  /** What the game says the table shows (the last `sync`). */
  private wanted: TableState | null = null;
  /** The dice the table shows now; null when unknown (a new table, a cancelled throw). */
  private shown: { dice: number[]; held: boolean[] } | null = null;
  private throwing = false;
  /** The WebGL context came back during a throw: the table is rebuilt once the dice rest. */
  private rebuildWhenIdle = false;
  /** A canvas made ready for the next build in `stage` (see `prepare`). */
  private prepared: { stage: HTMLElement; canvas: HTMLCanvasElement } | null = null;

  constructor(private readonly host: DiceTableHost) {}

  /** Whether a table is built (between build and dispose). */
  get built(): boolean {
    return this.dice !== null;
  }

  /**
   * Makes the canvas and the WebGL context of the next `build` in `stage` now, a step of its own: the
   * longest single piece of a table's start. A build elsewhere, or `dispose`, frees them.
   */
  prepare(stage: HTMLElement, quality?: SceneQuality): void {
    this.releasePrepared();
    const canvas = prepareSceneCanvas(stage, { quality });
    if (canvas) this.prepared = { stage, canvas };
  }

  /** Builds the table inside `stage` in the look asked for, showing what it was last handed. */
  build(stage: HTMLElement, reducedMotion: boolean, quality?: SceneQuality): void {
    this.stage = stage;
    this.reducedMotion = reducedMotion;
    this.quality = quality;
    const canvas = this.prepared?.stage === stage ? this.prepared.canvas : undefined;
    if (canvas) this.prepared = null;
    else this.releasePrepared();
    const scene = createScene(stage, { reducedMotion, quality, handlers: this.host, canvas });
    this.scene = scene;
    if (scene) {
      // Letting the browser restore a lost context (preventDefault), then drawing a fresh table on it.
      scene.canvas.addEventListener('webglcontextlost', (event) => event.preventDefault());
      scene.canvas.addEventListener('webglcontextrestored', () => this.rebuild());
      this.markFirstFrame(scene);
    }
    this.dice = scene ?? new HeadlessDice();
    this.shown = null;
    if (this.wanted) this.sync(this.wanted);
    this.host.changed();
  }

  /**
   * Brings the table up to date with the game: the dice (unless a throw is in the air), whether
   * flicks and taps count and whether a tap off the dice throws, the canvas's text alternative, and
   * reduced motion. The canvas takes the keyboard focus: keys play on the table.
   */
  sync(state: TableState): void {
    this.wanted = state;
    const scene = this.scene;
    if (scene) {
      scene.canvas.tabIndex = 0;
      scene.canvas.setAttribute('role', 'img');
      scene.canvas.setAttribute('aria-label', state.label);
      scene.canvas.setAttribute('aria-describedby', state.describedBy);
      scene.interactive = state.inputTaken;
      scene.tapThrows = state.beforeFirstThrow;
      scene.reducedMotion = state.reducedMotion;
    }
    if (this.dice && !this.throwing) this.showDice(this.dice, state);
  }

  /**
   * Plays a throw's recording (made by the table's authority, in the page or on a server), resting on
   * `faces`; rejects if there is no table or it went away meanwhile. The table shows its own dice while
   * they fly, then the faces they rest on; a table whose context came back meanwhile is rebuilt once
   * they rest.
   */
  async play(trajectory: Trajectory, faces: readonly number[], held: readonly boolean[]): Promise<void> {
    if (!this.dice) throw new Error('The table is not built');
    this.throwing = true;
    try {
      await this.dice.play(trajectory, held);
      this.shown = { dice: [...faces], held: [...held] };
    } catch (error) {
      // Whatever the table shows now is not the game's: the next sync lays the game's dice again.
      this.shown = null;
      throw error;
    } finally {
      this.throwing = false;
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

  /** Another look asked for: a built table is built again in it (the game is untouched). */
  setQuality(quality: SceneQuality | undefined): void {
    if (quality === this.quality) return;
    this.quality = quality;
    if (this.built) this.rebuild();
  }

  /** Frees the scene (its WebGL context, listeners, GPU memory). */
  dispose(): void {
    this.releasePrepared();
    this.dice?.dispose();
    this.dice = null;
    this.scene = undefined;
  }

  private releasePrepared(): void {
    if (this.prepared) releaseSceneCanvas(this.prepared.canvas);
    this.prepared = null;
  }

  /** Moves only what differs: all the dice for other faces, a hop for other holds, else nothing. */
  private showDice(show: DiceShow, { dice, held }: TableState): void {
    if (!dice || !held) return;
    const shown = this.shown;
    if (!shown || !same(shown.dice, dice)) show.show(dice, held);
    else if (!same(shown.held, held)) show.setHeld(held);
    else return;
    this.shown = { dice: [...dice], held: [...held] };
  }

  /**
   * A new 3D table in place of the old one, showing the game's dice. The game itself is untouched;
   * a throw in the air finishes first (its physics never needed the context), so nothing is thrown twice.
   */
  private rebuild(): void {
    if (this.throwing) {
      this.rebuildWhenIdle = true;
      return;
    }
    this.rebuildWhenIdle = false;
    const stage = this.stage;
    this.dispose();
    if (stage?.isConnected) this.build(stage, this.reducedMotion, this.quality);
  }

  private markFirstFrame(scene: DiceScene): void {
    const check = () => {
      if (scene.framesDrawn > 0) performance.mark(FIRST_FRAME_MARK);
      else if (this.scene === scene) requestAnimationFrame(check);
    };
    check();
  }
}

/** The 3D table, or undefined when this browser has no WebGL. */
function createScene(container: HTMLElement, options: DiceSceneOptions): DiceScene | undefined {
  try {
    return new DiceScene(container, options);
  } catch (error) {
    if ((error as { code?: string }).code === 'no-webgl') return undefined;
    throw error;
  }
}

function same<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
