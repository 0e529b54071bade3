// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { stringsFor } from '../../i18n/index.js';
import type { RoomView } from '../../../online/protocol.js';
import './dp-online-panel.js';

function room(seats: RoomView['seats'], host = 0): RoomView {
  return {
    roomId: 'abcd1234',
    phase: 'lobby',
    host,
    seats,
    rules: 'seed',
    game: null,
    proof: null,
    claims: [],
    rematch: [],
    clock: {
      seconds: 90,
      pace: 'live',
      left: null,
      endsAt: null,
      ranOut: null,
      nudgedBy: null,
      timeUp: 'stand-in',
    },
    version: 3,
  };
}

const person = (name: string, connected = true) => ({
  name,
  kind: 'human' as const,
  connected,
  standIn: false,
});

async function mount(props: Partial<HTMLElementTagNameMap['dp-online-panel']>) {
  const el = document.createElement('dp-online-panel');
  el.strings = stringsFor('en');
  Object.assign(el, props);
  document.body.append(el);
  await el.updateComplete;
  return el;
}

/** The events of `types` the panel sends, with their details. */
function listen(el: Element, types: string[]) {
  const seen: [string, unknown][] = [];
  for (const type of types) el.addEventListener(type, (e) => seen.push([type, (e as CustomEvent).detail]));
  return seen;
}

const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

afterEach(() => document.body.replaceChildren());

