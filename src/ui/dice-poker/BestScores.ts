import type { Game } from '../../engine/index.js';
import type { HighScore } from '../persistence/high-scores.js';
import type { ScoreHistory } from '../persistence/ScoreHistory.js';
import { Observable } from './Observable.js';

function warnLost(error: unknown): void {
  console.warn('<dice-poker>: the best scores could not be loaded', error);
}

/**
 * The best scores under one storage key, kept by the lazily loaded game-end chunk (see game-end.ts).
 * Call `preload()` while a game is under way, so its end finds the chunk ready; until it has arrived
 * the list reads as empty and its listeners are told once it is there.
 */
export class BestScores extends Observable {
  private history: ScoreHistory | null = null;
  private loading: Promise<{
    history: ScoreHistory;
    highScoresOf: typeof import('./game-end.js').highScoresOf;
  }> | null = null;

  constructor(private readonly storageKey: string) {
    super();
  }

  /** Starts loading the game-end chunk, if it is not loaded or on its way (a failed load is retried). */
  preload(): void {
    this.load().catch(() => {});
  }

  /** Loads the game-end chunk (once) and opens the scores under this storage key. */
  private load() {
    this.loading ??= import('./game-end.js').then(
      ({ ScoreHistory, highScoresOf }) => {
        this.history = new ScoreHistory({ storageKey: this.storageKey });
        return { history: this.history, highScoresOf };
      },
      (error: unknown) => {
        // Offline or blocked: the game plays on without its best scores, and the next call retries.
        this.loading = null;
        throw error;
      },
    );
    return this.loading;
  }

  /** The best scores, best first ([] until loaded: loading starts, and its listeners are told). */
  list(): HighScore[] {
    if (this.history) return this.history.list();
    this.load().then(
      () => this.changed(),
      () => {},
    );
    return [];
  }

  /** Records the scores of a finished game for the players `include` accepts (the people). */
  add(game: Game, include: (player: number) => boolean, date = new Date()): void {
    this.load().then(({ history, highScoresOf }) => {
      history.add(highScoresOf(game, date, include));
      this.changed();
    }, warnLost);
  }

  /** Forgets the best scores. */
  clear(): void {
    this.load().then(({ history }) => {
      history.clear();
      this.changed();
    }, warnLost);
  }
}
