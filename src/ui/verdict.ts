import { winners, type Game } from '../engine/index.js';
import type { Strings } from './i18n/index.js';

/** Who won a finished game, in words: one winner, or a draw said as such. */
export function verdictOf(game: Game, s: Strings): string {
  const names = game.players.map((p) => p.name);
  const won = winners(game);
  // No one left to win (a lone player forfeited): the game is only over.
  if (won.length === 0) return s.gameOver;
  return won.length > 1 ? s.draw(won.map((i) => names[i]!)) : s.winner(names[won[0]!]!);
}
