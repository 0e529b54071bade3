import { expect, test, type Browser } from '@playwright/test';
import { ARTIFACTS, stateOf, watchErrors } from './helpers.js';

/** A person's own browser (a context of its own: its own storage and seats). */
async function person(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
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

test('an invite link wins over the game this browser holds a seat in, and everyone is told who left and who is host now', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const mari = await person(browser);
  const ann = await person(browser);

  // Mari hosts a game of her own: this browser now comes back to that seat.
  await hostRoom(mari.page, 'Mari');
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

  // Her first game is still hers: My games lists it.
  await mari.page.locator('dice-poker dp-online-panel [data-leave]').click();
  await expect(mari.page.locator('dice-poker dp-my-games li')).toHaveCount(1);
  expect(mari.errors).toEqual([]);
  expect(ann.errors).toEqual([]);
});
