// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { apply, newGame, scoreOptions, type Game, type RowId } from '../../../engine/index.js';
import { stringsFor } from '../../i18n/index.js';
import './dp-scorecard.js';

/** A seeded game after the throws and rows given, each turn thrown with the faces given. */
function played(turns: { faces: number[]; row?: RowId }[], players = ['Mari', 'Jüri'], rules = 'seed') {
  let game = newGame({ players, seed: 1, rules: rules as 'seed' | 'classic' | 'yahtzee' | 'yatzy' });
  for (const { faces, row } of turns) {
    game = apply(game, { type: 'roll', faces });
    if (row) game = apply(game, { type: 'score', row });
  }
  return game;
}

/** A <dp-scorecard> on the page showing `game`, rendered. */
async function mount(game: Game, options: Partial<Record<RowId, number>> = scoreOptions(game)) {
  const el = document.createElement('dp-scorecard');
  el.game = game;
  el.strings = stringsFor('en');
  el.options = options;
  document.body.append(el);
  await el.updateComplete;
  return el;
}

/** The `dp-request-score` events that reach the document. */
function scoreRequests(): CustomEvent<{ row: RowId }>[] {
  const seen: CustomEvent<{ row: RowId }>[] = [];
  document.addEventListener('dp-request-score', (e) => seen.push(e));
  return seen;
}

const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

afterEach(() => document.body.replaceChildren());

describe('<dp-scorecard>', () => {
  it('shows a column per player, 13 rows, the totals and the player to act', async () => {
    const game = played([{ faces: [6, 6, 6, 2, 1], row: 'sixes' }, { faces: [1, 2, 3, 4, 5] }]);
    const el = await mount(game);
    const root = el.shadowRoot!;
    const heads = [...root.querySelectorAll('thead th')].map(text);
    expect(heads).toEqual(['Player', 'Mari', 'Jüri']);
    expect(root.querySelectorAll('tbody tr[data-row]')).toHaveLength(13);
    expect(text(root.querySelector('thead th.current'))).toBe('Jüri');
    expect(text(root.querySelector('tr[data-row="sixes"] td'))).toBe('18');
    expect(text(root.querySelector('[data-total="0"]'))).toBe('18');
    expect(text(root.querySelector('[data-total="1"]'))).toBe('0');
    // No bonus row under the seed rules; one under classic.
    expect(root.textContent).not.toContain('Bonus');
    const classic = await mount(played([], ['Ann'], 'classic'));
    expect([...classic.shadowRoot!.querySelectorAll('tbody th[scope="row"]')].map(text)).toContain('Bonus');
  });

  it('marks one who forfeited as out: named so, never the player to act', async () => {
    let game = played([{ faces: [6, 6, 6, 2, 1], row: 'sixes' }], ['Mari', 'Jüri', 'Liis']);
    game = apply(game, { type: 'forfeit' });
    const root = (await mount(game)).shadowRoot!;
    const out = root.querySelector('thead th[data-out]')!;
    expect(out.getAttribute('aria-label')).toBe('Jüri (out)');
    expect(out.classList.contains('out')).toBe(true);
    expect(text(root.querySelector('thead th.current'))).toBe('Liis');
  });

  it("offers the current player's free rows with their points and asks for the one clicked", async () => {
    const game = played([{ faces: [1, 2, 3, 4, 5] }]);
    const el = await mount(game);
    const buttons = el.shadowRoot!.querySelectorAll<HTMLButtonElement>('button.option');
    expect(buttons).toHaveLength(13);
    const large = el.shadowRoot!.querySelector<HTMLButtonElement>('button.option[data-row="largeStraight"]')!;
    expect(text(large)).toBe('40');
    expect(large.getAttribute('aria-label')).toBe('Large straight: scores 40');
    // The other player's column offers nothing.
    expect(el.shadowRoot!.querySelectorAll('td:not(.current) button')).toHaveLength(0);

    const seen = scoreRequests();
    large.click();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.detail).toEqual({ row: 'largeStraight' });
    expect(seen[0]!.bubbles).toBe(true);
    expect(seen[0]!.composed).toBe(true);
  });

  it('asks before scoring a 0, and asks nothing when the question is cancelled', async () => {
    const el = await mount(played([{ faces: [1, 2, 3, 4, 5] }]));
    const seen = scoreRequests();
    el.shadowRoot!.querySelector<HTMLButtonElement>('button.option[data-row="fiveOfAKind"]')!.click();
    await el.updateComplete;
    const dialog = el.shadowRoot!.querySelector('[role="alertdialog"]');
    expect(text(dialog?.querySelector('p'))).toBe('Score 0 in Five of a kind?');
    expect(seen).toHaveLength(0);
    // The keyboard is on the safe answer: an Enter too many throws no row away.
    expect(text(el.shadowRoot!.activeElement)).toBe('Cancel');

    [...dialog!.querySelectorAll('button')].find((b) => text(b) === 'Cancel')!.click();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[role="alertdialog"]')).toBeNull();
    expect(seen).toHaveLength(0);
    // Back on the row it asked about.
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement?.getAttribute('data-row')).toBe('fiveOfAKind');

    el.shadowRoot!.querySelector<HTMLButtonElement>('button.option[data-row="fiveOfAKind"]')!.click();
    await el.updateComplete;
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-confirm-zero]')!.click();
    expect(seen.map((e) => e.detail)).toEqual([{ row: 'fiveOfAKind' }]);
  });

  it('keeps the question about a 0 through a new view of the same position, and drops it on a new one', async () => {
    const game = played([{ faces: [1, 2, 3, 4, 5] }]);
    const el = await mount(game);
    const question = () => el.shadowRoot!.querySelector('[role="alertdialog"]');
    el.shadowRoot!.querySelector<HTMLButtonElement>('button.option[data-row="fiveOfAKind"]')!.click();
    await el.updateComplete;
    expect(question()).not.toBeNull();
    // The same position sent again as new objects (as after a throw shown at rest, or online).
    el.game = structuredClone(game);
    el.options = scoreOptions(game);
    await el.updateComplete;
    expect(question()).not.toBeNull();
    // A hold is a new position: the question goes.
    const held = apply(game, { type: 'hold', index: 0, held: true });
    el.game = held;
    el.options = scoreOptions(held);
    await el.updateComplete;
    expect(question()).toBeNull();
  });

  it('offers nothing to click while disabled (dice rolling) and nothing before a throw', async () => {
    const el = await mount(played([{ faces: [2, 2, 3, 3, 3] }]));
    el.disabled = true;
    await el.updateComplete;
    const buttons = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('button.option')];
    expect(buttons.length).toBeGreaterThan(0);
    expect(buttons.every((b) => b.disabled)).toBe(true);

    const fresh = await mount(played([]));
    expect(fresh.shadowRoot!.querySelectorAll('button.option')).toHaveLength(0);
  });

  it('shows names as text, never as markup', async () => {
    const el = await mount(played([], ['<b>Bold</b>', '<img src=x>']));
    expect(el.shadowRoot!.querySelectorAll('b, img')).toHaveLength(0);
    expect([...el.shadowRoot!.querySelectorAll('thead th')].map(text)).toContain('<b>Bold</b>');
  });

  it('focusOptions() puts the keyboard on the first row offered', async () => {
    const el = await mount(played([{ faces: [1, 2, 3, 4, 5] }]));
    el.focusOptions();
    expect(el.shadowRoot!.activeElement?.getAttribute('data-row')).toBe('ones');
  });
});

