import { winners, type Game } from '../engine/index.js';
import type { Strings } from './i18n/index.js';

/** Who won a finished game, in words: one winner, or a draw said as such. */
export function verdictOf(game: Game, s: Strings): string {
  const names = game.players.map((p) => p.name);
  const won = winners(game);
  return won.length > 1 ? s.draw(won.map((i) => names[i]!)) : s.winner(names[won[0]!]!);
}
