// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { VerifyResult } from '../../../online/verify.js';
import { verifyStringsFor } from '../../i18n/verify-strings.js';
import './dp-game-proof.js';

type Proof = HTMLElementTagNameMap['dp-game-proof'];

/** A <dp-game-proof> on the page with the words of `lang` and `props`, rendered. */
async function mount(lang: 'en' | 'et', props: Partial<Pick<Proof, 'result' | 'busy' | 'failed'>> = {}) {
  const el = document.createElement('dp-game-proof');
  el.words = verifyStringsFor(lang);
  Object.assign(el, props);
  document.body.append(el);
  await el.updateComplete;
  return el;
}

/** The events of `types` that reach the document, with their details, in order. */
function heard(types: string[]) {
  const seen: [string, unknown][] = [];
  const listeners = types.map((type) => {
    const listener = (e: Event) => seen.push([type, (e as CustomEvent).detail]);
    document.addEventListener(type, listener);
    return [type, listener] as const;
  });
  cleanups.push(() => listeners.forEach(([type, listener]) => document.removeEventListener(type, listener)));
  return seen;
}
const cleanups: (() => void)[] = [];

const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const $ = <E extends Element = HTMLElement>(el: Element, selector: string) =>
  el.shadowRoot!.querySelector<E>(selector);
const verifyButton = (el: Element) => $<HTMLButtonElement>(el, '[data-verify]')!;
const saveButton = (el: Element) => $<HTMLButtonElement>(el, '[data-save-record]')!;

const verified: VerifyResult = {
  verdict: 'verified',
  key: '0123456789abcdef0123456789abcdef',
  signatureEngine: 'web-crypto',
  throwsChecked: 39,
  launchesCompared: 39,
  physicsReproducible: true,
  finding: null,
};
const tampered: VerifyResult = {
  verdict: 'tampered',
  key: '0123456789abcdef0123456789abcdef',
  signatureEngine: 'web-crypto',
  throwsChecked: 4,
  launchesCompared: 4,
  physicsReproducible: true,
  finding: {
    step: 'faces',
    at: { number: 4, player: 'Jüri', round: 2, throwInTurn: 1 },
    rested: [1, 2, 3, 4, 5],
    recorded: [6, 6, 6, 6, 6],
  },
};

afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  document.body.replaceChildren();
});

