import { expect, test, type Browser, type Page } from '@playwright/test';
import { ARTIFACTS, rowButton, stateOf, waitForRest, watchErrors } from './helpers.js';
import { expectDiceClearOfBar, expectNoticeClearOfBar, tapEachDie } from './online-bar-layout.js';

/**
 * The browser's notifications and the page's being hidden, as this page would meet them in the
 * background: notifications shown are listed (window.shown), the permission is asked and given, and
 * the page reads as hidden while window.hiddenPage is set. The element's `dp-your-turn` events are listed
 * (window.turns).
 */
function backgroundPage(): void {
  const w = window as unknown as Record<string, unknown>;
  const shown: { title: string; body?: string }[] = [];
  const turns: unknown[] = [];
  w.shown = shown;
  w.turns = turns;
  class ListedNotification {
    static permission: NotificationPermission = 'default';
    static requestPermission(): Promise<NotificationPermission> {
      ListedNotification.permission = 'granted';
      return Promise.resolve('granted');
    }
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body });
    }
  }
  w.Notification = ListedNotification;
  Object.defineProperty(document, 'hidden', { get: () => w.hiddenPage === true, configurable: true });
  document.addEventListener('dp-your-turn', (e) => turns.push((e as CustomEvent).detail));
}

/** What the page listed (see backgroundPage). */
function listed(page: Page, name: 'shown' | 'turns'): Promise<unknown> {
  return page.evaluate((name) => (window as unknown as Record<string, unknown>)[name], name);
}

const DESKTOP = { viewport: { width: 1280, height: 720 } };
const UPRIGHT = { width: 390, height: 844 };
const ON_ITS_SIDE = { width: 844, height: 390 };
const PHONE = { viewport: UPRIGHT, deviceScaleFactor: 2, hasTouch: true, isMobile: true };

/**
 * A player's own browser: a context of its own (its own storage, as on a friend's phone), throws at
 * rest at once; notifications allowed, so "Notify me of my turn" is offered.
 */
async function player(browser: Browser, options: Parameters<Browser['newContext']>[0]) {
  const context = await browser.newContext({ ...options, reducedMotion: 'reduce' });
  await context.grantPermissions(['notifications']);
  await context.addInitScript(backgroundPage);
  const page = await context.newPage();
  const errors = watchErrors(page);
  return { context, page, errors };
}

/** Errors a page may log here: the connection of a room this page (or the other) left. */
const EXPECTED = /Room connection was closed|4002/;

