// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { stringsFor } from '../../i18n/index.js';
import { historyStringsFor } from '../../i18n/history-strings.js';
import type { GameRecord } from '../../persistence/game-record.js';
import './dp-history.js';

function game(n: number, over: Partial<GameRecord> = {}): GameRecord {
  const date = new Date(Date.UTC(2026, 10, n)).toISOString();
  return {
    id: `${date}/0`,
    date,
    rules: 'seed',
    players: 2,
    seat: 0,
    name: 'Mari',
    online: false,
    score: 200 + n,
    place: 1,
    pointsLost: n,
    winLost: 0.01 * n,
    luck: n % 2 ? -n : n,
    average: 229.6,
    ...over,
  };
}

const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

async function mount(games: GameRecord[], lang: 'en' | 'et' = 'en') {
  const el = document.createElement('dp-history');
  el.games = games;
  el.strings = stringsFor(lang);
  document.body.append(el);
  await el.updateComplete;
  return el;
}

afterEach(() => document.body.replaceChildren());

describe('<dp-history>', () => {
  it('charts score, skill and luck per game with the averages of the last 10 and of all, and a table each', async () => {
    const games = Array.from({ length: 12 }, (_, i) => game(i + 1));
    const el = await mount(games);
    const root = el.shadowRoot!;
    expect(text(root.querySelector('[data-count]'))).toBe('12 games');
    const score = root.querySelector('[data-series="score"]')!;
    expect(score.querySelectorAll('rect.bar')).toHaveLength(12);
    // Scores 201..212: the last 10 average 207.5, all 206.5 (shown whole).
    expect(text(score.querySelector('[data-averages]'))).toBe('Average: last 10 208 · all games 207');
    const skill = root.querySelector('[data-series="skill"]')!;
    expect(text(skill.querySelector('[data-averages]'))).toBe('Average: last 10 7.5 · all games 6.5');
    expect(skill.querySelectorAll('tbody tr')).toHaveLength(12);
    // The chance to win lost is a sum over the game's decisions: the table says so, and why it can pass 100.
    expect(text(skill.querySelector('[data-win-lost-help]'))).toContain('added up over the game');
    expect(score.querySelector('[data-win-lost-help]')).toBeNull();
    const luck = root.querySelector('[data-series="luck"]')!;
    expect(luck.querySelectorAll('rect.bar.below')).toHaveLength(6);
    expect(text(luck.querySelector('tbody tr td:nth-child(4)'))).toBe('−1.0');
  });

  it('names each game’s rule set in its table, by its short name', async () => {
    const el = await mount([game(1), game(2, { rules: 'yatzy' }), game(3, { rules: 'yahtzee' })]);
    const rows = [...el.shadowRoot!.querySelectorAll('[data-series="score"] tbody tr')];
    expect(rows.map((row) => text(row.querySelector('td:nth-child(3)')))).toEqual([
      'Täringupokker',
      'Yatzy',
      'Yahtzee',
    ]);
  });

  it('shows one player at a time, the latest game’s first; nothing yet says so', async () => {
    const el = await mount([game(1, { name: 'Jaan' }), game(2)]);
    expect((el.shadowRoot!.querySelector('[data-whose]') as HTMLSelectElement).value).toBe('Mari');
    expect(text(el.shadowRoot!.querySelector('[data-count]'))).toBe('1 game');
    const empty = await mount([]);
    expect(text(empty.shadowRoot!.querySelector('[data-empty]'))).toBe(historyStringsFor('en').empty);
    expect(empty.shadowRoot!.querySelector('[data-export]')!.hasAttribute('disabled')).toBe(true);
  });

  it('in Estonian, and Escape asks to close', async () => {
    const el = await mount([game(1)], 'et');
    expect(text(el.shadowRoot!.querySelector('h2'))).toBe('Ajalugu');
    let closed = 0;
    el.addEventListener('dp-request-close-history', () => closed++);
    el.shadowRoot!.querySelector('.card')!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
    );
    expect(closed).toBe(1);
  });
});
