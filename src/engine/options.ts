import { canScore, freeRows, type Game } from './game.js';
import type { RowId } from './rows.js';
import { rowPoints } from './scoring.js';

/** What each free row would score with the dice on the table now; empty before the turn's first throw. */
export function scoreOptions(game: Game): Partial<Record<RowId, number>> {
  if (!canScore(game)) return {};
  return Object.fromEntries(freeRows(game).map((row) => [row, rowPoints(row, game.dice)]));
}
