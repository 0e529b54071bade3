import { expect, test, type Page, type Response } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { ARTIFACTS, stateOf, waitForLook, watchErrors } from './helpers.js';

// The page as `npm start` serves it, with its service worker (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** The page's service worker as built, in the folder the test server serves (playwright.config.ts). */
const WORKER_FILE = 'dist/app/sw.js';

/** Width and height of a PNG, from its IHDR chunk (bytes 16 to 24, big-endian). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until the page's service worker is active (its precache, the whole site, is complete). */
async function workerReady(page: Page): Promise<string> {
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active!.scriptURL);
}

/** The URL of the worker that controls the page now, or null. */
function controller(page: Page): Promise<string | null> {
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
}

/** Every response the page gets that is not a success, as "status url". */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response: Response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => failures.push(`failed ${request.url()}`));
  return failures;
}

// One visitor's page through all three: each page load is seconds of a core (software WebGL), and each
// new browser fetches and caches the whole site for its worker again.
test('installable: the manifest, its icons, a favicon and a worker that controls the page; offline it loads and plays a whole game against computers with hints and review; a new version is offered, never swapped in by itself mid-game, and Update takes it and the game goes on', async ({
  page,
  context,
}) => {
  test.setTimeout(420_000);
  const errors = watchErrors(page);
  const failures = watchFailures(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(page.locator('dice-poker canvas')).toBeVisible();

  // The manifest the page links to, with what an install needs.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const answer = await page.request.get(new URL(href!, page.url()).href);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await answer.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest.name).toBe('Täringupokker');
  expect(manifest.short_name.length).toBeGreaterThan(0);
  expect(manifest.display).toBe('standalone');
  expect(new URL(manifest.start_url, page.url()).origin).toBe(new URL(page.url()).origin);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const sizes = (purpose: string) =>
    manifest.icons.filter((i) => (i.purpose ?? 'any').split(' ').includes(purpose)).map((i) => i.sizes);
  expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(sizes('maskable').length).toBeGreaterThan(0);

  // Every icon is there, a PNG of the size it claims.
  for (const icon of manifest.icons) {
    const got = await page.request.get(new URL(icon.src, page.url()).href);
    expect(got.status(), icon.src).toBe(200);
    expect(got.headers()['content-type']).toBe('image/png');
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(pngSize(await got.body()), icon.src).toEqual({ width, height });
  }
  // A maskable icon is drawn to its edges (the launcher cuts the shape): its corners are not transparent.
  const maskable = manifest.icons.find((i) => i.purpose === 'maskable')!;
  const corner = await page.evaluate(async (src) => {
    const bitmap = await createImageBitmap(await (await fetch(src)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    return context.getImageData(0, 0, 1, 1).data[3];
  }, maskable.src);
  expect(corner).toBe(255);

  // The favicon: /favicon.ico (asked for by browsers and tools whatever the page says) and the link tags.
  const ico = await page.request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  const icoBytes = await ico.body();
  expect(icoBytes.readUInt16LE(0)).toBe(0);
  expect(icoBytes.readUInt16LE(2)).toBe(1);
  expect(icoBytes.readUInt16LE(4)).toBeGreaterThan(0);
  for (const link of await page.locator('link[rel="icon"], link[rel="apple-touch-icon"]').all()) {
    const href = (await link.getAttribute('href'))!;
    const icon = await page.request.get(new URL(href, page.url()).href);
    expect(icon.status(), href).toBe(200);
  }

  // The worker: registered after the page has loaded, active once it has cached the site, and in
  // control of the page from its next load on.
  expect(await workerReady(page)).toMatch(/\/sw\.js$/);
  await page.reload();
  await expect(page.locator('dice-poker canvas')).toBeVisible();
  expect(await controller(page)).toMatch(/\/sw\.js$/);
  expect(failures).toEqual([]);
  expect(errors).toEqual([]);

  // The network cut, the page opened again: it comes whole from the worker's cache. (Cut once the table
  // has the look it ends in and the page has fetched all it asks for after its load (the physics, the
  // words of its panels, the worker's registration): a script still on its way would be cut off by
  // the reload, not by the worker's cache, and counted here as failed.)
  await waitForLook(page);
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  const offlineFailures = watchFailures(page);
  await page.reload();
  await expect(page.locator('dice-poker dp-start-panel [data-start]')).toBeVisible();
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);

  // Online play says it needs the network, under the button pressed, in the page's language
  // (Estonian), then in English; and it stays said (no passing word at the screen's edge).
  const playOnline = page.locator('dice-poker dp-start-panel [data-play-online]');
  const note = page.locator('dice-poker dp-start-panel [data-offline-note]');
  await playOnline.click();
  await expect(note).toHaveText(/Võrgumäng vajab internetiühendust.*Arvuti vastu saab mängida ka ilma/);
  const [button, said] = [await playOnline.boundingBox(), await note.boundingBox()];
  expect(said!.y, 'the note under the button').toBeGreaterThan(button!.y + button!.height - 1);
  expect(said!.y - (button!.y + button!.height), 'the note beside the button').toBeLessThan(80);
  await page.screenshot({ path: `${ARTIFACTS}/offline-online-et.png` });
  await page.waitForTimeout(4_000);
  await expect(note, 'still said after 4 s').toBeVisible();
  await page.locator('dice-poker [data-lang-toggle]').click();
  await expect(note).toHaveText(/Online play needs the network.*against the computer plays without it/);

  // A game against two computers, one playing to win (its tables come from the cache too).
  await page.locator('dice-poker dp-start-panel [data-add-player]').click();
  await page.locator('dice-poker dp-start-panel [data-add-player]').click();
  await page.locator('dice-poker dp-start-panel select[data-seat="1"]').selectOption('winner');
  await page.locator('dice-poker dp-start-panel select[data-seat="2"]').selectOption('optimal');
  await page.locator('dice-poker dp-start-panel [data-start]').click();
  await page.locator('dice-poker [data-hints]').click();
  const hints = page.locator('dice-poker dp-hints');

  // The first player (a person) plays by the coach's rows.
  for (let round = 0; round < 13; round++) {
    await expect.poll(async () => (await stateOf(page)).current, { timeout: 90_000 }).toBe(0);
    // Three throws (the coach's holds are left to its panel), then the row the coach marks best.
    for (let thrown = 1; thrown <= 3; thrown++) {
      await page.locator('dice-poker [part="roll-button"]').click();
      await expect.poll(async () => (await stateOf(page)).rollsUsed, { timeout: 30_000 }).toBe(thrown);
    }
    const best = hints.locator('[data-rows] li.best');
    await expect(best).toHaveCount(1, { timeout: 30_000 });
    // The chance to win beside it: the win worker built its model from the cached tables.
    await expect(best.locator('[data-win]')).toHaveText(/^[<>]?\d+%$/, { timeout: 60_000 });
    if (round === 4) await page.screenshot({ path: `${ARTIFACTS}/offline-hints.png` });
    const row = (await best.getAttribute('data-row'))!;
    await page.locator(`dice-poker dp-scorecard button.option[data-row="${row}"]`).click();
    const confirm = page.locator('dice-poker dp-scorecard [data-confirm-zero]');
    if (await confirm.isVisible()) await confirm.click();
    await expect
      .poll(async () => (await stateOf(page)).players[0]!.scores[row as 'chance'], { timeout: 10_000 })
      .not.toBeUndefined();
    // The computers' turns, fast-forwarded as a player in a hurry would.
    const skip = page.locator('dice-poker [data-skip]');
    if (await skip.isVisible()) await skip.click({ timeout: 2_000 }).catch(() => {});
  }
  await expect.poll(async () => (await stateOf(page)).over, { timeout: 90_000 }).toBe(true);
  const state = await stateOf(page);
  for (const player of state.players) expect(Object.keys(player.scores)).toHaveLength(13);

  // The review, by points and by the chance to win.
  await page.locator('dice-poker [data-show-review]').click();
  const review = page.locator('dice-poker dp-review');
  await expect(review).toBeVisible();
  await expect(review.locator('[data-player]')).toHaveCount(3);
  await review.locator('[data-by="win"]').click();
  await expect(review.locator('[data-by-win]')).toHaveCount(3, { timeout: 60_000 });
  await page.screenshot({ path: `${ARTIFACTS}/offline-review.png` });

  expect(offlineFailures).toEqual([]);
  expect(errors).toEqual([]);

  // Online again, the same page (the worker controls it): a game under way, and a new version comes.
  await context.setOffline(false);
  const first = await workerReady(page);
  expect(await controller(page)).toBe(first);
  await page.locator('dice-poker').evaluate((node) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    el.setAttribute('lang', 'en');
    el.newGame({ players: ['Mari', 'Jaan'], seed: 5 });
  });
  // Without hints, as the offer is seen by most (the offline game above turned them on).
  await page.locator('dice-poker [data-hints]').click();
  await expect(page.locator('dice-poker [data-hints]')).toHaveAttribute('aria-pressed', 'false');
  await page.locator('dice-poker').evaluate((el) => (el as HTMLElementTagNameMap['dice-poker']).roll());
  const before = await stateOf(page);
  expect(before.rollsUsed).toBe(1);

  // A new version on the server (as a deploy puts it there): its worker differs by a line. The page
  // asks for it, as it does every hour and the browser on every visit.
  const built = readFileSync(WORKER_FILE, 'utf8');
  writeFileSync(WORKER_FILE, `${built}\n// the next version\n`);
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
  } finally {
    writeFileSync(WORKER_FILE, built);
  }
  const offer = page.locator('.update-offer');
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await expect(offer).toContainText('A new version of the game is ready.');
  await page.screenshot({ path: `${ARTIFACTS}/update-offer.png` });
  // On a phone it stays on the screen, clear of the Throw button.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = (await offer.boundingBox())!;
  expect(card.x).toBeGreaterThanOrEqual(0);
  expect(card.x + card.width).toBeLessThanOrEqual(390);
  const thrower = (await page.locator('dice-poker [part="roll-button"]').boundingBox())!;
  expect(card.y + card.height <= thrower.y || card.y >= thrower.y + thrower.height).toBe(true);
  await page.screenshot({ path: `${ARTIFACTS}/update-offer-phone.png` });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Offered, not taken: the old worker still controls the page, the new one waits, and the game goes
  // on in the same page (no reload: a value set on the page survives).
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.waitForTimeout(2_000);
  expect(await controller(page)).toBe(first);
  expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())!.waiting)).toBe(
    true,
  );
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(await stateOf(page)).toEqual(before);

  // The language follows the game's: switched to Estonian, the offer says so in Estonian.
  await page.locator('dice-poker [data-lang-toggle]').click();
  await expect(offer).toContainText('Mängu uus versioon on valmis.');

  // Update: the new worker takes over, the page reloads once, and the saved game resumes as it was.
  await Promise.all([page.waitForEvent('load'), offer.locator('[data-update="apply"]').click()]);
  await expect(page.locator('dice-poker canvas')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBeUndefined();
  await expect.poll(() => controller(page)).toMatch(/\/sw\.js$/);
  expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())!.waiting)).toBe(
    false,
  );
  const after = await stateOf(page);
  expect({ ...after, online: null }).toEqual({ ...before, online: null });
  await expect(offer).toHaveCount(0);
  expect(errors).toEqual([]);
});
