import { expect, test } from '@playwright/test';
import { ROWS } from '../../src/engine/index.js';
import {
  ARTIFACTS,
  expectGameOverLayout,
  expectMidGameLayout,
  expectStartPanelLayout,
  stateOf,
  waitForStill,
  watchErrors,
} from './helpers.js';

const SIZES = [
  { name: 'desktop', width: 1280, height: 720 },
  { name: 'phone', width: 390, height: 844 },
];

/**
 * The three screens a player sees, each checked for what they would notice (everything needed on
 * screen, nothing covering what matters, nothing beyond the viewport) and kept as a screenshot to look at.
 */
for (const size of SIZES) {
  test(`screens at ${size.width}x${size.height}: start panel, mid-game, game over`, async ({ page }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const el = page.locator('dice-poker');
    await el.evaluate((node) => node.setAttribute('lang', 'en'));
    await expect(page.locator('dice-poker dp-start-panel [data-start]')).toBeVisible();
    await expect(page.locator('dice-poker dp-start-panel [data-start]')).toHaveText('Start game');
    await expectStartPanelLayout(page);
    await waitForStill(page);
    await page.screenshot({ path: `${ARTIFACTS}/${size.name}-start.png` });

    // The start panel: two named players, then Start.
    await page.locator('dice-poker dp-start-panel [data-add-player]').click();
    await page.locator('dice-poker dp-start-panel input[data-player="0"]').fill('Mari');
    await page.locator('dice-poker dp-start-panel input[data-player="1"]').fill('Jüri');
    await page.locator('dice-poker dp-start-panel [data-start]').click();
    await expect(page.locator('dice-poker dp-controls')).toBeVisible();
    expect((await stateOf(page)).players.map((p) => p.name)).toEqual(['Mari', 'Jüri']);

    await el.evaluate(
      async (node, rows) => {
        const game = node as HTMLElementTagNameMap['dice-poker'];
        for (let i = 0; i < 6; i++) {
          await game.roll();
          game.score(rows[Math.floor(i / 2) + 3]!);
        }
        await game.roll();
        game.toggleHold(1);
        game.toggleHold(3);
      },
      [...ROWS],
    );
    // The sheet offers this turn's rows and the held dice have reached their ledge.
    await expect(page.locator('dice-poker dp-scorecard button.option')).toHaveCount(10);
    await expect(page.locator('dice-poker dp-controls .die[aria-pressed="true"]')).toHaveCount(2);
    await waitForStill(page);
    await expectMidGameLayout(page);
    await page.screenshot({ path: `${ARTIFACTS}/${size.name}-mid-game.png` });

    await el.evaluate(
      async (node, rows) => {
        const game = node as HTMLElementTagNameMap['dice-poker'];
        while (!game.state.over) {
          if (game.state.rollsUsed === 0) await game.roll();
          const filled = game.state.players[game.state.current]!.scores;
          game.score(rows.find((row) => !(row in filled))!);
        }
      },
      [...ROWS],
    );
    await expect(page.locator('dice-poker dp-game-over [data-verdict]')).toBeVisible();
    await expect(page.locator('dice-poker dp-game-over [data-verdict]')).toHaveText(/ wins!$|^A draw/);
    await expectGameOverLayout(page);
    await expect(page.locator('dice-poker [data-show-review]')).toBeInViewport({ ratio: 1 });
    await waitForStill(page);
    await page.screenshot({ path: `${ARTIFACTS}/${size.name}-game-over.png` });
    expect(errors).toEqual([]);
  });
}
