// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_PLAYERS } from '../../../engine/index.js';
import { stringsFor } from '../../i18n/index.js';
import type { NewGameOptions } from '../../new-game-options.js';
import type { SeatKind } from '../../coach/seats.js';
import './dp-start-panel.js';

/** A <dp-start-panel> on the page, rendered. */
async function mount(names: string[] = [], seats: SeatKind[] = [], cancellable = false) {
  const el = document.createElement('dp-start-panel');
  el.strings = stringsFor('en');
  el.names = names;
  el.seats = seats;
  el.cancellable = cancellable;
  document.body.append(el);
  await el.updateComplete;
  return el;
}

/** What the panel asks for, in order: new games (their options) and cancels. */
function requests(): (NewGameOptions | 'cancel')[] {
  const seen: (NewGameOptions | 'cancel')[] = [];
  document.addEventListener('dp-request-new-game', (e) => seen.push(e.detail));
  document.addEventListener('dp-request-cancel', () => seen.push('cancel'));
  return seen;
}

const $ = <T extends Element>(el: HTMLElement, selector: string) =>
  el.shadowRoot!.querySelector<T>(selector)!;
const nameInputs = (el: HTMLElement) => [
  ...el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[data-player]'),
];

/** Types into a field as a person does: the value, then an input event. */
function type(input: HTMLInputElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Picks an option of a select as a person does: the value, then a change event. */
function pick(select: HTMLSelectElement, value: string): void {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

afterEach(() => document.body.replaceChildren());

describe('<dp-start-panel>', () => {
  it('starts from the names and seats given, and asks for that game on Start', async () => {
    const el = await mount(['Mari', 'Jüri'], ['human', 'easy']);
    expect(nameInputs(el).map((input) => input.value)).toEqual(['Mari', 'Jüri']);
    // The option marked selected (happy-dom's select.value does not follow the selected attribute).
    expect($<HTMLOptionElement>(el, 'select[data-seat="1"] option[selected]').value).toBe('easy');
    const seen = requests();
    $<HTMLButtonElement>(el, '[data-start]').click();
    expect(seen).toEqual([{ players: ['Mari', 'Jüri'], rules: 'seed', seats: ['human', 'easy'] }]);
  });

  it('"Play online" asks for a room of its own for the first player, as typed', async () => {
    const el = await mount(['Mari', 'Jüri']);
    type(nameInputs(el)[0]!, '  Liis ');
    await el.updateComplete;
    const hosts: unknown[] = [];
    document.addEventListener('dp-request-host', (e) => hosts.push(e.detail));
    $<HTMLButtonElement>(el, '[data-play-online]').click();
    expect(hosts).toEqual([{ name: 'Liis' }]);
  });

  it('adds, renames, seats and removes players; an empty name gets a default, a computer’s says what it is', async () => {
    const el = await mount();
    expect(nameInputs(el).map((input) => input.value)).toEqual(['Player 1']);
    $<HTMLButtonElement>(el, '[data-add-player]').click();
    await el.updateComplete;
    $<HTMLButtonElement>(el, '[data-add-player]').click();
    await el.updateComplete;
    expect(nameInputs(el).map((input) => input.value)).toEqual(['Player 1', 'Player 2', 'Player 3']);

    type(nameInputs(el)[0]!, 'Liis');
    type(nameInputs(el)[1]!, '   ');
    pick($<HTMLSelectElement>(el, 'select[data-seat="2"]'), 'optimal');
    await el.updateComplete;
    // Remove the second player: the third (and its seat) moves up.
    el.shadowRoot!.querySelectorAll<HTMLButtonElement>('button.remove')[1]!.click();
    await el.updateComplete;
    pick($<HTMLSelectElement>(el, 'select[aria-label="Rules"]'), 'classic');
    await el.updateComplete;

    const seen = requests();
    $<HTMLButtonElement>(el, '[data-start]').click();
    expect(seen).toEqual([
      { players: ['Liis', 'Computer · optimal'], rules: 'classic', seats: ['human', 'optimal'] },
    ]);

    // A name the page gave follows the seat's kind and the language; a typed one stays.
    pick($<HTMLSelectElement>(el, 'select[data-seat="1"]'), 'human');
    await el.updateComplete;
    expect(nameInputs(el).map((input) => input.value)).toEqual(['Liis', 'Player 2']);
    pick($<HTMLSelectElement>(el, 'select[data-seat="1"]'), 'winner');
    await el.updateComplete;
    expect(nameInputs(el).map((input) => input.value)).toEqual(['Liis', 'Computer · plays to win']);
    el.strings = stringsFor('et');
    await el.updateComplete;
    expect(nameInputs(el).map((input) => input.value)).toEqual(['Liis', 'Arvuti · mängib võidule']);
    type(nameInputs(el)[1]!, '');
    await el.updateComplete;
    $<HTMLButtonElement>(el, '[data-start]').click();
    expect((seen[1] as NewGameOptions).players).toEqual(['Liis', 'Arvuti · mängib võidule']);
  });

  it('keeps what the player typed, added and picked when it is given the same names again', async () => {
    const el = await mount(['Mari', 'Jüri']);
    type(nameInputs(el)[0]!, 'Maria');
    $<HTMLButtonElement>(el, '[data-add-player]').click();
    await el.updateComplete;
    pick($<HTMLSelectElement>(el, 'select[data-seat="1"]'), 'winner');
    await el.updateComplete;
    // The element renders again: the same names, as a new array.
    el.names = ['Mari', 'Jüri'];
    await el.updateComplete;
    const seen = requests();
    $<HTMLButtonElement>(el, '[data-start]').click();
    expect(seen).toEqual([
      { players: ['Maria', 'Jüri', 'Player 3'], rules: 'seed', seats: ['human', 'winner', 'human'] },
    ]);
    // Other names start the draft again.
    el.names = ['Ann'];
    await el.updateComplete;
    expect(nameInputs(el).map((input) => input.value)).toEqual(['Ann']);
  });

  it(`offers no more than ${MAX_PLAYERS} players`, async () => {
    const el = await mount(['A', 'B', 'C', 'D', 'E']);
    expect($<HTMLButtonElement>(el, '[data-add-player]').disabled).toBe(false);
    $<HTMLButtonElement>(el, '[data-add-player]').click();
    await el.updateComplete;
    expect(nameInputs(el)).toHaveLength(MAX_PLAYERS);
    expect($<HTMLButtonElement>(el, '[data-add-player]').disabled).toBe(true);
  });

  it('with a game in progress: warns, and Cancel or Escape asks to go back to it', async () => {
    const el = await mount(['Mari'], [], true);
    expect($(el, '[data-discard-warning]').textContent).toBe('Abandon this game and start a new one?');
    const seen = requests();
    $<HTMLButtonElement>(el, '[data-cancel]').click();
    nameInputs(el)[0]!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }),
    );
    expect(seen).toEqual(['cancel', 'cancel']);
  });

  it('without a game to go back to: no Cancel, and Escape asks nothing', async () => {
    const el = await mount(['Mari']);
    expect(el.shadowRoot!.querySelector('[data-cancel]')).toBeNull();
    expect(el.shadowRoot!.querySelector('[data-discard-warning]')).toBeNull();
    const seen = requests();
    nameInputs(el)[0]!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }),
    );
    // Something the panel does ask, after the Escape: only it arrives.
    $<HTMLButtonElement>(el, '[data-start]').click();
    expect(seen).toEqual([{ players: ['Mari'], rules: 'seed', seats: ['human'] }]);
  });

  it('offers "How to play" only where the guide is offered, and asks for it', async () => {
    const el = await mount(['Mari']);
    expect(el.shadowRoot!.querySelector('[data-guide]')).toBeNull();
    el.guide = true;
    await el.updateComplete;
    let asked = 0;
    document.addEventListener('dp-request-guide', () => asked++);
    expect($(el, '[data-guide]').textContent).toContain('How to play');
    $<HTMLButtonElement>(el, '[data-guide]').click();
    expect(asked).toBe(1);
  });
});
