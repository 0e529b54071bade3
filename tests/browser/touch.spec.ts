import { expect, test, type Page } from '@playwright/test';
import { scoreRow, type RowId } from '../../src/engine/index.js';
import { ARTIFACTS, openGame, stateOf, waitForRest, watchErrors } from './helpers.js';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** A finger's swipe up the table, as touch events (Chromium turns them into pointer events). */
async function swipe(page: Page): Promise<void> {
  const box = (await page.locator('dice-poker canvas').boundingBox())!;
  const x = box.x + box.width * 0.5;
  const y = box.y + box.height * 0.75;
  const cdp = await page.context().newCDPSession(page);
  const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', px: number, py: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: px, y: py, id: 1, radiusX: 8, radiusY: 8, force: 1 }],
    });
  await touch('touchStart', x, y);
  for (let i = 1; i <= 6; i++) {
    await page.waitForTimeout(16);
    await touch('touchMove', x + i * 2, y - i * 14);
  }
  await touch('touchEnd', x + 12, y - 84);
  await cdp.detach();
}

test('a whole game by touch alone on a phone: swipe to throw, tap dice to hold, tap rows', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const errors = watchErrors(page);
  await openGame(page, 'Liis', 31);
  // The sheet sits below the table, never over it.
  const table = (await page.locator('dice-poker [part="table"]').boundingBox())!;
  const sheet = (await page.locator('dice-poker dp-scorecard').boundingBox())!;
  expect(sheet.y).toBeGreaterThanOrEqual(table.y + table.height - 1);

  for (let turn = 0; turn < 13; turn++) {
    await swipe(page);
    const first = await waitForRest(page, 1);
    if (turn % 3 === 0) {
      const point = await page
        .locator('dice-poker')
        .evaluate((el) => (el as HTMLElementTagNameMap['dice-poker']).dieAt(0));
      await page.touchscreen.tap(point!.x, point!.y);
      await expect.poll(async () => (await stateOf(page)).held[0]).toBe(true);
      await swipe(page);
      const second = await waitForRest(page, 2);
      expect(second.dice[0]).toBe(first.dice[0]);
    }
    const state = await stateOf(page);
    const options = page.locator('dice-poker dp-scorecard button.option');
    const row = (await options.first().getAttribute('data-row')) as RowId;
    const shown = Number(await options.first().textContent());
    expect(shown).toBe(scoreRow(row, state.dice));
    await options.first().tap();
    if (shown === 0) await page.locator('dice-poker dp-scorecard [data-confirm-zero]').tap();
    await expect.poll(async () => (await stateOf(page)).players[0]!.scores[row]).toBe(shown);
    if (turn === 4) await page.screenshot({ path: `${ARTIFACTS}/touch-phone-mid-game.png` });
  }
  expect((await stateOf(page)).over).toBe(true);
  await expect(page.locator('dice-poker dp-game-over [data-verdict]')).toHaveText('Liis wins!');
  expect(errors).toEqual([]);
});
