/**
 * The database goes away while a game is played (a PostgreSQL server of the test's own, stopped by its
 * pid and started again): a change is shown to no one until it is stored. The room says it is saving
 * and tries again; new games are refused as `server-unavailable`; once the database is back the change
 * is stored, then shown, and the game goes on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { joinRefusal } from '../../src/online/join-refusal.js';
import { startPostgres, type PostgresServer } from './database/test-postgres.js';
import { spawnServer, type ServerProcess } from './processes.js';
import { Player } from './test-player.js';

const GESTURE = { gesture: { dirX: 0.1, dirZ: -1, speed: 11 } };
const stops: (() => Promise<void>)[] = [];

afterEach(async () => {
  // Before the servers stop: their players would try to reconnect for a minute.
  Player.dropAll();
  for (const stop of stops.splice(0).reverse()) await stop();
});

// Ample: a process started here takes a minute to be ready with both cores busy.
describe('the database going away while a game is played', { timeout: 300_000 }, () => {
  it('holds a change back until it is stored: the pages are told the server is saving, new games are refused, and play goes on once it is back', async () => {
    const postgres: PostgresServer = await startPostgres({ fsync: 'off' });
    stops.push(() => postgres.stop('immediate'));
    const server: ServerProcess = await spawnServer('game server', {
      DATABASE_URL: await postgres.createDatabase('away'),
      THROW_WORKERS: '1',
    });
    stops.push(() => server.stop('SIGKILL'));
    const mari = await Player.create(server.url, 'Mari');
    const roomId = (await mari.next('welcome')).view.roomId;
    const juri = await Player.join(server.url, roomId, 'Jüri');
    await juri.next('welcome');
    mari.send('start', {});
    await juri.next('view', (v) => v.phase === 'playing');

    await postgres.pause();
    const before = juri.received.length;
    mari.send('throw', GESTURE);
    expect(await mari.next('saving')).toEqual({ waiting: true });
    expect(await juri.next('saving')).toEqual({ waiting: true });
    // The throw is made on the server, but nothing of it is shown while it is not stored.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(juri.since(before).map((r) => r.type)).toEqual(['saving']);
    // No new game can be kept: it is refused, with a code the page puts in words.
    const refused = await Player.create(server.url, 'Liis').then(
      () => 'created',
      (error: unknown) => joinRefusal(error).code,
    );
    expect(refused).toBe('server-unavailable');

    await postgres.resume();
    const thrown = await juri.next('thrown');
    const view = await juri.next('view', (v) => v.game?.rollsUsed === 1);
    expect(view.game!.dice).toEqual(thrown.faces);
    expect(await juri.next('saving')).toEqual({ waiting: false });
    // Everyone sees the same, and plays on.
    await mari.next('view', (v) => v.game?.rollsUsed === 1);
    mari.send('hold', { index: 0, held: true });
    await juri.next('view', (v) => v.game?.held[0] === true);

    // What was shown was stored: a new process on the same database goes on from it.
    await server.stop('SIGKILL');
    const next = await spawnServer('game server', {
      DATABASE_URL: postgres.url.replace(/\/postgres$/, '/away'),
      THROW_WORKERS: '1',
    });
    stops.push(() => next.stop('SIGKILL'));
    const back = await Player.join(next.url, roomId, 'Mari', mari.key);
    const welcome = await back.next('welcome');
    expect(welcome.view.game).toMatchObject({ rollsUsed: 1, dice: thrown.faces });
    expect(welcome.view.game!.held[0]).toBe(true);
  });
});
