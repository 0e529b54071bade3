import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  ARTIFACTS,
  boxOf,
  inside,
  overlap,
  screenOf,
  stateOf,
  waitForRest,
  watchErrors,
  type Box,
} from './helpers.js';

/**
 * Online at one's own pace the bar over the table (the turn clock, "Notify me of my turn", "Nudge")
 * shows all the turn long. It has a strip of its own above the felt: no die is ever drawn under it,
 * a tap on any die holds that die (the bar never takes it), and the room's notice is never half
 * hidden under it, on a phone held upright, on its side, and on a desktop.
 */

const DESKTOP = { viewport: { width: 1280, height: 720 } };
const UPRIGHT = { width: 390, height: 844 };
const ON_ITS_SIDE = { width: 844, height: 390 };
const PHONE = { viewport: UPRIGHT, deviceScaleFactor: 2, hasTouch: true, isMobile: true };

/** A player's own browser: its own storage; notifications allowed, so "Notify me of my turn" is offered. */
async function player(browser: Browser, options: Parameters<Browser['newContext']>[0]) {
  const context = await browser.newContext({ ...options, reducedMotion: 'reduce' });
  await context.grantPermissions(['notifications']);
  const page = await context.newPage();
  const errors = watchErrors(page);
  return { context, page, errors };
}

/** Errors a page may log here: the connection of a room whose other page went. */
const EXPECTED = /Room connection was closed|4002/;

/** Mari hosts a game at her own pace (a day a turn) and Jüri joins it; Mari starts it. */
async function ownPaceGame(mari: Page, juri: Page): Promise<void> {
  await mari.goto('/');
  await mari.locator('dice-poker').evaluate((el) => el.setAttribute('lang', 'en'));
  await mari.locator('dice-poker dp-start-panel input[data-player="0"]').fill('Mari');
  await mari.locator('dice-poker dp-start-panel [data-play-online]').click();
  const invite = mari.locator('dice-poker dp-online-panel [data-invite]');
  await expect(invite).toHaveValue(/\?room=/);
  await mari.locator('dice-poker dp-online-panel select[data-clock]').selectOption('own-pace:86400');
  await juri.goto(await invite.inputValue());
  await juri.locator('dice-poker').evaluate((el) => el.setAttribute('lang', 'en'));
  await juri.locator('dice-poker dp-online-panel [data-online-name]').fill('Jüri');
  await juri.locator('dice-poker dp-online-panel [data-join]').click();
  await expect(mari.locator('dice-poker dp-online-panel [data-seat]')).toHaveCount(2);
  await mari.locator('dice-poker dp-online-panel [data-online-start]').click();
  for (const page of [mari, juri])
    await expect(page.locator('dice-poker dp-online-bar [data-turn-clock]')).toBeVisible();
}

/** The boxes of what the bar shows (its pills and cards). */
async function barBoxes(page: Page): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const part of await page.locator('dice-poker dp-online-bar :is(.clock, .claim)').all()) {
    const box = await part.boundingBox();
    if (box) boxes.push(box);
  }
  return boxes;
}

/** Points on and around each die's centre (a die is drawn some 20 px across, or more). */
const AROUND = [
  [0, 0],
  [-10, 0],
  [10, 0],
  [0, -10],
  [0, 10],
] as const;

/**
 * Every die is drawn clear of the bar: no pill lies over it, and what a finger would touch there is
 * the table's canvas (not the bar, nor anything else over the felt).
 */
async function expectDiceClearOfBar(page: Page, where: string): Promise<void> {
  const bar = await barBoxes(page);
  expect(bar.length, `${where}: the bar shows`).toBeGreaterThan(0);
  const hits = await page.locator('dice-poker').evaluate((node, around) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    return [0, 1, 2, 3, 4].map((i) => {
      const die = el.dieAt(i)!;
      return around.map(([dx, dy]) => {
        const at = { x: die.x + dx, y: die.y + dy };
        return { at, hit: el.shadowRoot!.elementFromPoint(at.x, at.y)?.localName ?? 'nothing' };
      });
    });
  }, AROUND);
  hits.forEach((points, i) => {
    for (const { at, hit } of points) {
      for (const pill of bar)
        expect(overlap({ ...at, width: 1, height: 1 }, pill), `${where}: die ${i + 1} under the bar`).toBe(
          false,
        );
      expect(hit, `${where}: a tap on die ${i + 1} reaches the table`).toBe('canvas');
    }
  });
}

