import type { Game } from '../../engine/index.js';
import type { SolverClient } from '../coach/SolverClient.js';
import type { SeatKind } from '../coach/seats.js';
import type { Strings } from '../i18n/index.js';
import type { GameRecord } from '../persistence/game-record.js';
import type { GameHistory } from '../persistence/GameHistory.js';
import type { HistoryNote } from '../components/dp-history/dp-history.component.js';
import { loadHistoryPanel } from './panel-chunks.js';

/** A finished game to keep: who of its seats are people at this device, and where it was played. */
export interface FinishedGame {
  game: Game;
  /** The seats of the people here. */
  seats: number[];
  online: boolean;
  /** Who played each seat (the review by chance to win judges each as it played). */
  kinds: readonly SeatKind[];
}

/**
 * The history of finished games under one storage key (the History panel's), kept by lazily loaded
 * chunks: `record()` reviews a finished game with the coach's solver and keeps it (the game alone when
 * no review can be had), `show()` opens the panel. Nothing here throws: a failure is warned about and
 * play goes on.
 */
export class PlayHistory {
  /** The panel is open. */
  open = false;
  /** The games kept, as last read (loaded when the panel opens). */
  games: GameRecord[] = [];
  /** What the last import did, shown on the panel. */
  note: HistoryNote | null = null;
  private store: Promise<GameHistory> | null = null;

  constructor(
    private readonly storageKey: string,
    private readonly changed: () => void,
  ) {}

  private history() {
    this.store ??= import('./history-end.js').then(
      ({ GameHistory }) => new GameHistory({ storageKey: this.storageKey }),
      (error: unknown) => {
        this.store = null;
        throw error;
      },
    );
    return this.store;
  }

  /** Reviews a finished game (points, and chance to win in a game of two or more) and keeps it. */
  record({ game, seats, online, kinds }: FinishedGame, solver: () => Promise<SolverClient | null>): void {
    if (!seats.length) return;
    const date = new Date();
    const several = game.players.length > 1;
    void (async () => {
      const [history, { recordsOf, seatPlaysOf }] = await Promise.all([
        this.history(),
        import('./history-end.js'),
      ]);
      const client = await solver().catch(() => null);
      const review = client ? await client.review(game).catch(() => null) : null;
      const plays = seatPlaysOf(kinds, game.players.length);
      const win = client && several ? await client.winReview(game, plays).catch(() => null) : null;
      const { games, saved } = history.add(recordsOf(game, review, win, { seats, online, date }));
      if (!saved.ok)
        console.warn(`<dice-poker>: the game could not be kept in the history (${saved.reason})`);
      this.games = games;
      this.changed();
    })().catch((error: unknown) =>
      console.warn('<dice-poker>: the game could not be kept in the history', error),
    );
  }

  /** Opens the panel: its chunk and the games kept (resolves once it is asked to show). */
  show(): Promise<void> {
    loadHistoryPanel();
    this.note = null;
    return this.history().then(
      (history) => {
        this.games = history.list();
        this.open = true;
        this.changed();
      },
      (error: unknown) => console.warn('<dice-poker>: the history could not be loaded', error),
    );
  }

  hide(): void {
    this.open = false;
    this.note = null;
    this.changed();
  }

  /** Imports a history file; what happened is the panel's note (a refused file changes nothing). */
  importFile(text: string, strings: () => Strings): void {
    void Promise.all([this.history(), import('../i18n/history-strings.js')]).then(
      ([history, { historyStringsFor }]) => {
        const words = historyStringsFor(strings().lang);
        const result = history.importFile(text);
        if (result.ok) {
          this.games = result.games;
          this.note = result.saved.ok
            ? { text: words.imported(result.added), refused: false }
            : { text: words.notSaved, refused: true };
        } else {
          this.note = { text: words.refused[result.error.code], refused: true };
        }
        this.changed();
      },
    );
  }
}
