/**
 * What keeping a finished game in the history needs, loaded on demand as a chunk of its own (off the
 * page's start-up): the store, the records made from the game's review, and an import's words.
 */
import type { Game } from '../../engine/index.js';
import { recordsOf } from '../coach/history-model.js';
import { seatPlaysOf } from '../coach/hints-model.js';
import type { SeatKind } from '../coach/seats.js';
import type { SolverClient } from '../coach/SolverClient.js';
import type { HistoryNote } from '../components/dp-history/dp-history.component.js';
import type { Lang } from '../i18n/index.js';
import { historyStringsFor } from '../i18n/history-strings.js';
import type { GameRecord } from '../persistence/game-record.js';
import { GameHistory } from '../persistence/GameHistory.js';

export { GameHistory };

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
 * Reviews a finished game with the coach's solver (points, and chance to win in a game of two or more)
 * and keeps it; without a solver or a review, the game is kept by its score and place.
 */
export async function recordGame(
  history: GameHistory,
  { game, seats, online, kinds }: FinishedGame,
  solver: () => Promise<SolverClient | null>,
  date: Date,
): Promise<GameRecord[]> {
  const client = await solver().catch(() => null);
  const review = client ? await client.review(game).catch(() => null) : null;
  const plays = seatPlaysOf(kinds, game.players.length);
  const several = game.players.length > 1;
  const win = client && several ? await client.winReview(game, plays).catch(() => null) : null;
  const { games, saved } = history.add(recordsOf(game, review, win, { seats, online, date }));
  if (!saved.ok) console.warn(`<dice-poker>: the game could not be kept in the history (${saved.reason})`);
  return games;
}

/** Imports a history file: the games now, and the word for the panel (a refused file changes nothing). */
export function importInto(
  history: GameHistory,
  text: string,
  lang: Lang,
): { games: GameRecord[] | null; note: HistoryNote } {
  const words = historyStringsFor(lang);
  const result = history.importFile(text);
  if (!result.ok) return { games: null, note: { text: words.refused[result.error.code], refused: true } };
  const note = result.saved.ok
    ? { text: words.imported(result.added), refused: false }
    : { text: words.notSaved, refused: true };
  return { games: result.games, note };
}
