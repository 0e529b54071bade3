import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, boxOf, covers, inside, watchErrors } from './helpers.js';

type Box = { x: number; y: number; width: number; height: number };

/**
 * How much of the table's green felt a screenshot (PNG, CSS pixels) shows outside `card`: the pixels
 * whose green clearly outweighs their red and blue (the felt, dimmed behind a panel, still reads green;
 * the wood, the dice and the dark room do not), in CSS px².
 */
function feltOutside(page: Page, png: Buffer, card: Box): Promise<number> {
  return page.evaluate(
    async ({ base64, card }) => {
      const blob = new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' });
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      let felt = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          if (x >= card.x && x < card.x + card.width && y >= card.y && y < card.y + card.height) continue;
          const i = (y * width + x) * 4;
          const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
          if (g > 30 && g > r * 1.4 && g > b * 1.4) felt++;
        }
      }
      return felt;
    },
    { base64: png.toString('base64'), card },
  );
}

for (const screen of [
  { name: 'desktop', viewport: { width: 1280, height: 720 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
]) {
  test.describe(`${screen.name} ${screen.viewport.width}x${screen.viewport.height}`, () => {
    test.use({ viewport: screen.viewport, hasTouch: screen.touch, isMobile: screen.touch });

    test('the start screen shows the table and its dice around the start panel, not an empty dark screen', async ({
      page,
    }) => {
      const errors = watchErrors(page);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      const card = 'dice-poker dp-start-panel .card';
      await expect(page.locator(`${card} [data-start]`)).toBeVisible();
      // The whole panel on the screen, Start within reach.
      const cardBox = await boxOf(page, card);
      expect(inside(cardBox, { x: 0, y: 0, ...screen.viewport })).toBe(true);
      // The felt the player sees outside the panel: at least a tenth of the screen (on a phone upright,
      // the table behind the panel in the middle of the screen showed none of it, the rest dark).
      const enough = (screen.viewport.width * screen.viewport.height) / 10;
      await expect
        .poll(async () => feltOutside(page, await page.screenshot({ scale: 'css' }), cardBox), {
          message: 'felt seen outside the start panel (CSS px²)',
        })
        .toBeGreaterThan(enough);
      // And all five dice, none behind the panel (at 1280x720 the panel in the middle hid every one).
      for (let die = 0; die < 5; die++) {
        const point = await page
          .locator('dice-poker')
          .evaluate((el, i) => (el as HTMLElementTagNameMap['dice-poker']).dieAt(i), die);
        expect(point, `die ${die + 1} is drawn`).not.toBeNull();
        expect(covers(cardBox, point!), `die ${die + 1} is behind the panel`).toBe(false);
        expect(covers({ x: 0, y: 0, ...screen.viewport }, point!)).toBe(true);
      }
      await page.screenshot({ path: `${ARTIFACTS}/start-screen-table-${screen.name}.png` });
      expect(errors).toEqual([]);
    });
  });
}
