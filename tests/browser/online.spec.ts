import { expect, test, type Browser, type Page } from '@playwright/test';
import { ARTIFACTS, clickDie, drawnFaces, flick, rowButton, stateOf, watchErrors } from './helpers.js';

/** A player's own browser (a context of its own: its own storage, as on a friend's phone). */
async function player(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, ...options });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  return { context, page, errors };
}

/** Waits until the table drawn on `page` shows that page's game's dice (after a throw or its playback). */
async function expectTableShowsGame(page: Page): Promise<number[]> {
  let dice: number[] = [];
  await expect
    .poll(
      async () => {
        dice = (await stateOf(page)).dice;
        return JSON.stringify(await drawnFaces(page)) === JSON.stringify(dice);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return dice;
}

/** The dp-* events of `types` the page's element fires, collected in the page. */
async function recordEvents(page: Page, types: string[]): Promise<void> {
  await page.locator('dice-poker').evaluate((el, types) => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    for (const type of types)
      el.addEventListener(type, (e) => seen.push(`${type} ${JSON.stringify((e as CustomEvent).detail)}`));
  }, types);
}

const seen = (page: Page) => page.evaluate(() => (window as unknown as { seen: string[] }).seen);

test('two friends play online: invite link, join, start, throws seen on both screens and by one who watches, holds, scores, a reload keeps the seat', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const mari = await player(browser);
  const juri = await player(browser, {
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });

  // Mari opens the game and chooses "Play online" in the start panel.
  await mari.page.goto('/');
  await mari.page.locator('dice-poker').evaluate((el) => el.setAttribute('lang', 'en'));
  await mari.page.locator('dice-poker dp-start-panel input[data-player="0"]').fill('Mari');
  await mari.page.locator('dice-poker dp-start-panel [data-play-online]').click();
  const invite = mari.page.locator('dice-poker dp-online-panel [data-invite]');
  await expect(invite).toHaveValue(/\?room=[A-Za-z0-9_-]+&from=Mari$/);
  const inviteUrl = await invite.inputValue();
  const online = (await stateOf(mari.page)).online!;
  expect(online).toMatchObject({ seat: 0, host: true, connected: [true] });
  expect(inviteUrl).toContain(`room=${online.roomId}`);
  // Alone, the host cannot start yet.
  await expect(mari.page.locator('dice-poker dp-online-panel [data-online-start]')).toBeDisabled();

  // Jüri opens the invite on his phone: asked for a name, he joins.
  await juri.page.goto(inviteUrl);
  await juri.page.locator('dice-poker').evaluate((el) => el.setAttribute('lang', 'en'));
  await juri.page.locator('dice-poker dp-online-panel [data-online-name]').fill('Jüri');
  await juri.page.locator('dice-poker dp-online-panel [data-join]').tap();
  await expect(juri.page.locator('dice-poker dp-online-panel [data-waiting]')).toBeVisible();
  await expect(mari.page.locator('dice-poker dp-online-panel [data-seat]')).toHaveCount(2);
  await mari.page.screenshot({ path: `${ARTIFACTS}/online-lobby-host.png` });
  await juri.page.screenshot({ path: `${ARTIFACTS}/online-lobby-guest.png` });

  // Liis opens the link to watch: no name asked, no seat taken, the table as the players see it.
  const watchUrl = await mari.page.locator('dice-poker dp-online-panel [data-watch-link]').inputValue();
  expect(watchUrl).toContain(`?watch=${online.roomId}`);
  const liis = await player(browser);
  await liis.page.goto(watchUrl);
  await liis.page.locator('dice-poker').evaluate((el) => el.setAttribute('lang', 'en'));
  await expect(liis.page.locator('dice-poker dp-online-panel h2')).toHaveText('Watching a game');
  await expect(liis.page.locator('dice-poker dp-online-panel [data-invite]')).toHaveCount(0);
  await expect(liis.page.locator('dice-poker dp-online-panel [data-seat]')).toHaveCount(2);
  await expect(mari.page.locator('dice-poker dp-online-panel [data-seat]')).toHaveCount(2);
  await liis.page.screenshot({ path: `${ARTIFACTS}/online-lobby-watcher.png` });

  await recordEvents(juri.page, ['dp-roll', 'dp-hold', 'dp-score', 'dp-turn']);
  await mari.page.locator('dice-poker dp-online-panel [data-online-start]').click();
  await expect(mari.page.locator('dice-poker dp-controls')).toBeVisible();
  await expect(juri.page.locator('dice-poker dp-scorecard')).toBeVisible();
  expect((await stateOf(juri.page)).players.map((p) => p.name)).toEqual(['Mari', 'Jüri']);

  // Not Jüri's turn: his requests are refused with a code, and nothing changes.
  const refused = await juri.page.locator('dice-poker').evaluate((el) =>
    (el as HTMLElementTagNameMap['dice-poker']).roll().then(
      () => 'thrown',
      (e) => e.code,
    ),
  );
  expect(refused).toBe('not-your-turn');

  // Mari flicks: the server throws; both tables show the same dice, the ones scored.
  await flick(mari.page);
  await expect.poll(async () => (await stateOf(juri.page)).rollsUsed, { timeout: 30_000 }).toBe(1);
  const mariDice = await expectTableShowsGame(mari.page);
  const juriDice = await expectTableShowsGame(juri.page);
  expect(juriDice).toEqual(mariDice);
  // Liis sees the same throw; she has nothing to play: no Throw of hers, no score to choose.
  expect(await expectTableShowsGame(liis.page)).toEqual(mariDice);
  await expect(liis.page.locator('dice-poker dp-online-bar [data-watching]')).toHaveText(
    'Watching Mari, Jüri',
  );
  await expect(liis.page.locator('dice-poker dp-scorecard button.option')).toHaveCount(0);
  expect(
    await liis.page.locator('dice-poker').evaluate((el) =>
      (el as HTMLElementTagNameMap['dice-poker']).roll().then(
        () => 'thrown',
        (e) => e.code,
      ),
    ),
  ).toBe('not-your-turn');
  await liis.page.screenshot({ path: `${ARTIFACTS}/online-watcher.png` });

  // Mari holds a die by clicking it; Jüri sees it held.
  await clickDie(mari.page, 2);
  await expect.poll(async () => (await stateOf(juri.page)).held[2], { timeout: 10_000 }).toBe(true);

  // Mari scores the first row offered; Jüri's element tells the same events, and it is his turn.
  const row = (await mari.page
    .locator('dice-poker dp-scorecard button.option')
    .first()
    .getAttribute('data-row'))!;
  await rowButton(mari.page, row).click();
  if ((await mari.page.locator('dice-poker dp-scorecard [data-confirm-zero]').count()) > 0)
    await mari.page.locator('dice-poker dp-scorecard [data-confirm-zero]').click();
  await expect.poll(async () => (await stateOf(juri.page)).current, { timeout: 10_000 }).toBe(1);
  const events = await seen(juri.page);
  expect(events[0]).toBe('dp-turn {"player":0,"turn":0}');
  expect(events[1]).toMatch(/^dp-roll \{"player":0,/);
  expect(events).toContain('dp-hold {"index":2,"held":true}');
  expect(events.some((e) => e.startsWith(`dp-score {"player":0,"row":"${row}"`))).toBe(true);
  expect(events.at(-1)).toBe('dp-turn {"player":1,"turn":0}');

  // Jüri's turn, on his phone: Throw.
  await juri.page.locator('dice-poker [part="roll-button"]').tap();
  await expect.poll(async () => (await stateOf(mari.page)).rollsUsed, { timeout: 30_000 }).toBe(1);
  expect(await expectTableShowsGame(mari.page)).toEqual(await expectTableShowsGame(juri.page));
  await juri.page.screenshot({ path: `${ARTIFACTS}/online-guest-turn.png` });

  // Jüri reloads: he comes back to his seat, with the game exactly as it was.
  const before = await stateOf(juri.page);
  await juri.page.reload();
  await expect.poll(async () => (await stateOf(juri.page)).online?.seat, { timeout: 20_000 }).toBe(1);
  const after = await stateOf(juri.page);
  expect({ ...after, online: null }).toEqual({ ...before, online: null });
  await expect.poll(async () => (await stateOf(mari.page)).online?.connected).toEqual([true, true]);

  // Jüri's phone drops off: Mari is told he is away (the room keeps his seat for him).
  await juri.page.close();
  await expect(mari.page.locator('dice-poker [data-away]')).toContainText('Jüri', { timeout: 20_000 });
  await expect.poll(async () => (await stateOf(mari.page)).online?.connected).toEqual([true, false]);

  // Liis stops watching. She cannot join the started game; a bad link is refused.
  await liis.page.locator('dice-poker dp-online-bar [data-stop-watching]').click();
  await expect(liis.page.locator('dice-poker dp-online-bar')).toHaveCount(0);
  await expect.poll(async () => (await stateOf(liis.page)).online).toBeNull();
  const codes = await liis.page.locator('dice-poker').evaluate(async (node, url) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    const code = (p: Promise<unknown>) =>
      p.then(
        () => 'joined',
        (e: { code: string }) => e.code,
      );
    return [
      await code(el.joinOnline(url, { name: 'Liis' })),
      await code(el.joinOnline('no such room!', { name: 'Liis' })),
    ];
  }, inviteUrl);
  expect(codes).toEqual(['game-started', 'bad-room-id']);

  for (const p of [mari, juri, liis]) {
    expect(p.errors.filter((e) => !/Room connection was closed|status of 403/.test(e))).toEqual([]);
    await p.context.close();
  }
});
