import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ARTIFACTS, stateOf, watchErrors } from './helpers.js';

/** A player's own browser: a context of its own (its own storage, as on a friend's phone). */
async function player(browser: Browser, viewport = { width: 1280, height: 720 }) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  return { context, page, errors };
}

type Player = Awaited<ReturnType<typeof player>>;

/** Errors a page may log in these tests: connections the server let go, refused joins. */
const EXPECTED = /Room connection was closed|status of 403|4002/;

/** Mari hosts a room (in `lang`); resolves with the invite link once it shows. */
async function host(mari: Player, lang = 'en'): Promise<string> {
  await mari.page.goto('/');
  await mari.page.locator('dice-poker').evaluate((el, lang) => el.setAttribute('lang', lang), lang);
  await mari.page.locator('dice-poker dp-start-panel input[data-player="0"]').fill('Mari');
  await mari.page.locator('dice-poker dp-start-panel [data-play-online]').click();
  const invite = mari.page.locator('dice-poker dp-online-panel [data-invite]');
  await expect(invite).toHaveValue(/\?room=/);
  return invite.inputValue();
}

/** `page` opens the invite and joins as `name`. */
async function join(page: Page, inviteUrl: string, name: string): Promise<void> {
  await page.goto(inviteUrl);
  await page.locator('dice-poker').evaluate((el) => el.setAttribute('lang', 'en'));
  await page.locator('dice-poker dp-online-panel [data-online-name]').fill(name);
  await page.locator('dice-poker dp-online-panel [data-join]').click();
}

/** Plays this page's turns by the API (throw once, score the first free row) until the game is over. */
async function playToTheEnd(page: Page, seat: number): Promise<void> {
  await page.locator('dice-poker').evaluate(async (node, seat) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    const ready = () => el.state.over || (el.state.current === seat && el.state.online?.seat === seat);
    // Awaited in the page, by the element's events (the turn passing, the game ending): no look every few
    // milliseconds from the test.
    const readyAgain = () =>
      new Promise<void>((resolve) => {
        if (ready()) return resolve();
        const look = () => {
          if (!ready()) return;
          el.removeEventListener('dp-turn', look);
          el.removeEventListener('dp-game-over', look);
          resolve();
        };
        el.addEventListener('dp-turn', look);
        el.addEventListener('dp-game-over', look);
      });
    const free = ['chance', 'ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'threeOfAKind'];
    const all = [...free, 'fourOfAKind', 'fullHouse', 'smallStraight', 'largeStraight', 'fiveOfAKind'];
    for (;;) {
      await readyAgain();
      if (el.state.over) return;
      try {
        if (el.state.rollsUsed === 0) await el.roll();
        const sheet = el.state.players[el.state.current]!.scores as Record<string, number>;
        // Settles once the room has taken it: the next look sees the next turn.
        await el.score(all.find((row) => !(row in sheet)) as never);
      } catch {
        // The view had not come yet: look again.
      }
    }
  }, seat);
}

