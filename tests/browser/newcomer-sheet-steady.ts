import { expect, type Page } from '@playwright/test';
import { ROWS, UPPER_ROWS } from '../../src/engine/index.js';
import { ARTIFACTS, boxOf, inside, overlap, screenOf } from './helpers.js';
import { type JourneyStep, startGame } from './newcomer-helpers.js';

/** The boxes that must not move when the sheet asks about a 0: the table, the sheet, the controls. */
async function layout(page: Page) {
  return {
    canvas: await boxOf(page, 'dice-poker canvas'),
    sheet: await boxOf(page, 'dice-poker .sheet'),
    controls: await boxOf(page, 'dice-poker dp-controls'),
  };
}

/** Asks to score 0 in the first row of `rows` that would score 0, and checks the question's place. */
async function askZero(page: Page, rows: readonly string[], name: string): Promise<void> {
  const before = await layout(page);
  const zeros = await page
    .locator('dice-poker dp-scorecard button.option.zero')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-row')!));
  const row = zeros.find((r) => rows.includes(r));
  expect(row, `a row of ${rows.join(', ')} would score 0`).toBeDefined();
  await page.locator(`dice-poker dp-scorecard button.option[data-row="${row}"]`).click();
  const ask = page.locator('dice-poker dp-scorecard .confirm .ask');
  await expect(ask).toBeVisible();
  // The keyboard on the safe answer (an Enter too many throws no row away: zero-question.spec.ts).
  await expect(page.locator('dice-poker dp-scorecard [data-cancel-zero]')).toBeFocused();
  // Nothing moves: the table keeps its size, the sheet its width and place.
  expect(await layout(page)).toEqual(before);
  // The question is in view, inside the sheet's box, and leaves the row it asks about to be seen.
  const asked = await boxOf(page, `dice-poker dp-scorecard tr[data-row="${row}"]`);
  const box = await boxOf(page, 'dice-poker dp-scorecard .confirm .ask');
  expect(inside(box, before.sheet), 'the question inside the sheet').toBe(true);
  expect(inside(box, screenOf(page)), 'the question on screen').toBe(true);
  expect(overlap(box, asked), `the row asked about (${row}) not covered`).toBe(false);
  expect(inside(asked, before.sheet), `the row asked about (${row}) in the sheet's view`).toBe(true);
  await page.screenshot({ path: `${ARTIFACTS}/newcomer-zero-${name}.png` });
  await page.locator('dice-poker dp-scorecard .confirm button.secondary').click();
  await expect(ask).toHaveCount(0);
}

/** A step of a newcomer's journey (newcomer-journey.spec.ts). */
export const sheetHoldsStill: JourneyStep = {
  title: 'the sheet holds still: the hints never push a row below the fold, a 0 is asked about over it',
  async run(page, screen, lang) {
    await startGame(page, { players: ['Mari', 'Jüri', 'Liis'], lang, seed: 2 });
    if (screen.name === 'desktop') {
      await page.locator('dice-poker [data-hints]').click();
      await expect(page.locator('dice-poker dp-hints')).toBeVisible();
    }
    await page.locator('dice-poker [part="roll-button"]').click();
    await expect(page.locator('dice-poker dp-scorecard button.option')).toHaveCount(13);
    if (screen.name === 'desktop') {
      // The coach has its say (what to keep, the rows)...
      await expect(page.locator('dice-poker dp-hints').getByText(/^(Chance|Summa) \(/)).toHaveCount(1, {
        timeout: 30_000,
      });
      // ...and every row of the sheet, Full house to Chance too, is on screen with its score.
      const screenBox = screenOf(page);
      const sheet = await boxOf(page, 'dice-poker .sheet');
      for (const row of ROWS) {
        const option = await boxOf(page, `dice-poker dp-scorecard button.option[data-row="${row}"]`);
        expect(inside(option, screenBox), `${row} on screen`).toBe(true);
        expect(inside(option, sheet), `${row} in the sheet's view`).toBe(true);
      }
      await page.screenshot({ path: `${ARTIFACTS}/newcomer-hints-${screen.name}-${lang}.png` });
    }
    const lower = ROWS.filter((row) => !UPPER_ROWS.includes(row));
    await askZero(page, UPPER_ROWS, `upper-${screen.name}-${lang}`);
    await askZero(page, lower, `lower-${screen.name}-${lang}`);
    // The hints closed again, as the journey's next steps expect to find them.
    if (screen.name === 'desktop') {
      await page.locator('dice-poker [data-hints]').click();
      await expect(page.locator('dice-poker dp-hints')).toBeHidden();
    }
  },
};
