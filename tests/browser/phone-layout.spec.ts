import { expect, test, type Page } from '@playwright/test';
import { ROWS } from '../../src/engine/index.js';
import { ARTIFACTS, openGame, watchErrors } from './helpers.js';

/** A box on the page, in CSS pixels. */
type Box = { x: number; y: number; width: number; height: number };

/** Whether `inner` lies wholly inside `outer` (to a pixel). */
function inside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 1 &&
    inner.y >= outer.y - 1 &&
    inner.x + inner.width <= outer.x + outer.width + 1 &&
    inner.y + inner.height <= outer.y + outer.height + 1
  );
}

/** Whether two boxes share more than a pixel's sliver. */
function overlap(a: Box, b: Box): boolean {
  return (
    a.x + 1 < b.x + b.width && b.x + 1 < a.x + a.width && a.y + 1 < b.y + b.height && b.y + 1 < a.y + a.height
  );
}

/** Throws once and holds die 0 (it moves to the ledge), through the public API. */
async function throwAndHold(page: Page): Promise<void> {
  await page.locator('dice-poker').evaluate(async (node) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    await el.roll();
    el.toggleHold(0);
  });
}

/** Every die (a held one on the ledge) is drawn on the canvas, once the table has followed its size. */
async function expectDiceOnCanvas(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const canvas = (await page.locator('dice-poker canvas').boundingBox())!;
      const dice = await page
        .locator('dice-poker')
        .evaluate((el) => [0, 1, 2, 3, 4].map((i) => (el as HTMLElementTagNameMap['dice-poker']).dieAt(i)!));
      return dice.every((die) => inside({ ...die, width: 0, height: 0 }, canvas));
    })
    .toBe(true);
}

/** What a player sees on a phone held upright, as boxes in CSS pixels. */
async function measure(page: Page) {
  const screen = { x: 0, y: 0, ...page.viewportSize()! };
  const canvas = (await page.locator('dice-poker canvas').boundingBox())!;
  const throwButton = (await page.locator('dice-poker [part="roll-button"]').boundingBox())!;
  const controls = (await page.locator('dice-poker dp-controls').boundingBox())!;
  const sheet = (await page.locator('dice-poker .sheet').boundingBox())!;
  const rows = [];
  for (const row of ROWS) {
    rows.push({
      row,
      label: (await page.locator(`dice-poker dp-scorecard tr[data-row="${row}"] th`).boundingBox())!,
      option: await page.locator(`dice-poker dp-scorecard button.option[data-row="${row}"]`).boundingBox(),
    });
  }
  const scroll = await page.evaluate(() => ({
    page: document.scrollingElement!.scrollHeight - innerHeight,
    pageX: document.scrollingElement!.scrollWidth - innerWidth,
  }));
  const sheetScroll = await page.locator('dice-poker .sheet').evaluate((el) => ({
    down: el.scrollHeight - el.clientHeight,
    across: el.scrollWidth - el.clientWidth,
  }));
  return { screen, canvas, throwButton, controls, sheet, rows, scroll, sheetScroll };
}

const UPRIGHT = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

for (const size of UPRIGHT) {
  test.describe(`a phone held upright, ${size.width}x${size.height}`, () => {
    test.use({ viewport: size, deviceScaleFactor: 2, hasTouch: true, isMobile: true });

    test('two players: dice, ledge, Throw and all 13 rows with their scores on one screen, no scrolling; six players: the sheet scrolls sideways inside itself, dice, Throw and every row in view', async ({
      page,
    }) => {
      const errors = watchErrors(page);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openGame(page, 'Mari, Jüri', 5);
      const unthrown = (await page.locator('dice-poker canvas').boundingBox())!;
      await throwAndHold(page);
      await expect(page.locator('dice-poker dp-scorecard button.option')).toHaveCount(13);
      // The scores offered take no more room than the empty rows did: the table keeps its size.
      expect((await page.locator('dice-poker canvas').boundingBox())!).toEqual(unthrown);
      const m = await measure(page);

      // Every die (die 0 on the ledge) is drawn on the canvas, and the canvas is on screen.
      await expectDiceOnCanvas(page);
      expect(m.canvas.height).toBeGreaterThan(size.height * 0.25);
      expect(inside(m.canvas, m.screen)).toBe(true);
      expect(inside(m.throwButton, m.screen)).toBe(true);
      // All 13 rows and the score each would give are on screen at once, with the sheet unscrolled.
      for (const row of m.rows) {
        expect(inside(row.label, m.screen), `${row.row} on screen`).toBe(true);
        expect(row.option, `${row.row} offers its score`).not.toBeNull();
        expect(inside(row.option!, m.screen), `${row.row}'s score on screen`).toBe(true);
        expect(row.option!.height, `${row.row}'s score is a usable target`).toBeGreaterThanOrEqual(18);
      }
      expect(m.sheetScroll.down).toBeLessThanOrEqual(0);
      expect(m.scroll.page).toBeLessThanOrEqual(0);
      // Nothing overlaps: the table, the controls and the sheet each have their own band.
      expect(overlap(m.canvas, m.controls)).toBe(false);
      expect(overlap(m.controls, m.sheet)).toBe(false);
      expect(overlap(m.canvas, m.sheet)).toBe(false);
      await page.screenshot({ path: `${ARTIFACTS}/phone-${size.width}x${size.height}-2-players.png` });

      // Six players, a new game in the same page.
      await page.locator('dice-poker').evaluate((node) =>
        (node as HTMLElementTagNameMap['dice-poker']).newGame({
          players: ['Mari', 'Jüri', 'Liis', 'Peeter', 'Kadri', 'Toomas'],
          seed: 6,
        }),
      );
      await throwAndHold(page);
      const six = await measure(page);
      await expectDiceOnCanvas(page);
      expect(inside(six.canvas, six.screen)).toBe(true);
      expect(inside(six.throwButton, six.screen)).toBe(true);
      for (const row of six.rows)
        expect(inside(row.option!, six.screen), `${row.row}'s score on screen`).toBe(true);
      expect(six.scroll.page).toBeLessThanOrEqual(0);
      expect(six.scroll.pageX).toBeLessThanOrEqual(0);
      expect(six.sheetScroll.across).toBeGreaterThan(0);
      // Scrolled to the last player, the row names stay where they were (they stick to the left).
      const label = page.locator('dice-poker dp-scorecard tr[data-row="chance"] th');
      const before = (await label.boundingBox())!;
      await page.locator('dice-poker .sheet').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect(page.locator('dice-poker dp-scorecard th[title="Toomas"]')).toBeInViewport();
      expect(Math.abs((await label.boundingBox())!.x - before.x)).toBeLessThanOrEqual(2);
      await page.screenshot({ path: `${ARTIFACTS}/phone-${size.width}x${size.height}-6-players.png` });
      expect(errors).toEqual([]);
    });
  });
}

test.describe('a phone on its side, 844x390', () => {
  test.use({ viewport: { width: 844, height: 390 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });

  test('the table keeps the full height; the controls and the sheet share the column beside it', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openGame(page, 'Mari, Jüri', 5);
    await throwAndHold(page);
    const m = await measure(page);
    await expectDiceOnCanvas(page);
    expect(inside(m.throwButton, m.screen)).toBe(true);
    expect(overlap(m.canvas, m.sheet)).toBe(false);
    expect(overlap(m.canvas, m.controls)).toBe(false);
    expect(m.canvas.height).toBeGreaterThan(390 * 0.75);
    expect(m.scroll.page).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${ARTIFACTS}/phone-844x390-2-players.png` });
  });
});