/** Taps each die where it is drawn, and waits until the room holds it (or lets it go). */
async function tapEachDie(page: Page, held: boolean): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const die = await page
      .locator('dice-poker')
      .evaluate((el, i) => (el as HTMLElementTagNameMap['dice-poker']).dieAt(i)!, i);
    await page.touchscreen.tap(die.x, die.y);
    await expect
      .poll(async () => (await stateOf(page)).held[i], { message: `die ${i + 1} held: ${held}` })
      .toBe(held);
  }
}

/** The room's notice is shown whole, on screen, and clear of the bar. */
async function expectNoticeClearOfBar(page: Page, where: string): Promise<void> {
  const notice = await boxOf(page, 'dice-poker .notice[data-away]');
  expect(inside(notice, screenOf(page)), `${where}: the notice on screen`).toBe(true);
  for (const pill of await barBoxes(page))
    expect(overlap(notice, pill), `${where}: the notice clear of the bar`).toBe(false);
  for (const button of await page.locator('dice-poker .topbar button').all())
    expect(overlap(notice, (await button.boundingBox())!), `${where}: the notice clear of the top bar`).toBe(
      false,
    );
}

test('own pace online: the bar has a strip of its own, no die under it, each die held by a tap, the notice clear of it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const mari = await player(browser, DESKTOP);
  const juri = await player(browser, PHONE);
  await ownPaceGame(mari.page, juri.page);

  // Mari's turn, on her desktop: she throws; the clock and "Notify me of my turn" cover no die of hers.
  await mari.page.locator('dice-poker [part="roll-button"]').click();
  await waitForRest(mari.page, 1);
  await expect(mari.page.locator('dice-poker dp-online-bar [data-notify-turn]')).toBeVisible();
  await expectDiceClearOfBar(mari.page, 'desktop');
  await mari.page.screenshot({ path: `${ARTIFACTS}/layout-online-bar-desktop.png` });

  // Jüri, on his phone held upright, watches Mari's dice under his clock, Notify and "Nudge Mari".
  await waitForRest(juri.page, 1);
  await expect(juri.page.locator('dice-poker dp-online-bar [data-nudge]')).toBeVisible();
  await expectDiceClearOfBar(juri.page, 'upright, Mari’s turn');

  // Mari scores; Jüri throws, and a tap on each die holds it.
  const row = (await mari.page
    .locator('dice-poker dp-scorecard button.option')
    .first()
    .getAttribute('data-row'))!;
  await mari.page.locator(`dice-poker dp-scorecard button.option[data-row="${row}"]`).click();
  const zero = mari.page.locator('dice-poker dp-scorecard [data-confirm-zero]');
  if ((await zero.count()) > 0) await zero.click();
  await expect.poll(async () => (await stateOf(juri.page)).current).toBe(1);
  await juri.page.locator('dice-poker [part="roll-button"]').tap();
  await waitForRest(juri.page, 1);
  await expectDiceClearOfBar(juri.page, 'upright');
  await tapEachDie(juri.page, true);
  await juri.page.screenshot({ path: `${ARTIFACTS}/layout-online-bar-upright.png` });

  // On its side: the dice (now on the ledge) clear of the bar; a tap on each lets it go.
  await juri.page.setViewportSize(ON_ITS_SIDE);
  await expect
    .poll(async () => (await juri.page.locator('dice-poker canvas').boundingBox())!.width)
    .toBeLessThan(600);
  await expectDiceClearOfBar(juri.page, 'on its side');
  await tapEachDie(juri.page, false);
  await expectDiceClearOfBar(juri.page, 'on its side, let go');
  await juri.page.screenshot({ path: `${ARTIFACTS}/layout-online-bar-side.png` });

  // Mari's page goes: Jüri is told she is away, in a notice shown whole, clear of the bar, both ways up.
  await mari.context.close();
  await expect(juri.page.locator('dice-poker .notice[data-away]')).toContainText('Mari', { timeout: 20_000 });
  await expectNoticeClearOfBar(juri.page, 'on its side');
  await juri.page.screenshot({ path: `${ARTIFACTS}/layout-online-bar-notice-side.png` });
  await juri.page.setViewportSize(UPRIGHT);
  await expect
    .poll(async () => (await juri.page.locator('dice-poker canvas').boundingBox())!.width)
    .toBeGreaterThan(380);
  await expectNoticeClearOfBar(juri.page, 'upright');
  await expectDiceClearOfBar(juri.page, 'upright, with the notice');
  await juri.page.screenshot({ path: `${ARTIFACTS}/layout-online-bar-notice-upright.png` });

  expect(mari.errors.filter((e) => !EXPECTED.test(e))).toEqual([]);
  expect(juri.errors.filter((e) => !EXPECTED.test(e))).toEqual([]);
  await juri.context.close();
});
