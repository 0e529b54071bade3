import { expect, test } from '@playwright/test';
import { ARTIFACTS, openGame, stateOf, waitForRest, watchErrors } from './helpers.js';

test('Enter twice on a row that would score 0 scores nothing: the question waits on Cancel', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openGame(page, 'Kati', 3, 'en');
  await page.locator('dice-poker canvas').focus();
  await page.keyboard.press('r');
  await waitForRest(page, 1);
  // To a row these dice would score 0 in, by the arrows.
  const zeros = await page
    .locator('dice-poker dp-scorecard button.option.zero')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-row')!));
  expect(zeros.length, 'some row would score 0').toBeGreaterThan(0);
  const row = zeros[0]!;
  await page.keyboard.press('ArrowDown');
  const focused = page.locator('dice-poker dp-scorecard button.option:focus');
  for (let i = 0; i < 13 && (await focused.getAttribute('data-row')) !== row; i++)
    await page.keyboard.press('ArrowDown');
  await expect(focused).toHaveAttribute('data-row', row);

  // Enter, and Enter again in a hurry: asked, then back to the sheet, nothing scored.
  await page.keyboard.press('Enter');
  const ask = page.locator('dice-poker dp-scorecard [role="alertdialog"]');
  await expect(ask).toContainText('Score 0 in');
  await expect(page.locator('dice-poker dp-scorecard [data-cancel-zero]')).toBeFocused();
  await page.screenshot({ path: `${ARTIFACTS}/zero-question-en-1280.png` });
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  const after = await stateOf(page);
  expect(after.players[0]!.scores).toEqual({});
  expect(after.rollsUsed).toBe(1);
  // The keyboard is back on the row asked about; a 0 is still one Tab and Enter away for one who means it.
  await expect(focused).toHaveAttribute('data-row', row);
  await page.keyboard.press('Enter');
  await expect(page.locator('dice-poker dp-scorecard [data-cancel-zero]')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await stateOf(page)).players[0]!.scores[row as 'ones']).toBe(0);
  expect(errors).toEqual([]);
});
