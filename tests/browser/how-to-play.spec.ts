import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  ARTIFACTS,
  boxOf,
  expectNoPageOverflow,
  inside,
  screenOf,
  stateOf,
  waitForRest,
  watchErrors,
} from './helpers.js';

/** A first visit (nothing stored: the guide never shown) from a browser in `locale`, in a window of `viewport`. */
async function firstVisit(
  browser: Browser,
  locale: string,
  viewport: { width: number; height: number },
  touch = false,
) {
  const context = await browser.newContext({
    locale,
    viewport,
    storageState: undefined,
    ...(touch ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  return { context, page, errors };
}

const guide = (page: Page) => page.locator('dice-poker dp-how-to-play');

/**
 * The guide as a player sees it: its heading, the flick, the hold and the sheet, each picture and its
 * words, and its button, all on screen without a scroll, nothing of the page beyond the viewport.
 */
async function expectGuideShown(page: Page, title: string, words: string[]): Promise<void> {
  await expect(guide(page).locator('h2')).toHaveText(title);
  const screen = screenOf(page);
  const card = await boxOf(page, 'dice-poker dp-how-to-play .card');
  expect(inside(card, screen), 'the guide is all on screen').toBe(true);
  const steps = guide(page).locator('[data-step]');
  await expect(steps).toHaveCount(3);
  for (const [i, step] of (await steps.all()).entries()) {
    await expect(step).toContainText(words[i]!);
    const picture = (await step.locator('svg').boundingBox())!;
    expect(picture.width, 'a picture a player can make out').toBeGreaterThan(60);
    expect(inside(picture, card), `picture ${i + 1} in the guide's view`).toBe(true);
    expect(inside((await step.boundingBox())!, card), `step ${i + 1} in the guide's view`).toBe(true);
  }
  expect(inside(await boxOf(page, 'dice-poker dp-how-to-play [data-close-guide]'), card)).toBe(true);
  // All of it read without a scroll inside the guide.
  const scrolls = await guide(page)
    .locator('.card')
    .evaluate((card) => card.scrollHeight > card.clientHeight + 1);
  expect(scrolls, 'the guide fits without a scroll').toBe(false);
  await expectNoPageOverflow(page);
}

test('a first visit shows How to play once; Escape closes it, the keyboard goes on; its buttons bring it back', async ({
  browser,
}) => {
  const { context, page, errors } = await firstVisit(browser, 'en-US', { width: 1280, height: 720 });
  await expectGuideShown(page, 'How to play', ['swipe up', 'keys 1-5', 'pick a row']);
  await expect(guide(page).locator('[data-step="flick"]')).toContainText('R key');
  await expect(guide(page).locator('[data-step="score"]')).toContainText('every row is filled');
  // A dialog: it has the keyboard, and the start panel waits behind it.
  await expect(guide(page).locator('[data-close-guide]')).toBeFocused();
  await page.screenshot({ path: `${ARTIFACTS}/how-to-play-en-1280.png` });
  await page.keyboard.press('Escape');
  await expect(guide(page)).toHaveCount(0);
  // Escape closed the guide only; the keyboard is in the start panel, on its first name.
  await expect(page.locator('dice-poker dp-start-panel input[data-player="0"]')).toBeFocused();

  // Shown once: the next visit opens at the start panel.
  await page.reload();
  await expect(page.locator('dice-poker dp-start-panel h2')).toHaveText('Dice poker');
  await expect(guide(page)).toHaveCount(0);

  // Reachable again from the start panel; closed, the keyboard is back on the button that opened it.
  const again = page.locator('dice-poker dp-start-panel [data-guide]');
  await expect(again).toHaveText(/How to play/);
  await again.click();
  await expect(guide(page).locator('h2')).toHaveText('How to play');
  await guide(page).locator('[data-close-guide]').click();
  await expect(guide(page)).toHaveCount(0);
  await expect(again).toBeFocused();

  // And in a game, from the top bar: the game waits behind it (R throws nothing), and goes on after.
  await page.locator('dice-poker dp-start-panel [data-start]').click();
  const top = page.locator('dice-poker .topbar [data-guide-top]');
  await expect(top).toHaveAccessibleName('How to play');
  await top.click();
  await expect(guide(page).locator('[data-close-guide]')).toBeFocused();
  await page.keyboard.press('r');
  await page.keyboard.press('Escape');
  await expect(guide(page)).toHaveCount(0);
  await expect(top).toBeFocused();
  expect((await stateOf(page)).rollsUsed).toBe(0);
  await page.keyboard.press('r');
  await waitForRest(page, 1);
  expect(errors).toEqual([]);
  await context.close();
});

test('in Estonian on a phone, upright and on its side, the guide fits the screen and a tap closes it', async ({
  browser,
}) => {
  // One phone, turned on its side with the guide open.
  const { context, page, errors } = await firstVisit(browser, 'et-EE', { width: 390, height: 844 }, true);
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 844, height: 390 },
  ]) {
    await page.setViewportSize(viewport);
    await expectGuideShown(page, 'Kuidas mängida', ['libista sõrmega', 'klahvid 1–5', 'vali tabelist rida']);
    await page.screenshot({ path: `${ARTIFACTS}/how-to-play-et-${viewport.width}x${viewport.height}.png` });
  }
  await guide(page).locator('[data-close-guide]').tap();
  await expect(guide(page)).toHaveCount(0);
  await expect(page.locator('dice-poker dp-start-panel h2')).toHaveText('Täringupokker');
  await expect(page.locator('dice-poker dp-start-panel [data-guide]')).toHaveText(/Kuidas mängida/);
  expect(errors).toEqual([]);
  await context.close();
});

test('a page that opts out with no-guide never shows it, nor its buttons', async ({ browser }) => {
  const { context, page, errors } = await firstVisit(browser, 'en-US', { width: 1280, height: 720 });
  await page.evaluate(async () => {
    // Heights set through the CSSOM: the page's CSP forbids style attributes in markup.
    document.body.innerHTML = `
      <dice-poker id="own" storage-key="own-guide" lang="en"></dice-poker>
      <dice-poker id="none" storage-key="no-guide" lang="en" no-guide></dice-poker>`;
    for (const el of document.querySelectorAll('dice-poker')) (el as HTMLElement).style.height = '360px';
  });
  await expect(page.locator('#own dp-how-to-play h2')).toHaveText('How to play');
  await expect(page.locator('#none dp-start-panel h2')).toHaveText('Dice poker');
  await expect(page.locator('#none dp-how-to-play')).toHaveCount(0);
  await expect(page.locator('#none dp-start-panel [data-guide]')).toHaveCount(0);
  await expect(page.locator('#none .topbar [data-guide-top]')).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});
