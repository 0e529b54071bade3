import { expect, test, type Page } from '@playwright/test';
import { ROWS } from '../../src/engine/index.js';
import { ARTIFACTS, boxOf, inside, openPage, overlap, screenOf, type Box } from './helpers.js';

/**
 * The panels after a game, at 1280x720: the review and History beside the score sheet, never over
 * its row names; History one scroller whose Close, note and buttons stay in view (after an import
 * too); on a phone History clear of the top bar, its note in view.
 */

/**
 * Plays a whole game of five people at this device through the element's API, carelessly (the first
 * free row after one throw): the sheet's five columns of scores reach in to where a centred panel stood.
 */
async function playCareless(
  page: Page,
  seed: number,
  players = ['Mari', 'Jaan', 'Liis', 'Peeter', 'Kadri'],
): Promise<void> {
  await page.locator('dice-poker').evaluate(
    async (node, { rows, seed, players }) => {
      const el = node as HTMLElementTagNameMap['dice-poker'];
      el.setAttribute('lang', 'en');
      el.newGame({ players, seed });
      while (!el.state.over) {
        await el.roll();
        const filled = el.state.players[el.state.current]!.scores;
        el.score(rows.find((row) => !(row in filled))!);
      }
    },
    { rows: [...ROWS], seed, players },
  );
}

/** The boxes of the sheet's row names. */
async function rowNames(page: Page): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const th of await page.locator('dice-poker dp-scorecard tbody tr[data-row] th').all())
    boxes.push((await th.boundingBox())!);
  return boxes;
}

/** The panel's card lies clear of every row name of the sheet. */
async function expectClearOfRowNames(page: Page, card: Box, what: string): Promise<void> {
  for (const [i, name] of (await rowNames(page)).entries())
    expect(overlap(card, name), `${what} clear of row ${i + 1}'s name`).toBe(false);
}

/** The background of what `selector` finds is opaque: nothing behind it (the sheet's rows) shows through. */
async function expectOpaque(page: Page, selector: string): Promise<void> {
  const colour = await page.locator(selector).evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(colour, `${selector} opaque`).toMatch(/^rgb\(/);
}

/** The overlay the panels sit in does not scroll: what scrolls is inside the panel. */
async function expectOverlayStill(page: Page): Promise<void> {
  const modal = page.locator('dice-poker .modal');
  expect(await modal.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(0);
}

test('1280x720: the review and History stand beside the sheet; History keeps Close, its note and buttons in view; on a phone it is clear of the top bar', async ({
  page,
}, info) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const errors = await openPage(page);
  await playCareless(page, 41);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('dice-poker:default:history')?.length ?? 0), {
      timeout: 90_000,
    })
    .toBeGreaterThan(0);

  // The review, opened from the game-over panel: beside the sheet, not over its row names.
  await page.locator('dice-poker [data-show-review]').click();
  const review = page.locator('dice-poker dp-review');
  await expect(review.locator('h2')).toBeVisible();
  await expectClearOfRowNames(page, await boxOf(page, 'dice-poker dp-review .card'), 'the review');
  await expectClearOfRowNames(page, await boxOf(page, 'dice-poker dp-game-over .card'), 'the game-over card');
  for (const card of ['dp-review .card', 'dp-game-over .card'])
    await expectOpaque(page, `dice-poker ${card}`);
  await page.screenshot({ path: `${ARTIFACTS}/layout-panels-review.png` });

  // History: beside the sheet too, all on screen, the overlay still.
  await page.locator('dice-poker [data-show-history]').click();
  const panel = page.locator('dice-poker dp-history');
  await expect(panel.locator('[data-count]')).toHaveText('1 game');
  const card = await boxOf(page, 'dice-poker dp-history .card');
  expect(inside(card, screenOf(page)), 'History all on screen').toBe(true);
  await expectClearOfRowNames(page, card, 'History');
  await expectOverlayStill(page);
  await expectOpaque(page, 'dice-poker dp-history .card');

  // Exported, then imported into an empty history: the note, Close and the buttons in view.
  const download = page.waitForEvent('download');
  await panel.locator('[data-export]').click();
  const path = info.outputPath('history.json');
  await (await download).saveAs(path);
  await page.evaluate(() => localStorage.removeItem('dice-poker:default:history'));
  await panel.locator('[data-import] input').setInputFiles(path);
  await expect(panel.locator('[data-note]')).toHaveText('Imported: 5 new games.');
  const after = await boxOf(page, 'dice-poker dp-history .card');
  for (const part of ['[data-note]', '[data-close]', '[data-export]', '[data-import]'])
    expect(inside(await boxOf(page, `dice-poker dp-history ${part}`), after), `${part} in view`).toBe(true);
  expect(inside(after, screenOf(page)), 'History all on screen after the import').toBe(true);
  await expectOverlayStill(page);
  await page.screenshot({ path: `${ARTIFACTS}/layout-panels-history.png` });

  // On a phone: History's card clear of the top bar, its note and Close in view.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await boxOf(page, 'dice-poker dp-history .card')).width).toBeLessThan(390);
  const phoneCard = await boxOf(page, 'dice-poker dp-history .card');
  expect(inside(phoneCard, screenOf(page)), 'History all on the phone’s screen').toBe(true);
  for (const button of await page.locator('dice-poker .topbar button').all())
    expect(overlap(phoneCard, (await button.boundingBox())!), 'History clear of the top bar').toBe(false);
  for (const part of ['[data-note]', '[data-close]'])
    expect(inside(await boxOf(page, `dice-poker dp-history ${part}`), phoneCard), `${part} in view`).toBe(
      true,
    );
  await expectOverlayStill(page);
  await page.screenshot({ path: `${ARTIFACTS}/layout-panels-history-phone.png` });
  expect(errors).toEqual([]);
});

test('a phone on its side: Show review opens the review beside the game-over card, in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 844, height: 390 });
  const errors = await openPage(page);
  await playCareless(page, 43, ['Mari']);
  await page.locator('dice-poker [data-show-review]').click();
  const title = await boxOf(page, 'dice-poker dp-review h2');
  expect(inside(title, screenOf(page)), 'the review’s title on screen').toBe(true);
  const review = await boxOf(page, 'dice-poker dp-review .card');
  expect(review.y + Math.min(review.height, 150), 'the review’s first lines on screen').toBeLessThanOrEqual(
    390,
  );
  await page.screenshot({ path: `${ARTIFACTS}/layout-panels-review-side.png` });
  expect(errors).toEqual([]);
});
