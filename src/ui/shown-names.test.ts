import { describe, expect, it } from 'vitest';
import { newGame } from '../engine/index.js';
import { stringsFor } from './i18n/index.js';
import { isGivenName, localShownName, shownName, withShownNames } from './shown-names.js';

describe('names as shown', () => {
  it('an online computer seat in the page’s language, every other name as it is', () => {
    const et = stringsFor('et');
    expect(shownName('Computer 1', true, et)).toBe('Arvuti 1');
    expect(shownName('Computer 12', true, stringsFor('en'))).toBe('Computer 12');
    expect(shownName('Computer 1', false, et)).toBe('Computer 1');
    expect(shownName('Computer 1x', true, et)).toBe('Computer 1x');
    expect(shownName('Mari', true, et)).toBe('Mari');
  });

  it('renames the computers of a game, and leaves a game without them untouched', () => {
    const et = stringsFor('et');
    const game = newGame({ players: ['Mari', 'Computer 1'], seed: 1 });
    const shown = withShownNames(game, (name, seat) => shownName(name, seat === 1, et));
    expect(shown.players.map((p) => p.name)).toEqual(['Mari', 'Arvuti 1']);
    expect(game.players[1]!.name).toBe('Computer 1');
    expect(withShownNames(game, (name) => shownName(name, false, et))).toBe(game);
  });

  it.each([
    ['Player 2', true],
    ['Mängija 3', true],
    ['Computer · good', true],
    ['Arvuti · mängib võidule', true],
    ['Player 2b', false],
    ['Player', false],
    ['Mari', false],
    ['Computer 2', false],
  ] as const)('knows %j as a name the page gives: %s', (name, given) => {
    expect(isGivenName(name)).toBe(given);
  });

  it('shows the names a game in the page gave in the page’s language now, a computer’s by what it is', () => {
    const et = stringsFor('et');
    const en = stringsFor('en');
    expect(localShownName('Player 1', 'human', 0, et)).toBe('Mängija 1');
    expect(localShownName('Mängija 2', 'human', 1, en)).toBe('Player 2');
    expect(localShownName('Player 2', 'winner', 1, en)).toBe('Computer · plays to win');
    expect(localShownName('Computer · good', 'good', 1, et)).toBe('Arvuti · hea');
    expect(localShownName('Mari', 'human', 0, en)).toBe('Mari');
    expect(localShownName('Robo', 'easy', 1, en)).toBe('Robo');
  });
});
