import { expect, test } from '@playwright/test';
import { ARTIFACTS, stateOf, waitForRest, watchErrors } from './helpers.js';

/** Errors a page may log here: the connection of a room this page left. */
const EXPECTED = /Room connection was closed|4002/;

test('a game opened from My games takes the keyboard: R throws at once, with no click first', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await page.locator('dice-poker').evaluate((el) => el.setAttribute('lang', 'en'));
  // Mari hosts a game at her own pace against a computer, and goes off before her first throw.
  await page.locator('dice-poker dp-start-panel input[data-player="0"]').fill('Mari');
  await page.locator('dice-poker dp-start-panel [data-play-online]').click();
  const panel = page.locator('dice-poker dp-online-panel');
  await panel.locator('select[data-clock]').selectOption('own-pace:86400');
  await panel.locator('[data-add-bot]').click();
  await panel.locator('[data-online-start]').click();
  await expect(page.locator('dice-poker [part="roll-button"]')).toBeEnabled();
  expect((await stateOf(page)).current).toBe(0);
  await page
    .locator('dice-poker')
    .evaluate((el) => (el as HTMLElement & { leaveOnline(): Promise<void> }).leaveOnline());

  // Back from the start panel's My games: Open, then R, as a player does.
  const row = page.locator('dice-poker dp-my-games li');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /Open/ }).click();
  await expect(page.locator('dice-poker dp-start-panel')).toBeHidden();
  await expect(page.locator('dice-poker [part="roll-button"]')).toBeEnabled();
  await expect(page.locator('dice-poker canvas')).toBeFocused();
  await page.keyboard.press('r');
  await waitForRest(page, 1);
  await page.screenshot({ path: `${ARTIFACTS}/my-games-open-keys.png` });
  expect(errors.filter((e) => !EXPECTED.test(e))).toEqual([]);
  await context.close();
});
