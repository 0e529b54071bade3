import { expect, test } from '@playwright/test';
import { ROWS } from '../../src/engine/index.js';
import { ARTIFACTS, stateOf, watchErrors } from './helpers.js';

test('without a GPU the table keeps its quick look, quality="high" asks for the full one; a lost WebGL context keeps the game and the table comes back when the context does', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const before = await page.locator('dice-poker').evaluate(async (node) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    el.newGame({ players: ['Mari'], seed: 4 });
    await el.roll();
    el.toggleHold(1);
    return el.state;
  });
  // This machine draws WebGL on the CPU (SwiftShader): the first frame's quick look stays.
  const probe = () =>
    page.locator('dice-poker').evaluate((node) => {
      const { look, fullLook, framesDrawn } = (node as HTMLElementTagNameMap['dice-poker']).tableProbe!;
      return { look, fullLook, framesDrawn };
    });
  await expect.poll(async () => (await probe()).framesDrawn).toBeGreaterThan(0);
  expect(await probe()).toMatchObject({ look: 'quick', fullLook: false });
  await page.screenshot({ path: `${ARTIFACTS}/look-quick.png` });
  // Asked for, the full look: the table is built again in it, the game untouched.
  await page.locator('dice-poker').evaluate((el) => el.setAttribute('quality', 'high'));
  await expect.poll(async () => (await probe()).fullLook, { timeout: 30_000 }).toBe(true);
  expect((await probe()).look).toBe('full');
  expect(await stateOf(page)).toEqual(before);
  await page.screenshot({ path: `${ARTIFACTS}/look-full.png` });

  const lost = await page.locator('dice-poker').evaluate(async (node) => {
    const canvas = node.shadowRoot!.querySelector('canvas')!;
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl'))!;
    const lose = gl.getExtension('WEBGL_lose_context')!;
    lose.loseContext();
    await new Promise((r) => setTimeout(r, 300));
    const wasLost = gl.isContextLost();
    lose.restoreContext();
    await new Promise((r) => setTimeout(r, 800));
    return { wasLost };
  });
  expect(lost.wasLost).toBe(true);
  expect(await stateOf(page)).toEqual(before);
  // The table is drawn again and the game goes on: the held die keeps its face.
  const canvas = page.locator('dice-poker canvas');
  await expect(canvas).toHaveCount(1);
  expect(
    await canvas.evaluate((c: HTMLCanvasElement) =>
      (c.getContext('webgl2') ?? c.getContext('webgl'))!.isContextLost(),
    ),
  ).toBe(false);
  const after = await page.locator('dice-poker').evaluate(async (node) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    await el.roll();
    return el.state;
  });
  expect(after.rollsUsed).toBe(2);
  expect(after.dice[1]).toBe(before.dice[1]);
  // Built again in the look asked for.
  await expect.poll(async () => (await probe()).fullLook, { timeout: 30_000 }).toBe(true);
  expect(errors.filter((e) => !/context/i.test(e))).toEqual([]);
});

test('without WebGL the game is played to the end on flat dice, from the same physics, with a notice', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      type: string,
      ...rest: unknown[]
    ) {
      if (/webgl/i.test(type)) return null;
      return (original as (...a: unknown[]) => RenderingContext | null).call(this, type, ...rest);
    } as typeof original;
  });
  const errors = watchErrors(page);
  await page.goto('/');
  await page.locator('dice-poker').evaluate((el) => {
    el.setAttribute('lang', 'en');
    el.setAttribute('players', 'Mari');
  });
  await expect(page.locator('dice-poker .notice')).toContainText('No 3D here');
  await expect(page.locator('dice-poker canvas')).toHaveCount(0);
  for (let turn = 0; turn < 13; turn++) {
    await page.locator('dice-poker [part="roll-button"]').click();
    await expect.poll(async () => (await stateOf(page)).rollsUsed).toBe(1);
    if (turn === 0) {
      await page.locator('dice-poker dp-controls .die[data-die="0"]').click();
      const kept = (await stateOf(page)).dice[0];
      await page.locator('dice-poker [part="roll-button"]').click();
      await expect.poll(async () => (await stateOf(page)).rollsUsed).toBe(2);
      expect((await stateOf(page)).dice[0]).toBe(kept);
    }
    await page.locator(`dice-poker dp-scorecard button.option[data-row="${ROWS[turn]}"]`).click();
    const confirm = page.locator('dice-poker dp-scorecard [data-confirm-zero]');
    if (await confirm.isVisible()) await confirm.click();
    await expect
      .poll(async () => Object.keys((await stateOf(page)).players[0]!.scores).length)
      .toBe(turn + 1);
  }
  await expect(page.locator('dice-poker dp-game-over [data-verdict]')).toHaveText('Mari wins!');
  // three.js reports the context it could not create; nothing else may go wrong.
  expect(errors.filter((e) => !e.includes('Error creating WebGL context'))).toEqual([]);
});
