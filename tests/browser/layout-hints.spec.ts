import { expect, test, type Page } from '@playwright/test';
import {
  ARTIFACTS,
  boxOf,
  expectMidGameLayout,
  inside,
  openGame,
  overlap,
  screenOf,
  stateOf,
} from './helpers.js';

/**
 * The coach's hints on a phone open where the player looks, over the table, in a box tall enough to
 * read them with one scroll at most; they never push the score sheet away (every row stays in view,
 * scoring needs no scroll) nor cover the controls.
 */

/** Throws once (dice at rest at once: reduced motion), then opens the hints and waits for their advice. */
async function throwAndShowHints(page: Page): Promise<void> {
  await page.locator('dice-poker').evaluate(async (node) => {
    await (node as HTMLElementTagNameMap['dice-poker']).roll();
  });
  expect((await stateOf(page)).rollsUsed).toBe(1);
  await page.locator('dice-poker .topbar [data-hints]').click();
  await expect(page.locator('dice-poker dp-hints [data-rows] li').first()).toBeVisible({ timeout: 60_000 });
}

/** The hints lie over the table, all on screen and tall enough to read, clear of the controls and the sheet. */
async function expectHintsOverTable(page: Page, where: string): Promise<void> {
  const hints = await boxOf(page, 'dice-poker dp-hints');
  const table = await boxOf(page, 'dice-poker .table');
  expect(inside(hints, screenOf(page)), `${where}: the hints all on screen`).toBe(true);
  expect(inside(hints, table), `${where}: the hints over the table`).toBe(true);
  expect(hints.height, `${where}: the hints in a box tall enough to read`).toBeGreaterThanOrEqual(
    Math.min(220, table.height - 60),
  );
  expect(overlap(hints, await boxOf(page, 'dice-poker dp-controls')), `${where}: the controls clear`).toBe(
    false,
  );
  expect(overlap(hints, await boxOf(page, 'dice-poker dp-scorecard')), `${where}: the sheet clear`).toBe(
    false,
  );
  // Its first lines, the best move among them, are in view without scrolling it.
  const best = await boxOf(page, 'dice-poker dp-hints li.best');
  expect(inside(best, hints), `${where}: the best move in view`).toBe(true);
}

test.describe('a phone on its side, 844x390', () => {
  test.use({ viewport: { width: 844, height: 390 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });

  test('Show hints opens the hints over the table', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openGame(page, 'Mari', 7);
    await throwAndShowHints(page);
    await expectHintsOverTable(page, 'on its side');
    await page.screenshot({ path: `${ARTIFACTS}/layout-hints-side.png` });
  });
});

for (const size of [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  test.describe(`a phone held upright, ${size.width}x${size.height}`, () => {
    test.use({ viewport: size, deviceScaleFactor: 2, hasTouch: true, isMobile: true });

    test('with the hints on, every row of the sheet stays on screen and the hints lie over the table', async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openGame(page, 'Mari, Jüri', 7);
      await throwAndShowHints(page);
      await expectHintsOverTable(page, 'upright');
      // Scoring needs no scroll: all 13 rows in the sheet's view, Throw on screen.
      const sheet = page.locator('dice-poker .sheet');
      expect(await sheet.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(0);
      await expectMidGameLayout(page);
      await page.screenshot({ path: `${ARTIFACTS}/layout-hints-upright-${size.width}x${size.height}.png` });
    });
  });
}

test.describe('a desktop, 1280x720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('with the hints on, the best row’s advice shows in the coach’s box unscrolled, every row of the sheet on screen', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openGame(page, 'Mari, Jüri', 7);
    await throwAndShowHints(page);
    // The chances to win (or the word that they are being worked out) and the note under them are there.
    await expect(page.locator('dice-poker dp-hints [data-choice-note]')).toBeVisible();
    const hints = await boxOf(page, 'dice-poker dp-hints');
    expect(inside(hints, screenOf(page)), 'the hints on screen').toBe(true);
    const best = await boxOf(page, 'dice-poker dp-hints [data-rows] li.best');
    expect(inside(best, hints), 'the best row’s advice in view').toBe(true);
    await expectMidGameLayout(page);
    await page.screenshot({ path: `${ARTIFACTS}/layout-hints-desktop.png` });
  });
});
