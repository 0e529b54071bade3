import { expect, type Page } from '@playwright/test';
import { ARTIFACTS, inside, screenOf, stateOf } from './helpers.js';
import { type JourneyStep, startGame } from './newcomer-helpers.js';

const NAMES = ['Mari', 'Jüri', 'Liis', 'Peeter', 'Kadri', 'Toomas'];

/**
 * The column of the player whose turn it is shows whole across: its name and every one of its cells
 * inside the sheet's box from side to side, clear of the row names that stick to the left, and its name
 * on screen (a short sheet scrolls down inside itself: its lower cells may be below, in the same column).
 */
async function currentColumnInView(page: Page): Promise<string[]> {
  const sheet = (await page.locator('dice-poker .sheet').boundingBox())!;
  const names = (await page.locator('dice-poker dp-scorecard thead th:first-child').boundingBox())!;
  const screen = screenOf(page);
  const cells = [
    page.locator('dice-poker dp-scorecard thead th.current'),
    ...(await page.locator('dice-poker dp-scorecard tbody td.current').all()),
  ];
  const wrong: string[] = [];
  for (const [i, cell] of cells.entries()) {
    const box = (await cell.boundingBox())!;
    const clear = box.x >= names.x + names.width - 1;
    const across = inside({ ...box, y: sheet.y, height: 0 }, sheet);
    const shown = across && (i > 0 || inside(box, screen));
    if (!clear || !shown) wrong.push(i === 0 ? 'name' : `row ${i}`);
  }
  return wrong;
}

/** Waits until it is `player`'s turn and the sheet has brought their column into view. */
async function expectFollowed(page: Page, player: number): Promise<void> {
  await expect.poll(async () => (await stateOf(page)).current, { timeout: 30_000 }).toBe(player);
  await expect(page.locator('dice-poker dp-scorecard thead th.current')).toHaveText(NAMES[player]!);
  await expect.poll(() => currentColumnInView(page), { timeout: 5_000 }).toEqual([]);
}

/** A step of a newcomer's journey (newcomer-journey.spec.ts). */
export const sixPlayers: JourneyStep = {
  title: 'six players: the sheet follows whoever’s turn it is, the computers’ too, and back to the first',
  async run(page, screen, lang) {
    await startGame(page, {
      players: NAMES,
      seats: ['human', 'human', 'human', 'human', 'easy', 'easy'],
      lang,
      seed: 6,
    });
    await page.locator('dice-poker').evaluate((el) => {
      const followed: string[] = [];
      (window as unknown as { followed: string[] }).followed = followed;
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      el.addEventListener('dp-turn', (event) => {
        const { player } = (event as CustomEvent<{ player: number }>).detail;
        if (player < 4) return;
        void frame()
          .then(frame)
          .then(() => {
            const sheet = el.shadowRoot!.querySelector('.sheet')!.getBoundingClientRect();
            const card = el.shadowRoot!.querySelector('dp-scorecard')!.shadowRoot!;
            const column = card.querySelector('thead th.current')!;
            const box = column.getBoundingClientRect();
            const clear = card.querySelector('thead th:first-child')!.getBoundingClientRect().right;
            const shown = box.left >= clear - 1 && box.right <= sheet.right + 1;
            followed.push(`${player} ${column.textContent!.trim()} ${shown ? 'in view' : 'hidden'}`);
          });
      });
    });
    for (let player = 0; player < 4; player++) {
      await expectFollowed(page, player);
      await page
        .locator('dice-poker')
        .evaluate((node) => (node as HTMLElementTagNameMap['dice-poker']).roll());
      // With the dice thrown, the scores offered sit in that column, in view.
      await expect(page.locator('dice-poker dp-scorecard button.option').first()).toBeVisible();
      expect(await currentColumnInView(page)).toEqual([]);
      if (player === 3)
        await page.screenshot({ path: `${ARTIFACTS}/newcomer-six-${screen.name}-${lang}.png` });
      await page.locator('dice-poker dp-scorecard button.option[data-row="chance"]').click();
      if (await page.locator('dice-poker dp-scorecard [data-confirm-zero]').count())
        await page.locator('dice-poker dp-scorecard [data-confirm-zero]').click();
    }
    // The computers' turns are followed too (checked in the page as each begins: they are quick), and
    // then the sheet goes back to the first player.
    await expectFollowed(page, 0);
    const followed = await page.evaluate(() => (window as unknown as { followed: string[] }).followed);
    expect(followed).toEqual(['4 Kadri in view', '5 Toomas in view']);
    await page.screenshot({ path: `${ARTIFACTS}/newcomer-six-back-${screen.name}-${lang}.png` });
  },
};
