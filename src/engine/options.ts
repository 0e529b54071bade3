import { scoringRows, type Game } from './game.js';
import type { RowId } from './rows.js';
import { sheetRowPoints } from './scoring.js';

/**
 * What each row the dice on the table may be scored in would score now (every free row, or those a
 * Yahtzee joker may take, at its points); empty before the turn's first throw.
 */
export function scoreOptions(game: Game): Partial<Record<RowId, number>> {
  const rows = scoringRows(game);
  const scores = game.players[game.current]?.scores ?? {};
  return Object.fromEntries(rows.map((row) => [row, sheetRowPoints(game.rules, scores, row, game.dice)]));
}
