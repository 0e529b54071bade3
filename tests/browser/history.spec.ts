import { expect, test, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { ROWS } from '../../src/engine/index.js';
import { ARTIFACTS, expectNoPageOverflow, openPage } from './helpers.js';

/** Plays a whole game through the element's API, carelessly (the first free row after one throw). */
async function playCareless(page: Page, players: string[], seed: number): Promise<void> {
  await page.locator('dice-poker').evaluate(
    async (node, { rows, players, seed }) => {
      const el = node as HTMLElementTagNameMap['dice-poker'];
      el.setAttribute('lang', 'en');
      el.newGame({ players, seed });
      while (!el.state.over) {
        await el.roll();
        const filled = el.state.players[el.state.current]!.scores;
        el.score(rows.find((row) => !(row in filled))!);
      }
    },
    { rows: [...ROWS], players, seed },
  );
}

/** The games the History panel's tables list for the score. */
async function scoreRows(page: Page): Promise<number> {
  return page.locator('dice-poker dp-history [data-series="score"] tbody tr').count();
}

test('History: finished games are kept with their review, charted with tables, exported and imported; a bad file is refused', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const errors = await openPage(page);
  // Two games of Mari against Jaan, both people at this device: each game is kept once per person.
  await playCareless(page, ['Mari', 'Jaan'], 31);
  // The review runs in the background: the game is kept once the coach has reviewed it.
  const kept = () =>
    page.evaluate(
      () => JSON.parse(localStorage.getItem('dice-poker:default:history') ?? '{"games":[]}').games,
    );
  await expect.poll(async () => (await kept()).length, { timeout: 90_000 }).toBe(2);
  await page.locator('dice-poker [data-new-game]').click();
  await playCareless(page, ['Mari', 'Jaan'], 32);
  await expect.poll(async () => (await kept()).length, { timeout: 90_000 }).toBe(4);
  const games = (await kept()) as {
    name: string;
    pointsLost: number | null;
    luck: number | null;
    winLost: number | null;
  }[];
  // Careless play loses points, and the chance to win given away was judged too.
  for (const game of games) {
    expect(game.pointsLost).toBeGreaterThan(5);
    expect(game.luck).not.toBeNull();
    expect(game.winLost).not.toBeNull();
  }

  // Opened from the game-over panel, by keyboard: the panel takes the keyboard.
  await page.locator('dice-poker [data-show-history]').focus();
  await page.keyboard.press('Enter');
  const panel = page.locator('dice-poker dp-history');
  await expect(panel.locator('h2')).toHaveText('History');
  await expect(panel.locator('[data-count]')).toHaveText('2 games');
  for (const key of ['score', 'skill', 'luck']) {
    const series = panel.locator(`[data-series="${key}"]`);
    await expect(series.locator('svg[role="img"] rect.bar')).toHaveCount(2);
    await expect(series.locator('svg text.label')).toHaveCount(2); // both axes labelled
    await expect(series.locator('[data-averages]')).toContainText(/last 10 .+ · all games /);
  }
  // Whose games: the latest game's player first; the other's a choice away.
  await expect(panel.locator('[data-whose]')).toHaveValue(/Jaan|Mari/);
  // The table, for the keyboard: opened with Enter on its summary, the numbers of the chart in it.
  await panel.locator('[data-series="skill"] summary').focus();
  await page.keyboard.press('Enter');
  await expect(panel.locator('[data-series="skill"] table tbody tr')).toHaveCount(2);
  const shown = panel.locator('[data-series="score"] summary');
  await shown.click();
  const name = await panel.locator('[data-whose]').inputValue();
  const scores = games
    .filter((g) => g.name === name)
    .map((g) => String((g as unknown as { score: number }).score));
  await expect(panel.locator('[data-series="score"] tbody td:nth-child(4)')).toHaveText(scores);
  await expectNoPageOverflow(page);
  await page.screenshot({ path: `${ARTIFACTS}/history-desktop.png`, fullPage: false });

  // Export: a file is downloaded with every game in it.
  const download = page.waitForEvent('download');
  await panel.locator('[data-export]').click();
  const file = await download;
  const path = info.outputPath('history.json');
  await file.saveAs(path);
  const text = readFileSync(path, 'utf8');
  expect(JSON.parse(text).games).toHaveLength(4);

  // A bad file is refused with a clear word, and changes nothing.
  const before = await page.evaluate(() => localStorage.getItem('dice-poker:default:history'));
  const bad = info.outputPath('bad.json');
  writeFileSync(
    bad,
    text.replace(/"score": (\d+)/, (_, n: string) => `"score": ${Number(n) + 1}`),
  );
  await panel.locator('[data-import] input').setInputFiles(bad);
  await expect(panel.locator('[data-note]')).toHaveText(
    /changed or damaged since it was exported\. Nothing was changed\./,
  );
  expect(await page.evaluate(() => localStorage.getItem('dice-poker:default:history'))).toBe(before);
  await page.screenshot({ path: `${ARTIFACTS}/history-refused.png` });

  // Imported back into an empty history: the same games.
  await page.evaluate(() => localStorage.removeItem('dice-poker:default:history'));
  await panel.locator('[data-import] input').setInputFiles(path);
  await expect(panel.locator('[data-note]')).toHaveText('Imported: 4 new games.');
  expect(
    JSON.parse((await page.evaluate(() => localStorage.getItem('dice-poker:default:history')))!),
  ).toEqual(JSON.parse(before!));
  expect(await scoreRows(page)).toBe(2);

  // Escape closes it; the keyboard goes back to the game-over panel, and History opens from the start panel too.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await page.locator('dice-poker [data-new-game]').click();
  await page.locator('dice-poker dp-start-panel [data-show-history]').click();
  await expect(page.locator('dice-poker dp-history [data-count]')).toHaveText('2 games');
  expect(errors).toEqual([]);
});

test('History on a phone: one scroller, the charts as wide as the screen', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const errors = await openPage(page);
  await playCareless(page, ['Mari'], 41);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('dice-poker:default:history')?.length ?? 0), {
      timeout: 90_000,
    })
    .toBeGreaterThan(0);
  await page.locator('dice-poker [data-show-history]').click();
  const panel = page.locator('dice-poker dp-history');
  await expect(panel.locator('[data-count]')).toHaveText('1 game');
  const card = await panel.locator('.card').boundingBox();
  const chart = await panel.locator('[data-series="score"] svg').boundingBox();
  expect(card!.x).toBeGreaterThanOrEqual(0);
  expect(card!.x + card!.width).toBeLessThanOrEqual(390);
  expect(chart!.width).toBeGreaterThan(250);
  await expectNoPageOverflow(page);
  await page.screenshot({ path: `${ARTIFACTS}/history-phone.png` });
  expect(errors).toEqual([]);
});
