import { expect, test, type Page } from '@playwright/test';
import { expectDrawn, stateOf, watchErrors } from './helpers.js';

/** Starts a game under `key` (seeded), throws once and holds die `hold`; returns the dice thrown. */
async function playUnder(page: Page, key: string, seed: number, hold: number): Promise<number[]> {
  return page.locator('dice-poker').evaluate(
    async (node, { key, seed, hold }) => {
      const el = node as HTMLElementTagNameMap['dice-poker'];
      el.setAttribute('storage-key', key);
      await el.updateComplete;
      el.newGame({ players: ['Mari'], seed });
      const dice = await el.roll();
      el.toggleHold(hold);
      return dice;
    },
    { key, seed, hold },
  );
}

/** Switches the element to another storage key (its saved game resumes). */
async function switchTo(page: Page, key: string): Promise<void> {
  await page.locator('dice-poker').evaluate(async (node, key) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    el.setAttribute('storage-key', key);
    await el.updateComplete;
  }, key);
}

test('changing storage-key at run time resumes that game and the table shows its dice', async ({ page }) => {
  const errors = watchErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await page.locator('dice-poker').evaluate((el) => el.setAttribute('lang', 'en'));
  const first = await playUnder(page, 'first', 101, 0);
  const second = await playUnder(page, 'second', 202, 3);
  expect(second).not.toEqual(first);
  await expectDrawn(page, second);

  // Back to the first key: its game, its dice on the table (not the ones left from the other game).
  await switchTo(page, 'first');
  const resumed = await stateOf(page);
  expect(resumed.dice).toEqual(first);
  expect(resumed.held).toEqual([true, false, false, false, false]);
  await expectDrawn(page, first);
  await expect(page.locator('dice-poker dp-controls .die[data-die="0"]')).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // And forth again.
  await switchTo(page, 'second');
  expect((await stateOf(page)).dice).toEqual(second);
  await expectDrawn(page, second);
  expect(errors).toEqual([]);
});
