import { expect, type Page } from '@playwright/test';
import type { DicePokerState } from '../../src/index.js';
import type { GpuResources } from '../../src/scene/index.js';

/** Where screenshots are kept as test artifacts. */
export const ARTIFACTS = 'tests/artifacts';

/** Console errors and page errors seen while a test runs. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Opens the page watching for errors from the first load on, with reduced motion by default so that
 * throws come to rest at once (`no-preference` to see a throw under way). Returns the errors seen.
 */
export async function openPage(
  page: Page,
  reducedMotion: 'reduce' | 'no-preference' = 'reduce',
): Promise<string[]> {
  const errors = watchErrors(page);
  await page.emulateMedia({ reducedMotion });
  await page.goto('/');
  return errors;
}

/** The element's public state. */
export function stateOf(page: Page, selector = 'dice-poker'): Promise<DicePokerState> {
  return page.locator(selector).evaluate((el) => (el as HTMLElementTagNameMap['dice-poker']).state);
}

/**
 * The face on top of each die as the 3D scene last drew it (read from the die meshes, not from the
 * physics or the game), or null without a 3D scene.
 */
export function drawnFaces(page: Page, selector = 'dice-poker'): Promise<number[] | null> {
  return page
    .locator(selector)
    .evaluate((el) => (el as HTMLElementTagNameMap['dice-poker']).tableProbe?.drawnFaces() ?? null);
}

/** Waits until the dice drawn show `faces` (a frame is drawn after the dice rest or move). */
export async function expectDrawn(
  page: Page,
  faces: readonly number[],
  selector = 'dice-poker',
): Promise<void> {
  await expect.poll(() => drawnFaces(page, selector), { timeout: 5_000 }).toEqual(faces);
}

/** Frames the element's 3D scene has drawn, or null without one. */
export function framesDrawn(page: Page, selector = 'dice-poker'): Promise<number | null> {
  return page
    .locator(selector)
    .evaluate((el) => (el as HTMLElementTagNameMap['dice-poker']).tableProbe?.framesDrawn ?? null);
}

/** Waits until the 3D scene draws no more frames (a throw or a hop to the ledge is over). */
export async function waitForStill(page: Page, selector = 'dice-poker'): Promise<void> {
  let before = await framesDrawn(page, selector);
  await expect
    .poll(
      async () => {
        await page.waitForTimeout(100);
        const now = await framesDrawn(page, selector);
        const still = now === before;
        before = now;
        return still;
      },
      { timeout: 10_000, intervals: [0] },
    )
    .toBe(true);
}

/** The live WebGL resources of the element's 3D scene (three's renderer.info), or null without one. */
export function gpuResources(page: Page, selector = 'dice-poker'): Promise<GpuResources | null> {
  return page
    .locator(selector)
    .evaluate((el) => (el as HTMLElementTagNameMap['dice-poker']).tableProbe?.gpuResources ?? null);
}

/** Opens the page with a game of these players already started (from markup), seeded. */
export async function openGame(page: Page, players: string, seed = 1, lang = 'en'): Promise<void> {
  await page.goto('/');
  await page.locator('dice-poker').evaluate(
    (el, attrs) => {
      el.setAttribute('lang', attrs.lang);
      el.setAttribute('seed', String(attrs.seed));
      el.setAttribute('players', attrs.players);
    },
    { players, seed, lang },
  );
  await expect(page.locator('dice-poker canvas')).toBeVisible();
  await expect(page.locator('dice-poker dp-controls')).toBeVisible();
}

/**
 * Starts a game for Mari alone through the element's API, in English and seeded, and plays her first
 * turn: one throw, scored as chance. The game is then saved and the solver has a sheet to work on.
 */
export async function playChanceTurn(page: Page, seed: number): Promise<void> {
  await page.locator('dice-poker').evaluate(async (node, seed) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    el.setAttribute('lang', 'en');
    el.newGame({ players: ['Mari'], seed });
    await el.roll();
    el.score('chance');
  }, seed);
}

/** Flicks across the table with the mouse: press near the player's side, drag away, release. */
export async function flick(page: Page): Promise<void> {
  const box = (await page.locator('dice-poker canvas').boundingBox())!;
  const x = box.x + box.width * 0.5;
  const y = box.y + box.height * 0.72;
  await page.mouse.move(x, y);
  await page.mouse.down();
  // A person's flick lasts a fraction of a second: move in steps about a frame apart.
  for (let i = 1; i <= 6; i++) {
    await page.waitForTimeout(16);
    await page.mouse.move(x + i * 4, y - i * 22);
  }
  await page.mouse.up();
}

/** Waits until the dice rest after a throw that brings the turn to `rollsUsed`. */
export async function waitForRest(page: Page, rollsUsed: number): Promise<DicePokerState> {
  await expect.poll(async () => (await stateOf(page)).rollsUsed, { timeout: 60_000 }).toBe(rollsUsed);
  return stateOf(page);
}

/** Clicks the 3D die `index` where it is drawn. */
export async function clickDie(page: Page, index: number): Promise<void> {
  const point = await page
    .locator('dice-poker')
    .evaluate((el, i) => (el as HTMLElementTagNameMap['dice-poker']).dieAt(i), index);
  expect(point).not.toBeNull();
  await page.mouse.click(point!.x, point!.y);
}

/** The score-sheet option button of a row (for the player to act). */
export function rowButton(page: Page, row: string) {
  return page.locator(`dice-poker dp-scorecard button.option[data-row="${row}"]`);
}
