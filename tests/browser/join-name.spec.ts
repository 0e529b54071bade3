import { expect, test } from '@playwright/test';
import { ARTIFACTS, watchErrors } from './helpers.js';

/** Errors a page may log here: the connection of a room this page left. */
const EXPECTED = /Room connection was closed|4002/;

test('the join panel offers the name last played under, on a phone, in Estonian', async ({ browser }) => {
  // Kristjan-Mihkel has played here before, on his phone: a game on his own, his name typed.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const kristjan = await phone.newPage();
  const errors = watchErrors(kristjan);
  await kristjan.emulateMedia({ reducedMotion: 'reduce' });
  await kristjan.goto('/');
  await kristjan.locator('dice-poker dp-start-panel input[data-player="0"]').fill('Kristjan-Mihkel');
  await kristjan.locator('dice-poker dp-start-panel [data-start]').click();
  await expect(kristjan.locator('dice-poker [part="roll-button"]')).toBeEnabled();

  // Mari sends him an invite to her room.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const mari = await desk.newPage();
  await mari.goto('/');
  await mari.locator('dice-poker dp-start-panel input[data-player="0"]').fill('Mari');
  await mari.locator('dice-poker dp-start-panel [data-play-online]').click();
  const invite = await mari.locator('dice-poker dp-online-panel [data-invite]').inputValue();
  expect(invite).toMatch(/\?room=/);

  // Opened on his phone (a new visit): the join panel asks for his name with his name already in it.
  await kristjan.goto(invite);
  const name = kristjan.locator('dice-poker dp-online-panel [data-online-name]');
  await expect(name).toHaveValue('Kristjan-Mihkel');
  await kristjan.screenshot({ path: `${ARTIFACTS}/join-name-et-390.png` });
  await kristjan.locator('dice-poker dp-online-panel [data-join]').click();
  await expect(mari.locator('dice-poker dp-online-panel [data-seat]')).toHaveCount(2);
  await expect(mari.locator('dice-poker dp-online-panel')).toContainText('Kristjan-Mihkel');
  expect(errors.filter((e) => !EXPECTED.test(e))).toEqual([]);
  await phone.close();
  await desk.close();
});
