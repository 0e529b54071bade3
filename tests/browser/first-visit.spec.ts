import { expect, test, type Browser, type Page } from '@playwright/test';
import { ARTIFACTS, closeGuide, stateOf, watchErrors } from './helpers.js';

/**
 * A first visit from a browser in `locale`, on a phone-sized window unless given: "How to play" opens
 * first (how-to-play.spec.ts), and the player closes it.
 */
async function visit(browser: Browser, locale: string, viewport = { width: 390, height: 844 }) {
  const context = await browser.newContext({ locale, viewport, storageState: undefined });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/');
  await closeGuide(page);
  return { context, page, errors };
}

const heading = (page: Page) => page.locator('dice-poker dp-start-panel h2');

/**
 * The page's largest paints as the browser told them, in order: an image's address, or '(text)'.
 */
function largestPaints(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(
            list.getEntries().map((entry) => (entry as PerformanceEntry & { url: string }).url || '(text)'),
          );
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/**
 * The page's poster (the game's icon and name, painted before the game's code has run) is the largest
 * thing a first visit paints, and the browser tells it; then it makes way for the game.
 */
async function posterFirst(page: Page): Promise<void> {
  expect((await largestPaints(page)).at(-1)).toMatch(/\/icons\/icon\.svg$/);
  await expect(page.locator('.dp-poster')).toHaveCount(0);
}

/**
 * On a desktop's window, from the start panel in English: the names the page gives follow its language,
 * and a computer's seat says what it is.
 */
async function namesFollowTheLanguage(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 720 });
  const panel = page.locator('dice-poker dp-start-panel');
  await panel.locator('[data-add-player]').click();
  await panel.locator('select[data-seat="1"]').selectOption('winner');
  await expect(panel.locator('input[data-player="1"]')).toHaveValue('Computer · plays to win');
  await panel.locator('[data-start]').click();
  const sheet = page.locator('dice-poker dp-scorecard');
  await expect(sheet).toContainText('Computer · plays to win');
  await expect(page.locator('dice-poker dp-controls')).toContainText('Player 1');
  // Estonian now: the names the page gave are Estonian too; the game's own record keeps them as given.
  await page.locator('dice-poker [data-lang-toggle]').click();
  await expect(page.locator('dice-poker dp-controls')).toContainText('Mängija 1');
  await expect(page.locator('dice-poker dp-controls')).not.toContainText('Player 1');
  await expect(sheet).toContainText('Arvuti · mängib võidule');
  expect((await stateOf(page)).players.map((p) => p.name)).toEqual(['Player 1', 'Computer · plays to win']);
  await page.screenshot({ path: `${ARTIFACTS}/first-visit-names-et.png` });
}

test('a first visit speaks the browser’s language (Estonian for Estonian, else English), and keeps the one picked; the names the page gives follow its language, and a computer’s seat says what it is', async ({
  browser,
}) => {
  for (const [locale, words, lang] of [
    ['en-US', 'Dice poker', 'en'],
    ['de-DE', 'Dice poker', 'en'],
    ['et-EE', 'Täringupokker', 'et'],
  ] as const) {
    const { context, page, errors } = await visit(browser, locale);
    await expect(heading(page)).toHaveText(words);
    await posterFirst(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    if (locale === 'en-US') {
      await page.screenshot({ path: `${ARTIFACTS}/first-visit-en-US.png` });
      // Picked Estonian: the next visit opens in it.
      await page.locator('dice-poker [data-lang-toggle]').click();
      await expect(heading(page)).toHaveText('Täringupokker');
      await page.reload();
      await expect(heading(page)).toHaveText('Täringupokker');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('et');
    }
    if (locale === 'de-DE') await namesFollowTheLanguage(page);
    expect(errors).toEqual([]);
    await context.close();
  }
});
