import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, boxOf, inside, screenOf, stateOf } from './helpers.js';
import { startGame } from './newcomer-helpers.js';

/** The boxes of what a player looks at; none may move as play goes on. */
async function bands(page: Page) {
  return {
    canvas: await boxOf(page, 'dice-poker canvas'),
    controls: await boxOf(page, 'dice-poker dp-controls'),
    sheet: await boxOf(page, 'dice-poker .sheet'),
  };
}

/** How many rows of the sheet show whole, in its box and on screen, with the sheet unscrolled. */
async function rowsShown(page: Page): Promise<number> {
  const sheet = await boxOf(page, 'dice-poker .sheet');
  const screen = screenOf(page);
  let shown = 0;
  for (const row of await page.locator('dice-poker dp-scorecard tbody tr[data-row]').all()) {
    const box = (await row.boundingBox())!;
    if (inside(box, sheet) && inside(box, screen)) shown++;
  }
  return shown;
}

for (const lang of ['en', 'et'] as const) {
  test.describe(`a phone on its side, 844x390, ${lang}`, () => {
    test.use({ viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

    // One journey from before the first throw to Mari's next turn (a page and a game started are most
    // of such a test's time).
    test('before the first throw how to throw is said on the felt and the tray shows blank dice; most of the sheet shows, and nothing moves as the turns go by', async ({
      page,
    }) => {
      await startGame(page, {
        players: ['Mari', lang === 'et' ? 'Arvuti' : 'Computer'],
        seats: ['human', 'easy'],
        lang,
        seed: 3,
      });
      const unthrown = await bands(page);
      expect(await rowsShown(page)).toBeGreaterThanOrEqual(8);

      const hint = page.locator('dice-poker [data-felt-hint]');
      await expect(hint).toHaveText(
        lang === 'et' ? /tõmmates sõrmega üle laua/ : /Swipe across the table to throw/,
      );
      // On the felt, whole, and out of the way of no die's tap (it takes no pointer).
      expect(
        inside(await boxOf(page, 'dice-poker [data-felt-hint]'), await boxOf(page, 'dice-poker canvas')),
      ).toBe(true);
      expect(await hint.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
      // No faces before a throw: the tray's dice are blank and say so.
      const tray = page.locator('dice-poker dp-controls .die');
      await expect(tray.locator('circle')).toHaveCount(0);
      await expect(tray.first()).toHaveAttribute(
        'aria-label',
        lang === 'et' ? /veel viskamata/ : /not thrown yet/,
      );
      // The sheet's lower rows are below its box: its foot says so, until the last row is scrolled in.
      const more = page.locator('dice-poker .sheet .more-below');
      await expect(more).toBeVisible();
      await page.screenshot({ path: `${ARTIFACTS}/newcomer-landscape-unthrown-${lang}.png` });
      await page.locator('dice-poker .sheet').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await expect(more).toBeHidden();
      await expect(page.locator('dice-poker dp-scorecard tfoot')).toBeInViewport({ ratio: 1 });
      await page.locator('dice-poker .sheet').evaluate((el) => el.scrollTo({ top: 0 }));

      // Thrown: the words go, the tray shows the dice thrown. Then a die held, a computer's turn, then
      // Mari's again: the same boxes throughout.
      await page.locator('dice-poker [part="roll-button"]').tap();
      await expect.poll(async () => (await stateOf(page)).rollsUsed).toBe(1);
      await expect(hint).toHaveCount(0);
      const faces = (await stateOf(page)).dice;
      const pips = await tray.evaluateAll((dice) => dice.map((d) => d.querySelectorAll('circle').length));
      expect(pips).toEqual(faces);
      await page.locator('dice-poker dp-controls .die[data-die="0"]').tap();
      await expect(page.locator('dice-poker dp-controls .die[data-die="0"]')).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(await bands(page)).toEqual(unthrown);
      expect(await rowsShown(page)).toBeGreaterThanOrEqual(8);
      await page.screenshot({ path: `${ARTIFACTS}/newcomer-landscape-${lang}.png` });
      await page.locator('dice-poker dp-scorecard button.option[data-row="chance"]').tap();
      await expect.poll(async () => (await stateOf(page)).current).toBe(1);
      expect(await bands(page)).toEqual(unthrown);
      await expect.poll(async () => (await stateOf(page)).current, { timeout: 30_000 }).toBe(0);
      expect(await bands(page)).toEqual(unthrown);
      // No line of the controls wraps: each holds one line of text.
      for (const line of await page.locator('dice-poker dp-controls p').all()) {
        if (!(await line.isVisible())) continue;
        const lines = await line.evaluate((el) => {
          const style = getComputedStyle(el);
          const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.25;
          return Math.round(el.getBoundingClientRect().height / line);
        });
        expect(lines, (await line.textContent()) ?? '').toBeLessThanOrEqual(1);
      }
    });
  });
}
