import { test } from '@playwright/test';
import { onEveryScreen } from './newcomer-helpers.js';
import { newGameWhileThrowing } from './newcomer-new-game.js';
import { sheetReadable } from './newcomer-readable.js';
import { sheetHoldsStill } from './newcomer-sheet-steady.js';
import { sixPlayers } from './newcomer-six-players.js';
import { computersTurnWords } from './newcomer-turn-words.js';

/**
 * What a newcomer met, on each screen in its language, one game after another in one page (each
 * step starts its own game in place, through the element's API): a page load is seconds of a core
 * in software WebGL, and none of these is about loading. Each step is reported by its title.
 */
const STEPS = [sheetHoldsStill, sixPlayers, sheetReadable, computersTurnWords, newGameWhileThrowing];

onEveryScreen((screen, lang) => {
  test('a newcomer’s games in one page: the sheet holds still, six players followed, the sheet readable, a computer’s turn said, “New game” while dice fly', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    for (const step of STEPS) await test.step(step.title, () => step.run(page, screen, lang));
  });
});
