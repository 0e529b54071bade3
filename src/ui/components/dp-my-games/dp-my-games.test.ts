// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { MyGame } from '../../../online/my-games.js';
import { myGameRows } from '../../dice-poker/MyGamesList.js';
import { onlineStringsFor } from '../../i18n/online-strings.js';
import './dp-my-games.js';
import type { MyGamesView } from './dp-my-games.js';

const NOW = Date.UTC(2026, 11, 2, 12);
const HOUR = 3_600_000;

/** One of my games: I sit at seat 0 with Mari, it is Jüri's turn, two hours of it left. */
function game(overrides: Partial<MyGame>): MyGame {
  return {
    roomId: 'room1',
    seat: 0,
    phase: 'playing',
    pace: 'own-pace',
    players: ['Mari', 'Jüri'],
    current: 1,
    round: 3,
    changedAt: NOW - HOUR,
    endsAt: NOW + 2 * HOUR,
    nudged: false,
    ...overrides,
  };
}

/** Three games: one waits on me, one on Jüri, one has not started; in `lang`, as the page makes them. */
function viewOf(lang: 'en' | 'et'): MyGamesView {
  const words = onlineStringsFor(lang);
  return {
    title: words.myGames,
    waiting: words.waitingOnYou(1),
    open: words.open,
    rows: myGameRows(
      [
        game({ roomId: 'theirs' }),
        game({ roomId: 'lobby', phase: 'lobby', current: null, endsAt: null, changedAt: NOW - 5 * 60_000 }),
        game({
          roomId: 'mine',
          players: ['Mari', 'Jüri', 'Tiit'],
          seat: 2,
          current: 2,
          endsAt: NOW + 23 * HOUR,
        }),
      ],
      lang,
      NOW,
    ),
  };
}

/** A <dp-my-games> on the page showing `view`, rendered. */
async function mount(view: MyGamesView | null) {
  const el = document.createElement('dp-my-games');
  el.view = view;
  document.body.append(el);
  await el.updateComplete;
  return el;
}

/** The `dp-request-open-game` events that reach the document, by their details, in order. */
function opened(): unknown[] {
  const seen: unknown[] = [];
  const listener = (e: Event) => seen.push((e as CustomEvent).detail);
  document.addEventListener('dp-request-open-game', listener);
  cleanups.push(() => document.removeEventListener('dp-request-open-game', listener));
  return seen;
}
const cleanups: (() => void)[] = [];

const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const rows = (el: Element) => [...el.shadowRoot!.querySelectorAll<HTMLLIElement>('li[data-my-game]')];
const openButton = (row: Element) => row.querySelector<HTMLButtonElement>('button')!;

afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  document.body.replaceChildren();
});

describe('<dp-my-games>', () => {
  it.each([
    [
      'en',
      'My games 1 waiting on you',
      [
        ['mine', 'Mari, Jüri and you', 'Your turn · 23 h left', 'Last move 1 h ago', 'Open'],
        ['theirs', 'Jüri and you', 'Jüri’s turn · 2 h left', 'Last move 1 h ago', 'Open'],
        ['lobby', 'Jüri and you', 'Waiting to start', 'Last move 5 min ago', 'Open'],
      ],
    ],
    [
      'et',
      'Minu mängud 1 ootab sind',
      [
        ['mine', 'Mari, Jüri ja sina', 'Sinu käik · 23 t jäänud', 'Viimane käik 1 t tagasi', 'Ava'],
        ['theirs', 'Jüri ja sina', 'Jüri käik · 2 t jäänud', 'Viimane käik 1 t tagasi', 'Ava'],
        ['lobby', 'Jüri ja sina', 'Ootab algust', 'Viimane käik 5 min tagasi', 'Ava'],
      ],
    ],
  ] as const)(
    'shows each game (%s): who plays, whose turn, the last move, and Open',
    async (lang, heading, expected) => {
      const el = await mount(viewOf(lang));
      expect(text(el.shadowRoot!.querySelector('h2'))).toBe(heading);
      expect(
        rows(el).map((row) => [
          row.dataset.myGame,
          text(row.querySelector('.players')),
          text(row.querySelector('.status')),
          text(row.querySelector('.detail')),
          text(openButton(row)),
        ]),
      ).toEqual(expected);
    },
  );

  it('the game that waits on me stands out: its row marked, its Open the primary button', async () => {
    const el = await mount(viewOf('en'));
    const [mine, theirs, lobby] = rows(el);
    expect(mine!.classList.contains('mine')).toBe(true);
    expect(openButton(mine!).classList.contains('primary')).toBe(true);
    for (const row of [theirs!, lobby!]) {
      expect(row.classList.contains('mine')).toBe(false);
      expect(openButton(row).classList.contains('secondary')).toBe(true);
    }
  });

  it('Open asks for that game, by its room id, up to the document', async () => {
    const el = await mount(viewOf('en'));
    const seen = opened();
    const [mine, theirs, lobby] = rows(el);
    openButton(lobby!).click();
    openButton(mine!).click();
    openButton(theirs!).click();
    expect(seen).toEqual([{ roomId: 'lobby' }, { roomId: 'mine' }, { roomId: 'theirs' }]);
  });

  it('accessibility: a region named by its heading, a list, and each Open named with its game', async () => {
    for (const lang of ['en', 'et'] as const) {
      const view = viewOf(lang);
      const el = await mount(view);
      const section = el.shadowRoot!.querySelector('section')!;
      const labelledBy = section.getAttribute('aria-labelledby')!;
      const heading = el.shadowRoot!.getElementById(labelledBy);
      expect(heading?.tagName).toBe('H2');
      expect(text(heading)).toContain(view.title);
      expect(section.querySelectorAll('ul > li')).toHaveLength(3);
      expect(rows(el).map((row) => openButton(row).getAttribute('aria-label'))).toEqual(
        view.rows.map((row) => `${view.open}: ${row.players}`),
      );
    }
  });

  it('every Open is a plain button the keyboard reaches, none disabled', async () => {
    const el = await mount(viewOf('en'));
    const buttons = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('button')];
    expect(buttons).toHaveLength(3);
    for (const button of buttons) {
      expect(button.type).toBe('button');
      expect(button.disabled).toBe(false);
      expect(button.tabIndex).toBe(0);
      button.focus();
      expect(el.shadowRoot!.activeElement).toBe(button);
    }
  });

  it('with none waiting on me, the title alone', async () => {
    const el = await mount({ ...viewOf('en'), waiting: '' });
    expect(text(el.shadowRoot!.querySelector('h2'))).toBe('My games');
    expect(el.shadowRoot!.querySelector('[data-my-games-waiting]')).toBeNull();
  });

  it('nothing to show, nothing shown: no view, or no games (whatever else the view says)', async () => {
    const none = await mount(null);
    expect(none.shadowRoot!.querySelector('[data-my-games]')).toBeNull();
    expect(text(none.shadowRoot as unknown as Element)).toBe('');

    const empty = await mount({ ...viewOf('en'), rows: [] });
    expect(empty.shadowRoot!.querySelector('[data-my-games]')).toBeNull();
    expect(text(empty.shadowRoot as unknown as Element)).toBe('');

    // A list that empties (the last game gone) takes its card away.
    const el = await mount(viewOf('et'));
    expect(rows(el)).toHaveLength(3);
    el.view = { ...viewOf('et'), rows: [] };
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[data-my-games]')).toBeNull();
    expect(el.shadowRoot!.querySelector('button')).toBeNull();
  });
});
