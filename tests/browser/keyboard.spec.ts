import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { stateOf, waitForRest, watchErrors } from './helpers.js';

/** Serious or critical accessibility violations on the page now. */
async function seriousViolations(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a whole game with the keyboard alone, announced politely, with a clean accessibility audit', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await page.locator('dice-poker').evaluate((el) => el.setAttribute('lang', 'en'));
  await expect(page.locator('dice-poker dp-start-panel [data-start]')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The start panel by keyboard: the keyboard is on its first field from the load on; type the name,
  // Enter starts.
  await expect(page.locator('dice-poker dp-start-panel input[data-player="0"]')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Kati');
  await page.keyboard.press('Enter');
  await expect(page.locator('dice-poker canvas')).toBeFocused();
  await expect(page.locator('dice-poker canvas')).toHaveAttribute('aria-label', /Dice: 1, 2, 3, 4, 5/);
  // With the keyboard on the table, the keys are shown.
  await expect(page.locator('dice-poker .keys')).toBeVisible();
  await expect(page.locator('dice-poker .keys')).toContainText('H hints, N new game');
  // Screen readers hear them as the table's description.
  await expect(page.locator('dice-poker canvas')).toHaveAccessibleDescription(/H hints, N new game/);

  const live = page.locator('dice-poker [aria-live="polite"]');
  for (let turn = 0; turn < 13; turn++) {
    if (turn === 6) {
      // N opens the new-game panel, saying the game would be discarded, with the keyboard in it;
      // Escape goes back to the same game, the keyboard on the table.
      const before = await stateOf(page);
      await page.keyboard.press('n');
      await expect(page.locator('dice-poker dp-start-panel [data-discard-warning]')).toBeVisible();
      await expect(page.locator('dice-poker dp-start-panel input[data-player="0"]')).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(page.locator('dice-poker dp-start-panel')).toHaveCount(0);
      await expect(page.locator('dice-poker canvas')).toBeFocused();
      expect(await stateOf(page)).toEqual(before);
    }
    await page.keyboard.press('r');
    const first = await waitForRest(page, 1);
    await expect(live).toContainText(`Kati threw ${first.dice.join(', ')}. 2 throws left.`);
    await expect(page.locator('dice-poker canvas')).toHaveAttribute(
      'aria-label',
      new RegExp(first.dice.join(', ')),
    );
    if (turn % 2 === 0) {
      await page.keyboard.press('2');
      expect((await stateOf(page)).held).toEqual([false, true, false, false, false]);
      await expect(live).toContainText(`Die 2 (${first.dice[1]}) held.`);
      await page.keyboard.press(' ');
      const second = await waitForRest(page, 2);
      expect(second.dice[1]).toBe(first.dice[1]);
    }
    // Arrows go to the free rows; Enter chooses (a 0 asks first, the keyboard on Cancel: Tab, Enter confirms).
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const focused = page.locator('dice-poker dp-scorecard button.option:focus');
    const row = (await focused.getAttribute('data-row'))!;
    const shown = Number(await focused.textContent());
    await page.keyboard.press('Enter');
    if (shown === 0) {
      await expect(page.locator('dice-poker dp-scorecard [data-cancel-zero]')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.locator('dice-poker dp-scorecard [data-confirm-zero]')).toBeFocused();
      await page.keyboard.press('Enter');
    }
    await expect.poll(async () => (await stateOf(page)).players[0]!.scores[row as 'ones']).toBe(shown);
    if (turn === 3) {
      // H shows the hints and hides them again; the keyboard stays on the table.
      const hints = page.locator('dice-poker [data-hints]');
      await page.keyboard.press('h');
      await expect(hints).toHaveAttribute('aria-pressed', 'true');
      // The switch says whether hints are on, as the sound's does.
      await expect(hints).toHaveText('Hints on');
      await expect(page.locator('dice-poker dp-hints')).toBeVisible();
      await page.keyboard.press('h');
      await expect(hints).toHaveAttribute('aria-pressed', 'false');
      await expect(hints).toHaveText('Hints off');
      await expect(page.locator('dice-poker canvas')).toBeFocused();
    }
    if (turn === 5) expect(await seriousViolations(page)).toEqual([]);
  }
  const final = await stateOf(page);
  expect(final.over).toBe(true);
  await expect(live).toContainText(`Kati wins!`);
  await expect(page.locator('dice-poker dp-game-over [data-verdict]')).toHaveText('Kati wins!');
  expect(await seriousViolations(page)).toEqual([]);
  // The keyboard is on "New game"; Enter opens the start panel with the keyboard in it.
  await expect(page.locator('dice-poker dp-game-over [data-new-game]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('dice-poker dp-start-panel input[data-player="0"]')).toBeFocused();
  expect(errors).toEqual([]);
});

test('both languages: switching in the overlay changes every text, from the page language by default', async ({
  page,
}) => {
  await page.goto('/');
  await page.locator('dice-poker').evaluate((el) => el.setAttribute('players', 'Mari'));
  const rowName = page.locator('dice-poker dp-scorecard tr[data-row="fullHouse"] th');
  await expect(rowName).toHaveText('Maja'); // index.html is lang="et"
  await expect(page.locator('dice-poker [part="roll-button"]')).toContainText('Viska');
  // The `lang` property works as the attribute does.
  await page.locator('dice-poker').evaluate((el) => ((el as HTMLElement).lang = 'en'));
  await expect(rowName).toHaveText('Full house');
  await page.locator('dice-poker').evaluate((el) => ((el as HTMLElement).lang = 'et'));
  await expect(rowName).toHaveText('Maja');
  // The overlay's switch; what is shown is marked in its language, for screen readers.
  await page.locator('dice-poker [data-lang-toggle]').click();
  await expect(rowName).toHaveText('Full house');
  await expect(page.locator('dice-poker [part="roll-button"]')).toContainText('Throw');
  await expect(page.locator('dice-poker .layout')).toHaveAttribute('lang', 'en');
  await expect(page.locator('dice-poker [aria-live="polite"]')).toHaveAttribute('lang', 'en');
  await expect(page.locator('dice-poker [data-lang-toggle]')).toHaveText('Eesti');
});