describe('<dp-game-proof>', () => {
  it.each([
    ['en', 'Fair play', 'Verify this game', 'Save the game record'],
    ['et', 'Aus mäng', 'Kontrolli seda mängu', 'Salvesta mängu kirje'],
  ] as const)(
    'before a check (%s): a titled region with Verify and Save, and no result',
    async (lang, title, verify, save) => {
      const el = await mount(lang);
      const region = $(el, 'section')!;
      expect(region.getAttribute('aria-label')).toBe(title);
      expect(text($(el, 'h3'))).toBe(title);
      expect(text(verifyButton(el))).toBe(verify);
      expect(text(saveButton(el))).toBe(save);
      expect(verifyButton(el).disabled).toBe(false);
      expect(saveButton(el).disabled).toBe(false);
      expect($(el, '[data-verify-result]')).toBeNull();
      expect($(el, '[role="status"]')).toBeNull();
    },
  );

  it('Verify and Save each send their request once, up to the document, with no detail', async () => {
    const el = await mount('en');
    const seen = heard(['dp-request-verify', 'dp-request-save-record']);
    verifyButton(el).click();
    saveButton(el).click();
    saveButton(el).click();
    expect(seen).toEqual([
      ['dp-request-verify', null],
      ['dp-request-save-record', null],
      ['dp-request-save-record', null],
    ]);
  });

  it('its controls are native buttons the keyboard reaches (focusable, in the tab order)', async () => {
    const el = await mount('en');
    const buttons = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('button')];
    expect(buttons).toEqual([verifyButton(el), saveButton(el)]);
    for (const button of buttons) {
      expect(button.tabIndex).toBe(0);
      button.focus();
      expect(el.shadowRoot!.activeElement).toBe(button);
    }
  });

  it.each([
    ['en', 'Checking every throw…'],
    ['et', 'Kontrollin iga viset…'],
  ] as const)(
    'while a check runs (%s): Verify says so and is disabled; Save still works',
    async (lang, checking) => {
      const el = await mount(lang, { busy: true });
      const seen = heard(['dp-request-verify', 'dp-request-save-record']);
      expect(text(verifyButton(el))).toBe(checking);
      expect(verifyButton(el).disabled).toBe(true);
      verifyButton(el).click();
      expect(saveButton(el).disabled).toBe(false);
      saveButton(el).click();
      expect(seen).toEqual([['dp-request-save-record', null]]);
      // Done: Verify comes back, pressable again.
      el.busy = false;
      await el.updateComplete;
      expect(text(verifyButton(el))).toBe(verifyStringsFor(lang).verify);
      expect(verifyButton(el).disabled).toBe(false);
      verifyButton(el).click();
      expect(seen.at(-1)).toEqual(['dp-request-verify', null]);
    },
  );

  it('busy and failed work as attributes too (as <dice-poker> sets them)', async () => {
    const el = await mount('en', { result: verifyStringsFor('en').result(tampered) });
    el.setAttribute('busy', '');
    el.setAttribute('failed', '');
    await el.updateComplete;
    expect(verifyButton(el).disabled).toBe(true);
    expect($(el, '[data-verify-result]')!.classList.contains('failed')).toBe(true);
    el.removeAttribute('busy');
    await el.updateComplete;
    expect(verifyButton(el).disabled).toBe(false);
  });

  it.each(['en', 'et'] as const)(
    'a verified game (%s): the verdict in words, as a status, not a warning',
    async (lang) => {
      const words = verifyStringsFor(lang);
      const el = await mount(lang, { result: words.result(verified), failed: false });
      const result = $(el, '[data-verify-result]')!;
      expect(text(result)).toBe(words.result(verified));
      expect(text(result)).toMatch(
        lang === 'en' ? /^Verified: .* all 39 throws/ : /^Kontrollitud: .* kõik 39 viset/,
      );
      expect(result.getAttribute('role')).toBe('status');
      expect(result.classList.contains('failed')).toBe(false);
    },
  );

  it.each(['en', 'et'] as const)(
    'a game that fails the check (%s): the finding in words, read as a warning',
    async (lang) => {
      const words = verifyStringsFor(lang);
      const el = await mount(lang, { result: words.result(tampered), failed: true });
      const result = $(el, '[data-verify-result]')!;
      expect(text(result)).toBe(words.result(tampered));
      expect(text(result)).toContain(
        lang === 'en' ? 'Not verified: Throw 5 (Jüri, round 2' : 'Ei klapi: Vise 5 (Jüri, voor 2',
      );
      expect(text(result)).toContain('6 6 6 6 6');
      expect(result.getAttribute('role')).toBe('status');
      expect(result.classList.contains('failed')).toBe(true);
    },
  );

  it('names the server’s key by its fingerprint once it is known', async () => {
    const el = await mount('en');
    expect($(el, '[data-key-fingerprint]')).toBeNull();
    const words = verifyStringsFor('en');
    el.words = { ...words, keyLine: words.signedBy('0123 4567 89ab cdef') };
    await el.updateComplete;
    expect(text($(el, '[data-key-fingerprint]'))).toBe(
      'Records are signed by the server’s key 0123 4567 89ab cdef',
    );
  });

  it('a record file opened is asked to be verified with its text; one too large is refused unread', async () => {
    const el = await mount('en');
    const seen = heard(['dp-request-verify']);
    const input = $<HTMLInputElement>(el, '[data-open-record] input')!;
    expect(text($(el, '[data-open-record]'))).toBe('Open a game record…');
    const choose = async (file: File) => {
      Object.defineProperty(input, 'files', { value: [file], configurable: true });
      input.dispatchEvent(new Event('change'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      await el.updateComplete;
    };
    await choose(new File(['{"format":"x"}'], 'game.json'));
    expect(seen).toEqual([['dp-request-verify', { record: '{"format":"x"}' }]]);
    const huge = new File(['x'], 'huge.json');
    let read = false;
    Object.defineProperty(huge, 'size', { value: 300_000_000 });
    Object.defineProperty(huge, 'text', { value: () => ((read = true), Promise.resolve('')) });
    await choose(huge);
    expect(read).toBe(false);
    expect(seen).toHaveLength(1);
    expect(text($(el, '[data-verify-result]'))).toBe(
      'Not verified: the file is too large to be a game record.',
    );
    expect($(el, '[data-verify-result]')!.classList.contains('failed')).toBe(true);
  });

  it('a result taken away (another game) leaves no old verdict behind', async () => {
    const el = await mount('en', { result: verifyStringsFor('en').result(tampered), failed: true });
    el.result = '';
    await el.updateComplete;
    expect($(el, '[data-verify-result]')).toBeNull();
    expect($(el, '.failed')).toBeNull();
  });

  it('empty or missing input renders sensibly: no words renders nothing and throws nothing; failed with no result shows no warning', async () => {
    const bare = document.createElement('dp-game-proof');
    document.body.append(bare);
    await expect(bare.updateComplete).resolves.toBe(true);
    expect(bare.shadowRoot!.querySelector('button')).toBeNull();
    expect(text(bare.shadowRoot!.querySelector('section'))).toBe('');
    // Words come later: the panel appears.
    bare.words = verifyStringsFor('et');
    await bare.updateComplete;
    expect(text(verifyButton(bare))).toBe('Kontrolli seda mängu');

    const el = await mount('en', { result: '', failed: true });
    expect($(el, '[data-verify-result]')).toBeNull();
    expect($(el, '[role="status"]')).toBeNull();
    expect(verifyButton(el).disabled).toBe(false);
  });
});
