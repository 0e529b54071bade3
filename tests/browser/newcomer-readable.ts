import { expect, type Locator, type Page } from '@playwright/test';
import { ROWS } from '../../src/engine/index.js';
import { ARTIFACTS, boxOf, inside, stateOf } from './helpers.js';
import { type JourneyStep, newGameHere, startGame } from './newcomer-helpers.js';

const WORDS = {
  en: { full: 'At most 6 players', winner: 'Computer: plays to win', easy: 'Computer: beginner' },
  et: { full: 'Kõige rohkem 6 mängijat', winner: 'Arvuti: mängib võidule', easy: 'Arvuti: algaja' },
};

/** Whether the text a <select> shows fits it whole (its own font, less its padding and arrow). */
function selectShowsWhole(select: Locator): Promise<boolean> {
  return select.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(el.selectedOptions[0]!.textContent!.trim()).width;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 18;
    return text <= room;
  });
}

/** How far the digits of a score button sit from its middle, up or down, in CSS px. */
function digitsOffCentre(button: Locator): Promise<number> {
  return button.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return Math.abs(text.top + text.height / 2 - (box.top + box.height / 2));
  });
}

/** The alpha of an element's background colour. */
function backgroundAlpha(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((el) => {
    const colour = getComputedStyle(el).backgroundColor;
    const parts = colour.match(/[\d.]+/g)!.map(Number);
    return parts.length === 4 ? parts[3]! : 1;
  });
}

/** The topmost row of a screenshot (PNG) that has light ink on the dark sheet, or -1 if none. */
function inkTop(page: Page, png: Buffer): Promise<number> {
  return page.evaluate(async (base64) => {
    const blob = new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' });
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        if (data[i]! + data[i + 1]! + data[i + 2]! > 3 * 110) return y;
      }
    }
    return -1;
  }, png.toString('base64'));
}

