import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Game } from '../../engine/index.js';
import { DiceTable, type DiceScene, type TableHandlers } from '../../scene/index.js';
import type { Strings } from '../i18n/index.js';
import type { ThrowPlayer } from '../session/game-session.js';

/** What the table needs of the element itself: whether it has rendered, and where the stage is. */
export type TableHost = ReactiveControllerHost & {
  readonly hasUpdated: boolean;
  readonly renderRoot: ParentNode;
};

/** What the table shows, read from the element after each of its renders (its state is private to it). */
export interface TableShows {
  /** The game played (null before the first one). */
  game(): Game | null;
  /** Whether a person may press on the table now. */
  inputTaken(): boolean;
  /** The words of the language shown. */
  strings(): Strings;
  /** Whether throws resolve at once and nothing animates. */
  reducedMotion(): boolean;
}

/**
 * The element's 3D table (or flat dice without WebGL) for as long as the element is on the page: built
 * into the stage after the first render and again when the element is put back after removal, freed
 * when it is taken off, and handed the game after every render (it is a function of the game: it moves
 * only the dice that differ from what it shows). What the pointer asks goes to `handlers`.
 */
export class TableController implements ReactiveController {
  /** Whether the table has no 3D scene (no WebGL: the dice are drawn flat in the overlay). */
  noWebgl = false;
  private readonly table: DiceTable;

  constructor(
    private readonly host: TableHost,
    handlers: TableHandlers,
    private readonly shows: TableShows,
  ) {
    host.addController(this);
    this.table = new DiceTable({
      ...handlers,
      changed: () => {
        this.noWebgl = !this.table.scene;
        this.host.requestUpdate();
      },
    });
  }

  /** The 3D scene, or undefined without WebGL (or while the element is off the page). */
  get scene(): DiceScene | undefined {
    return this.table.scene;
  }

  /** Plays a throw's recording on the table; resolves when the dice rest. */
  readonly play: ThrowPlayer = (trajectory, faces, held) => this.table.play(trajectory, faces, held);

  /** Where die `index` is drawn now, in client pixels, or null without a 3D table. */
  dieAt(index: number): { x: number; y: number } | null {
    return this.table.dieAt(index);
  }

  hostConnected(): void {
    // Reattached after removal: the scene was freed on disconnect, so build it again.
    if (this.host.hasUpdated && !this.table.built) this.build();
  }

  hostDisconnected(): void {
    this.table.dispose();
  }

  hostUpdated(): void {
    // The first render made the stage (hasUpdated turns true only after the controllers' hostUpdated).
    if (!this.host.hasUpdated) this.build();
    // The table is a function of the game: it moves only the dice that differ from what it shows.
    const game = this.shows.game();
    this.table.sync({
      dice: game?.dice ?? null,
      held: game?.held ?? null,
      inputTaken: this.shows.inputTaken(),
      // Before a turn's first throw there is nothing to lose: a tap on the felt may throw.
      beforeFirstThrow: game?.rollsUsed === 0,
      label: this.shows.strings().said.table(game?.dice ?? [], game?.held ?? []),
      // The keys (the view's .keys), read as the table's description.
      describedBy: 'keys',
      reducedMotion: this.shows.reducedMotion(),
    });
  }

  private build(): void {
    this.table.build(this.host.renderRoot.querySelector<HTMLElement>('.stage')!, this.shows.reducedMotion());
  }
}
