/**
 * A game outlives its server (no Redis: the database in DATA_DIR, an embedded PostgreSQL): the server
 * is stopped (SIGTERM) or killed (SIGKILL, as a crash), started again on the same data folder, and each
 * person joins the same room id with their seat key, as the page does by itself. The game goes on at
 * the same turn and throw, dice and holds as they were; the room id and every key still work.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RoomView } from '../../src/online/protocol.js';
import { joinRefusal } from '../../src/online/join-refusal.js';
import { freshDataDir, spawnServer, type ServerProcess } from './processes.js';
import { Player } from './test-player.js';

const GESTURE = { gesture: { dirX: 0.1, dirZ: -1, speed: 11 } };
const servers: ServerProcess[] = [];

afterEach(async () => {
  // Before the servers stop: their players would try to reconnect for a minute.
  Player.dropAll();
  for (const server of servers.splice(0)) await server.stop('SIGKILL');
});

async function serve(dataDir: string): Promise<ServerProcess> {
  const server = await spawnServer('game server', { DATA_DIR: dataDir, THROW_WORKERS: '1' });
  servers.push(server);
  return server;
}

/** Two people in a game, the host's turn under way: one throw made, one die held. */
async function gameUnderWay(url: string) {
  const mari = await Player.create(url, 'Mari');
  const welcome = await mari.next('welcome');
  const roomId = welcome.view.roomId;
  const juri = await Player.join(url, roomId, 'Jüri');
  await juri.next('welcome');
  mari.send('start', {});
  await mari.next('view', (v) => v.phase === 'playing');
  mari.send('throw', GESTURE);
  await mari.next('view', (v) => v.game?.rollsUsed === 1);
  mari.send('hold', { index: 2, held: true });
  const view = await mari.next('view', (v) => v.game?.held[2] === true);
  return { mari, juri, roomId, view, keys: { mari: mari.key!, juri: juri.key! } };
}

/** What must be the same after the restart: the game as played, and who sits where. */
function played(view: RoomView) {
  return { game: view.game, seats: view.seats.map((s) => s.name), host: view.host, rules: view.rules };
}

// One game through both: stopped (SIGTERM), then killed (SIGKILL) after it went on on the second
// server; each server start costs seconds of CPU, a minute with both cores busy.
describe('a game outlives its server', { timeout: 300_000 }, () => {
  it('goes on at the same turn and throw after SIGTERM, and again after SIGKILL, each time a start on the same data folder', async () => {
    const dataDir = freshDataDir();
    let server = await serve(dataDir);
    const game = await gameUnderWay(server.url);
    const { roomId, keys } = game;
    let { mari, view } = game;
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      const closing = signal === 'SIGTERM' ? mari.next('closing') : null;
      await server.stop(signal);
      if (closing) expect(await closing, signal).toMatchObject({ resumable: true });

      server = await serve(dataDir);
      const back = await Player.join(server.url, roomId, 'Mari', keys.mari);
      const welcome = await back.next('welcome');
      expect(welcome.seat, signal).toBe(0);
      expect(played(welcome.view), signal).toEqual(played(view));
      expect(welcome.view.roomId, signal).toBe(roomId);
      // Her seat is hers: the turn goes on from where it was, the held die still held.
      const rollsUsed = view.game!.rollsUsed;
      back.send('throw', GESTURE);
      const after = await back.next('view', (v) => v.game?.rollsUsed === rollsUsed + 1);
      expect(after.game!.dice[2], signal).toBe(view.game!.dice[2]);
      // By his name alone no one gets Jüri's seat, which waits for him; he comes back to it with his key.
      const eve = await Player.join(server.url, roomId, 'Jüri').catch((error: unknown) => joinRefusal(error));
      expect(eve, signal).toMatchObject({ code: 'seat-needs-key' });
      const juri = await Player.join(server.url, roomId, 'Jüri', keys.juri);
      expect((await juri.next('welcome')).seat, signal).toBe(1);
      [mari, view] = [back, after];
    }
  });
});
