import { expect } from '@playwright/test';
import { ARTIFACTS, stateOf } from './helpers.js';
import { controlsWords, type JourneyStep, startGame } from './newcomer-helpers.js';

const WORDS = {
  en: { rolling: /^Rolling…/, newGame: 'New game', waits: 'New game: as soon as these dice stop rolling…' },
  et: { rolling: /^Veereb…/, newGame: 'Uus mäng', waits: 'Uus mäng: kohe, kui need täringud peatuvad…' },
};

/** A step of a newcomer's journey (newcomer-journey.spec.ts). */
export const newGameWhileThrowing: JourneyStep = {
  title: '“New game” while a computer’s throw is in the air: said to wait, then the panel opens',
  async run(page, screen, lang) {
    const words = WORDS[lang];
    await startGame(
      page,
      { players: ['Mari', lang === 'et' ? 'Arvuti' : 'Computer'], seats: ['human', 'good'], lang, seed: 8 },
      'no-preference',
    );
    await page.locator('dice-poker').evaluate(async (node) => {
      const el = node as HTMLElementTagNameMap['dice-poker'];
      await el.roll();
      el.score('chance');
    });
    const newGame = page.locator('dice-poker [data-new-game-top]');
    await expect(newGame).toHaveText(words.newGame);
    const toast = page.locator('dice-poker .toast');
    // Pressed while the computer's dice are in the air (on a slow machine a throw may land first: the
    // panel then opens at once, rightly, and is closed to try the computer's next throw).
    for (let attempt = 0; ; attempt++) {
      await expect
        .poll(async () => (await controlsWords(page)).button, { timeout: 20_000, intervals: [10] })
        .toMatch(words.rolling);
      if (screen.touch) await newGame.tap();
      else await newGame.click();
      if ((await toast.count()) > 0) break;
      expect(attempt, 'the click came while dice were in the air').toBeLessThan(2);
      await page.locator('dice-poker dp-start-panel [data-cancel]').click();
    }
    // Answered at once: the player is told why it waits...
    await expect(toast).toHaveText(words.waits, { timeout: 1_000 });
    // Whole, and clear of the bar that says the computer plays.
    expect(await toast.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // (Measured in one go: once the dice rest the panel opens and the bar goes.)
    const apart = await page.locator('dice-poker').evaluate((el) => {
      const toastBox = el.shadowRoot!.querySelector('.toast')?.getBoundingClientRect();
      const bar = el.shadowRoot!.querySelector('.bot-bar')?.getBoundingClientRect();
      return !toastBox || !bar || toastBox.bottom <= bar.top + 1 || toastBox.top >= bar.bottom - 1;
    });
    expect(apart, 'the word clear of the computer’s bar').toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}/newcomer-new-game-waits-${screen.name}-${lang}.png` });
    // ...and the panel opens once the dice rest, the computer's throw counted.
    await expect(page.locator('dice-poker dp-start-panel [data-start]')).toBeVisible({ timeout: 10_000 });
    const state = await stateOf(page);
    expect(state.current).toBe(1);
    expect(state.rollsUsed).toBeGreaterThanOrEqual(1);
    // The computer waits while the panel is open: nothing more is thrown.
    await page.waitForTimeout(1_500);
    expect((await stateOf(page)).rollsUsed).toBe(state.rollsUsed);
  },
};
