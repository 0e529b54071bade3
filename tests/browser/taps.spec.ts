import { expect, test, type Page } from '@playwright/test';
import { en } from '../../src/ui/i18n/en.js';
import { besideDie, readDrawnTable, type Point } from './drawn-table.js';
import { openGame, stateOf, waitForRest, watchErrors } from './helpers.js';

/**
 * A tap never wastes a throw: after a turn's first throw, only a flick, the Throw button or a key
 * throws. A tap near a die (its drawn outline plus a margin: at least 8 CSS px for a mouse, 16 for a
 * finger) holds or releases it; a tap near no die shows how to throw and changes nothing.
 */

/** How the test presses: a mouse click or a finger's tap. */
interface Presser {
  name: string;
  tap(page: Page, at: Point): Promise<void>;
  /** Within this far outside a die's drawn edge a tap must mean the die (the promise to players). */
  near: number;
  /** The hint a miss shows for this pointer. */
  hint: string;
}

const MOUSE: Presser = {
  name: 'mouse',
  tap: (page, at) => page.mouse.click(at.x, at.y),
  near: 8,
  hint: en.hintFirst,
};

const TOUCH: Presser = {
  name: 'touch',
  tap: (page, at) => page.touchscreen.tap(at.x, at.y),
  near: 16,
  hint: en.touchHints.first,
};

const toast = (page: Page) => page.locator('dice-poker .toast');

/** Starts a one-player game and throws once with a tap on open felt (allowed: nothing to lose yet). */
async function firstThrowByTap(page: Page, presser: Presser): Promise<void> {
  await openGame(page, 'Mari', 11);
  const table = await readDrawnTable(page);
  await presser.tap(page, table.openFelt);
  await waitForRest(page, 1);
}

function tapTests(presser: Presser): void {
  // One journey on one page (a page and a game started are most of such a test's time): before the
  // first throw a tap throws; after it, misses (on open felt, and well clear of every die) only say
  // how to throw; a tap just outside a die's edge holds it, and a tap on it on its ledge lets it go.
  test(`${presser.name}: before the first throw a tap on the felt throws; after it, a miss only says how to throw, and a tap just outside a die's drawn edge holds it, a second releases it`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await firstThrowByTap(page, presser);
    const thrown = await stateOf(page);
    const table = await readDrawnTable(page);
    await presser.tap(page, table.openFelt);
    // The positive sign that the tap was handled: the hint, in the pointer's own words.
    await expect(toast(page)).toHaveText(presser.hint);
    expect(await stateOf(page)).toEqual(thrown);

    // A tap well clear of every die holds nothing and throws nothing: the hint again (once the first
    // has gone, so that this one is its own sign).
    await expect(toast(page)).toHaveCount(0);
    const clear = besideDie(table, presser.near + 24);
    expect(clear.clearance).toBeGreaterThan(presser.near + 60);
    await presser.tap(page, clear.point);
    await expect(toast(page)).toHaveText(presser.hint);
    expect(await stateOf(page)).toEqual(thrown);

    // One pixel inside the promised margin, on the side of the die clearest of the others (the hint
    // gone first: nothing over the table but the dice).
    await expect(toast(page)).toHaveCount(0);
    const beside = besideDie(table, presser.near - 1);
    expect(beside.clearance).toBeGreaterThan(presser.near + 30);
    await presser.tap(page, beside.point);
    await expect.poll(async () => (await stateOf(page)).held[beside.index]).toBe(true);
    const held = await stateOf(page);
    expect(held.rollsUsed).toBe(1);
    expect(held.dice).toEqual(thrown.dice);
    expect(held.held.filter(Boolean)).toHaveLength(1);

    // The held die sits on the ledge now (glowing): a tap on it there lets it go.
    const onLedge = (await readDrawnTable(page)).centres[beside.index]!;
    await presser.tap(page, onLedge);
    await expect.poll(async () => (await stateOf(page)).held[beside.index]).toBe(false);
    expect((await stateOf(page)).rollsUsed).toBe(1);
    expect(errors).toEqual([]);
  });
}

test.describe('taps with a mouse', () => {
  test.use({ viewport: { width: 1280, height: 720 } });
  test.beforeEach(({ page }) => page.emulateMedia({ reducedMotion: 'reduce' }));
  tapTests(MOUSE);

  test('mouse: a long still press on the felt after the first throw is not a throw; clicks while the dice roll do nothing', async ({
    page,
  }) => {
    // Throws fly (no reduced motion): the clicks below land while the dice are in the air.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await firstThrowByTap(page, MOUSE);
    const thrown = await stateOf(page);
    const { openFelt, centres } = await readDrawnTable(page);
    await page.mouse.move(openFelt.x, openFelt.y);
    await page.mouse.down();
    await page.waitForTimeout(700);
    await page.mouse.up();
    await expect(toast(page)).toHaveText(MOUSE.hint);
    expect(await stateOf(page)).toEqual(thrown);

    await page.locator('dice-poker [part="roll-button"]').click();
    // While the dice are in the air the table takes no presses: on the felt, or where a die lay.
    await expect(page.locator('dice-poker [part="roll-button"]')).toBeDisabled();
    await page.mouse.click(openFelt.x, openFelt.y);
    await page.mouse.click(centres[2]!.x, centres[2]!.y);
    const second = await waitForRest(page, 2);
    expect(second.held).toEqual([false, false, false, false, false]);
  });
});

test.describe('taps with a finger', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  test.beforeEach(({ page }) => page.emulateMedia({ reducedMotion: 'reduce' }));
  tapTests(TOUCH);

  test('touch: two fingers at once hold nothing and throw nothing', async ({ page }) => {
    await firstThrowByTap(page, TOUCH);
    const thrown = await stateOf(page);
    const table = await readDrawnTable(page);
    const cdp = await page.context().newCDPSession(page);
    // One finger on die 0, another on open felt, both lifted: a pinch or a slip, never a move.
    const fingers = [
      { ...table.centres[0]!, id: 1 },
      { ...table.openFelt, id: 2 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [fingers[0]!] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [fingers[0]!] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    // Then one finger taps die 1: it is held, the positive sign that the fingers before were handled.
    await page.touchscreen.tap(table.centres[1]!.x, table.centres[1]!.y);
    await expect.poll(async () => (await stateOf(page)).held[1]).toBe(true);
    const after = await stateOf(page);
    expect(after.held).toEqual([false, true, false, false, false]);
    expect(after.rollsUsed).toBe(thrown.rollsUsed);
    expect(after.dice).toEqual(thrown.dice);
  });
});
