import { expect, test } from '@playwright/test';
import { drawnFaces, framesDrawn, watchErrors } from './helpers.js';

// A wide screen, where a die on each side of the table stands clear of the start panel (at 1280x720
// the panel, wide enough for a long name beside a computer's seat, covers them all).
test.use({ viewport: { width: 1600, height: 900 } });

test('the built page draws the game’s own 3D table inside <dice-poker> without console errors', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('/');
  const canvas = page.locator('dice-poker canvas');
  await expect(canvas).toBeVisible();
  // The start panel is shown until players are named.
  await expect(page.locator('dice-poker dp-start-panel [data-start]')).toBeVisible();

  // The element's own scene is there and has drawn: its five dice, each with a face on top.
  await expect.poll(() => framesDrawn(page)).toBeGreaterThan(0);
  const faces = await drawnFaces(page);
  expect(faces).toHaveLength(5);
  for (const face of faces!) expect([1, 2, 3, 4, 5, 6]).toContain(face);

  // Where the element says each die is drawn, on its canvas; one of them clear of the start panel.
  const half = 40;
  const die = await page.locator('dice-poker').evaluate((node, half) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    const box = el.shadowRoot!.querySelector('canvas')!.getBoundingClientRect();
    const panel = el.shadowRoot!.querySelector('dp-start-panel')!.getBoundingClientRect();
    const points = [0, 1, 2, 3, 4].map((i) => el.dieAt(i));
    const onCanvas = points.every(
      (p) => p && p.x >= box.left && p.x <= box.right && p.y >= box.top && p.y <= box.bottom,
    );
    const clear = points.find(
      (p) =>
        p &&
        (p.x + half < panel.left ||
          p.x - half > panel.right ||
          p.y + half < panel.top ||
          p.y - half > panel.bottom),
    );
    return { points, onCanvas, clear: clear ?? null };
  }, half);
  for (const point of die.points) expect(point).not.toBeNull();
  expect(die.onCanvas).toBe(true);
  expect(die.clear).not.toBeNull();

  // The pixels around that die on screen are the table drawn, not a blank canvas: many colours,
  // from the dark pips and felt to the ivory die.
  const png = await page.screenshot({
    clip: { x: die.clear!.x - half, y: die.clear!.y - half, width: 2 * half, height: 2 * half },
  });
  const pixels = await page.evaluate(async (base64) => {
    // Decoded from base64 here, not fetched as a data: URL: the page's CSP (connect-src) forbids that.
    const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const c = new OffscreenCanvas(bitmap.width, bitmap.height);
    const g = c.getContext('2d')!;
    g.drawImage(bitmap, 0, 0);
    const { data } = g.getImageData(0, 0, bitmap.width, bitmap.height);
    const colours = new Set<number>();
    let darkest = 255;
    let lightest = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, gr, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      colours.add(((r >> 3) << 10) | ((gr >> 3) << 5) | (b >> 3));
      const luma = 0.2126 * r + 0.7152 * gr + 0.0722 * b;
      darkest = Math.min(darkest, luma);
      lightest = Math.max(lightest, luma);
    }
    return { colours: colours.size, darkest, lightest };
  }, png.toString('base64'));
  console.log(`pixels around a die: ${JSON.stringify(pixels)}`);
  expect(pixels.colours).toBeGreaterThan(20);
  expect(pixels.lightest - pixels.darkest).toBeGreaterThan(80);
  expect(errors).toEqual([]);
});
