import { expect, test, type Page } from '@playwright/test';
import { scoreRow, type RowId } from '../../src/engine/index.js';
import {
  ARTIFACTS,
  expectGameOverLayout,
  expectMidGameLayout,
  openGame,
  overlap,
  stateOf,
  waitForRest,
  waitForStill,
  watchErrors,
} from './helpers.js';

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

/**
 * One turn by touch: a swipe; on `hold`, a tap on the 3D die 0 to hold it and a second swipe that must
 * leave it as it was; then a tap on the first row offered, which must score what the sheet showed.
 */
async function playTurnByTouch(page: Page, hold: boolean): Promise<void> {
  await swipe(page);
  const first = await waitForRest(page, 1);
  if (hold) {
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
  const player = state.current;
  const options = page.locator('dice-poker dp-scorecard button.option');
  const row = (await options.first().getAttribute('data-row')) as RowId;
  const shown = Number(await options.first().textContent());
  expect(shown).toBe(scoreRow(row, state.dice));
  await options.first().tap();
  if (shown === 0) await page.locator('dice-poker dp-scorecard [data-confirm-zero]').tap();
  await expect.poll(async () => (await stateOf(page)).players[player]!.scores[row]).toBe(shown);
}

test.describe('phone, portrait', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a whole game by touch alone: swipe to throw, tap dice to hold, tap rows', async ({ page }) => {
    test.setTimeout(360_000);
    const errors = watchErrors(page);
    await openGame(page, 'Liis', 31);
    // The sheet sits below the table, never over it.
    const table = (await page.locator('dice-poker [part="table"]').boundingBox())!;
    const sheet = (await page.locator('dice-poker dp-scorecard').boundingBox())!;
    expect(sheet.y).toBeGreaterThanOrEqual(table.y + table.height - 1);

    for (let turn = 0; turn < 13; turn++) {
      await playTurnByTouch(page, turn % 3 === 0);
      if (turn === 4) {
        await waitForStill(page);
        await expectMidGameLayout(page);
        await page.screenshot({ path: `${ARTIFACTS}/touch-phone-mid-game.png` });
      }
    }
    expect((await stateOf(page)).over).toBe(true);
    await expect(page.locator('dice-poker dp-game-over [data-verdict]')).toHaveText('Liis wins!');
    await expectGameOverLayout(page);
    expect(errors).toEqual([]);
  });
});

test.describe('phone, landscape', () => {
  test.use({ viewport: { width: 640, height: 360 }, hasTouch: true, isMobile: true });

  test('on its side the table keeps the full height, nothing covers it, and turns play by touch', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    await openGame(page, 'Liis, Mart', 5);
    const canvas = (await page.locator('dice-poker canvas').boundingBox())!;
    // Beside the table, not below it: the table is most of the screen's height.
    expect(canvas.height).toBeGreaterThan(360 * 0.8);
    const covers = [
      ...(await page.locator('dice-poker .topbar button').all()),
      page.locator('dice-poker dp-controls'),
      page.locator('dice-poker .sheet'),
    ];
    for (const locator of covers) expect(overlap(canvas, (await locator.boundingBox())!)).toBe(false);
    // Nor do the top bar's buttons cover the controls or the sheet, in either language.
    for (const lang of ['en', 'et']) {
      await page.locator('dice-poker').evaluate((el, l) => el.setAttribute('lang', l), lang);
      for (const button of await page.locator('dice-poker .topbar button').all())
        for (const panel of covers.slice(-2))
          expect(overlap((await button.boundingBox())!, (await panel.boundingBox())!)).toBe(false);
    }
    await page.locator('dice-poker').evaluate((el) => el.setAttribute('lang', 'en'));
    // The roll button is on screen without scrolling.
    const roll = (await page.locator('dice-poker dp-controls [part="roll-button"]').boundingBox())!;
    expect(roll.y + roll.height).toBeLessThanOrEqual(360);
    // Said for a finger.
    await expect(page.locator('dice-poker dp-controls .hint')).toHaveText(/^Swipe across the table/);

    await playTurnByTouch(page, true);
    await waitForStill(page);
    await expectMidGameLayout(page, { allRows: false });
    await page.screenshot({ path: `${ARTIFACTS}/touch-landscape-after-turn.png` });
    await playTurnByTouch(page, false);
    const state = await stateOf(page);
    expect(state.turn).toBe(1);
    expect(state.current).toBe(0);
    expect(errors).toEqual([]);
  });
});
