import type { Game } from '../engine/index.js';
import { computerSeatNumber } from '../online/computer-names.js';
import type { Strings } from './i18n/index.js';

/**
 * A seat's name as the page shows it: an online table's computer seat, which the server names in
 * English for every client (`Computer 2`), in the page's language (`Arvuti 2`); any other name as it is.
 * No person may take such a name online, so a computer's seat alone is renamed.
 */
export function shownName(name: string, computer: boolean, strings: Strings): string {
  const n = computer ? computerSeatNumber(name) : null;
  return n === null ? name : strings.computerSeat(n);
}

/**
 * The game with its computer seats' names as shown (see shownName), for the sheet, the controls and
 * the panels; the same object when no name changes. What the element reports (`state`) keeps the
 * table's own names.
 */
export function withShownNames(game: Game, computer: (seat: number) => boolean, strings: Strings): Game {
  const names = game.players.map((p, i) => shownName(p.name, computer(i), strings));
  if (names.every((name, i) => name === game.players[i]!.name)) return game;
  return { ...game, players: game.players.map((p, i) => ({ ...p, name: names[i]! })) };
}
