import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, boxOf, watchErrors } from './helpers.js';

/** The controls and fields in `selector` whose words are cut short: wider than the box they are shown in. */
function cutShort(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((nodes) =>
    nodes
      .filter((node) => {
        const el = node as HTMLElement;
        // A field's words (its value) or a button's: what scrolls past its box is hidden.
        return el.scrollWidth > el.clientWidth + 1;
      })
      .map((node) => {
        const el = node as HTMLInputElement;
        return `${el.localName}: ${el.value || el.innerText.replace(/\s+/g, ' ').trim()}`;
      }),
  );
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
]) {
  test(`${viewport.width}x${viewport.height}, Estonian: long names and a computer's seat fit the start panel's fields, and a turn's words fit the Throw button`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const panel = page.locator('dice-poker dp-start-panel');
    await panel.locator('input[data-player="0"]').fill('Kristjan-Mihkel');
    await panel.locator('[data-add-player]').click();
    await panel.locator('input[data-player="1"]').fill('Hannelore-Liisa');
    await panel.locator('[data-add-player]').click();
    await panel.locator('select[data-seat="2"]').selectOption('winner');
    await expect(panel.locator('input[data-player="2"]')).toHaveValue('Arvuti · mängib võidule');
    await page.screenshot({ path: `${ARTIFACTS}/long-names-start-et-${viewport.width}.png` });
    // Each seat's ✕ stands on its name's line (a computer's seat may go under the name, never the ✕ alone).
    for (let seat = 0; seat < 3; seat++) {
      const name = await boxOf(page, `dice-poker dp-start-panel input[data-player="${seat}"]`);
      const remove = await panel.locator('.name').nth(seat).locator('.remove').boundingBox();
      const middle = remove!.y + remove!.height / 2;
      expect(middle, `seat ${seat + 1}'s ✕ beside its name`).toBeGreaterThan(name.y);
      expect(middle, `seat ${seat + 1}'s ✕ beside its name`).toBeLessThan(name.y + name.height);
    }
    expect(await cutShort(page, 'dice-poker dp-start-panel input, dice-poker dp-start-panel select')).toEqual(
      [],
    );
    expect(await cutShort(page, 'dice-poker dp-start-panel button')).toEqual([]);

    // In the game, on another's turn (online, a person's; here, a computer's), the Throw button says
    // whose it is: a long name and the Estonian word whole.
    await panel.locator('[data-start]').click();
    const controls = page.locator('dice-poker dp-controls');
    await expect(controls).toBeVisible();
    for (const name of ['Kristjan-Mihkel', 'Hannelore-Liisa', 'Mängija 2', 'Hanna']) {
      // As <dice-poker> sets it on another's turn (the turn itself is played elsewhere: online-*.spec.ts).
      await controls.evaluate(async (node, name) => {
        const el = node as HTMLElementTagNameMap['dp-controls'];
        el.waiting = { kind: 'person', name };
        await el.updateComplete;
      }, name);
      await expect(page.locator('dice-poker [part="roll-button"]')).toContainText(`${name} käik`);
      expect(await cutShort(page, 'dice-poker dp-controls button')).toEqual([]);
    }
    await page.screenshot({ path: `${ARTIFACTS}/long-names-turn-et-${viewport.width}.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
}
