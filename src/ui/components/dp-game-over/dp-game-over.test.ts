// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ROWS, apply, newGame, type Game } from '../../../engine/index.js';
import type { HighScore } from '../../persistence/index.js';
import { stringsFor } from '../../i18n/index.js';
import './dp-game-over.js';

/** A finished game: each player scores every row in order, each turn thrown with their own faces. */
function finished(faces: number[][]): Game {
  let game = newGame({ players: ['Mari', 'Jüri', 'Liis'].slice(0, faces.length), seed: 3 });
  for (const row of ROWS) {
    for (const dice of faces)
      game = apply(apply(game, { type: 'roll', faces: dice }), { type: 'score', row });
  }
  return game;
}

/** A <dp-game-over> on the page for `game`, rendered. */
async function mount(game: Game, history: HighScore[] = []) {
  const el = document.createElement('dp-game-over');
  el.game = game;
  el.strings = stringsFor('en');
  el.history = history;
  el.lang = 'en';
  document.body.append(el);
  await el.updateComplete;
  return el;
}

const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

afterEach(() => document.body.replaceChildren());

describe('<dp-game-over>', () => {
  it('names the winner and lists the totals best first', async () => {
    // Jüri's sixes beat Mari's ones in every row that counts them.
    const el = await mount(
      finished([
        [1, 1, 1, 1, 2],
        [6, 6, 6, 6, 5],
        [3, 3, 3, 4, 4],
      ]),
    );
    expect(text(el.shadowRoot!.querySelector('[data-verdict]'))).toBe('Jüri wins!');
    const lines = [...el.shadowRoot!.querySelectorAll('ol:not(.history) li')];
    expect(lines.map((li) => text(li.querySelector('span')))).toEqual(['Jüri', 'Liis', 'Mari']);
    expect(lines.map((li) => li.classList.contains('win'))).toEqual([true, false, false]);
    expect(text(lines[0]!.querySelector('span:last-child'))).toMatch(/^\d+ points$/);
  });

  it('says a draw as such', async () => {
    const el = await mount(
      finished([
        [2, 3, 4, 5, 6],
        [2, 3, 4, 5, 6],
      ]),
    );
    expect(text(el.shadowRoot!.querySelector('[data-verdict]'))).toBe('A draw: Mari and Jüri share the win.');
    expect(el.shadowRoot!.querySelectorAll('li.win')).toHaveLength(2);
  });

  it('asks for a new game; with best scores shown, asks to clear them', async () => {
    const history: HighScore[] = [
      { name: 'Mari', score: 231, rules: 'seed', date: '2026-01-02T10:00:00.000Z' },
      { name: 'Jüri', score: 187, rules: 'seed', date: '2026-01-01T10:00:00.000Z' },
    ];
    const el = await mount(finished([[1, 2, 3, 4, 6]]), history);
    expect(text(el.shadowRoot!.querySelector('h3'))).toBe('Best scores');
    const best = [...el.shadowRoot!.querySelectorAll('[data-history] li')];
    expect(best.map((li) => [text(li.querySelector('span')), text(li.querySelector('.score'))])).toEqual([
      ['Mari', '231'],
      ['Jüri', '187'],
    ]);
    expect(best[0]!.querySelector('time')!.getAttribute('datetime')).toBe(history[0]!.date);
    // The month in words, as in History: never 1/2/2026 to be read either way.
    expect(text(best[0]!.querySelector('time'))).toMatch(/^(2 Jan 2026|Jan 2, 2026)$/);

    const seen: string[] = [];
    document.addEventListener('dp-request-setup', (e) => seen.push(`${e.type} ${e.bubbles && e.composed}`));
    document.addEventListener('dp-request-clear-history', (e) =>
      seen.push(`${e.type} ${e.bubbles && e.composed}`),
    );
    // Clearing is asked first; Keep (which has the keyboard) clears nothing.
    const button = (name: string) => el.shadowRoot!.querySelector<HTMLButtonElement>(`[data-${name}]`);
    button('clear-history')!.click();
    await el.updateComplete;
    expect(text(el.shadowRoot!.querySelector('[role="alertdialog"]'))).toContain(
      'Clear every best score on this device?',
    );
    expect(el.shadowRoot!.activeElement).toBe(button('keep-history'));
    button('keep-history')!.click();
    await el.updateComplete;
    expect(seen).toEqual([]);
    button('clear-history')!.click();
    await el.updateComplete;
    button('confirm-clear')!.click();
    button('new-game')!.click();
    expect(seen).toEqual(['dp-request-clear-history true', 'dp-request-setup true']);
  });

  it('without best scores: no list and nothing to clear', async () => {
    const el = await mount(finished([[1, 2, 3, 4, 6]]));
    expect(el.shadowRoot!.querySelector('[data-history]')).toBeNull();
    expect(el.shadowRoot!.querySelector('[data-clear-history]')).toBeNull();
    expect(text(el.shadowRoot!.querySelector('[data-new-game]'))).toBe('New game');
  });
});
