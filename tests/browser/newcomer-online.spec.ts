import { expect, test, type Browser } from '@playwright/test';
import { ARTIFACTS, boxOf, inside, stateOf, watchErrors } from './helpers.js';
import { controlsWords } from './newcomer-helpers.js';

/** A friend's own browser: a context of its own (its own storage), in its own language. */
async function friend(browser: Browser, lang: 'en' | 'et', phone: boolean) {
  const context = await browser.newContext(
    phone
      ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }
      : { viewport: { width: 1280, height: 720 } },
  );
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return { context, page, errors, lang };
}

test('online: the inviter named, computers in the page’s language, the watcher told whose turn it is, the player plainly that it is theirs', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const mari = await friend(browser, 'en', false);
  const juri = await friend(browser, 'et', true);
  await mari.page.goto('/');
  await mari.page.locator('dice-poker').evaluate((el) => el.setAttribute('lang', 'en'));
  await mari.page.locator('dice-poker dp-start-panel input[data-player="0"]').fill('Mari');
  await mari.page.locator('dice-poker dp-start-panel [data-play-online]').click();
  const inviteUrl = await mari.page.locator('dice-poker dp-online-panel [data-invite]').inputValue();

  // Jüri opens the link on his phone: the join panel says who invites him.
  await juri.page.goto(inviteUrl);
  await juri.page.locator('dice-poker').evaluate((el) => el.setAttribute('lang', 'et'));
  await expect(juri.page.locator('dice-poker dp-online-panel [data-inviter]')).toHaveText(
    'Mari kutsub sind täringupokkerit mängima.',
  );
  await juri.page.screenshot({ path: `${ARTIFACTS}/newcomer-online-join-phone-et.png` });
  await juri.page.locator('dice-poker dp-online-panel [data-online-name]').fill('Jüri');
  await juri.page.locator('dice-poker dp-online-panel [data-join]').tap();
  await expect(mari.page.locator('dice-poker dp-online-panel [data-seat]')).toHaveCount(2);
  // Mari seats a computer: each page names it in its own language.
  await mari.page.locator('dice-poker dp-online-panel [data-add-bot]').click();
  await expect(mari.page.locator('dice-poker dp-online-panel [data-seat="2"] .who')).toContainText(
    'Computer 1',
  );
  await expect(juri.page.locator('dice-poker dp-online-panel [data-seat="2"] .who')).toContainText(
    'Arvuti 1',
  );
  // On his phone the link's Copy button ("Kopeeri") stays inside the panel.
  const card = await boxOf(juri.page, 'dice-poker dp-online-panel .card');
  const copy = await boxOf(juri.page, 'dice-poker dp-online-panel [data-copy]');
  // Inside the card's padding, as every other line of the panel.
  const padding = await juri.page
    .locator('dice-poker dp-online-panel .card')
    .evaluate((el) => parseFloat(getComputedStyle(el).paddingRight));
  expect(inside(copy, { ...card, width: card.width - padding }), 'Kopeeri inside its panel').toBe(true);
  await expect(juri.page.locator('dice-poker dp-online-panel [data-copy]')).toHaveText('Kopeeri');
  await juri.page.screenshot({ path: `${ARTIFACTS}/newcomer-online-lobby-phone-et.png` });
  await mari.page.locator('dice-poker dp-online-panel [data-online-start]').click();
  await expect(juri.page.locator('dice-poker dp-controls')).toBeVisible();
  // The computer's column, in each page's language.
  await expect(juri.page.locator('dice-poker dp-scorecard thead th').nth(3)).toHaveText('Arvuti 1');
  await expect(mari.page.locator('dice-poker dp-scorecard thead th').nth(3)).toHaveText('Computer 1');

  // Mari's turn. She is told so on the controls, not only above the table; Jüri watches.
  await expect(mari.page.locator('dice-poker dp-controls [data-turn]')).toHaveText(
    'Your turn, Mari! Round 1 of 13',
  );
  await expect(mari.page.locator('dice-poker [part="roll-button"]')).toBeEnabled();
  await expect.poll(async () => (await controlsWords(juri.page)).button).toBe('Mari käik 3 viset jäänud');
  expect(await controlsWords(juri.page)).toEqual({
    button: 'Mari käik 3 viset jäänud',
    hint: 'Seda käiku mängib Mari: vaata täringuid.',
    turn: 'Mari käik, voor 1/13',
  });
  await expect(juri.page.locator('dice-poker [part="roll-button"]')).toBeDisabled();
  await mari.page.screenshot({ path: `${ARTIFACTS}/newcomer-online-own-turn-desktop-en.png` });
  await juri.page.screenshot({ path: `${ARTIFACTS}/newcomer-online-watching-phone-et.png` });

  // Mari throws and scores: Jüri's turn, said on his phone in his language; Mari now watches.
  await mari.page.locator('dice-poker [part="roll-button"]').click();
  await expect.poll(async () => (await stateOf(mari.page)).rollsUsed).toBe(1);
  await mari.page.locator('dice-poker dp-scorecard button.option[data-row="chance"]').click();
  await expect.poll(async () => (await stateOf(juri.page)).current, { timeout: 10_000 }).toBe(1);
  await expect(juri.page.locator('dice-poker dp-controls [data-turn]')).toHaveText(
    'Sinu käik, Jüri! Voor 1/13',
  );
  await expect(juri.page.locator('dice-poker [part="roll-button"]')).toBeEnabled();
  expect((await controlsWords(mari.page)).button).toBe("Jüri's turn 3 throws left");
  expect((await controlsWords(mari.page)).hint).toBe('Jüri is playing this turn: watch the dice.');
  await juri.page.screenshot({ path: `${ARTIFACTS}/newcomer-online-own-turn-phone-et.png` });
  await mari.page.screenshot({ path: `${ARTIFACTS}/newcomer-online-watching-desktop-en.png` });

  // Jüri scores: the computer's turn, which his screen reader hears named in his language too.
  await juri.page.locator('dice-poker [part="roll-button"]').click();
  await expect.poll(async () => (await stateOf(juri.page)).rollsUsed).toBe(1);
  await juri.page.locator('dice-poker dp-scorecard button.option[data-row="chance"]').click();
  const heard = juri.page.locator('dice-poker [role="status"][aria-live="polite"]');
  await expect(heard).toContainText('Arvuti 1');
  await expect(heard).not.toContainText('Computer');

  for (const p of [mari, juri]) {
    expect(p.errors).toEqual([]);
    await p.context.close();
  }
});
