import type { SolverClient } from '../coach/SolverClient.js';
import type { Lang } from '../i18n/index.js';
import type { GameRecord } from '../persistence/game-record.js';
import type { HistoryNote } from '../components/dp-history/dp-history.component.js';
import type { FinishedGame } from './history-end.js';
import { loadHistoryPanel } from './panel-chunks.js';
import { Observable } from './Observable.js';

export type { FinishedGame };

function warn(error: unknown): void {
  console.warn('<dice-poker>: the history failed', error);
}

/**
 * The history of finished games under one storage key (the History panel's): what the panel shows,
 * and the calls that keep a game, open the panel and import a file. The work is done by a lazily
 * loaded chunk (history-end.ts), off the page's start-up. Nothing here throws: a failure is warned
 * about and play goes on.
 */
export class PlayHistory extends Observable {
  /** The panel is open. */
  open = false;
  /** The games kept, as last read (loaded when the panel opens). */
  games: GameRecord[] = [];
  /** What the last import did, shown on the panel. */
  note: HistoryNote | null = null;
  private chunk: Promise<{
    end: typeof import('./history-end.js');
    store: InstanceType<typeof import('./history-end.js').GameHistory>;
  }> | null = null;

  constructor(private readonly storageKey: string) {
    super();
  }

  private load() {
    this.chunk ??= import('./history-end.js').then(
      (end) => ({ end, store: new end.GameHistory({ storageKey: this.storageKey }) }),
      (error: unknown) => {
        this.chunk = null; // retried on the next call
        throw error;
      },
    );
    return this.chunk;
  }

  /** Reviews a finished game and keeps it, in the background (see history-end.ts). */
  record(finished: FinishedGame, solver: () => Promise<SolverClient | null>): void {
    if (!finished.seats.length) return;
    const date = new Date();
    this.load()
      .then(({ end, store }) => end.recordGame(store, finished, solver, date))
      .then((games) => {
        this.games = games;
        this.changed();
      })
      .catch(warn);
  }

  /** Opens the panel: its chunk and the games kept (resolves once it is asked to show). */
  show(): Promise<void> {
    loadHistoryPanel();
    this.note = null;
    return this.load().then(({ store }) => {
      this.games = store.list();
      this.open = true;
      this.changed();
    }, warn);
  }

  hide(): void {
    this.open = false;
    this.note = null;
    this.changed();
  }

  /** Imports a history file; what happened is the panel's note (a refused file changes nothing). */
  importFile(text: string, lang: Lang): void {
    this.load().then(({ end, store }) => {
      const { games, note } = end.importInto(store, text, lang);
      if (games) this.games = games;
      this.note = note;
      this.changed();
    }, warn);
  }
}
