// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ROWS, apply, newGame, toggleHold, type Game } from '../../../engine/index.js';
import { stringsFor } from '../../i18n/index.js';
import './dp-controls.js';

/** A seeded game for Mari and Jüri after the throws given (faces in order). */
function thrown(...throws: number[][]): Game {
  let game = newGame({ players: ['Mari', 'Jüri'], seed: 1 });
  for (const faces of throws) game = apply(game, { type: 'roll', faces });
  return game;
}

/** A <dp-controls> on the page showing `game`, rendered. */
async function mount(game: Game, busy = false) {
  const el = document.createElement('dp-controls');
  el.game = game;
  el.strings = stringsFor('en');
  el.busy = busy;
  document.body.append(el);
  await el.updateComplete;
  return el;
}

/** Every event of these types that reaches the document, in order. */
function requests(): CustomEvent[] {
  const seen: CustomEvent[] = [];
  for (const type of ['dp-request-roll', 'dp-request-hold'] as const) {
    document.addEventListener(type, (e) => seen.push(e));
  }
  return seen;
}

const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const rollButton = (el: HTMLElement) =>
  el.shadowRoot!.querySelector<HTMLButtonElement>('[part="roll-button"]')!;
const trayDice = (el: HTMLElement) => [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('.die')];

afterEach(() => document.body.replaceChildren());

describe('<dp-controls>', () => {
  it('before the first throw: whose turn, three throws left, a faded tray that holds nothing', async () => {
    const el = await mount(thrown());
    expect(text(el.shadowRoot!.querySelector('.turn'))).toBe("Mari's turn, round 1 of 13");
    expect(text(rollButton(el))).toBe('Throw 3 throws left');
    expect(rollButton(el).disabled).toBe(false);
    expect(el.shadowRoot!.querySelector('.tray')!.classList.contains('unthrown')).toBe(true);
    expect(trayDice(el).every((die) => die.disabled)).toBe(true);
    expect(text(el.shadowRoot!.querySelector('.hint'))).toBe(
      'Flick across the table to throw, or press Throw.',
    );
  });

  it('asks to throw when the roll button is pressed', async () => {
    const el = await mount(thrown());
    const seen = requests();
    rollButton(el).click();
    expect(seen.map((e) => e.type)).toEqual(['dp-request-roll']);
    expect(seen[0]!.bubbles && seen[0]!.composed).toBe(true);
  });

  it('shows the dice thrown with their hold state, and asks to hold the die clicked', async () => {
    const el = await mount(toggleHold(thrown([6, 5, 4, 3, 2]), 1));
    const dice = trayDice(el);
    expect(dice.map((d) => d.getAttribute('aria-label'))).toEqual([
      'Die 1: 6',
      'Die 2: 5, held',
      'Die 3: 4',
      'Die 4: 3',
      'Die 5: 2',
    ]);
    expect(dice.map((d) => d.getAttribute('aria-pressed'))).toEqual([
      'false',
      'true',
      'false',
      'false',
      'false',
    ]);
    expect(dice[2]!.querySelectorAll('circle.pip')).toHaveLength(4); // the face drawn: four pips
    expect(text(rollButton(el))).toBe('Throw 2 throws left');

    const seen = requests();
    dice[3]!.click();
    expect(seen.map((e) => [e.type, e.detail])).toEqual([['dp-request-hold', { index: 3 }]]);
  });

  it('while the dice roll: the button says so and nothing can be pressed', async () => {
    const el = await mount(thrown([6, 5, 4, 3, 2]), true);
    expect(text(rollButton(el))).toContain('Rolling…');
    expect(rollButton(el).disabled).toBe(true);
    expect(trayDice(el).every((die) => die.disabled)).toBe(true);
  });

  it('after the third throw the button is spent and the hint says to choose a row', async () => {
    const el = await mount(thrown([1, 1, 1, 1, 1], [1, 1, 1, 1, 2], [1, 1, 1, 2, 2]));
    expect(rollButton(el).disabled).toBe(true);
    expect(text(rollButton(el))).toBe('Throw 0 throws left');
    expect(text(el.shadowRoot!.querySelector('.hint'))).toBe('Choose a row for these dice.');
  });

  it('on a computer’s turn: whose turn and that it thinks, no throw asked for, nothing to press', async () => {
    const el = await mount(thrown());
    el.waiting = { kind: 'computer', name: 'Computer' };
    await el.updateComplete;
    expect(text(rollButton(el))).toBe("Computer's turn thinking…");
    expect(rollButton(el).disabled).toBe(true);
    expect(text(el.shadowRoot!.querySelector('.hint'))).toBe(
      'Computer is playing this turn: watch the dice.',
    );
    // Its dice in the air: they roll, and the throws left are counted after this one.
    el.busy = true;
    await el.updateComplete;
    expect(text(rollButton(el))).toBe('Rolling… 2 throws left');
  });

  it('online: another’s turn named, the server away said, the own turn plain', async () => {
    const el = await mount(thrown());
    el.waiting = { kind: 'person', name: 'Mari' };
    await el.updateComplete;
    expect(text(rollButton(el))).toBe("Mari's turn 3 throws left");
    el.waiting = { kind: 'link', name: 'Mari' };
    await el.updateComplete;
    expect(text(rollButton(el))).toBe('Reconnecting…');
    expect(text(el.shadowRoot!.querySelector('.hint'))).toBe(
      'The game server is out of reach: your game is kept.',
    );
    el.waiting = null;
    el.mine = true;
    await el.updateComplete;
    expect(text(el.shadowRoot!.querySelector('.turn'))).toBe('Your turn, Mari! Round 1 of 13');
    expect(rollButton(el).classList.contains('mine')).toBe(true);
    expect(rollButton(el).disabled).toBe(false);
  });

  it('shows nothing for a finished game', async () => {
    let game = newGame({ players: ['Ann'], seed: 2 });
    for (const row of ROWS)
      game = apply(apply(game, { type: 'roll', faces: [1, 2, 3, 4, 5] }), { type: 'score', row });
    expect(game.over).toBe(true);
    const el = await mount(game);
    expect(el.shadowRoot!.querySelector('.card')).toBeNull();
  });
});