// One room through all of it: a whole game, its record checked, a rematch, and in the rematch the seats
// kept by their keys and moved by a link. A page load costs seconds of a core (software WebGL): each
// person has one browser (context) and opens no page but the ones the story needs.
test('after an online game: "Verify this game" passes, npm run verify checks the saved record and names a tampered throw, a rematch starts; then a seat is its person’s: a name alone gets nothing, a closed tab comes back with its key, and the seat moves to another device by a link that works once', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const mari = await player(browser);
  const juri = await player(browser);
  const inviteUrl = await host(mari);
  await join(juri.page, inviteUrl, 'Jüri');
  await expect(mari.page.locator('dice-poker dp-online-panel [data-seat]')).toHaveCount(2);
  for (const p of [mari, juri])
    await p.page.locator('dice-poker').evaluate((el) => el.setAttribute('reduced-motion', ''));
  await mari.page.locator('dice-poker dp-online-panel [data-online-start]').click();
  await expect(juri.page.locator('dice-poker dp-scorecard')).toBeVisible();
  await Promise.all([playToTheEnd(mari.page, 0), playToTheEnd(juri.page, 1)]);

  // Jüri checks the game in his page: the panel names the server's key by its fingerprint, the one the
  // server serves; the record is signed by it, and its commitment is the one his page saw at the start.
  const server = new URL(juri.page.url()).origin;
  const keys = await (await fetch(`${server}/.well-known/taringupokker-keys.json`)).json();
  const fingerprint = (keys.keys[0].id as string).match(/.{4}/g)!.join(' ');
  const proof = juri.page.locator('dice-poker dp-game-proof');
  await expect(proof.locator('[data-key-fingerprint]')).toHaveText(
    `Records are signed by the server’s key ${fingerprint}`,
  );
  await proof.locator('[data-verify]').click();
  await expect(proof.locator('[data-verify-result]')).toContainText(
    `Verified: signed by the server’s key ${fingerprint}; the secret matches the commitment shown at the start, all 26 throws follow from it and the gestures sent (every throw started as this page saw it start)`,
    { timeout: 30_000 },
  );
  await juri.page.screenshot({ path: `${ARTIFACTS}/online-verified.png` });

  // He saves the record; the command line checks it, and names the throw of a record with a face changed.
  const download = juri.page.waitForEvent('download');
  await proof.locator('[data-save-record]').click();
  const file = test.info().outputPath('game.json');
  await (await download).saveAs(file);
  const verify = (path: string) => {
    try {
      return {
        code: 0,
        out: execFileSync('npx', ['tsx', 'scripts/verify-game.ts', path, '--server', server], {
          encoding: 'utf8',
        }),
      };
    } catch (error) {
      const e = error as { status: number; stdout: string };
      return { code: e.status, out: e.stdout };
    }
  };
  expect(verify(file)).toMatchObject({ code: 0, out: expect.stringMatching(/^Verified/) });
  const record = JSON.parse(readFileSync(file, 'utf8'));
  const rolls = record.log.flatMap((a: { type: string }, i: number) => (a.type === 'roll' ? [i] : []));
  const roll = record.log[rolls[9]];
  roll.faces[0] = (roll.faces[0] % 6) + 1;
  const tampered = test.info().outputPath('tampered.json');
  writeFileSync(tampered, JSON.stringify(record));
  const result = verify(tampered);
  expect(result.code).toBe(1);
  expect(result.out).toMatch(/^Not verified: the server’s signature does not match the record/);

  // Mari opens the records a friend sent her in her own panel: the true one verifies (its launches
  // were not seen by her page), the one with a face changed does not.
  const mariProof = mari.page.locator('dice-poker dp-game-proof');
  await mariProof.locator('[data-open-record] input').setInputFiles(file);
  await expect(mariProof.locator('[data-verify-result]')).toContainText(
    `Verified: signed by the server’s key ${fingerprint}`,
    { timeout: 30_000 },
  );
  await expect(mariProof.locator('[data-verify-result]')).toContainText('no throw’s start was compared');
  await mariProof.locator('[data-open-record] input').setInputFiles(tampered);
  await expect(mariProof.locator('[data-verify-result]')).toHaveText(
    'Not verified: the server’s signature does not match the record: it was changed after the server signed it.',
  );
  await mariProof.screenshot({ path: `${ARTIFACTS}/online-record-opened.png` });

  // A rematch: Jüri asks, Mari is told and agrees, and a new game starts on both pages.
  const rematch = (p: { page: Page }) => p.page.locator('dice-poker [data-rematch]');
  const rematchNote = (p: { page: Page }) => p.page.locator('dice-poker [data-rematch-status]');
  await expect(rematch(juri)).toHaveText('Rematch');
  await rematch(juri).click();
  await expect(rematch(juri)).toBeDisabled();
  await expect(rematchNote(juri)).toHaveText('Rematch: waiting for Mari to agree…');
  await expect(rematchNote(mari)).toHaveText('Jüri asks for a rematch.');
  await expect(rematch(mari)).toHaveText('Yes, rematch');
  // The invitation is the thing to do now: the primary button; the one who asked waits on a plain one.
  await expect(rematch(mari)).toHaveClass(/primary/);
  await expect(rematch(juri)).not.toHaveClass(/primary/);
  await mari.page.screenshot({ path: `${ARTIFACTS}/online-rematch-asked.png` });
  await rematch(mari).click();
  for (const p of [mari, juri]) {
    await expect.poll(async () => (await stateOf(p.page)).over).toBe(false);
    await expect(p.page.locator('dice-poker dp-game-over')).toHaveCount(0);
    expect((await stateOf(p.page)).players.map((q) => q.name)).toEqual(['Mari', 'Jüri']);
  }
  await expect(mari.page.locator('dice-poker [part="roll-button"]')).toBeEnabled();

  // The rematch is under way, Mari's turn: Jüri's R or Space does nothing at all (nothing sent, no
  // refusal coming back as a toast), as his Throw button is disabled; then Mari throws.
  await juri.page.locator('dice-poker').evaluate((el) => {
    const toasts: string[] = [];
    (window as unknown as { toasts: string[] }).toasts = toasts;
    new MutationObserver(() => {
      const toast = el.shadowRoot?.querySelector('.toast')?.textContent?.trim();
      if (toast) toasts.push(toast);
    }).observe(el.shadowRoot!, { childList: true, subtree: true, characterData: true });
  });
  await expect(juri.page.locator('dice-poker [part="roll-button"]')).toBeDisabled();
  await juri.page.locator('dice-poker canvas').focus();
  await juri.page.keyboard.press('r');
  await juri.page.keyboard.press(' ');
  await mari.page.locator('dice-poker [part="roll-button"]').click();
  await expect.poll(async () => (await stateOf(juri.page)).rollsUsed, { timeout: 20_000 }).toBe(1);
  expect((await stateOf(juri.page)).current).toBe(0);
  expect(await juri.page.evaluate(() => (window as unknown as { toasts: string[] }).toasts)).toEqual([]);

  // Jüri closes his tab; Eve, who has the invite link, types his name: she gets no seat, and is told how
  // Jüri himself would play on another device. Mari is asked nothing.
  await juri.page.close();
  await expect.poll(async () => (await stateOf(mari.page)).online?.connected).toEqual([true, false]);
  const eve = await player(browser, { width: 390, height: 844 });
  await join(eve.page, inviteUrl, 'jüri');
  await expect(eve.page.locator('dice-poker .toast')).toContainText('That seat is taken in a game under way');
  await eve.page.screenshot({ path: `${ARTIFACTS}/online-seat-needs-key.png` });
  expect((await stateOf(eve.page)).online).toBeNull();
  await expect(mari.page.locator('dice-poker dp-online-bar [data-claim]')).toHaveCount(0);

  // Eve, who never played the game, goes back to her start panel and checks the record a friend sent
  // her from there.
  const eveErrorsBefore = eve.errors.length;
  await eve.page.locator('dice-poker dp-online-panel [data-leave]').click();
  await eve.page.locator('dice-poker dp-start-panel [data-check-record]').click();
  const friendProof = eve.page.locator('dice-poker dp-game-proof');
  await expect(friendProof.locator('[data-verify]')).toHaveCount(0);
  await friendProof.locator('[data-open-record] input').setInputFiles(file);
  await expect(friendProof.locator('[data-verify-result]')).toContainText(
    `Verified: signed by the server’s key ${fingerprint}`,
    { timeout: 30_000 },
  );
  await eve.page.screenshot({ path: `${ARTIFACTS}/record-checked-from-start.png` });
  expect(eve.errors.slice(eveErrorsBefore)).toEqual([]);

  // Jüri opens the game again in a new tab: his seat, by the key his browser kept.
  const back = await juri.context.newPage();
  juri.errors.push(...watchErrors(back));
  await back.goto('/');
  await expect.poll(async () => (await stateOf(back)).online?.seat, { timeout: 20_000 }).toBe(1);
  await expect.poll(async () => (await stateOf(mari.page)).online?.connected).toEqual([true, true]);
  // The key is in localStorage, never in the address.
  expect(back.url()).not.toMatch(/key/i);

  // Jüri asks for the link to move his seat: it is his alone (Mari's page shows none), and says what it
  // does.
  await back.locator('dice-poker').evaluate((el) => el.setAttribute('lang', 'en'));
  await back.locator('dice-poker [data-move-seat]').click();
  const panel = back.locator('dice-poker dp-move-link');
  await expect(panel).toContainText('It works once, for 10 minutes');
  const link = await panel.locator('[data-move-url]').inputValue();
  expect(link).toMatch(/\?room=[^#]+#move=[A-Za-z0-9_-]{22}$/);
  await back.screenshot({ path: `${ARTIFACTS}/online-move-link.png` });
  await expect(mari.page.locator('dice-poker dp-move-link')).toHaveCount(0);
  await panel.locator('[data-close-move]').click();
  await expect(panel).toHaveCount(0);

  // His phone opens it: Jüri's seat, without typing a name; the key is gone from the address at once.
  // The tab he left says why it let go (a passing word: watched for from before the phone opens it).
  const told = expect(back.locator('dice-poker .toast')).toContainText(
    'opened in another tab or on another device',
    { timeout: 40_000 },
  );
  const phone = await player(browser, { width: 390, height: 844 });
  await phone.page.goto(link);
  await expect.poll(async () => (await stateOf(phone.page)).online?.seat, { timeout: 20_000 }).toBe(1);
  expect(phone.page.url()).not.toContain('move=');
  await told;
  await phone.page.screenshot({ path: `${ARTIFACTS}/online-moved-phone.png` });
  await expect.poll(async () => (await stateOf(mari.page)).online?.connected).toEqual([true, true]);

  // The link again, anywhere (Eve's browser): used (told in the page's first language, Estonian).
  await eve.page.goto(link);
  await expect(eve.page.locator('dice-poker .saved-notice')).toContainText('Seda linki on juba kasutatud');
  await eve.page.screenshot({ path: `${ARTIFACTS}/online-move-link-used.png` });
  expect((await stateOf(eve.page)).online).toBeNull();

  for (const p of [mari, juri, eve, phone]) {
    expect(p.errors.filter((e) => !EXPECTED.test(e))).toEqual([]);
    await p.context.close();
  }
});

test('a turn clock: the last 15 seconds count down, then a computer plays the turn and everyone is told why', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const mari = await player(browser);
  const juri = await player(browser, { width: 390, height: 844 });
  const inviteUrl = await host(mari);
  await join(juri.page, inviteUrl, 'Jüri');
  await expect(mari.page.locator('dice-poker dp-online-panel [data-seat]')).toHaveCount(2);
  await mari.page.locator('dice-poker dp-online-panel select[data-clock]').selectOption('live:30');
  await expect(juri.page.locator('dice-poker dp-online-panel [data-clock]')).toContainText('30 s');
  await mari.page.locator('dice-poker dp-online-panel [data-online-start]').click();
  await expect(mari.page.locator('dice-poker dp-controls')).toBeVisible();
  // Mari does nothing. With 15 seconds left both screens count down.
  const clock = (page: Page) => page.locator('dice-poker dp-online-bar [data-turn-clock]');
  await expect(clock(mari.page)).toBeVisible({ timeout: 25_000 });
  await expect(clock(juri.page)).toContainText('Time left for Mari');
  await expect(clock(mari.page)).toContainText(/0:(1[0-5]|0\d)/);
  await mari.page.screenshot({ path: `${ARTIFACTS}/online-turn-clock.png` });
  // Then the time is up: a computer plays Mari's turn and both are told why.
  for (const p of [mari, juri]) {
    await expect(p.page.locator('dice-poker [data-away]')).toContainText('Time is up for Mari', {
      timeout: 25_000,
    });
  }
  await juri.page.screenshot({ path: `${ARTIFACTS}/online-time-up.png` });
  await expect.poll(async () => (await stateOf(juri.page)).current, { timeout: 30_000 }).toBe(1);
  // Jüri's own turn has its own clock, and Mari plays her next turn herself.
  expect((await stateOf(mari.page)).players[0]!.scores).not.toEqual({});
  for (const p of [mari, juri]) {
    expect(p.errors.filter((e) => !EXPECTED.test(e))).toEqual([]);
    await p.context.close();
  }
});
