import { expect, test } from '@playwright/test';
import { openGame, stateOf, watchErrors } from './helpers.js';

test('no sound before the first gesture; mute and the language picked survive a reload', async ({ page }) => {
  const errors = watchErrors(page);
  // Counts the audio contexts the page makes (a browser allows sound only after a gesture).
  await page.addInitScript(() => {
    const w = window as unknown as { __contexts: number; AudioContext: typeof AudioContext };
    w.__contexts = 0;
    const Original = w.AudioContext;
    w.AudioContext = class extends Original {
      constructor(options?: AudioContextOptions) {
        super(options);
        w.__contexts++;
      }
    };
  });
  const contexts = () => page.evaluate(() => (window as unknown as { __contexts: number }).__contexts);
  await openGame(page, 'Mari', 4);

  // Dice thrown by a script, not by the player: silence, and no audio context at all.
  await page
    .locator('dice-poker')
    .evaluate((el) => (el as HTMLElementTagNameMap['dice-poker']).roll().then(() => undefined));
  expect(await contexts()).toBe(0);

  // The player's first click makes the one audio context.
  await page.locator('dice-poker dp-controls [part="roll-button"]').click();
  await expect.poll(contexts).toBe(1);

  const mute = page.locator('dice-poker [data-mute]');
  await expect(mute).toHaveText('Sound on');
  await mute.click();
  await expect(mute).toHaveText('Sound off');
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  // The page is Estonian; the player picks English in the overlay (openGame's attribute goes away with
  // the reload, the player's choice must not).
  await page.locator('dice-poker').evaluate((el) => el.removeAttribute('lang'));
  await expect(mute).toHaveText('Heli väljas');
  await page.locator('dice-poker [data-lang-toggle]').click();
  await expect(mute).toHaveText('Sound off');

  await page.reload();
  await expect(page.locator('dice-poker dp-controls')).toBeVisible();
  await expect(mute).toHaveText('Sound off');
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  // Muted, a gesture makes no context either. It was handled: the throw it asked for came to rest, and
  // the sounds' chunk (loaded on a first gesture) was fetched.
  const rollsBefore = (await stateOf(page)).rollsUsed;
  await page.locator('dice-poker dp-controls [part="roll-button"]').click();
  await expect.poll(async () => (await stateOf(page)).rollsUsed).toBe(rollsBefore + 1);
  await expect
    .poll(() =>
      page.evaluate(() => performance.getEntriesByType('resource').some((e) => /DiceSounds-/.test(e.name))),
    )
    .toBe(true);
  expect(await contexts()).toBe(0);
  // Sound switched back on: now, and only now, the one audio context is made.
  await mute.click();
  await expect(mute).toHaveText('Sound on');
  await expect.poll(contexts).toBe(1);
  expect(errors).toEqual([]);
});

test('with reduced motion a throw, shown at rest at once, still clatters', async ({ page }) => {
  const errors = watchErrors(page);
  // Counts the sounds started (each knock and note starts a source node).
  await page.addInitScript(() => {
    const w = window as unknown as { __started: number };
    w.__started = 0;
    const start = AudioScheduledSourceNode.prototype.start;
    AudioScheduledSourceNode.prototype.start = function (...args: Parameters<typeof start>) {
      w.__started++;
      return start.apply(this, args);
    };
  });
  const started = () => page.evaluate(() => (window as unknown as { __started: number }).__started);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openGame(page, 'Mari', 6);
  const roll = page.locator('dice-poker dp-controls [part="roll-button"]');
  // The first gesture loads the sounds; the throw after it is heard.
  await roll.click();
  await expect.poll(async () => (await stateOf(page)).rollsUsed).toBe(1);
  const before = await started();
  await roll.click();
  await expect.poll(async () => (await stateOf(page)).rollsUsed).toBe(2);
  await expect.poll(started).toBeGreaterThan(before);
  expect(errors).toEqual([]);
});
