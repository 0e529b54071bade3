import { expect, type Page } from '@playwright/test';
import { ARTIFACTS, stateOf, watchErrors } from './helpers.js';
import { controlsWords, type JourneyStep, startGame } from './newcomer-helpers.js';

/** What the controls said, sampled every few milliseconds in the page while the computer (seat 1) played. */
interface Sample {
  button: string;
  hint: string;
}

/** Starts sampling the throw button and the help line in the page, for as long as seat 1 has the turn. */
async function sampleComputerTurn(page: Page): Promise<void> {
  await page.locator('dice-poker').evaluate((node) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    const samples: Sample[] = [];
    (window as unknown as { samples: Sample[] }).samples = samples;
    const fold = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
    const timer = setInterval(() => {
      if (el.state.current !== 1) return;
      const controls = el.shadowRoot!.querySelector('dp-controls')?.shadowRoot;
      if (!controls) return;
      samples.push({
        button: fold(controls.querySelector<HTMLElement>('[part="roll-button"]')?.innerText),
        hint: fold(controls.querySelector('.hint')?.textContent),
      });
    }, 15);
    (window as unknown as { stopSampling: () => void }).stopSampling = () => clearInterval(timer);
  });
}

const WORDS = {
  en: {
    // What a person is asked to do on their own turn: none of it may be said to a watcher.
    asks: /^Throw|Flick|Swipe|Click dice|Tap dice|Choose a row/,
    waiting: "Computer's turn thinking…",
    watch: 'Computer is playing this turn: watch the dice.',
    rolling: /^Rolling… [0-2] throws? left$/,
    own: "Mari's turn",
  },
  et: {
    asks: /^Viska|tõmmates|Klõpsa|Puuduta|vali rida/,
    waiting: 'Arvuti käik mõtleb…',
    watch: 'Seda käiku mängib Arvuti: vaata täringuid.',
    rolling: /^Veereb… [0-2] viset? jäänud$/,
    own: 'Mari käik',
  },
};

/** A step of a newcomer's journey (newcomer-journey.spec.ts). */
export const computersTurnWords: JourneyStep = {
  title: 'a computer’s turn: the controls say whose turn it is, never ask the watcher to throw or hold',
  async run(page, screen, lang) {
    const errors = watchErrors(page);
    const words = WORDS[lang];
    // Under motion as a player has it: the computer pauses to think and its dice fly for a while.
    await startGame(
      page,
      { players: ['Mari', lang === 'et' ? 'Arvuti' : 'Computer'], seats: ['human', 'easy'], lang, seed: 4 },
      'no-preference',
    );
    await sampleComputerTurn(page);
    await page.locator('dice-poker').evaluate(async (node) => {
      const el = node as HTMLElementTagNameMap['dice-poker'];
      await el.roll();
      el.score('chance');
    });
    await expect.poll(async () => (await stateOf(page)).current).toBe(1);
    // While the computer thinks: its turn, in words, and the button cannot be pressed.
    await expect
      .poll(async () => (await controlsWords(page)).button, { timeout: 5_000, intervals: [20] })
      .toBe(words.waiting);
    await expect(page.locator('dice-poker [part="roll-button"]')).toBeDisabled();
    expect((await controlsWords(page)).hint).toBe(words.watch);
    await page.screenshot({ path: `${ARTIFACTS}/newcomer-computer-turn-${screen.name}-${lang}.png` });

    // Back to Mari: the computer has played its whole turn.
    await expect.poll(async () => (await stateOf(page)).current, { timeout: 60_000 }).toBe(0);
    const samples = await page.evaluate(() => {
      (window as unknown as { stopSampling: () => void }).stopSampling();
      return (window as unknown as { samples: Sample[] }).samples;
    });
    expect(samples.length).toBeGreaterThan(5);
    for (const sample of samples) {
      expect(sample.button, 'the watcher is never asked to throw').not.toMatch(words.asks);
      expect(sample.hint, 'nor to flick or hold dice').not.toMatch(words.asks);
      // Said only while its dice are in the air, with the throws left after that one.
      if (sample.button !== words.waiting) expect(sample.button).toMatch(words.rolling);
    }
    expect(samples.some((sample) => words.rolling.test(sample.button))).toBe(true);
    // Mari's turn again: the controls ask her to throw.
    await expect(page.locator('dice-poker [part="roll-button"]')).toBeEnabled();
    expect((await controlsWords(page)).turn).toContain(words.own);
    expect(errors).toEqual([]);
  },
};
