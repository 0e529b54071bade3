/**
 * A game server of a browser test's own (the compiled one `npm start` runs, on a port of its own), started
 * and stopped by its pid, and a page of a player on it.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { DATA_TEMPLATE_ENV, freshDataDir } from '../../server/src/processes.js';
import { TEST_NODE_FLAGS } from '../support/node-flags.js';
import { guideSeen, stateOf } from './helpers.js';

export { freePort } from '../../server/src/processes.js';

/**
 * A new data folder for a server of a test's own, its embedded database made already: a copy of the
 * made one the unit tests copy too (tests/support/data-template.ts: kept between runs). A server making
 * its database in an empty folder takes some 9 s of a core; on a copy it starts in about 3.
 */
export async function freshDataFolder(): Promise<string> {
  // Imported here, not above: the specs that never ask for a data folder do not load PGlite.
  const { dataTemplate } = await import('../support/data-template.js');
  process.env[DATA_TEMPLATE_ENV] = await dataTemplate();
  return freshDataDir();
}

/**
 * Starts the compiled game server on `port`, its games kept where `database` says (DATA_DIR or
 * DATABASE_URL), and waits until it serves.
 */
export async function startServer(
  port: number,
  database: { DATA_DIR: string } | { DATABASE_URL: string },
): Promise<ChildProcess> {
  // With the unit tests' node flags (tests/support/node-flags.ts): the embedded database's WebAssembly
  // never optimised, which costs less CPU than optimising it for the few queries a test makes.
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, 'server/dist/server/src/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', THROW_WORKERS: '1', ...database },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    // Awaited by its word; the cap is generous: an embedded database opened after a kill -9, with both
    // cores busy, took over a minute to be ready.
    const timer = setTimeout(() => reject(new Error(`No server after 150 s:\n${output}`)), 150_000);
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      if (/served on/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`The server stopped (${code}):\n${output}`)));
  });
  return child;
}

/** Stops a server process by its pid with `signal`, and waits until it is gone. */
export async function stopServer(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  process.kill(child.pid!, signal);
  await gone;
}

/**
 * A player's page on `url` (a server of the test's own), a phone's size, as a returning visitor: the
 * config's storage is for the suite's own server, so without its own "How to play" would stand over
 * every screenshot.
 */
export async function player(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: guideSeen(new URL(url).origin),
  });
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(url);
  await page
    .locator('dice-poker')
    .evaluate((el) => (el as HTMLElementTagNameMap['dice-poker']).updateComplete);
  return page;
}

/** Mari hosts an online game on `host`'s page, Jüri joins it on `guest`'s, and it starts: its room id. */
export async function startTwoPlayerGame(host: Page, guest: Page): Promise<string> {
  const { roomId } = await host
    .locator('dice-poker')
    .evaluate((el) => (el as HTMLElementTagNameMap['dice-poker']).hostOnline({ name: 'Mari' }));
  await guest
    .locator('dice-poker')
    .evaluate(
      (el, roomId) => (el as HTMLElementTagNameMap['dice-poker']).joinOnline(roomId, { name: 'Jüri' }),
      roomId,
    );
  await host
    .locator('dice-poker')
    .evaluate((el) => (el as HTMLElementTagNameMap['dice-poker']).startOnline());
  for (const page of [host, guest])
    await expect.poll(async () => (await stateOf(page)).players.length).toBe(2);
  return roomId;
}
