// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stringsFor } from '../../i18n/index.js';
import './dp-move-link.js';

const LINK = 'https://dice.example/?room=AbCdEfGhI#move=abcdefghijklmnopqrstuv';
const UNTIL = new Date(2026, 11, 5, 14, 35).getTime();

/** A <dp-move-link> on the page in `lang`, rendered. */
async function mount(lang: 'en' | 'et') {
  const el = document.createElement('dp-move-link');
  el.strings = stringsFor(lang);
  el.link = LINK;
  el.until = UNTIL;
  document.body.append(el);
  await el.updateComplete;
  return el;
}

const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const part = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('<dp-move-link>', () => {
  it.each([
    ['en', 'Play on another device', 'It works once, for 10 minutes', /Works until 0?2:35|Works until 14:35/],
    ['et', 'Mängi teises seadmes', 'Link töötab ühe korra, 10 minutit', /Kehtib kuni 14:35/],
  ] as const)(
    'says (%s) what the link does, that it works once, and until when',
    async (lang, title, once, until) => {
      const el = await mount(lang);
      expect(text(part(el, 'h2'))).toBe(title);
      expect(text(part(el, 'p'))).toContain(once);
      expect(text(part(el, '[data-move-until]'))).toMatch(until);
      expect((part(el, '[data-move-url]') as HTMLInputElement).value).toBe(LINK);
    },
  );

  it('copies the link, and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const el = await mount('en');
    part(el, '[data-copy-move]')!.click();
    await vi.waitFor(() => expect(text(part(el, '[data-copy-move]'))).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith(LINK);
  });

  it('closes by its button and by Escape', async () => {
    const el = await mount('en');
    const closed = vi.fn();
    el.addEventListener('dp-request-close', closed);
    part(el, '[data-close-move]')!.click();
    part(el, '[role="dialog"]')!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
    );
    expect(closed).toHaveBeenCalledTimes(2);
  });
});
