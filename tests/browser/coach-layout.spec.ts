import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, openPage, stateOf } from './helpers.js';

/** The table's canvas: its box on the page and its drawing buffer. */
function canvasSize(page: Page): Promise<string> {
  return page.locator('dice-poker canvas').evaluate((canvas: HTMLCanvasElement) => {
    const box = canvas.getBoundingClientRect();
    return `${box.width}x${box.height} (buffer ${canvas.width}x${canvas.height})`;
  });
}

/**
 * A turn as a person plays it with the coach open: Throw until no throw is left, each time waiting
 * for the hints of the dice on the table; then the row the coach marks best, clicked on the sheet.
 * Returns the canvas's size after each throw's hints are shown.
 */
async function playTurn(page: Page): Promise<string[]> {
  const sizes: string[] = [];
  const hints = page.locator('dice-poker dp-hints');
  for (let thrown = 1; thrown <= 3; thrown++) {
    await page.locator('dice-poker [part="roll-button"]').click();
    await expect.poll(async () => (await stateOf(page)).rollsUsed, { timeout: 30_000 }).toBe(thrown);
    // The advice for these dice, and its chance to win, are in the panel.
    await expect(hints.locator('[data-rows] li')).not.toHaveCount(0);
    await expect(hints.locator('[data-rows] li [data-win]').first()).toHaveText(/\d+%$/, { timeout: 60_000 });
    sizes.push(await canvasSize(page));
  }
  const row = (await hints.locator('[data-rows] li.best').getAttribute('data-row'))!;
  const player = (await stateOf(page)).current;
  await page.locator(`dice-poker dp-scorecard button.option[data-row="${row}"]`).click();
  const confirm = page.locator('dice-poker dp-scorecard [data-confirm-zero]');
  if (await confirm.isVisible()) await confirm.click();
  await expect.poll(async () => (await stateOf(page)).current).not.toBe(player);
  sizes.push(await canvasSize(page));
  return sizes;
}

// On the phone in English only: there the Estonian help line under Throw wraps to two lines for some
// states whatever the hints do (the controls' layout, not the coach's).
for (const { name, width, height, languages } of [
  { name: 'desktop', width: 1280, height: 720, languages: ['en', 'et'] },
  { name: 'phone', width: 390, height: 844, languages: ['en'] },
]) {
  test(`${name}: with the hints open the table keeps its size from throw to throw (${languages.join(', ')})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height });
    const errors = await openPage(page);
    await page.locator('dice-poker').evaluate((node) => {
      const el = node as HTMLElementTagNameMap['dice-poker'];
      el.setAttribute('lang', 'en');
      el.newGame({ players: ['Mari', 'Jüri'], seed: 11 });
    });
    await page.locator('dice-poker [data-hints]').click();
    await expect(page.locator('dice-poker dp-hints [data-expected]')).not.toHaveText('…', {
      timeout: 60_000,
    });
    const first = await canvasSize(page);
    // The coach's words change with every throw (rows, holds, chances); a table that followed them
    // would be resized, and drawn again whole, after each.
    const sizes = [...(await playTurn(page)), ...(await playTurn(page))];
    if (languages.includes('et')) {
      await page.locator('dice-poker [data-lang-toggle]').click();
      await expect(page.locator('dice-poker dp-hints h3')).toHaveText('Vihjed');
      sizes.push(await canvasSize(page));
    }
    sizes.push(...(await playTurn(page)));
    expect(new Set(sizes), [first, ...sizes].join('; ')).toEqual(new Set([first]));
    // The hints fit their column: nothing of them is cut off or scrolls sideways.
    const fits = await page.locator('dice-poker dp-hints').evaluate((el) => {
      const card = el.shadowRoot!.querySelector('.card')!;
      return card.scrollWidth <= card.clientWidth + 1;
    });
    expect(fits).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}/hints-steady-${name}.png` });
    expect(errors).toEqual([]);
  });
}