/** A step of a newcomer's journey (newcomer-journey.spec.ts). */
export const sheetReadable: JourneyStep = {
  title:
    'the sheet: the marks over a capital show (Ülle is not read Ulle), names read whole, score targets 24 px with centred digits, a row’s name scores; game over; then the start panel: opaque, “Add player” spent at six and saying why, who plays each seat read whole',
  async run(page, screen, lang) {
    // One page, three games in turn (each started in place through the API).
    await startGame(page, { players: ['Ülle', 'Ulle'], lang });
    const names = page.locator('dice-poker dp-scorecard thead .who');
    await expect(names).toHaveCount(2);
    // The same name but for the dots: the dots are ink above the capital's top.
    const dotted = await inkTop(page, await names.nth(0).screenshot());
    const plain = await inkTop(page, await names.nth(1).screenshot());
    expect(plain, 'ink in the plain name').toBeGreaterThan(0);
    expect(dotted, 'the dots over Ü drawn above the U').toBeLessThan(plain - 1);
    await page.locator('dice-poker dp-scorecard thead').screenshot({
      path: `${ARTIFACTS}/newcomer-sheet-capitals-${screen.name}-${lang}.png`,
    });

    // Two people (one named as a computer would be): the game is played to its end by the API, quickly.
    await newGameHere(page, { players: ['Host Hannelore', 'Computer 2'], lang });
    for (const name of ['Host Hannelore', 'Computer 2']) {
      const head = page.locator(`dice-poker dp-scorecard thead th[title="${name}"]`);
      await expect(head).toHaveAttribute('aria-label', name);
      // Not cut: the name's box holds all its text.
      expect(
        await head
          .locator('.who')
          .evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1),
        `${name} whole`,
      ).toBe(true);
    }
    await page.locator('dice-poker [part="roll-button"]').click();
    await expect(page.locator('dice-poker dp-scorecard button.option')).toHaveCount(13);
    for (const row of ROWS) {
      const option = page.locator(`dice-poker dp-scorecard button.option[data-row="${row}"]`);
      const box = await boxOf(page, `dice-poker dp-scorecard button.option[data-row="${row}"]`);
      expect(box.height, `${row} tall enough`).toBeGreaterThanOrEqual(24);
      expect(box.width, `${row} wide enough`).toBeGreaterThanOrEqual(24);
      expect(await digitsOffCentre(option), `${row}'s digits centred`).toBeLessThanOrEqual(1.5);
    }
    await page.screenshot({ path: `${ARTIFACTS}/newcomer-sheet-targets-${screen.name}-${lang}.png` });
    // The row's name scores, as its cell does (a tap on a phone, a click elsewhere).
    const name = page.locator('dice-poker dp-scorecard tr[data-row="chance"] th');
    if (screen.touch) await name.tap();
    else await name.click();
    await expect.poll(async () => (await stateOf(page)).players[0]!.scores.chance).toBeDefined();

    // To the end: "Show review" inside the game-over panel, which is opaque.
    await page.locator('dice-poker').evaluate(
      async (node, rows) => {
        const el = node as HTMLElementTagNameMap['dice-poker'];
        while (!el.state.over) {
          if (el.state.rollsUsed === 0) await el.roll();
          const filled = el.state.players[el.state.current]!.scores;
          el.score(rows.find((row) => !(row in filled)) as never);
        }
      },
      [...ROWS],
    );
    const card = await boxOf(page, 'dice-poker dp-game-over .card');
    const review = await boxOf(page, 'dice-poker [data-show-review]');
    expect(inside(review, card), 'Show review inside the panel').toBe(true);
    expect(await backgroundAlpha(page, 'dice-poker dp-game-over .card')).toBe(1);
    await page.screenshot({ path: `${ARTIFACTS}/newcomer-game-over-${screen.name}-${lang}.png` });

    const words = WORDS[lang];
    // From the finished game: its panel's New game opens the start panel on the same players.
    await page.locator('dice-poker dp-game-over [data-new-game]').click();
    const panel = 'dice-poker dp-start-panel';
    await expect(page.locator(`${panel} [data-start]`)).toBeVisible();
    const add = page.locator(`${panel} [data-add-player]`);
    for (let n = 2; n < 6; n++) await add.click();
    await expect(page.locator(`${panel} input[data-player]`)).toHaveCount(6);
    // Six: the button is spent, looks it, and the reason stands beside it (and is its description).
    await expect(add).toBeDisabled();
    expect(Number(await add.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(0.6);
    await expect(page.locator(`${panel} [data-players-full]`)).toHaveText(words.full);
    await expect(add).toHaveAccessibleDescription(words.full);
    // Computers in two seats: what the seat says is shown whole, and in its title.
    await page.locator(`${panel} select[data-seat="1"]`).selectOption('winner');
    await page.locator(`${panel} select[data-seat="5"]`).selectOption('easy');
    for (const [seat, text] of [
      [1, words.winner],
      [5, words.easy],
    ] as const) {
      const select = page.locator(`${panel} select[data-seat="${seat}"]`);
      expect(await selectShowsWhole(select), `${text} shown whole`).toBe(true);
      await expect(select).toHaveAttribute('title', text);
    }
    await expect(page.locator(`${panel} input[data-player="0"]`)).toHaveAttribute('title', 'Host Hannelore');
    // Opaque: nothing of the sheet behind shows through its words.
    expect(await backgroundAlpha(page, `${panel} .card`)).toBe(1);
    // All of it on screen, or on a short screen within reach: it scrolls to its Start button.
    const screenBox = { x: 0, y: 0, ...page.viewportSize()! };
    if (screen.name !== 'landscape')
      expect(inside(await boxOf(page, `${panel} .card`), screenBox)).toBe(true);
    else {
      expect((await boxOf(page, `${panel} h2`)).y).toBeGreaterThanOrEqual(0);
      await page.locator(`${panel} [data-start]`).scrollIntoViewIfNeeded();
      expect(inside(await boxOf(page, `${panel} [data-start]`), screenBox)).toBe(true);
    }
    await page.screenshot({ path: `${ARTIFACTS}/newcomer-start-six-${screen.name}-${lang}.png` });
  },
};
