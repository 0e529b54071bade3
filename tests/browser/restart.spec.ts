import { expect, test, type Page } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { ARTIFACTS, stateOf } from './helpers.js';
import {
  freePort,
  freshDataFolder,
  player,
  startServer,
  startTwoPlayerGame,
  stopServer,
} from './own-server.js';

/**
 * An online game outlives its server: a game server of this test's own (the compiled one `npm start`
 * runs, on a port and a data folder of its own) is stopped or killed mid-turn and started again; each
 * page, by itself, says it cannot reach the server (with no input that would be lost), then goes on
 * with its game at the same turn and throw. A server that stays down is given up, and one that comes
 * back without the game says so.
 */

const rollButton = (page: Page) => page.locator('dice-poker [part="roll-button"]');

// One game through all three, stopped (SIGTERM), then killed (SIGKILL) after it went on, then killed
// for good: a server start and two players' pages cost seconds of both cores, a minute when they are
// busy.
test('after SIGTERM and a restart, and again after SIGKILL and a restart, both pages go on with their game by themselves, at the same throw; a server that stays down is given up in the page’s language, and one back without the game says so', async ({
  browser,
}) => {
  // Minutes: four server starts, each a minute with both cores busy.
  test.setTimeout(600_000);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const dataDir = await freshDataFolder();
  let server: ChildProcess | undefined;
  let lostDataDir: string | undefined;
  try {
    server = await startServer(port, { DATA_DIR: dataDir });
    const host = await player(browser, url);
    const guest = await player(browser, url);
    const roomId = await startTwoPlayerGame(host, guest);
    let thrown = 0;
    const hostThrows = async () => {
      await host.locator('dice-poker').evaluate((el) => (el as HTMLElementTagNameMap['dice-poker']).roll());
      thrown += 1;
      await expect.poll(async () => (await stateOf(guest)).rollsUsed, { timeout: 30_000 }).toBe(thrown);
    };
    await hostThrows();

    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      const before = await stateOf(host);
      await stopServer(server, signal);
      // Each page says so, and takes nothing that would be lost.
      for (const page of [host, guest]) {
        await expect(page.locator('dice-poker [data-away]'), signal).toContainText(
          /game server|mänguserver/i,
          {
            timeout: 30_000,
          },
        );
      }
      await expect(rollButton(host), signal).toBeDisabled();
      await host.screenshot({ path: `${ARTIFACTS}/restart-${signal}-away.png` });

      server = await startServer(port, { DATA_DIR: dataDir });
      for (const page of [host, guest]) {
        await expect
          .poll(async () => (await stateOf(page)).online?.roomId ?? null, {
            timeout: 90_000,
            message: signal,
          })
          .toBe(roomId);
        await expect(page.locator('dice-poker [data-away]'), signal).toHaveCount(0, { timeout: 30_000 });
      }
      const after = await stateOf(host);
      const where = (state: typeof after) => ({
        dice: state.dice,
        rollsUsed: state.rollsUsed,
        current: state.current,
        turn: state.turn,
      });
      expect(where(after), signal).toEqual(where(before));
      await expect(rollButton(host), signal).toBeEnabled();
      await host.screenshot({ path: `${ARTIFACTS}/restart-${signal}-back.png` });
      // The game plays on: the host's next throw is seen on the guest's screen.
      await hostThrows();
    }

    // The server goes for good. Mari's page is in Estonian, Jüri's in English.
    await guest.locator('dice-poker').evaluate((node) => node.setAttribute('lang', 'en'));
    await host
      .locator('dice-poker')
      .evaluate((node) => ((node as HTMLElementTagNameMap['dice-poker']).lang = 'et'));
    await stopServer(server, 'SIGKILL');
    const away = host.locator('dice-poker [data-away]');
    await expect(away).toContainText(/Mänguserver pole \d+ s kättesaadav/, { timeout: 30_000 });
    await expect(rollButton(host)).toBeDisabled();
    // Minutes go by (the page's clock moved on): it stops trying and says what the player can do.
    await host.evaluate(() => {
      const now = performance.now.bind(performance);
      Object.defineProperty(performance, 'now', { value: () => now() + 6 * 60_000, configurable: true });
    });
    const notice = host.locator('dice-poker .saved-notice');
    await expect(notice).toContainText('Mänguserverit ei saa kätte. Mäng on alles', { timeout: 30_000 });
    await expect(host.locator('dice-poker dp-start-panel')).toBeVisible();
    // Her name stays on the start panel, ready for a new game.
    await expect(host.locator('dice-poker dp-start-panel input').first()).toHaveValue('Mari');
    expect((await stateOf(host)).online).toBeNull();
    await host.screenshot({ path: `${ARTIFACTS}/restart-server-gone.png` });

    // A server comes back without the game (its data folder lost): the guest, still trying, is told the
    // game is gone and what to do, his name kept.
    lostDataDir = await freshDataFolder();
    server = await startServer(port, { DATA_DIR: lostDataDir });
    const gone = /no longer on the server/;
    await expect(guest.locator('dice-poker .saved-notice')).toContainText(gone, { timeout: 30_000 });
    await expect(guest.locator('dice-poker dp-start-panel input').first()).toHaveValue('Jüri');
    await guest.screenshot({ path: `${ARTIFACTS}/restart-game-gone.png` });
  } finally {
    if (server) await stopServer(server, 'SIGKILL');
    for (const folder of [dataDir, lostDataDir]) if (folder) rmSync(folder, { recursive: true, force: true });
  }
});
