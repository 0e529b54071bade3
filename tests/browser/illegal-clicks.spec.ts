import { expect, test } from '@playwright/test';
import { clickDie, flick, openGame, stateOf, waitForRest } from './helpers.js';

test('illegal clicks change nothing: holding or scoring before a throw, a 4th throw', async ({ page }) => {
  test.setTimeout(180_000);
  await openGame(page, 'Mari,Jüri', 7);
  const before = await stateOf(page);
  // Before the first throw: no row offers points and the 3D dice cannot be held.
  await expect(page.locator('dice-poker dp-scorecard button.option')).toHaveCount(0);
  await page.locator('dice-poker dp-scorecard tr[data-row="chance"] td').first().click();
  await clickDie(page, 0);
  await page.locator('dice-poker dp-controls .die[data-die="1"]').click({ force: true });
  expect(await stateOf(page)).toEqual(before);

  // Three throws, then the button is spent and a flick or tap on the table throws nothing.
  for (let n = 1; n <= 3; n++) {
    await flick(page);
    await waitForRest(page, n);
  }
  const spent = await stateOf(page);
  await expect(page.locator('dice-poker dp-controls [part="roll-button"]')).toBeDisabled();
  await flick(page);
  await page.waitForTimeout(1500);
  await page.locator('dice-poker dp-controls [part="roll-button"]').click({ force: true });
  await clickDie(page, 3);
  expect(await stateOf(page)).toEqual(spent);
});
