// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TURN_COUNTDOWN_SECONDS } from '../../../online/protocol.js';
import { onlineStringsFor } from '../../i18n/online-strings.js';
import './dp-online-bar.js';

type Bar = HTMLElementTagNameMap['dp-online-bar'];
type BarProps = Partial<
  Pick<
    Bar,
    | 'clockEndsAt'
    | 'clockLabel'
    | 'longLeft'
    | 'notify'
    | 'nudge'
    | 'watching'
    | 'claims'
    | 'letIn'
    | 'refuse'
  >
>;

/** A <dp-online-bar> on the page with `props`, rendered. */
async function mount(props: BarProps = {}) {
  const el = document.createElement('dp-online-bar');
  Object.assign(el, props);
  document.body.append(el);
  await el.updateComplete;
  return el;
}

/** Lets the clock run `ms` (fake time) and the bar draw what it then reads. */
async function wait(el: Bar, ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await el.updateComplete;
}

const REQUESTS = [
  'dp-request-answer-claim',
  'dp-request-notify',
  'dp-request-nudge',
  'dp-request-leave',
] as const;

/** Every request of the bar that reaches the document, with its detail, in order. */
function heard() {
  const seen: [string, unknown][] = [];
  for (const type of REQUESTS) {
    const listener = (e: Event) => seen.push([type, (e as CustomEvent).detail]);
    document.addEventListener(type, listener);
    cleanups.push(() => document.removeEventListener(type, listener));
  }
  return seen;
}
const cleanups: (() => void)[] = [];

const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const $ = <E extends Element = HTMLElement>(el: Element, selector: string) =>
  el.shadowRoot!.querySelector<E>(selector);
const clock = (el: Element) => $(el, '[data-turn-clock]');
const shown = (el: Element) => text(el.shadowRoot as unknown as Element);