// One game for the clock, the notifications, My games and the bar's place over the table: two browsers
// and their page loads are seconds of both cores (software WebGL).
test('a game at your own pace: the host sets a day a turn, the clock shows days and hours, and My games lists it, waiting on me, and opens it; the bar has a strip of its own, no die under it, each die held by a tap, the notice clear of it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const mari = await player(browser, DESKTOP);
  const juri = await player(browser, PHONE);
  await mari.page.goto('/');
  await mari.page.locator('dice-poker').evaluate((el) => el.setAttribute('lang', 'en'));
  await mari.page.locator('dice-poker dp-start-panel input[data-player="0"]').fill('Mari');
  await mari.page.locator('dice-poker dp-start-panel [data-play-online]').click();
  const invite = mari.page.locator('dice-poker dp-online-panel [data-invite]');
  await expect(invite).toHaveValue(/\?room=/);
  // Live unless chosen: the host picks a day a turn, at your own pace, and everyone reads what it means.
  const clock = mari.page.locator('dice-poker dp-online-panel select[data-clock]');
  await clock.selectOption('own-pace:86400');
  await expect(mari.page.locator('dice-poker dp-online-panel [data-pace-help]')).toContainText(
    'Take your turns when you like: each has 1 day',
  );
  // And that a player whose time is up is out of the game (not played for by a computer).
  await mari.page.locator('dice-poker dp-online-panel select[data-time-up]').selectOption('forfeit');
  await expect(mari.page.locator('dice-poker dp-online-panel [data-pace-help]')).toContainText(
    'a player whose time is up is out of the game',
  );
  await mari.page.screenshot({ path: `${ARTIFACTS}/own-pace-lobby-host.png` });
  await juri.page.goto(await invite.inputValue());
  await juri.page.locator('dice-poker').evaluate((el) => el.setAttribute('lang', 'en'));
  await juri.page.locator('dice-poker dp-online-panel [data-online-name]').fill('Jüri');
  await juri.page.locator('dice-poker dp-online-panel [data-join]').click();
  await expect(juri.page.locator('dice-poker dp-online-panel [data-clock]')).toHaveText(
    /Time for a turn: At your own pace, 1 day/,
  );
  await expect(juri.page.locator('dice-poker dp-online-panel [data-pace-help]')).toContainText(
    'out of the game',
  );
  await juri.page.screenshot({ path: `${ARTIFACTS}/own-pace-lobby-phone.png` });
  await mari.page.locator('dice-poker dp-online-panel [data-online-start]').click();

  // The turn's time is shown all the turn, in hours and minutes.
  await expect(mari.page.locator('dice-poker dp-online-bar [data-turn-clock]')).toHaveText(
    /Your time left\s+(1 d|23 h 5\d min)/,
  );
  await expect(juri.page.locator('dice-poker dp-online-bar [data-turn-clock]')).toHaveText(
    /Time left for Mari\s+(1 d|23 h 5\d min)/,
  );
  await mari.page.screenshot({ path: `${ARTIFACTS}/own-pace-clock.png` });

  // Jüri turns on notifications of his turn (the browser asks him), and puts the page in the background.
  const notify = juri.page.locator('dice-poker dp-online-bar [data-notify-turn]');
  await expect(notify).toHaveAttribute('aria-pressed', 'false');
  await expect(notify).toContainText('Notify me of my turn');
  await notify.click();
  await expect(notify).toHaveAttribute('aria-pressed', 'true');
  await juri.page.screenshot({ path: `${ARTIFACTS}/own-pace-notify-phone.png` });

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
  await juri.page.evaluate(() => ((window as unknown as Record<string, unknown>).hiddenPage = true));

  // Mari scores: Jüri's page, in the background, notifies him and tells its page it is his turn.
  await rowButton(mari.page, 'chance').click();
  await expect.poll(async () => (await stateOf(mari.page)).current).toBe(1);
  await expect
    .poll(() => listed(juri.page, 'shown'))
    .toEqual([{ title: 'Your turn in Täringupokker', body: 'Mari and you' }]);
  expect(await listed(juri.page, 'turns')).toEqual([{ yours: true, text: 'Your turn' }]);
  await expect(juri.page).toHaveTitle('▶ Your turn · Täringupokker');
  await expect(mari.page).toHaveTitle('Täringupokker');
  // Mari's page, whose turn it no longer is, is told so, and shows no notification (she did not ask).
  expect(await listed(mari.page, 'turns')).toEqual([
    { yours: true, text: 'Your turn' },
    { yours: false, text: '' },
  ]);
  expect(await listed(mari.page, 'shown')).toEqual([]);

  // Mari nudges Jüri (once a turn): his page, still in the background, notifies him; both bars say so.
  const nudge = mari.page.locator('dice-poker dp-online-bar [data-nudge]');
  await expect(nudge).toHaveText('Nudge Jüri');
  await expect(juri.page.locator('dice-poker dp-online-bar [data-nudge]')).toHaveCount(0);
  await nudge.click();
  await expect(mari.page.locator('dice-poker dp-online-bar [data-nudged]')).toHaveText('Mari nudged Jüri');
  await expect(nudge).toHaveCount(0);
  await expect(juri.page.locator('dice-poker dp-online-bar [data-nudged]')).toHaveText(
    'Mari nudges you: it is your turn.',
  );
  await expect
    .poll(() => listed(juri.page, 'shown'))
    .toEqual([
      { title: 'Your turn in Täringupokker', body: 'Mari and you' },
      { title: 'Mari nudges you: it is your turn.', body: 'Mari and you' },
    ]);
  await mari.page.screenshot({ path: `${ARTIFACTS}/own-pace-nudged.png` });
  await juri.page.screenshot({ path: `${ARTIFACTS}/own-pace-nudged-phone.png` });

  // Jüri goes off to play on his own, his turn waiting for him.
  await juri.page.evaluate(() => ((window as unknown as Record<string, unknown>).hiddenPage = false));
  await juri.page
    .locator('dice-poker')
    .evaluate((el) => (el as HTMLElement & { leaveOnline(): Promise<void> }).leaveOnline());

  // His start panel (shown once he left) lists the game, waiting on him, with his time left; Open takes
  // him back to his seat.
  await expect(juri.page.locator('dice-poker dp-start-panel')).toBeVisible();
  const list = juri.page.locator('dice-poker dp-my-games');
  await expect(list.locator('h2')).toHaveText(/My games\s*1 waiting on you/);
  const row = list.locator('li');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Mari and you');
  await expect(row).toContainText(/Your turn · nudged · (1 d|23 h 5\d min) left/);
  await expect(row).toContainText(/Last move \d+ min ago/);
  await juri.page.screenshot({ path: `${ARTIFACTS}/own-pace-my-games-phone.png` });
  await row.getByRole('button', { name: /Open/ }).click();
  await expect(juri.page.locator('dice-poker dp-start-panel')).toBeHidden();
  await expect.poll(async () => (await stateOf(juri.page)).current).toBe(1);
  await expect(juri.page.locator('dice-poker [part="roll-button"]')).toBeEnabled();

  // He throws, and a tap on each die holds it.
  await juri.page.locator('dice-poker [part="roll-button"]').tap();
  await expect.poll(async () => (await stateOf(mari.page)).rollsUsed).toBe(1);
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

  for (const { errors } of [mari, juri]) expect(errors.filter((e) => !EXPECTED.test(e))).toEqual([]);
  await juri.context.close();
});
