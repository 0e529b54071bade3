import { expect, test, type Page } from '@playwright/test';
import { getTable, rankHolds, rankRows, ROWS } from '../../src/engine/index.js';
import {
  ARTIFACTS,
  boxOf,
  expectNoPageOverflow,
  openPage,
  overlap,
  playChanceTurn,
  screenOf,
  stateOf,
  watchErrors,
} from './helpers.js';

/** The requests for the chance to win's asset (win-targets*.bin) the page makes from now on. */
function watchWinAssetFetches(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (/win-targets.*\.bin/.test(request.url())) fetched.push(request.url());
  });
  return fetched;
}

test('the hints shown match the solver: every free row and the best holds, best marked; after a game, the review lists each player’s expected points lost, decision by decision', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = await openPage(page);
  // Seed 15 throws a straight (4 1 3 2 5) after the chance turn: keeping all five ranks first.
  await playChanceTurn(page, 15);
  await page.locator('dice-poker').evaluate((node) => (node as HTMLElementTagNameMap['dice-poker']).roll());
  await page.locator('dice-poker [data-hints]').click();
  const state = await stateOf(page);
  const position = { scores: state.players[0]!.scores, dice: state.dice, rollsUsed: state.rollsUsed };
  const table = getTable('seed');
  const rows = rankRows(table, position);
  const allHolds = rankHolds(table, position);
  // The hints list holds that throw again: "keep all five" is scoring now, which the rows show.
  const holds = allHolds.filter((hold) => hold.rerolls);
  const shownCount = 3;
  // This position is one where that matters: keeping all five ranks among the best holds.
  expect(allHolds.slice(0, shownCount)).not.toEqual(holds.slice(0, shownCount));

  const hints = page.locator('dice-poker dp-hints');
  await expect(hints.locator('[data-rows] li')).toHaveCount(12);
  // The best choice overall is marked: a row to score now, or a hold to throw again for.
  if (holds[0]!.expected > rows[0]!.expected + 1e-9) {
    await expect(hints.locator('[data-holds] li').first()).toHaveClass(/best/);
    await expect(hints.locator('[data-rows] li.best')).toHaveCount(0);
  } else {
    await expect(hints.locator('[data-rows] li.best')).toHaveAttribute('data-row', rows[0]!.row);
    await expect(hints.locator('[data-holds] li.best')).toHaveCount(0);
  }
  for (const row of rows) {
    await expect(hints.locator(`[data-rows] li[data-row="${row.row}"] .value`)).toHaveText(
      row.expected.toFixed(1),
    );
  }
  // The best few holds, in the solver's order, each with its dice and value; then the player's own
  // hold (nothing held: throw all five) when it is not among them.
  const best = holds.slice(0, shownCount);
  const ownShown = best.some((hold) => hold.kept.length === 0);
  const shown = hints.locator('[data-holds] li');
  await expect(shown).toHaveCount(shownCount + (ownShown ? 0 : 1));
  for (const [i, hold] of best.entries()) {
    await expect(shown.nth(i)).toHaveAttribute('data-hold', hold.kept.join(''));
    await expect(shown.nth(i).locator('.value')).toHaveText(hold.expected.toFixed(1));
  }
  if (!ownShown) {
    const own = holds.find((hold) => hold.kept.length === 0)!;
    await expect(shown.nth(shownCount)).toHaveAttribute('data-hold', '');
    await expect(shown.nth(shownCount).locator('.value')).toHaveText(own.expected.toFixed(1));
  }

  // A new game in the same page, played to its end: the review.
  await page.locator('dice-poker').evaluate(
    async (node, rows) => {
      const el = node as HTMLElementTagNameMap['dice-poker'];
      el.setAttribute('lang', 'en');
      el.newGame({ players: ['Mari'], seed: 21 });
      // A careless game: always score the first free row after one throw.
      while (!el.state.over) {
        await el.roll();
        const filled = el.state.players[0]!.scores;
        el.score(rows.find((row) => !(row in filled))!);
      }
    },
    [...ROWS],
  );
  await page.locator('dice-poker [data-show-review]').click();
  const review = page.locator('dice-poker dp-review');
  await expect(review).toBeVisible();
  // Scoring rows in sheet order after one throw loses points against optimal play, and the review says so.
  await expect(review).toContainText('Mari');
  await expect(review).toContainText(/lost/i);
  const text = await review.evaluate((el) => el.shadowRoot!.textContent ?? '');
  const lost = Number(/(\d+(?:\.\d+)?)/.exec(text.slice(text.search(/lost/i)))?.[1] ?? NaN);
  expect(lost).toBeGreaterThan(5);
  // What the player sees: the review's heading on screen, the review as wide as the screen at most and
  // clear of the game-over card above it, and the page itself not scrolling.
  const screen = screenOf(page);
  await expect(page.locator('dice-poker dp-review h2')).toBeInViewport({ ratio: 1 });
  const card = await boxOf(page, 'dice-poker dp-review .card');
  expect(card.x).toBeGreaterThanOrEqual(screen.x);
  expect(card.x + card.width).toBeLessThanOrEqual(screen.x + screen.width);
  expect(overlap(card, await boxOf(page, 'dice-poker dp-game-over .card'))).toBe(false);
  await expectNoPageOverflow(page);
  // One scroller (the panel's stack), not a review card scrolling inside it and clipping its rows;
  // its chart has both axes labelled.
  const card2 = page.locator('dice-poker dp-review .card');
  expect(await card2.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
  await expect(review.locator('svg.dp-chart text.label')).toHaveText(['Round', 'Points lost']);
  await expect(review.locator('svg.dp-chart')).toBeVisible();
  expect((await review.locator('svg.dp-chart').boundingBox())!.height).toBeGreaterThan(100);
  await page.screenshot({ path: `${ARTIFACTS}/review.png` });
  // All the decisions opened, the stack scrolled to its end: the last row shows whole.
  await review.locator('details:has([data-all]) summary').click();
  const last = review.locator('[data-all] li').last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: `${ARTIFACTS}/review-end.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('dice-poker .stack').evaluate((el) => el.scrollTo(0, 0));
  await expect(review.locator('svg.dp-chart')).toBeVisible();
  expect(await card2.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
  await expectNoPageOverflow(page);
  await page.screenshot({ path: `${ARTIFACTS}/review-phone.png` });
  expect(errors).toEqual([]);
});

test('a computer seat plays its turns through the same flow, visibly, and can be skipped; one that plays to win takes its turns too', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const fetched = watchWinAssetFetches(page);
  const errors = await openPage(page);
  await page.locator('dice-poker').evaluate((el) => el.setAttribute('lang', 'en'));
  // Start panel: two seats, the second played by the optimal computer.
  await page.locator('dice-poker dp-start-panel [data-add-player]').click();
  await page.locator('dice-poker dp-start-panel select[data-seat="1"]').selectOption('optimal');
  await page.locator('dice-poker dp-start-panel [data-start]').click();
  const rolls: number[] = [];
  await page.evaluate(() =>
    document.addEventListener('dp-roll', (e) =>
      ((window as unknown as { rolls: number[] }).rolls ??= []).push(e.detail.player),
    ),
  );
  for (let turn = 0; turn < 3; turn++) {
    await page.locator('dice-poker').evaluate(async (node) => {
      const el = node as HTMLElementTagNameMap['dice-poker'];
      await el.roll();
      el.score(['ones', 'twos', 'threes'][el.state.turn] as 'ones');
    });
    // While the computer plays, people's requests wait and a skip button is offered.
    await expect(page.locator('dice-poker [data-skip]')).toBeVisible();
    // The computer may finish its turn before the click lands: then there is nothing left to skip, and
    // the turn must be over; a skip that landed hides its bar.
    if (turn === 0) {
      const skipped = await page
        .locator('dice-poker [data-skip]')
        .click({ timeout: 5_000 })
        .then(
          () => true,
          () => false,
        );
      if (skipped) await expect(page.locator('dice-poker [data-skip]')).toHaveCount(0, { timeout: 30_000 });
      else expect((await stateOf(page)).current).toBe(0);
    }
    await expect.poll(async () => (await stateOf(page)).current, { timeout: 60_000 }).toBe(0);
  }
  const state = await stateOf(page);
  expect(Object.keys(state.players[1]!.scores)).toHaveLength(3);
  rolls.push(...(await page.evaluate(() => (window as unknown as { rolls: number[] }).rolls)));
  expect(rolls.filter((p) => p === 1).length).toBeGreaterThanOrEqual(3);
  // The optimal computer needs nothing of the chance to win.
  expect(fetched).toEqual([]);

  // A new game (New game asks first; Start discards this one) with the computer that plays to win.
  await page.locator('dice-poker [data-new-game-top]').click();
  const seat = page.locator('dice-poker dp-start-panel select[data-seat="1"]');
  await expect(seat.locator('option[value="winner"]')).toHaveText('Computer: plays to win');
  await seat.selectOption('winner');
  await page.locator('dice-poker dp-start-panel [data-start]').click();
  await expect.poll(async () => (await stateOf(page)).rollsUsed).toBe(0);
  for (let turn = 0; turn < 3; turn++) {
    await page.locator('dice-poker').evaluate(async (node) => {
      const el = node as HTMLElementTagNameMap['dice-poker'];
      await el.roll();
      el.score(['ones', 'twos', 'threes'][el.state.turn] as 'ones');
    });
    await expect.poll(async () => (await stateOf(page)).current, { timeout: 60_000 }).toBe(0);
  }
  const won = await stateOf(page);
  expect(Object.keys(won.players[1]!.scores)).toHaveLength(3);
  // Its model is built in the win worker, from the asset: fetched once, for the computer's seat.
  expect(fetched).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('in a game of two the hints show each choice’s chance to win and every player’s, fetched only then', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const fetched = watchWinAssetFetches(page);
  const errors = await openPage(page);
  await page.locator('dice-poker').evaluate(async (node) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    el.setAttribute('lang', 'en');
    el.newGame({ players: ['Mari', 'Jaan'], seed: 7 });
    await el.roll();
  });
  // Nothing of the chance to win is fetched before the hints are wanted.
  expect(fetched).toEqual([]);
  await page.locator('dice-poker [data-hints]').click();
  const hints = page.locator('dice-poker dp-hints');
  await expect(hints.locator('[data-rows] li')).toHaveCount(13);
  // Beside every expected score its chance to win, once the worker has its model (the asset loaded: the
  // first round is covered only by the shipped target tables).
  const wins = hints.locator('[data-rows] li [data-win]');
  await expect(wins).toHaveCount(13);
  await expect(wins.first()).toHaveText(/^[<>]?\d+%$/, { timeout: 60_000 });
  for (const text of await wins.allTextContents()) expect(text.trim()).toMatch(/^[<>]?\d+%$/);
  const holdWins = hints.locator('[data-holds] li [data-win]');
  expect(await holdWins.count()).toBeGreaterThan(0);
  for (const text of await holdWins.allTextContents()) expect(text.trim()).toMatch(/^[<>]?\d+%$/);
  // Who is likely to win now: both players named, their chances summing to 100%.
  const line = hints.locator('[data-chances]');
  await expect(line).toHaveText(/Chance to win now:\s*Mari \d+%,\s*Jaan \d+%/);
  const percents = [...((await line.textContent()) ?? '').matchAll(/(\d+)%/g)].map((m) => Number(m[1]));
  expect(percents).toHaveLength(2);
  expect(Math.abs(percents[0]! + percents[1]! - 100)).toBeLessThanOrEqual(1);
  expect(fetched).toHaveLength(1);
  // The panel says what its numbers are: the line, and beside each choice (issue 21).
  await expect(line).toHaveAttribute('title', /as the game stands now/);
  await expect(wins.first()).toHaveAttribute(
    'title',
    /if you make this choice and then go on playing to win/,
  );
  await expect(hints.locator('[data-choice-note]')).toBeVisible();
  await expect(hints.locator('[data-choice-note]')).toContainText('your chance to win if you take it');
  // A row scored: the next player's hints come with their own chances.
  await page.locator('dice-poker').evaluate(async (node) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    el.score('chance');
    await el.roll();
  });
  await expect(line).toHaveText(/Chance to win now:\s*Mari \d+%,\s*Jaan \d+%/);
  await expect(hints.locator('[data-rows] li')).toHaveCount(13);
  await expect(wins.first()).toHaveText(/^[<>]?\d+%$/, { timeout: 30_000 });
  // Nothing reads as a contradiction: Jaan's chance now is that of his best choice to win, and no
  // choice shows more (both people are judged as playing to win, as the coach advises them).
  const percentOf = (text: string) => Number(text.replace(/[^\d]/g, ''));
  const now = percentOf((await line.locator('[data-chance="1"] strong').textContent()) ?? '');
  const beside = (await hints.locator('[data-win]').allTextContents()).map(percentOf);
  expect(Math.max(...beside)).toBe(now);
  await page.screenshot({ path: `${ARTIFACTS}/hints-win.png` });
  expect(fetched).toHaveLength(1);
  expect(errors).toEqual([]);
});

test("the chance to win under a strict Content-Security-Policy (default-src 'self'): its worker and asset load", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.route('**/*', async (route) => {
    try {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'content-security-policy': "default-src 'self'" },
      });
    } catch (error) {
      if (!/disposed|closed/i.test(String(error))) throw error;
    }
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await page.locator('dice-poker').evaluate(async (node) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    el.setAttribute('lang', 'en');
    el.newGame({ players: ['Mari', 'Jaan'], seed: 9 });
    await el.roll();
  });
  await page.locator('dice-poker [data-hints]').click();
  const hints = page.locator('dice-poker dp-hints');
  await expect(hints.locator('[data-chances]')).toHaveText(/Mari \d+%,\s*Jaan \d+%/, { timeout: 60_000 });
  await expect(hints.locator('[data-rows] li [data-win]').first()).toHaveText(/^[<>]?\d+%$/);
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
  expect(errors).toEqual([]);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
