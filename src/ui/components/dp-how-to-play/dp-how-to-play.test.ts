// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { stringsFor, type Lang } from '../../i18n/index.js';
import './dp-how-to-play.js';

/** A <dp-how-to-play> on the page, rendered, in `lang`. */
async function mount(lang: Lang = 'en') {
  const el = document.createElement('dp-how-to-play');
  el.strings = stringsFor(lang);
  document.body.append(el);
  await el.updateComplete;
  return el;
}

const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** How many times the guide asked to be closed. */
function closeRequests(): { count: number } {
  const seen = { count: 0 };
  document.addEventListener('dp-request-close-guide', () => seen.count++);
  return seen;
}

afterEach(() => document.body.replaceChildren());

describe('<dp-how-to-play>', () => {
  it('is a dialog named by its heading that shows the flick, the hold and the sheet, each with a picture', async () => {
    const el = await mount('en');
    const dialog = el.shadowRoot!.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const heading = el.shadowRoot!.getElementById(dialog.getAttribute('aria-labelledby')!);
    expect(text(heading)).toBe('How to play');
    const steps = [...el.shadowRoot!.querySelectorAll('[data-step]')];
    expect(steps.map((s) => s.getAttribute('data-step'))).toEqual(['flick', 'hold', 'score']);
    expect(text(steps[0])).toContain('swipe up');
    expect(text(steps[0])).toContain('R key');
    expect(text(steps[1])).toContain('keys 1-5');
    expect(text(steps[2])).toContain('three throws');
    expect(text(steps[2])).toContain('every row is filled');
    // Each picture is drawn inline and left out of what a screen reader reads.
    for (const step of steps) expect(step.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('speaks Estonian in Estonian', async () => {
    const el = await mount('et');
    expect(text(el.shadowRoot!.querySelector('h2'))).toBe('Kuidas mängida');
    expect(text(el.shadowRoot!.querySelector('[data-step="hold"]'))).toContain('klahvid 1–5');
    expect(text(el.shadowRoot!.querySelector('[data-close-guide]'))).toBe('Mängima!');
  });

  it('asks to be closed by its button and by Escape, and Escape goes no further', async () => {
    const el = await mount();
    const seen = closeRequests();
    let escapeBehind = 0;
    document.body.addEventListener('keydown', () => escapeBehind++);
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-close-guide]')!.click();
    expect(seen.count).toBe(1);
    const key = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true });
    el.shadowRoot!.querySelector('[data-close-guide]')!.dispatchEvent(key);
    expect(seen.count).toBe(2);
    expect(escapeBehind).toBe(0);
  });
});
