import { totals, type Game } from '../../engine/index.js';
import type { WinReviewedDecision } from '../../engine/solver/index.js';
import { diceLuck, type GameReview } from '../../engine/solver/review.js';
import { placesOf, rounded, type GameRecord } from '../persistence/game-record.js';

/** How a finished game is kept: who is recorded, where it was played, and when it ended. */
export interface RecordOptions {
  /** The seats of the people at this device (a computer's seat, or another device's, is not theirs). */
  seats: readonly number[];
  online: boolean;
  date: Date;
}

/**
 * The records of a finished game, one per person at this device, with its review: the points lost
 * against optimal play (`review`), the chance to win given away (`winDecisions`, a game of two or more)
 * and the dice's luck (`diceLuck`). Without a review a record keeps the score and the place alone.
 */
export function recordsOf(
  game: Game,
  review: GameReview | null,
  winDecisions: readonly WinReviewedDecision[] | null,
  { seats, online, date }: RecordOptions,
): GameRecord[] {
  const scores = totals(game);
  const places = placesOf(game);
  const iso = date.toISOString();
  const several = game.players.length > 1;
  return seats.map((seat) => {
    const mine = review?.players[seat];
    // A chance is at most 1 (100%): what the decisions gave up, added up, is kept on that scale.
    const winLost =
      winDecisions && several
        ? Math.min(
            1,
            winDecisions.filter((d) => d.player === seat).reduce((sum, d) => sum + d.loss, 0),
          )
        : null;
    return {
      id: `${iso}/${seat}`,
      date: iso,
      rules: game.rules,
      players: game.players.length,
      seat,
      name: game.players[seat]!.name.trim(),
      online,
      score: scores[seat]!,
      place: places[seat]!,
      pointsLost: mine ? rounded(mine.totalLoss) : null,
      winLost: winLost === null ? null : rounded(winLost),
      luck: mine ? rounded(diceLuck(mine)) : null,
      average: mine ? rounded(mine.expectedAtStart) : null,
    };
  });
}

/** A series' averages: over its last `recent` games that have a value, and over all of them. */
export interface SeriesAverages {
  recent: number | null;
  all: number | null;
  /** How many games have a value. */
  count: number;
}

/** The averages of a series, oldest first (games without a value, e.g. no review, are left out). */
export function averagesOf(values: readonly (number | null)[], recent = 10): SeriesAverages {
  const known = values.filter((v): v is number => v !== null);
  const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  return { recent: mean(known.slice(-recent)), all: mean(known), count: known.length };
}

/** The names games were played under, the most recent first. */
export function namesOf(games: readonly GameRecord[]): string[] {
  return [...new Set([...games].reverse().map((g) => g.name))];
}
