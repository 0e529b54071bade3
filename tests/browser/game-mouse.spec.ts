import { expect, test, type Page } from '@playwright/test';
import { ROWS, scoreRow, type RowId } from '../../src/engine/index.js';
import {
  ARTIFACTS,
  clickDie,
  expectDrawn,
  expectGameOverLayout,
  expectMidGameLayout,
  flick,
  openGame,
  rowButton,
  stateOf,
  waitForRest,
  waitForStill,
  watchErrors,
} from './helpers.js';

/** The faces the tray shows, read from its labels ("Die 1: 4, held"). */
async function shownDice(page: Page): Promise<number[]> {
  const labels = await page
    .locator('dice-poker dp-controls .die')
    .evaluateAll((dice) => dice.map((d) => d.getAttribute('aria-label') ?? ''));
  return labels.map((label) => Number(/: (\d)/.exec(label)![1]));
}

/** The free row whose shown option is highest, as a greedy person would pick. */
async function bestShownRow(page: Page): Promise<{ row: RowId; shown: number }> {
  const options = await page
    .locator('dice-poker dp-scorecard button.option')
    .evaluateAll((buttons) =>
      buttons.map((b) => [b.getAttribute('data-row'), Number(b.textContent)] as const),
    );
  const [row, shown] = options.reduce((best, o) => (o[1] > best[1] ? o : best));
  return { row: row as RowId, shown };
}

test('two players play a whole game with the mouse: flick, click 3D dice, click rows', async ({ page }) => {
  test.setTimeout(420_000);
  const errors = watchErrors(page);
  await openGame(page, 'Mari,Jüri', 2024);
  const totals = [0, 0];

  for (let turn = 0; turn < 13; turn++) {
    // Two rounds of throws flying (each player's hold by a click among them); from the third the dice
    // come to rest at once (reduced motion), the mouse playing on just the same, so that the whole game
    // takes a fraction of the time (a flying throw is seconds of software drawing).
    if (turn === 2) await page.locator('dice-poker').evaluate((el) => el.setAttribute('reduced-motion', ''));
    for (let player = 0; player < 2; player++) {
      expect((await stateOf(page)).current).toBe(player);
      await expect(page.locator('dice-poker dp-scorecard thead th.current')).toHaveText(
        player ? 'Jüri' : 'Mari',
      );
      await flick(page);
      // The dice you see are the dice you score: the faces drawn on top are the game's dice.
      await expectDrawn(page, (await waitForRest(page, 1)).dice);

      if (turn % 4 === player) {
        // Hold die 2 by clicking it on the table, then throw again: it keeps its face.
        const kept = (await shownDice(page))[2];
        await clickDie(page, 2);
        await expect(page.locator('dice-poker dp-controls .die[data-die="2"]')).toHaveAttribute(
          'aria-pressed',
          'true',
        );
        expect((await stateOf(page)).held[2]).toBe(true);
        // Once it has hopped onto the ledge, the held die still shows its face (and the others theirs).
        await waitForStill(page);
        await expectDrawn(page, (await stateOf(page)).dice);
        await flick(page);
        const again = await waitForRest(page, 2);
        expect((await shownDice(page))[2]).toBe(kept);
        expect(again.dice[2]).toBe(kept);
        await expectDrawn(page, again.dice);
      }

      const dice = await shownDice(page);
      expect(dice).toEqual((await stateOf(page)).dice);
      const { row, shown } = await bestShownRow(page);
      expect(shown).toBe(scoreRow(row, dice));
      await rowButton(page, row).click();
      if (shown === 0) await page.locator('dice-poker dp-scorecard [data-confirm-zero]').click();
      totals[player]! += shown;
      const cell = page.locator(`dice-poker dp-scorecard tr[data-row="${row}"] td`).nth(player);
      await expect(cell).toHaveText(String(shown));
      await expect(page.locator(`dice-poker dp-scorecard [data-total="${player}"]`)).toHaveText(
        String(totals[player]),
      );
      if (turn === 6 && player === 1) {
        await waitForStill(page);
        await expectMidGameLayout(page);
        await page.screenshot({ path: `${ARTIFACTS}/mouse-mid-game.png` });
      }
    }
  }

  const state = await stateOf(page);
  expect(state.over).toBe(true);
  expect(state.players.map((p) => p.total)).toEqual(totals);
  for (const p of state.players) expect(Object.keys(p.scores).sort()).toEqual([...ROWS].sort());
  const verdict = page.locator('dice-poker dp-game-over [data-verdict]');
  if (totals[0] === totals[1]) await expect(verdict).toContainText('draw');
  else await expect(verdict).toHaveText(`${totals[0]! > totals[1]! ? 'Mari' : 'Jüri'} wins!`);
  await expectGameOverLayout(page);
  await page.screenshot({ path: `${ARTIFACTS}/mouse-game-over.png` });
  expect(errors).toEqual([]);
});
