import { expect, test, type Page } from '@playwright/test';
import { drawnFaces, stateOf, watchErrors } from './helpers.js';

/** Starts a throw on a fresh one-player game without waiting for it; resolves with its outcome later. */
async function startThrow(page: Page, seed: number): Promise<void> {
  await page.locator('dice-poker').evaluate((node, s) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    el.newGame({ players: ['Mari'], seed: s });
    const w = window as unknown as { __throw: Promise<unknown> };
    w.__throw = el.roll().then(
      (faces) => ({ kind: 'done', faces }),
      (error: { code?: string }) => ({ kind: 'rejected', code: error.code }),
    );
  }, seed);
}

const outcome = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __throw: Promise<{ kind: string; faces?: number[] }> }).__throw,
  );

test('a throw under way when the window is resized comes to rest with the faces shown and scored; a WebGL context lost during a throw: the throw counts once, and the table comes back showing it', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(page.locator('dice-poker canvas')).toBeVisible();
  await startThrow(page, 12);
  await page.waitForTimeout(150);
  await page.setViewportSize({ width: 700, height: 900 });
  await page.waitForTimeout(150);
  await page.setViewportSize({ width: 1000, height: 600 });
  const result = await outcome(page);
  expect(result.kind).toBe('done');
  const resized = await stateOf(page);
  expect(resized.rollsUsed).toBe(1);
  expect(result.faces).toEqual(resized.dice);
  expect(await drawnFaces(page)).toEqual(resized.dice);
  expect(errors).toEqual([]);

  // In the same page, back at 1280x720: a new game, and the context lost while its throw is under way.
  await page.setViewportSize({ width: 1280, height: 720 });
  await startThrow(page, 13);
  const wasLost = await page.locator('dice-poker').evaluate(async (node) => {
    await new Promise((r) => setTimeout(r, 120));
    const canvas = node.shadowRoot!.querySelector('canvas')!;
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl'))!;
    const lose = gl.getExtension('WEBGL_lose_context')!;
    lose.loseContext();
    await new Promise((r) => setTimeout(r, 200));
    const lost = gl.isContextLost();
    lose.restoreContext();
    return lost;
  });
  expect(wasLost).toBe(true);
  const afterLoss = await outcome(page);
  expect(afterLoss.kind).toBe('done');
  const state = await stateOf(page);
  expect(state.rollsUsed).toBe(1);
  expect(afterLoss.faces).toEqual(state.dice);
  // The rebuilt table shows the dice of the game (rebuilt once the dice are at rest).
  await expect.poll(() => drawnFaces(page), { timeout: 10_000 }).toEqual(state.dice);
  // And the game goes on.
  const next = await page.locator('dice-poker').evaluate(async (node) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    await el.roll();
    return el.state.rollsUsed;
  });
  expect(next).toBe(2);
  // Chromium reports the lost context itself; nothing else may go wrong.
  expect(errors.filter((e) => !/WebGL context|CONTEXT_LOST/i.test(e))).toEqual([]);
});
