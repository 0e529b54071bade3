import { describe, expect, it } from 'vitest';
import { newGame } from '../engine/index.js';
import { stringsFor } from './i18n/index.js';
import { shownName, withShownNames } from './shown-names.js';

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
    const game = newGame({ players: ['Mari', 'Computer 1'], seed: 1 });
    const shown = withShownNames(game, (seat) => seat === 1, stringsFor('et'));
    expect(shown.players.map((p) => p.name)).toEqual(['Mari', 'Arvuti 1']);
    expect(game.players[1]!.name).toBe('Computer 1');
    expect(withShownNames(game, () => false, stringsFor('et'))).toBe(game);
  });
});
