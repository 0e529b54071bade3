import { expect, test } from '@playwright/test';
import { stateOf, watchErrors } from './helpers.js';

/** Somebody's own page: no bundler, no import map, one script tag and the element. */
const PLAIN_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>My page</title></head>
  <body>
    <h1>Our club's dice night</h1>
    <dice-poker players="Ann" seed="3" style="height: 480px"></dice-poker>
    <script type="module" src="/standalone/dice-poker.js"></script>
  </body>
</html>`;

test("on a plain page, one script tag (the standalone bundle) and <dice-poker> play a turn; the table's worker works beside it", async ({
  page,
}) => {
  const errors = watchErrors(page);
  const scripts: string[] = [];
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.route('**/plain-page.html', (route) =>
    route.fulfill({ contentType: 'text/html', body: PLAIN_PAGE }),
  );
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/plain-page.html');
  await expect(page.locator('dice-poker canvas')).toBeVisible();

  await page.locator('dice-poker [part="roll-button"]').click();
  await expect.poll(async () => (await stateOf(page)).rollsUsed).toBe(1);
  const option = page.locator('dice-poker dp-scorecard button.option').first();
  const row = (await option.getAttribute('data-row'))!;
  const shown = Number(await option.textContent());
  await option.click();
  if (shown === 0) await page.locator('dice-poker dp-scorecard [data-confirm-zero]').click();
  await expect.poll(async () => (await stateOf(page)).players[0]!.scores[row as 'chance']).toBe(shown);

  // The table's worker, beside the bundle, builds a die's shape from the chunk it shares with the element.
  const tableWorker = workers.find((url) => /\/standalone\/.*table-pixels\.worker/.test(url));
  expect(tableWorker, workers.join(', ')).toBeTruthy();
  const vertices = await page.evaluate(
    (url) =>
      new Promise<number>((resolve, reject) => {
        const worker = new Worker(url, { type: 'module' });
        worker.onerror = (event) => reject(new Error(event.message));
        worker.onmessage = (event: MessageEvent<{ answer: { position: Float32Array } }>) => {
          resolve(event.data.answer.position.length / 3);
          worker.terminate();
        };
        worker.postMessage({ id: 1, shape: { kind: 'die' } });
      }),
    tableWorker!,
  );
  expect(vertices).toBeGreaterThan(1000);

  // Everything came from the standalone bundle, none of it from the game's own page.
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => !path.startsWith('/standalone/'))).toEqual([]);
  expect(errors).toEqual([]);
});