describe('<dp-scorecard> under the other rule sets', () => {
  it('shows the 15 Yatzy rows in their order with the upper bonus line', async () => {
    const game = played([{ faces: [3, 3, 5, 5, 1], row: 'twoPairs' }], ['Ann'], 'yatzy');
    const root = (await mount(game)).shadowRoot!;
    const rows = [...root.querySelectorAll('tbody tr[data-row]')].map((tr) => tr.getAttribute('data-row'));
    expect(rows).toEqual([
      'ones',
      'twos',
      'threes',
      'fours',
      'fives',
      'sixes',
      'onePair',
      'twoPairs',
      'threeOfAKind',
      'fourOfAKind',
      'smallStraight',
      'largeStraight',
      'fullHouse',
      'chance',
      'fiveOfAKind',
    ]);
    expect(text(root.querySelector('tr[data-row="twoPairs"] td'))).toBe('16');
    expect(text(root.querySelector('tr[data-row="fiveOfAKind"] th'))).toBe('Yatzy');
    const names = [...root.querySelectorAll('tbody th[scope="row"]')].map(text);
    expect(names).toContain('Bonus');
    expect(names).not.toContain('Yahtzee bonus');
  });

  it('shows a Yahtzee bonus line that counts 100 for each joker after a 50', async () => {
    const game = played(
      [
        { faces: [4, 4, 4, 4, 4], row: 'fiveOfAKind' },
        { faces: [4, 4, 4, 4, 4], row: 'fours' },
        { faces: [2, 2, 2, 2, 2] },
      ],
      ['Ann'],
      'yahtzee',
    );
    const el = await mount(game);
    const root = el.shadowRoot!;
    expect(text(root.querySelector('tr[data-row="fiveOfAKind"] th'))).toBe('Yahtzee');
    // The points and how many bonuses made them.
    const bonus = root.querySelector('tr[data-bonus="yahtzee"] td');
    expect(text(bonus)).toBe('100 ×1');
    expect(bonus!.getAttribute('title')).toBe('1 Yahtzee bonus');
    expect(text(root.querySelector('[data-total="0"]'))).toBe('170');
    // The joker is forced into Twos: the only row offered.
    expect([...root.querySelectorAll('button.option')].map((b) => b.getAttribute('data-row'))).toEqual([
      'twos',
    ]);
  });
});
