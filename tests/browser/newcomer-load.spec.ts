import { expect, test } from '@playwright/test';
import { ARTIFACTS, stateOf, waitForRest } from './helpers.js';
import { onEveryScreen } from './newcomer-helpers.js';

const WORDS = {
  en: { other: 'et', toggle: 'Eesti', start: 'Start game', title: 'Dice poker' },
  et: { other: 'en', toggle: 'English', start: 'Alusta mängu', title: 'Täringupokker' },
} as const;

onEveryScreen((screen, lang) => {
  test('the language picked on the start panel survives a reload; the keyboard is placed on load', async ({
    page,
  }) => {
    const words = WORDS[lang];
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    // The player picks the language (away from the page's own and back, where they are the same).
    const start = page.locator('dice-poker dp-start-panel [data-start]');
    const toggle = page.locator('dice-poker [data-lang-toggle]');
    await expect(start).toBeVisible();
    if ((await start.textContent())!.trim() === words.start) await toggle.click();
    await expect(start).toHaveText(WORDS[words.other].start);
    await toggle.click();
    await expect(start).toHaveText(words.start);

    await page.reload();
    await expect(start).toHaveText(words.start);
    await expect(page.locator('dice-poker [data-lang-toggle]')).toHaveText(words.toggle);
    const firstName = page.locator('dice-poker dp-start-panel input[data-player="0"]');
    if (!screen.touch) {
      // The keyboard is on the start panel's first field: typing names the first player at once.
      await expect(firstName).toBeFocused();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Mari');
      await expect(firstName).toHaveValue('Mari');
    } else {
      // No name field is focused on a touch screen: its keyboard would pop up unasked.
      await expect(firstName).not.toBeFocused();
      await firstName.fill('Mari');
    }
    await page.screenshot({ path: `${ARTIFACTS}/newcomer-reloaded-start-${screen.name}-${lang}.png` });
    await start.click();
    await expect(page.locator('dice-poker dp-controls')).toBeVisible();

    // A game under way, reloaded: still in the language picked, and on a desktop the keyboard on the
    // table, where Space throws.
    await page.reload();
    await expect(page.locator('dice-poker [data-lang-toggle]')).toHaveText(words.toggle);
    await expect(page.locator('dice-poker dp-controls')).toBeVisible();
    if (!screen.touch) {
      await expect(page.locator('dice-poker canvas')).toBeFocused();
      await page.keyboard.press('Space');
      await waitForRest(page, 1);
      expect((await stateOf(page)).players[0]!.name).toBe('Mari');
    }
  });
});
