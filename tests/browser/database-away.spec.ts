import { expect, test } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { startPostgres, type PostgresServer } from '../../server/src/database/test-postgres.js';
import { ARTIFACTS, stateOf } from './helpers.js';
import { freePort, player, startServer, startTwoPlayerGame, stopServer } from './own-server.js';

/**
 * The database goes away mid-game (a PostgreSQL server of this test's own, stopped by its pid and
 * started again, under a game server of its own): a throw made meanwhile is shown to no one; both pages
 * say, each in its language, that the server is saving the game; once the database is back the throw
 * is shown on both and play goes on.
 */
test('the database away mid-game: the pages say the server is saving and show nothing unsaved; then the game goes on', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  let postgres: PostgresServer | undefined;
  let server: ChildProcess | undefined;
  try {
    postgres = await startPostgres({ fsync: 'off' });
    const port = await freePort();
    server = await startServer(port, { DATABASE_URL: await postgres.createDatabase('away') });
    const url = `http://127.0.0.1:${port}/`;
    const host = await player(browser, url);
    const guest = await player(browser, url);
    await host.locator('dice-poker').evaluate((node) => node.setAttribute('lang', 'en'));
    await guest.locator('dice-poker').evaluate((node) => node.setAttribute('lang', 'et'));
    await startTwoPlayerGame(host, guest);

    await postgres.pause();
    // Mari throws: the server throws the dice, but cannot store the throw.
    await host.locator('dice-poker').evaluate((el) => {
      void (el as HTMLElementTagNameMap['dice-poker']).roll().catch(() => {});
    });
    await expect(host.locator('dice-poker [data-away]')).toContainText('The server is saving your game', {
      timeout: 30_000,
    });
    await expect(guest.locator('dice-poker [data-away]')).toContainText('Server salvestab mängu', {
      timeout: 30_000,
    });
    // Nothing of the throw is shown while it is not stored, and nothing can be done meanwhile.
    await guest.waitForTimeout(1500);
    expect((await stateOf(guest)).rollsUsed).toBe(0);
    expect((await stateOf(host)).rollsUsed).toBe(0);
    await expect(host.locator('dice-poker [part="roll-button"]')).toBeDisabled();
    // Its own turn says why it waits (saving, not an unreachable server).
    await expect(host.locator('dice-poker [part="roll-button"]')).toContainText('Saving…');
    await expect(host.locator('dice-poker dp-controls')).toContainText(
      'Your move is shown once the server has stored it.',
    );
    await host.screenshot({ path: `${ARTIFACTS}/database-away-host.png` });
    await guest.screenshot({ path: `${ARTIFACTS}/database-away-guest.png` });

    await postgres.resume();
    // Stored once the database is back: then shown on both pages, the same dice, and the notice gone.
    for (const page of [host, guest]) {
      await expect.poll(async () => (await stateOf(page)).rollsUsed, { timeout: 60_000 }).toBe(1);
      await expect(page.locator('dice-poker [data-away]')).toHaveCount(0, { timeout: 30_000 });
    }
    expect((await stateOf(guest)).dice).toEqual((await stateOf(host)).dice);
    await host.locator('dice-poker').evaluate((el) => (el as HTMLElementTagNameMap['dice-poker']).roll());
    await expect.poll(async () => (await stateOf(guest)).rollsUsed, { timeout: 30_000 }).toBe(2);
    await host.screenshot({ path: `${ARTIFACTS}/database-away-back.png` });
  } finally {
    if (server) await stopServer(server, 'SIGKILL');
    await postgres?.stop('immediate');
  }
});