const en = onlineStringsFor('en');
const et = onlineStringsFor('et');

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('<dp-online-bar>', () => {
  it('with nothing to show, shows nothing and waits for nothing', async () => {
    const el = await mount();
    expect(shown(el)).toBe('');
    expect(el.shadowRoot!.querySelector('button, [role]')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  describe('the turn clock, live', () => {
    it('is hidden until the turn’s last seconds, then counts them down each second, urgent at the end', async () => {
      const el = await mount({ clockEndsAt: performance.now() + 20_000, clockLabel: en.timeLeft('Mari') });
      expect(clock(el)).toBeNull();
      await wait(el, 20_000 - TURN_COUNTDOWN_SECONDS * 1000);
      expect(text(clock(el))).toBe(`Time left for Mari 0:${TURN_COUNTDOWN_SECONDS}`);
      expect(clock(el)!.getAttribute('role')).toBe('timer');
      expect(clock(el)!.classList.contains('urgent')).toBe(false);
      await wait(el, 1_000);
      expect(text(clock(el))).toBe(`Time left for Mari 0:${TURN_COUNTDOWN_SECONDS - 1}`);
      await wait(el, (TURN_COUNTDOWN_SECONDS - 7) * 1000 - 1);
      expect(text(clock(el))).toBe('Time left for Mari 0:07');
      expect(clock(el)!.classList.contains('urgent')).toBe(false);
      await wait(el, 1_001);
      expect(text(clock(el))).toBe('Time left for Mari 0:05');
      expect(clock(el)!.classList.contains('urgent')).toBe(true);
      await wait(el, 5_000);
      expect(text(clock(el))).toBe('Time left for Mari 0:00');
      // At the end it stops looking.
      expect(vi.getTimerCount()).toBe(0);
    });

    it.each([
      ['en', en.yourTimeLeft, 'Your time left 0:09'],
      ['et', et.yourTimeLeft, 'Sinu aega jäänud 0:09'],
      ['et', et.timeLeft('Jüri'), 'Jüri aega jäänud 0:09'],
    ])('says whose time it is (%s): %s', async (_, label, expected) => {
      const el = await mount({ clockEndsAt: performance.now() + 8_200, clockLabel: label });
      expect(text(clock(el))).toBe(expected);
    });

    it('shows the whole seconds left, and changes as each is reached (not a second after it was shown)', async () => {
      const el = await mount({ clockEndsAt: performance.now() + 8_400, clockLabel: en.yourTimeLeft });
      expect(text(clock(el))).toBe('Your time left 0:09');
      await wait(el, 399);
      expect(text(clock(el))).toBe('Your time left 0:09');
      await wait(el, 1);
      expect(text(clock(el))).toBe('Your time left 0:08');
      await wait(el, 1_000);
      expect(text(clock(el))).toBe('Your time left 0:07');
    });

    it('goes away when the turn’s clock is taken away, and leaves no timer', async () => {
      const el = await mount({ clockEndsAt: performance.now() + 10_000, clockLabel: en.yourTimeLeft });
      expect(clock(el)).not.toBeNull();
      el.clockEndsAt = null;
      await el.updateComplete;
      expect(clock(el)).toBeNull();
      expect(vi.getTimerCount()).toBe(0);
    });

    it('a turn already over shows 0:00, urgent, and waits for nothing', async () => {
      const el = await mount({ clockEndsAt: performance.now() - 3_000, clockLabel: en.timeLeft('Mari') });
      expect(text(clock(el))).toBe('Time left for Mari 0:00');
      expect(clock(el)!.classList.contains('urgent')).toBe(true);
      expect(vi.getTimerCount()).toBe(0);
    });

    it('keeps counting when the bar is taken off the page and put back', async () => {
      const el = await mount({ clockEndsAt: performance.now() + 10_000, clockLabel: en.yourTimeLeft });
      expect(text(clock(el))).toBe('Your time left 0:10');
      el.remove();
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(2_000);
      document.body.append(el);
      await el.updateComplete;
      expect(text(clock(el))).toBe('Your time left 0:08');
      await wait(el, 3_000);
      expect(text(clock(el))).toBe('Your time left 0:05');
    });
  });

  describe('the turn clock, at one’s own pace', () => {
    it.each([
      ['en', en, 'Your time left 23 h', 'Your time left 22 h 59 min', 'Your time left 0:15'],
      ['et', et, 'Sinu aega jäänud 23 t', 'Sinu aega jäänud 22 t 59 min', 'Sinu aega jäänud 0:15'],
    ] as const)(
      'is shown all the turn in hours, read each minute, then counts down (%s)',
      async (_, words, first, next, last) => {
        // 22 h 59 min 20 s, shown as 23 h: the minute shown changes in 20 s, then each 60 s.
        const left = 23 * 3_600_000 - 40_000;
        const el = await mount({
          clockEndsAt: performance.now() + left,
          clockLabel: words.yourTimeLeft,
          longLeft: words.longLeft,
        });
        expect(text(clock(el))).toBe(first);
        expect(clock(el)!.getAttribute('role')).toBe('timer');
        await wait(el, 19_900);
        expect(text(clock(el))).toBe(first);
        await wait(el, 100);
        expect(text(clock(el))).toBe(next);
        await wait(el, 59_900);
        expect(text(clock(el))).toBe(next);
        await wait(el, left - 79_900 - TURN_COUNTDOWN_SECONDS * 1000);
        expect(text(clock(el))).toBe(last);
      },
    );
  });

  it('a clock that is not a time shows no clock and runs no timer', async () => {
    for (const clockEndsAt of [Number.NaN, Number.POSITIVE_INFINITY]) {
      for (const longLeft of [null, en.longLeft]) {
        const el = await mount({ clockEndsAt, clockLabel: en.yourTimeLeft, longLeft });
        expect(clock(el)).toBeNull();
        expect(shown(el)).toBe('');
        expect(vi.getTimerCount()).toBe(0);
        el.remove();
      }
    }
  });

  describe('notifications of my turn', () => {
    it.each([
      ['en', en.notifyTurn, en.notifyingTurn],
      ['et', et.notifyTurn, et.notifyingTurn],
    ])('a toggle button (%s): its state in aria-pressed, a click asks for the other', async (_, off, on) => {
      const el = await mount({ notify: { on: false, label: off } });
      const seen = heard();
      const button = $<HTMLButtonElement>(el, '[data-notify-turn]')!;
      expect(button.tagName).toBe('BUTTON');
      expect(button.type).toBe('button');
      expect(button.getAttribute('aria-pressed')).toBe('false');
      expect(text(button)).toBe(off);
      button.click();
      el.notify = { on: true, label: on };
      await el.updateComplete;
      expect(button.getAttribute('aria-pressed')).toBe('true');
      expect(text(button)).toBe(`✓ ${on}`);
      button.click();
      expect(seen).toEqual([
        ['dp-request-notify', { on: true }],
        ['dp-request-notify', { on: false }],
      ]);
      el.notify = null;
      await el.updateComplete;
      expect($(el, '[data-notify-turn]')).toBeNull();
    });
  });

  describe('the nudge', () => {
    it.each([
      ['en', en.nudge('Jüri')],
      ['et', et.nudge('Jüri')],
    ])('before one is sent (%s): a button that asks for it', async (_, label) => {
      const el = await mount({ nudge: { sent: false, label } });
      const seen = heard();
      const button = $<HTMLButtonElement>(el, '[data-nudge]')!;
      expect(text(button)).toBe(label);
      expect(button.type).toBe('button');
      expect($(el, '[data-nudged]')).toBeNull();
      button.click();
      expect(seen).toEqual([['dp-request-nudge', null]]);
    });

    it.each([
      ['en', en.nudged('Mari', 'Jüri'), 'Mari nudged Jüri'],
      ['et', et.nudgedYou('Mari'), 'Mari tuletab meelde: sinu käik.'],
    ])('once sent (%s): who nudged whom, as a status, and no button', async (_, label, expected) => {
      const el = await mount({ nudge: { sent: true, label } });
      expect($(el, '[data-nudge]')).toBeNull();
      expect(el.shadowRoot!.querySelector('button')).toBeNull();
      const said = $(el, '[data-nudged]')!;
      expect(text(said)).toBe(expected);
      expect(said.getAttribute('role')).toBe('status');
    });
  });

  describe('watching', () => {
    it.each([
      ['en', en, 'Watching Mari, Jüri', 'Stop watching'],
      ['et', et, 'Vaatad: Mari, Jüri', 'Lõpeta vaatamine'],
    ] as const)('says whom, as a status, and Stop watching leaves (%s)', async (_, words, label, leave) => {
      const el = await mount({
        watching: { label: words.watchingGame(['Mari', 'Jüri']), leave: words.stopWatching },
      });
      const seen = heard();
      const status = $(el, '[data-watching]')!;
      expect(text(status)).toBe(label);
      expect(status.getAttribute('role')).toBe('status');
      const stop = $<HTMLButtonElement>(el, '[data-stop-watching]')!;
      expect(text(stop)).toBe(leave);
      expect(stop.type).toBe('button');
      stop.click();
      expect(seen).toEqual([['dp-request-leave', null]]);
    });
  });

  describe('asks for a seat', () => {
    it('each ask is an alert with its words; Refuse and Let in answer for that seat', async () => {
      const el = await mount({
        claims: [
          { seat: 1, text: en.claimAsks('Jüri') },
          { seat: 3, text: en.claimAsks('Tiit') },
        ],
      });
      const seen = heard();
      const asks = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[data-claim]')];
      expect(
        asks.map((ask) => [ask.dataset.claim, ask.getAttribute('role'), text(ask.querySelector('p'))]),
      ).toEqual([
        ['1', 'alert', en.claimAsks('Jüri')],
        ['3', 'alert', en.claimAsks('Tiit')],
      ]);
      // English words unless told others.
      expect(asks.map((ask) => [...ask.querySelectorAll('button')].map(text))).toEqual([
        ['Refuse', 'Let in'],
        ['Refuse', 'Let in'],
      ]);
      asks[1]!.querySelector<HTMLButtonElement>('[data-admit-claim]')!.click();
      asks[0]!.querySelector<HTMLButtonElement>('[data-refuse-claim]')!.click();
      expect(seen).toEqual([
        ['dp-request-answer-claim', { seat: 3, admit: true }],
        ['dp-request-answer-claim', { seat: 1, admit: false }],
      ]);
    });

    it('in Estonian, with the words it is given', async () => {
      const el = await mount({
        claims: [{ seat: 2, text: et.claimAsks('Mari') }],
        letIn: et.letIn,
        refuse: et.refuse,
      });
      const ask = $(el, '[data-claim="2"]')!;
      expect(text(ask.querySelector('p'))).toBe(
        'Keegi palub naasta kui Mari, ilma selle koha võtmeta. Lase sisse ainult siis, kui see on tõesti Mari.',
      );
      expect(text($(el, '[data-refuse-claim]'))).toBe('Keeldu');
      expect(text($(el, '[data-admit-claim]'))).toBe('Lase sisse');
    });

    it('an answered ask goes away', async () => {
      const el = await mount({ claims: [{ seat: 1, text: en.claimAsks('Jüri') }] });
      el.claims = [];
      await el.updateComplete;
      expect($(el, '[data-claim]')).toBeNull();
      expect(el.shadowRoot!.querySelector('button')).toBeNull();
    });
  });

  it('everything at once: each control a native button the keyboard reaches, none disabled', async () => {
    const el = await mount({
      clockEndsAt: performance.now() + 5 * 3_600_000,
      clockLabel: en.timeLeft('Jüri'),
      longLeft: en.longLeft,
      notify: { on: false, label: en.notifyTurn },
      nudge: { sent: false, label: en.nudge('Jüri') },
      claims: [{ seat: 2, text: en.claimAsks('Tiit') }],
    });
    expect(text(clock(el))).toBe('Time left for Jüri 5 h');
    const buttons = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('button')];
    expect(buttons.map(text)).toEqual([en.notifyTurn, en.nudge('Jüri'), 'Refuse', 'Let in']);
    for (const button of buttons) {
      expect(button.disabled).toBe(false);
      expect(button.tabIndex).toBe(0);
      button.focus();
      expect(el.shadowRoot!.activeElement).toBe(button);
    }
  });
});
