import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, boxOf, watchErrors } from './helpers.js';

/**
 * The controls and fields in `selector` whose words are cut short. A field's words (its value) that
 * scroll past its box are hidden; a button's words are laid out whole and cut where they pass its
 * padding (an ellipsis shows for even a pixel past it), so each run of its text is measured against it.
 */
function cutShort(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((nodes) =>
    nodes
      .filter((node) => {
        const el = node as HTMLElement;
        if (el.localName !== 'button') return el.scrollWidth > el.clientWidth;
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const left = box.left + el.clientLeft + parseFloat(style.paddingLeft);
        const right = box.left + el.clientLeft + el.clientWidth - parseFloat(style.paddingRight);
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          if (!text.textContent!.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(text);
          const words = range.getBoundingClientRect();
          if (words.left < left - 0.5 || words.right > right + 0.5) return true;
        }
        return false;
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
    const turns: { name: string; said: string; lang?: 'en' }[] = [
      ...['Kristjan-Mihkel', 'Hannelore-Liisa', 'Mängija 2', 'Hanna'].map((name) => ({
        name,
        said: `${name} käik`,
      })),
      // And in English, where "Player 2's tu…" was seen.
      ...['Player 2', 'Hannelore-Liisa'].map((name) => ({
        name,
        said: `${name}'s turn`,
        lang: 'en' as const,
      })),
    ];
    for (const { name, said, lang } of turns) {
      if (lang) await page.locator('dice-poker').evaluate((el, lang) => el.setAttribute('lang', lang), lang);
      // As <dice-poker> sets it on another's turn (the turn itself is played elsewhere: online-*.spec.ts).
      await controls.evaluate(async (node, name) => {
        const el = node as HTMLElementTagNameMap['dp-controls'];
        el.waiting = { kind: 'person', name };
        await el.updateComplete;
      }, name);
      await expect(page.locator('dice-poker [part="roll-button"]')).toContainText(said);
      expect(await cutShort(page, 'dice-poker dp-controls button'), said).toEqual([]);
      if (name === 'Hannelore-Liisa')
        await page.screenshot({ path: `${ARTIFACTS}/long-names-turn-${lang ?? 'et'}-${viewport.width}.png` });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
}