describe('<dp-online-panel>', () => {
  it('joining: asks for a name and sends it with Join', async () => {
    const el = await mount({ name: '' });
    const seen = listen(el, ['dp-request-join', 'dp-request-leave']);
    const join = el.shadowRoot!.querySelector<HTMLButtonElement>('[data-join]')!;
    expect(join.disabled).toBe(true);
    const input = el.shadowRoot!.querySelector<HTMLInputElement>('[data-online-name]')!;
    input.value = '  Jüri ';
    input.dispatchEvent(new Event('input'));
    await el.updateComplete;
    expect(join.disabled).toBe(false);
    join.click();
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-leave]')!.click();
    expect(seen).toEqual([
      ['dp-request-join', { name: 'Jüri' }],
      ['dp-request-leave', null],
    ]);
  });

  it('the host sees the invite, who sits where, and may add a computer and start', async () => {
    const el = await mount({
      room: room([person('Mari'), person('Jüri', false)]),
      seat: 0,
      invite: 'http://127.0.0.1:4173/?room=abcd1234',
    });
    const seen = listen(el, ['dp-request-online-start', 'dp-request-add-bot', 'dp-request-remove-seat']);
    expect(el.shadowRoot!.querySelector<HTMLInputElement>('[data-invite]')!.value).toBe(
      'http://127.0.0.1:4173/?room=abcd1234',
    );
    const seats = [...el.shadowRoot!.querySelectorAll('[data-seat]')].map(text);
    expect(seats[0]).toContain('Mari');
    expect(seats[0]).toContain('host');
    expect(seats[0]).toContain('you');
    expect(seats[1]).toContain('away');
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-add-bot]')!.click();
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-remove="1"]')!.click();
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-online-start]')!.click();
    expect(seen).toEqual([
      ['dp-request-add-bot', { kind: 'good' }],
      ['dp-request-remove-seat', { seat: 1 }],
      ['dp-request-online-start', null],
    ]);
  });

  it('a guest waits for the host; a host alone cannot start', async () => {
    const guest = await mount({ room: room([person('Mari'), person('Jüri')]), seat: 1, invite: 'x' });
    expect(guest.shadowRoot!.querySelector('[data-online-start]')).toBeNull();
    expect(guest.shadowRoot!.querySelector('[data-add-bot]')).toBeNull();
    expect(text(guest.shadowRoot!.querySelector('[data-waiting]'))).toBe('Waiting for the host to start…');
    const alone = await mount({ room: room([person('Mari')]), seat: 0, invite: 'x' });
    expect(alone.shadowRoot!.querySelector<HTMLButtonElement>('[data-online-start]')!.disabled).toBe(true);
  });

  it('the host chooses any of the four rule sets by name; the others see which', async () => {
    const el = await mount({ room: room([person('Mari'), person('Jüri')]), seat: 0 });
    const seen = listen(el, ['dp-request-rules']);
    const select = el.shadowRoot!.querySelector<HTMLSelectElement>('select[data-room-rules]')!;
    expect([...select.options].map(text)).toEqual(['Täringupokker', 'Classic', 'Yahtzee', 'Yatzy']);
    expect(select.value).toBe('seed');
    // What sets the chosen one apart, beside it, for the screen reader too.
    expect(text(el.shadowRoot!.querySelector('[data-rules-summary]'))).toBe('No bonus');
    expect(select.getAttribute('aria-describedby')).toBe('rules-summary');
    select.value = 'yatzy';
    select.dispatchEvent(new Event('change'));
    expect(seen).toEqual([['dp-request-rules', { rules: 'yatzy' }]]);

    const guest = await mount({
      room: { ...room([person('Mari'), person('Jüri')]), rules: 'yahtzee' },
      seat: 1,
    });
    expect(guest.shadowRoot!.querySelector('select[data-room-rules]')).toBeNull();
    expect(text(guest.shadowRoot!.querySelector('[data-room-rules]'))).toBe(
      'Rules: Yahtzee (+35 for 63 in rows 1–6, +100 for each further Yahtzee, jokers)',
    );
  });

  it('the host chooses live or at your own pace, each said in words; the others see the choice', async () => {
    const el = await mount({ room: room([person('Mari'), person('Jüri')]), seat: 0 });
    const seen = listen(el, ['dp-request-clock']);
    const select = el.shadowRoot!.querySelector<HTMLSelectElement>('select[data-clock]')!;
    const groups = [...select.querySelectorAll('optgroup')].map((g) => [
      g.label,
      [...g.querySelectorAll('option')].map(text),
    ]);
    expect(groups).toEqual([
      ['Live', ['30 s', '1 min', '90 s', '2 min', '3 min', '5 min']],
      ['At your own pace', ['1 hour', '8 hours', '1 day', '3 days', '7 days']],
    ]);
    expect(text(el.shadowRoot!.querySelector('[data-pace-help]'))).toContain(
      'Everyone is at the table together, taking turns',
    );
    select.value = 'own-pace:259200';
    select.dispatchEvent(new Event('change'));
    expect(seen).toEqual([['dp-request-clock', { seconds: 259200, pace: 'own-pace', timeUp: 'stand-in' }]]);
    // At one's own pace the host also chooses what a turn run out does.
    const ownPace = await mount({
      room: {
        ...room([person('Mari'), person('Jüri')]),
        clock: { ...room([]).clock, pace: 'own-pace', seconds: 86400 },
      },
      seat: 0,
    });
    const chosen = listen(ownPace, ['dp-request-clock']);
    const timeUp = ownPace.shadowRoot!.querySelector<HTMLSelectElement>('select[data-time-up]')!;
    expect([...timeUp.options].map(text)).toEqual(['a computer plays the turn', 'the player is out']);
    timeUp.value = 'forfeit';
    timeUp.dispatchEvent(new Event('change'));
    expect(chosen).toEqual([['dp-request-clock', { seconds: 86400, pace: 'own-pace', timeUp: 'forfeit' }]]);
    expect(el.shadowRoot!.querySelector('select[data-time-up]')).toBeNull();

    const guest = await mount({
      room: {
        ...room([person('Mari'), person('Jüri')]),
        clock: { ...room([]).clock, pace: 'own-pace', seconds: 86400 },
      },
      seat: 1,
    });
    expect(guest.shadowRoot!.querySelector('select')).toBeNull();
    expect(text(guest.shadowRoot!.querySelector('[data-clock]'))).toBe(
      'Time for a turn: At your own pace, 1 day',
    );
    expect(text(guest.shadowRoot!.querySelector('[data-pace-help]'))).toContain('each has 1 day');
  });
});
