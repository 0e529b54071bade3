import type { Game } from '../engine/index.js';
import { computerSeatNumber } from '../online/computer-names.js';
import { LANGS, stringsFor, type Strings } from './i18n/index.js';
import type { SeatKind } from './coach/seats.js';

/**
 * A seat's name as the page shows it: an online table's computer seat, which the server names in
 * English for every client (`Computer 2`), in the page's language (`Arvuti 2`); any other name as it is.
 * No person may take such a name online, so a computer's seat alone is renamed.
 */
export function shownName(name: string, computer: boolean, strings: Strings): string {
  const n = computer ? computerSeatNumber(name) : null;
  return n === null ? name : strings.computerSeat(n);
}

/** Whether `name` is a name the page gives by itself, in any language: `Player 2`, `Arvuti · hea`. */
export function isGivenName(name: string): boolean {
  return LANGS.some((lang) => {
    const s = stringsFor(lang);
    const numbered = s.defaultName(0).split('0');
    const n = name.startsWith(numbered[0]!) && name.endsWith(numbered[1]!);
    const digits = name.slice(numbered[0]!.length, name.length - numbered[1]!.length);
    return (n && /^[1-9]\d?$/.test(digits)) || Object.values(s.computerKind).includes(name);
  });
}

/**
 * A seat's name in a game in the page, as shown: a name the page gave (isGivenName) in the page's
 * language now, a computer's by what it is (`Computer · good`); a name someone typed as it is.
 */
export function localShownName(name: string, kind: SeatKind, seat: number, strings: Strings): string {
  if (!isGivenName(name)) return name;
  return kind === 'human' ? strings.defaultName(seat + 1) : strings.computerKind[kind];
}

/**
 * The game with its seats' names as shown by `shown` (see shownName, localShownName), for the sheet,
 * the controls and the panels; the same object when no name changes. What the element reports
 * (`state`) keeps the table's own names.
 */
export function withShownNames(game: Game, shown: (name: string, seat: number) => string): Game {
  const names = game.players.map((p, i) => shown(p.name, i));
  if (names.every((name, i) => name === game.players[i]!.name)) return game;
  return { ...game, players: game.players.map((p, i) => ({ ...p, name: names[i]! })) };
}
