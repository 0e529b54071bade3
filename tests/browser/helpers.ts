import { expect, type Page } from '@playwright/test';
import type { DicePokerState } from '../../src/index.js';
import type { GpuResources } from '../../src/scene/index.js';

/** Where screenshots are kept as test artifacts. */
export const ARTIFACTS = 'tests/artifacts';

/**
 * A returning visitor's storage: "How to play" was shown, so it does not open by itself over the start
 * panel. Every test starts so (playwright.config.ts) unless it opens a context of its own with
 * `storageState: undefined`, as a first visit (how-to-play.spec.ts, first-visit.spec.ts).
 */
export function guideSeen(origin: string) {
  return {
    cookies: [],
    origins: [{ origin, localStorage: [{ name: 'dice-poker:default:guide', value: 'seen' }] }],
  };
}

/** A first visit: closes "How to play" as a player does (its button), and waits until it is gone. */
export async function closeGuide(page: Page): Promise<void> {
  await page.locator('dice-poker dp-how-to-play [data-close-guide]').click();
  await expect(page.locator('dice-poker dp-how-to-play')).toHaveCount(0);
}

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

/**
 * Waits until the element's table shows the look it ends in: the full look once the quick first
 * frame's upgrade is done (see LookUpgrade), or the quick look kept (software WebGL, or
 * quality="low") once its first frame is on the screen.
 */
export async function waitForLook(page: Page, selector = 'dice-poker'): Promise<void> {
  await expect
    .poll(() =>
      page.locator(selector).evaluate((el) => {
        const probe = (el as HTMLElementTagNameMap['dice-poker']).tableProbe;
        return (probe?.framesDrawn ?? 0) > 0 && (probe?.look === 'quick' || probe?.fullLook);
      }),
    )
    .toBe(true);
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
  // The table on the screen, as a player waits to see it: the canvas shows its first frame only once
  // the GPU has finished it (until then it is unseen, and a picture of it shows none of the table).
  await expect.poll(() => framesDrawn(page)).toBeGreaterThan(0);
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

/** A box on the page, in CSS pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether `inner` lies wholly inside `outer` (to a pixel). */
export function inside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 1 &&
    inner.y >= outer.y - 1 &&
    inner.x + inner.width <= outer.x + outer.width + 1 &&
    inner.y + inner.height <= outer.y + outer.height + 1
  );
}

/** Whether two boxes share more than a pixel's sliver. */
export function overlap(a: Box, b: Box): boolean {
  return (
    a.x + 1 < b.x + b.width && b.x + 1 < a.x + a.width && a.y + 1 < b.y + b.height && b.y + 1 < a.y + a.height
  );
}

/** Whether a box covers a point (strictly inside it). */
export function covers(box: Box, point: { x: number; y: number }): boolean {
  return point.x > box.x && point.x < box.x + box.width && point.y > box.y && point.y < box.y + box.height;
}

/** The box of the one element `selector` finds (through shadow roots), which must be shown. */
export async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).boundingBox();
  expect(box, `${selector} is shown`).not.toBeNull();
  return box!;
}

/** The viewport as a box. */
export function screenOf(page: Page): Box {
  return { x: 0, y: 0, ...page.viewportSize()! };
}

/** How far the page can scroll down and sideways (0 when it fits the viewport). */
export function pageOverflow(page: Page): Promise<{ down: number; across: number }> {
  return page.evaluate(() => ({
    down: document.scrollingElement!.scrollHeight - innerHeight,
    across: document.scrollingElement!.scrollWidth - innerWidth,
  }));
}

/** The page fits its viewport: nothing to scroll to, either way. */
export async function expectNoPageOverflow(page: Page): Promise<void> {
  expect(await pageOverflow(page)).toEqual({ down: 0, across: 0 });
}

/** The start panel is all on screen, clear of the top bar's buttons, its Start button included. */
export async function expectStartPanelLayout(page: Page): Promise<void> {
  const screen = screenOf(page);
  const card = await boxOf(page, 'dice-poker dp-start-panel .card');
  expect(inside(card, screen), 'the start panel is all on screen').toBe(true);
  expect(inside(await boxOf(page, 'dice-poker dp-start-panel [data-start]'), card)).toBe(true);
  for (const button of await page.locator('dice-poker .topbar button').all()) {
    const label = await button.textContent();
    expect(overlap(card, (await button.boundingBox())!), `the start panel clear of "${label}"`).toBe(false);
  }
  await expectNoPageOverflow(page);
}

/**
 * Mid-game as a player sees it: the Throw button, the sheet and (unless `allRows` is false) every row of
 * it on screen, every die drawn on the canvas (a held one on its ledge), none of them under the sheet
 * or the controls, and nothing beyond the viewport.
 */
export async function expectMidGameLayout(page: Page, { allRows = true } = {}): Promise<void> {
  const screen = screenOf(page);
  expect(inside(await boxOf(page, 'dice-poker [part="roll-button"]'), screen), 'Throw on screen').toBe(true);
  const sheet = await boxOf(page, 'dice-poker .sheet');
  expect(inside(sheet, screen), 'the sheet on screen').toBe(true);
  const rows = page.locator('dice-poker dp-scorecard tbody tr[data-row] th');
  await expect(rows).toHaveCount(13);
  // On a short screen (a phone on its side) the sheet scrolls inside itself: its rows need not all show.
  for (const row of allRows ? await rows.all() : []) {
    const label = (await row.textContent())!.trim();
    const box = (await row.boundingBox())!;
    expect(inside(box, screen), `row "${label}" on screen`).toBe(true);
    expect(inside(box, sheet), `row "${label}" in the sheet's view`).toBe(true);
  }
  const canvas = await boxOf(page, 'dice-poker canvas');
  const controls = await boxOf(page, 'dice-poker dp-controls');
  const dice = await page
    .locator('dice-poker')
    .evaluate((el) => [0, 1, 2, 3, 4].map((i) => (el as HTMLElementTagNameMap['dice-poker']).dieAt(i)));
  dice.forEach((die, i) => {
    expect(die, `die ${i + 1} is drawn`).not.toBeNull();
    const point = { ...die!, width: 0, height: 0 };
    expect(inside(point, canvas), `die ${i + 1} on the canvas`).toBe(true);
    expect(inside(point, screen), `die ${i + 1} on screen`).toBe(true);
    expect(covers(sheet, die!), `die ${i + 1} not under the sheet`).toBe(false);
    expect(covers(controls, die!), `die ${i + 1} not under the controls`).toBe(false);
  });
  await expectNoPageOverflow(page);
}

/** Game over: the verdict and the game-over card on screen, and nothing beyond the viewport. */
export async function expectGameOverLayout(page: Page): Promise<void> {
  const screen = screenOf(page);
  const card = await boxOf(page, 'dice-poker dp-game-over .card');
  expect(inside(card, screen), 'the game-over card is all on screen').toBe(true);
  expect(inside(await boxOf(page, 'dice-poker dp-game-over [data-verdict]'), card)).toBe(true);
  expect(inside(await boxOf(page, 'dice-poker dp-game-over [data-new-game]'), screen)).toBe(true);
  await expectNoPageOverflow(page);
}
