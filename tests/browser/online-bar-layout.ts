/**
 * Where the bar over the table (online at one's own pace: the turn clock, "Notify me of my turn",
 * "Nudge") lies against the dice and the room's notice, as a player's eye and finger meet them.
 */
import { expect, type Page } from '@playwright/test';
import { boxOf, inside, overlap, screenOf, stateOf, type Box } from './helpers.js';

/** The boxes of what the bar shows (its pills and cards). */
async function barBoxes(page: Page): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const part of await page.locator('dice-poker dp-online-bar :is(.clock, .claim)').all()) {
    const box = await part.boundingBox();
    if (box) boxes.push(box);
  }
  return boxes;
}

/** Points on and around each die's centre (a die is drawn some 20 px across, or more). */
const AROUND = [
  [0, 0],
  [-10, 0],
  [10, 0],
  [0, -10],
  [0, 10],
] as const;

/**
 * Every die is drawn clear of the bar: no pill lies over it, and what a finger would touch there is
 * the table's canvas (not the bar, nor anything else over the felt).
 */
export async function expectDiceClearOfBar(page: Page, where: string): Promise<void> {
  const bar = await barBoxes(page);
  expect(bar.length, `${where}: the bar shows`).toBeGreaterThan(0);
  const hits = await page.locator('dice-poker').evaluate((node, around) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    return [0, 1, 2, 3, 4].map((i) => {
      const die = el.dieAt(i)!;
      return around.map(([dx, dy]) => {
        const at = { x: die.x + dx, y: die.y + dy };
        return { at, hit: el.shadowRoot!.elementFromPoint(at.x, at.y)?.localName ?? 'nothing' };
      });
    });
  }, AROUND);
  hits.forEach((points, i) => {
    for (const { at, hit } of points) {
      for (const pill of bar)
        expect(overlap({ ...at, width: 1, height: 1 }, pill), `${where}: die ${i + 1} under the bar`).toBe(
          false,
        );
      expect(hit, `${where}: a tap on die ${i + 1} reaches the table`).toBe('canvas');
    }
  });
}

/** Taps each die where it is drawn, and waits until the room holds it (or lets it go). */
export async function tapEachDie(page: Page, held: boolean): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const die = await page
      .locator('dice-poker')
      .evaluate((el, i) => (el as HTMLElementTagNameMap['dice-poker']).dieAt(i)!, i);
    await page.touchscreen.tap(die.x, die.y);
    await expect
      .poll(async () => (await stateOf(page)).held[i], { message: `die ${i + 1} held: ${held}` })
      .toBe(held);
  }
}

/** The room's notice is shown whole, on screen, and clear of the bar. */
export async function expectNoticeClearOfBar(page: Page, where: string): Promise<void> {
  const notice = await boxOf(page, 'dice-poker .notice[data-away]');
  expect(inside(notice, screenOf(page)), `${where}: the notice on screen`).toBe(true);
  for (const pill of await barBoxes(page))
    expect(overlap(notice, pill), `${where}: the notice clear of the bar`).toBe(false);
  for (const button of await page.locator('dice-poker .topbar button').all())
    expect(overlap(notice, (await button.boundingBox())!), `${where}: the notice clear of the top bar`).toBe(
      false,
    );
}
