import { expect, test } from '@playwright/test';
import { ROWS } from '../../src/engine/index.js';
import { ARTIFACTS, openPage, playChanceTurn, stateOf } from './helpers.js';

const KEY = 'dice-poker:default:game';

test('a reload mid-turn resumes exactly: sheet, turn, throws used, dice and holds; "New game" asks before it discards it', async ({
  page,
}) => {
  const errors = await openPage(page);
  const before = await page.locator('dice-poker').evaluate(async (node) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    el.newGame({ players: ['Mari', 'Jüri'], seed: 8, rules: 'classic' });
    await el.roll();
    el.score('chance');
    await el.roll();
    el.toggleHold(0);
    el.toggleHold(3);
    await el.roll();
    return el.state;
  });
  await page.reload();
  await expect(page.locator('dice-poker dp-controls')).toBeVisible();
  expect(await stateOf(page)).toEqual(before);
  await expect(page.locator('dice-poker dp-controls .die[data-die="3"]')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.locator('dice-poker dp-start-panel')).toHaveCount(0);
  // And the game goes on from there.
  const after = await page.locator('dice-poker').evaluate(async (node) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    await el.roll();
    return el.state;
  });
  expect(after.rollsUsed).toBe(3);
  expect([after.dice[0], after.dice[3]]).toEqual([before.dice[0], before.dice[3]]);
  // "New game" asks before it discards the game in progress; Cancel leaves it as it was.
  await page.locator('dice-poker [data-new-game-top]').click();
  await expect(page.locator('dice-poker dp-start-panel [data-cancel]')).toBeVisible();
  await page.locator('dice-poker dp-start-panel [data-cancel]').click();
  await expect(page.locator('dice-poker dp-start-panel')).toHaveCount(0);
  expect(await stateOf(page)).toEqual(after);
  expect(errors).toEqual([]);
});

/** Ways saved data goes bad, and the words (the page is Estonian: index.html) that say so. */
const SPOILED = [
  ['corrupt', () => 'not json {', 'ei õnnestunud lugeda'],
  ['tampered', (saved: string) => saved.replace('"chance":', '"chance":4'), 'oli muudetud'],
  ['unknown-version', (saved: string) => saved.replace('"version":1', '"version":99'), 'teisest versioonist'],
] as const;

test('corrupt, tampered or unknown-version saved data is discarded with a visible message, never a wrong game', async ({
  page,
}) => {
  // One page, spoiled and reloaded once per way (each reload reads the save afresh).
  const errors = await openPage(page);
  for (const [what, spoil, message] of SPOILED) {
    await playChanceTurn(page, 8);
    const saved = await page.evaluate((key) => localStorage.getItem(key)!, KEY);
    expect(saved, what).toContain('"chance":');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [KEY, spoil(saved)] as const);
    await page.reload();
    await expect(page.locator('dice-poker .saved-notice'), what).toContainText(message);
    await expect(page.locator('dice-poker dp-start-panel [data-start]'), what).toBeVisible();
    expect((await stateOf(page)).players, what).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test('game over keeps the 10 best scores with names and dates, clearable', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const totals = await page.locator('dice-poker').evaluate(
    async (node, rows) => {
      const el = node as HTMLElementTagNameMap['dice-poker'];
      el.setAttribute('lang', 'en');
      el.newGame({ players: ['Ann', 'Bob'], seed: 3 });
      for (const row of rows)
        for (let p = 0; p < 2; p++) {
          await el.roll();
          el.score(row);
        }
      return el.state.players.map((p) => p.total);
    },
    [...ROWS],
  );
  const history = page.locator('dice-poker dp-game-over [data-history] li');
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText(String(Math.max(...totals)));
  // Clearing is asked first: Keep leaves them, the answer Clear clears them.
  await page.locator('dice-poker dp-game-over [data-clear-history]').click();
  await expect(page.locator('dice-poker dp-game-over [role="alertdialog"]')).toContainText(
    'Clear every best score on this device?',
  );
  await page.screenshot({ path: `${ARTIFACTS}/clear-best-scores-asked.png` });
  await page.locator('dice-poker dp-game-over [data-keep-history]').click();
  await expect(history).toHaveCount(2);
  await page.locator('dice-poker dp-game-over [data-clear-history]').click();
  await page.locator('dice-poker dp-game-over [data-confirm-clear]').click();
  await expect(history).toHaveCount(0);
});
