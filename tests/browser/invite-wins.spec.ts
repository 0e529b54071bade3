import { expect, test, type Browser } from '@playwright/test';
import { ARTIFACTS, stateOf, waitForRest, watchErrors } from './helpers.js';

/** A person's own browser (a context of its own: its own storage and seats); throws at rest at once. */
async function person(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 720 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  return { context, page, errors };
}

/** Opens the page and a room as its host; the room's invite link. */
async function hostRoom(page: import('@playwright/test').Page, name: string): Promise<string> {
  await page.goto('/');
  await page.locator('dice-poker').evaluate((el) => el.setAttribute('lang', 'en'));
  await page.locator('dice-poker dp-start-panel input[data-player="0"]').fill(name);
  await page.locator('dice-poker dp-start-panel [data-play-online]').click();
  const invite = page.locator('dice-poker dp-online-panel [data-invite]');
  await expect(invite).toHaveValue(/\?room=/);
  return invite.inputValue();
}

/** Errors a page may log here: the connection of a room this page left. */
const EXPECTED = /Room connection was closed|4002/;

// One browser of Mari's for both: her own game, kept while she plays elsewhere, is the one she opens
// again from My games (a browser and a page load less).
test('an invite link wins over the game this browser holds a seat in, and everyone is told who left and who is host now; the game opened again from My games takes the keyboard: R throws at once, with no click first', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const mari = await person(browser);
  const ann = await person(browser);

  // Mari hosts a game of her own at her own pace against a computer, and starts it: this browser now
  // comes back to that seat.
  await hostRoom(mari.page, 'Mari');
  const panel = mari.page.locator('dice-poker dp-online-panel');
  await panel.locator('select[data-clock]').selectOption('own-pace:86400');
  await panel.locator('[data-add-bot]').click();
  await panel.locator('[data-online-start]').click();
  await expect(mari.page.locator('dice-poker [part="roll-button"]')).toBeEnabled();
  expect((await stateOf(mari.page)).current).toBe(0);
  const first = (await stateOf(mari.page)).online!.roomId;

  // Ann sends Mari an invite to another game; Mari opens it in the same browser.
  const invite = await hostRoom(ann.page, 'Ann');
  await mari.page.goto(invite);
  await mari.page.locator('dice-poker').evaluate((el) => el.setAttribute('lang', 'en'));
  // She is asked for a name (the one she played under), not taken back to her own game, and told it is kept.
  const name = mari.page.locator('dice-poker dp-online-panel [data-online-name]');
  await expect(name).toBeVisible();
  await expect(name).toHaveValue('Mari');
  await expect(mari.page.locator('dice-poker dp-online-panel [data-kept-elsewhere]')).toHaveText(
    'Your other game is kept: open it again from My games.',
  );
  await mari.page.screenshot({ path: `${ARTIFACTS}/invite-wins.png` });
  expect((await stateOf(mari.page)).online).toBeNull();
  await mari.page.locator('dice-poker dp-online-panel [data-join]').click();
  await expect(ann.page.locator('dice-poker dp-online-panel [data-seat]')).toHaveCount(2);
  const second = (await stateOf(mari.page)).online!;
  expect(second.roomId).not.toBe(first);
  expect(second.seat).toBe(1);

  // Ann, the host, leaves: Mari is told, and that she is the host now (she may start the game).
  await ann.page.locator('dice-poker dp-online-panel [data-leave]').click();
  await expect(mari.page.locator('dice-poker .toast')).toHaveText('Ann left the game. You are the host now.');
  await expect.poll(async () => (await stateOf(mari.page)).online).toMatchObject({ seat: 0, host: true });
  await mari.page.screenshot({ path: `${ARTIFACTS}/host-left.png` });

  // Her first game is still hers: My games lists it. She opens it, before her first throw, then R, as
  // a player does.
  await mari.page.locator('dice-poker dp-online-panel [data-leave]').click();
  const row = mari.page.locator('dice-poker dp-my-games li');
  await expect(row).toHaveCount(1);
  expect(mari.errors).toEqual([]);
  await row.getByRole('button', { name: /Open/ }).click();
  await expect(mari.page.locator('dice-poker dp-start-panel')).toBeHidden();
  await expect.poll(async () => (await stateOf(mari.page)).online?.roomId).toBe(first);
  await expect(mari.page.locator('dice-poker [part="roll-button"]')).toBeEnabled();
  await expect(mari.page.locator('dice-poker canvas')).toBeFocused();
  await mari.page.keyboard.press('r');
  await waitForRest(mari.page, 1);
  await mari.page.screenshot({ path: `${ARTIFACTS}/my-games-open-keys.png` });
  expect(mari.errors.filter((e) => !EXPECTED.test(e))).toEqual([]);
  expect(ann.errors).toEqual([]);
});
