import { expect, test } from '@playwright/test';
import { stateOf, waitForRest, watchErrors } from './helpers.js';

test('a throw from the Throw button by keyboard keeps the keyboard in the game: 1-5 and R go on working', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await page.locator('dice-poker').evaluate((el) => el.setAttribute('lang', 'en'));
  await page.locator('dice-poker dp-start-panel [data-start]').click();
  // Tab from the table to the Throw button, and throw with R there, then with Enter.
  await expect(page.locator('dice-poker canvas')).toBeFocused();
  await page.keyboard.press('Tab');
  const button = page.locator('dice-poker [part="roll-button"]');
  await expect(button).toBeFocused();
  await page.keyboard.press('r');
  await waitForRest(page, 1);
  await expect(page.locator('dice-poker canvas')).toBeFocused();
  await page.keyboard.press('1');
  await expect.poll(async () => (await stateOf(page)).held[0]).toBe(true);
  await page.keyboard.press('r');
  await waitForRest(page, 2);
  // Past the five dice (their buttons take the keyboard once thrown) to the Throw button.
  for (let i = 0; i < 6 && !(await button.evaluate((b) => b.matches(':focus'))); i++)
    await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await waitForRest(page, 3);
  await expect(page.locator('dice-poker canvas')).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.localName)).toBe('dice-poker');
  expect(errors).toEqual([]);
});
