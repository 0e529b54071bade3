import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { DiceTable, nextTask, type DiceScene, type TableHandlers } from '../../scene/index.js';
import { AttributeReader } from '../attributes.js';
import { stringsFor, type Lang } from '../i18n/index.js';
import type { ThrowPlayer } from '../session/game-session.js';
import { Observable } from './Observable.js';
import { prefersReducedMotion } from './reduced-motion.js';
import type { SessionController } from './SessionController.js';

/** What the table reads of the element: whether it has rendered, where the stage is, its public properties. */
export type TableHost = ReactiveControllerHost & {
  readonly hasUpdated: boolean;
  readonly renderRoot: ParentNode;
  readonly language: Lang;
  readonly reducedMotion: boolean;
  readonly quality: string | null;
};

/**
 * The element's 3D table (or flat dice without WebGL) for as long as the element is on the page: built
 * into the stage after the first render and again when the element is put back after removal, freed
 * when it is taken off, and handed the session's game after every render (it is a function of the game:
 * it moves only the dice that differ from what it shows). What the pointer asks goes to `handlers`.
 */
export class TableController extends Observable implements ReactiveController {
  /** Whether the table has no 3D scene (no WebGL: the dice are drawn flat in the overlay). */
  noWebgl = false;
  private readonly table: DiceTable;
  private readonly attrs = new AttributeReader('dice-poker');
  /** Settles once the first render's table is built (see `hostUpdated`). */
  private firstBuild: Promise<void> = Promise.resolve();
  private connected = false;

  constructor(
    private readonly host: TableHost,
    private readonly sessions: SessionController,
    handlers: TableHandlers,
  ) {
    super();
    host.addController(this);
    this.table = new DiceTable({
      ...handlers,
      changed: () => {
        this.noWebgl = !this.table.scene;
        this.changed();
      },
    });
  }

  /** Settles once the table of the element's first render is built (or will not be: taken off first). */
  get firstBuilt(): Promise<void> {
    return this.firstBuild;
  }

  /** The 3D scene, or undefined without WebGL (or while the element is off the page). */
  get scene(): DiceScene | undefined {
    return this.table.scene;
  }

  /** Plays a throw's recording on the table (once it is built); resolves when the dice rest. */
  readonly play: ThrowPlayer = async (trajectory, faces, held) => {
    await this.firstBuild;
    return this.table.play(trajectory, faces, held);
  };

  /** Where die `index` is drawn now, in client pixels, or null without a 3D table. */
  dieAt(index: number): { x: number; y: number } | null {
    return this.table.dieAt(index);
  }

  hostConnected(): void {
    this.connected = true;
    // Reattached after removal: the scene was freed on disconnect, so build it again.
    if (this.host.hasUpdated && !this.table.built) this.build();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.table.dispose();
  }

  hostUpdated(): void {
    if (!this.host.hasUpdated) this.firstBuild = this.buildFirst();
    else this.table.setQuality(this.quality);
    // The table is a function of the game: it moves only the dice that differ from what it shows.
    const game = this.sessions.game;
    const reducedMotion = prefersReducedMotion(this.host);
    this.table.sync({
      dice: game?.dice ?? null,
      held: game?.held ?? null,
      // Flicks and taps on the table count only while a person plays a turn and no dice roll.
      inputTaken: this.sessions.personMayAct && !this.sessions.busy,
      // Before a turn's first throw there is nothing to lose: a tap on the felt may throw.
      beforeFirstThrow: game?.rollsUsed === 0,
      label: stringsFor(this.host.language).said.table(game?.dice ?? [], game?.held ?? []),
      // The keys (the view's .keys), read as the table's description.
      describedBy: 'keys',
      reducedMotion,
    });
  }

  /**
   * The first render's table (the first render made the stage: hasUpdated turns true only after the
   * controllers' hostUpdated), in tasks of its own after that render: the stage's layout (reading its
   * size works it out), the WebGL context, then the table. They are the longest part of a start, and
   * the element's first render (its words and panels) is painted without waiting.
   */
  private async buildFirst(): Promise<void> {
    const steps = [
      () => this.stage.getBoundingClientRect(),
      () => this.table.prepare(this.stage, this.quality),
      () => this.build(),
    ];
    for (const step of steps) {
      await nextTask();
      if (!this.connected || this.table.built) return;
      step();
    }
  }

  private build(): void {
    this.table.build(this.stage, prefersReducedMotion(this.host), this.quality);
  }

  /** Where the table is drawn: the element's stage. */
  private get stage(): HTMLElement {
    return this.host.renderRoot.querySelector<HTMLElement>('.stage')!;
  }

  /** The look asked for by the `quality` attribute (undefined: the device chooses). */
  private get quality(): 'high' | 'low' | undefined {
    return this.attrs.quality(this.host.quality);
  }
}
