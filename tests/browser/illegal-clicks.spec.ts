import { expect, test } from '@playwright/test';
import { en } from '../../src/ui/i18n/en.js';
import { clickDie, flick, openGame, stateOf, waitForRest } from './helpers.js';

/**
 * Each refused input is followed by one whose refusal shows (the toast with the engine's reason): input
 * is handled in order, so once that toast is up everything before it has been handled too, and only
 * then is the state compared.
 */
test('illegal clicks change nothing: holding or scoring before a throw, a 4th throw', async ({ page }) => {
  test.setTimeout(180_000);
  await openGame(page, 'Mari,Jüri', 7);
  const toast = page.locator('dice-poker .toast');
  const before = await stateOf(page);
  // Before the first throw: no row offers points and the dice in the tray cannot be held.
  await expect(page.locator('dice-poker dp-scorecard button.option')).toHaveCount(0);
  await page.locator('dice-poker dp-scorecard tr[data-row="chance"] td').first().click();
  await expect(page.locator('dice-poker dp-controls .die[data-die="1"]')).toBeDisabled();
  await page.locator('dice-poker dp-controls .die[data-die="1"]').click({ force: true });
  // A 3D die clicked before the first throw is not held: the refusal says to throw first.
  await clickDie(page, 0);
  await expect(toast).toHaveText(en.errors['no-roll-yet']);
  expect(await stateOf(page)).toEqual(before);

  // Three throws, then the button is spent and a flick or a click on a die changes nothing.
  for (let n = 1; n <= 3; n++) {
    await flick(page);
    await waitForRest(page, n);
  }
  const spent = await stateOf(page);
  const rollButton = page.locator('dice-poker dp-controls [part="roll-button"]');
  await expect(rollButton).toBeDisabled();
  await flick(page);
  await expect(toast).toHaveText(en.errors['no-rolls-left']);
  expect(await stateOf(page)).toEqual(spent);
  // The toast goes away; the spent button clicked, then die 3: the same refusal shows again.
  await expect(toast).toBeHidden();
  await rollButton.click({ force: true });
  await clickDie(page, 3);
  await expect(toast).toHaveText(en.errors['no-rolls-left']);
  expect(await stateOf(page)).toEqual(spent);
});
