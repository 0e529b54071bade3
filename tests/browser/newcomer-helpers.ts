import { expect, test, type Page } from '@playwright/test';
import type { SeatKind } from '../../src/ui/coach/seats.js';

/** The three screens a newcomer tried the game on: a desktop, a phone upright and on its side. */
export const SCREENS = [
  { name: 'desktop', viewport: { width: 1280, height: 720 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
  { name: 'landscape', viewport: { width: 844, height: 390 }, touch: true },
] as const;

export type Screen = (typeof SCREENS)[number];

/**
 * The language each screen is tried in: English on the desktop, Estonian (the longer words) on the
 * upright phone, where space is short. A phone on its side has a spec of its own
 * (newcomer-landscape.spec.ts, both languages). Every screen in every language would make this the
 * suite's longest part by far, for little more: the words are checked in both languages either way.
 */
const SCREEN_LANGS: Record<Screen['name'], readonly ('en' | 'et')[]> = {
  desktop: ['en'],
  phone: ['et'],
  landscape: [],
};

/** Runs `body` once per screen (in its language: SCREEN_LANGS), each in a describe of its own with that screen's device. */
export function onEveryScreen(body: (screen: Screen, lang: 'en' | 'et') => void): void {
  for (const screen of SCREENS) {
    for (const lang of SCREEN_LANGS[screen.name]) {
      test.describe(`${screen.name} ${screen.viewport.width}x${screen.viewport.height}, ${lang}`, () => {
        test.use({
          viewport: screen.viewport,
          hasTouch: screen.touch,
          isMobile: screen.touch,
          deviceScaleFactor: screen.touch ? 2 : 1,
        });
        body(screen, lang);
      });
    }
  }
}

/** Starts a game in the open page's element through its API (seats: who plays each), in place of any other. */
export async function newGameHere(
  page: Page,
  setup: { players: string[]; seats?: SeatKind[]; seed?: number; lang: 'en' | 'et' },
): Promise<void> {
  await page.locator('dice-poker').evaluate((node, setup) => {
    const el = node as HTMLElementTagNameMap['dice-poker'];
    el.setAttribute('lang', setup.lang);
    el.newGame({ players: setup.players, seats: setup.seats, seed: setup.seed ?? 1 });
  }, setup);
  await expect(page.locator('dice-poker dp-controls')).toBeVisible();
}

/**
 * Starts a game in the page's element through its API (seats: who plays each), under the motion
 * given; the page is opened first unless it is open already (a journey's later steps go on in it).
 */
export async function startGame(
  page: Page,
  setup: { players: string[]; seats?: SeatKind[]; seed?: number; lang: 'en' | 'et' },
  reducedMotion: 'reduce' | 'no-preference' = 'reduce',
): Promise<void> {
  await page.emulateMedia({ reducedMotion });
  if (!page.url().startsWith('http')) await page.goto('/');
  await newGameHere(page, setup);
}

/** One part of a newcomer's journey: what it checks, and how, on a screen in a language. */
export interface JourneyStep {
  title: string;
  run(page: Page, screen: Screen, lang: 'en' | 'et'): Promise<void>;
}

/** The text of the throw button and of the help line under it, as shown (spaces folded). */
export function controlsWords(page: Page): Promise<{ button: string; hint: string; turn: string }> {
  const fold = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
  return Promise.all([
    page.locator('dice-poker [part="roll-button"]').innerText(),
    page.locator('dice-poker dp-controls .hint').textContent(),
    page.locator('dice-poker dp-controls [data-turn]').textContent(),
  ]).then(([button, hint, turn]) => ({ button: fold(button), hint: fold(hint), turn: fold(turn) }));
}
