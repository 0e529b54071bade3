import { expect, test } from '@playwright/test';
import { watchErrors } from './helpers.js';

test('the built page shows a WebGL canvas inside <dice-poker> without console errors', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  const canvas = page.locator('dice-poker canvas');
  await expect(canvas).toBeVisible();
  const context = await canvas.evaluate((c: HTMLCanvasElement) => {
    const gl = c.getContext('webgl2') ?? c.getContext('webgl');
    return gl ? gl.constructor.name : null;
  });
  expect(context).toMatch(/WebGL2?RenderingContext/);
  // The start panel is shown until players are named.
  await expect(page.locator('dice-poker dp-start-panel [data-start]')).toBeVisible();
  expect(errors).toEqual([]);
});
