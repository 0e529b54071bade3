/**
 * A game at one's own pace waits for its players for days (no Redis: the database in DATA_DIR): when
 * everyone has left, its room is let go and the game sleeps in the database, every seat kept for its
 * person; when a turn's clock runs out meanwhile, the server wakes the game by itself, a stand-in plays
 * that turn, and the next player finds it their turn when they come back with their key.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { freshDataDir, spawnServer, type ServerProcess } from './processes.js';
import { moveDeadline } from './test-deadline.js';
import { Player } from './test-player.js';

const GESTURE = { gesture: { dirX: 0.1, dirZ: -1, speed: 11 } };
const DAY_SECONDS = 24 * 3600;
const servers: ServerProcess[] = [];

afterEach(async () => {
  // Before the servers stop: their players would try to reconnect for a minute.
  Player.dropAll();
  for (const server of servers.splice(0)) await server.stop('SIGKILL');
});

async function serve(dataDir: string): Promise<ServerProcess> {
  const server = await spawnServer('game server', {
    DATA_DIR: dataDir,
    THROW_WORKERS: '1',
    WAKE_EVERY_MS: '300',
  });
  servers.push(server);
  return server;
}

// Ample: a process started here takes a minute to be ready with both cores busy.
describe('a game at one’s own pace', { timeout: 300_000 }, () => {
  it('sleeps while no one plays, keeps every seat, and is woken by its clock: a stand-in plays the turn run out', async () => {
    const dataDir = freshDataDir();
    const first = await serve(dataDir);
    const mari = await Player.create(first.url, 'Mari');
    const roomId = (await mari.next('welcome')).view.roomId;
    const juri = await Player.join(first.url, roomId, 'Jüri');
    await juri.next('welcome');
    mari.send('clock', { seconds: DAY_SECONDS, pace: 'own-pace' });
    await mari.next('view', (v) => v.clock.pace === 'own-pace');
    mari.send('start', {});
    const started = await mari.next('view', (v) => v.phase === 'playing');
    // A day for Mari's turn, by the server's clock.
    expect(started.clock.endsAt! - Date.now()).toBeGreaterThan(DAY_SECONDS * 1000 - 60_000);
    mari.send('throw', GESTURE);
    await mari.next('view', (v) => v.game?.rollsUsed === 1);
    const keys = { mari: mari.key!, juri: juri.key! };
    // Both leave for good: the game sleeps in the database, their seats kept (no stand-in takes them).
    await juri.leave();
    await mari.leave();
    // Its room is let go once empty (a second), its game kept.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await first.stop('SIGTERM');

    // Mari's day ran out while no one was there (the deadline moved into the past, the server down).
    await moveDeadline({ DATA_DIR: dataDir }, roomId, Date.now() - 1000);
    const second = await serve(dataDir);
    // The server wakes the game by itself, with no one joining: a stand-in plays Mari's turn.
    await second.waitFor(new RegExp(`Room ${roomId}: its game goes on`));

    const back = await Player.join(second.url, roomId, 'Jüri', keys.juri);
    const welcome = await back.next('welcome');
    expect(welcome.seat).toBe(1);
    // The stand-in's whole turn (up to three throws on the physics worker) may still be under way:
    // with both cores busy that took more than the usual 10 s.
    const view =
      welcome.view.game?.current === 1
        ? welcome.view
        : await back.next('view', (v) => v.game?.current === 1, 60_000);
    // Mari's sheet has a row (the stand-in's), her seat is still hers; Jüri's own turn has a day of its own.
    expect(Object.keys(view.game!.players[0]!.scores)).toHaveLength(1);
    expect(view.seats[0]).toMatchObject({ name: 'Mari', kind: 'human', standIn: false });
    expect(view.clock.endsAt! - Date.now()).toBeGreaterThan(DAY_SECONDS * 1000 - 60_000);
    back.send('throw', GESTURE);
    await back.next('view', (v) => v.game?.rollsUsed === 1);
    const her = await Player.join(second.url, roomId, 'Mari', keys.mari);
    expect((await her.next('welcome')).seat).toBe(0);
  });
});
