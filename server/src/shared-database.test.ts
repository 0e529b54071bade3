/**
 * Several server processes on one Redis and one PostgreSQL server (REDIS_URL and DATABASE_URL, each the
 * test's own, stopped by pid): the games are kept in the database, Redis only routes. A game whose
 * process is killed or stopped goes on through another under the same room id, with the same seat keys;
 * a game at one's own pace that sleeps is woken by its clock by one of the processes. While Redis is
 * away joins are refused and the rooms running play on; once it is back, empty, they are found again.
 */
import { Client } from '@colyseus/sdk';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinRefusal } from '../../src/online/join-refusal.js';
import type { RoomView } from '../../src/online/protocol.js';
import { startPostgres, type PostgresServer } from './database/test-postgres.js';
import { spawnRedis, spawnServer, type RedisProcess, type ServerProcess } from './processes.js';
import { moveDeadline } from './test-deadline.js';
import { Player } from './test-player.js';

const GESTURE = { gesture: { dirX: 0.1, dirZ: -1, speed: 11 } };
const DAY_SECONDS = 24 * 3600;

let postgres: PostgresServer;
let redis: RedisProcess;
let databaseUrl: string;
const servers: ServerProcess[] = [];

async function server(): Promise<ServerProcess> {
  const started = await spawnServer(`game server ${servers.length + 1}`, {
    REDIS_URL: redis.url,
    DATABASE_URL: databaseUrl,
    THROW_WORKERS: '1',
    // Many rooms and clients from this machine: loopback is not limited here.
    LIMIT_LOOPBACK: '0',
    WAKE_EVERY_MS: '300',
  });
  servers.push(started);
  return started;
}

/** Two people at a new table of the process at `url`, the host's first throw made. */
async function gameUnderWay(url: string, host: string, guest: string): Promise<[Player, Player]> {
  const first = await Player.create(url, host);
  const roomId = (await first.next('welcome')).view.roomId;
  const second = await Player.join(url, roomId, guest);
  await second.next('welcome');
  first.send('start', {});
  await second.next('view', (v) => v.phase === 'playing');
  first.send('throw', GESTURE);
  await first.next('view', (v) => v.game?.rollsUsed === 1);
  await second.next('view', (v) => v.game?.rollsUsed === 1);
  return [first, second];
}

/** What must be the same after a move: the game as played, and who sits where. */
function played(view: RoomView) {
  return { game: view.game, seats: view.seats.map((s) => s.name), host: view.host };
}

// Ample: a process started here takes a minute to be ready with both cores busy.
beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres({ fsync: 'off' }), spawnRedis()]);
  databaseUrl = await postgres.createDatabase('shared');
}, 180_000);

afterAll(async () => {
  // Before the servers stop: their players would try to reconnect for a minute.
  Player.dropAll();
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  await Promise.all([redis?.stop('SIGKILL'), postgres?.stop('immediate')]);
}, 60_000);

// Ample: a process started here takes a minute to be ready with both cores busy.
describe('server processes sharing one database over Redis', { timeout: 300_000 }, () => {
  let roomId: string;
  let keys: { mari: string; juri: string };
  let before: RoomView;
  let mari: Player;
  let juri: Player;
  /** The processes up now: the room is played through the last. */
  let up: ServerProcess[];
  /** A room played on while Redis goes away and comes back, and its players. */
  let runningId: string;
  let running: Player[];
  /** A room whose process was stopped while Redis was away: its id, its seats' keys, its game then. */
  let stopped: { id: string; keys: string[]; game: RoomView['game'] };

  it('plays one room through two processes, and goes on under the same id through the other when its process is killed', async () => {
    const [a, b] = await Promise.all([server(), server()]);
    up = [b];
    mari = await Player.create(a.url, 'Mari');
    roomId = (await mari.next('welcome')).view.roomId;
    juri = await Player.join(b.url, roomId, 'Jüri');
    expect((await juri.next('welcome')).seat).toBe(1);
    mari.send('start', {});
    await juri.next('view', (v) => v.phase === 'playing');
    mari.send('throw', GESTURE);
    await juri.next('view', (v) => v.game?.rollsUsed === 1);
    mari.send('hold', { index: 2, held: true });
    before = await juri.next('view', (v) => v.game?.held[2] === true);
    keys = { mari: mari.key!, juri: juri.key! };

    const token = mari.room.reconnectionToken;
    await a.stop('SIGKILL');
    // A reconnection by token (a reload) is refused at once, saying the room moved...
    const reconnected = await new Client(b.url).reconnect(token).then(
      () => 'accepted',
      (error: unknown) => joinRefusal(error).code,
    );
    expect(reconnected).toBe('room-moved');
    // ...and the same room id with the seat keys, through the process that is up, finds the game.
    mari = await Player.join(b.url, roomId, 'Mari', keys.mari);
    juri = await Player.join(b.url, roomId, 'Jüri', keys.juri);
    expect((await mari.next('welcome')).seat).toBe(0);
    expect((await juri.next('welcome')).seat).toBe(1);
    const now = await mari.next('view', (v) => v.seats.every((s) => s.connected));
    expect(now.roomId).toBe(roomId);
    expect(played(now)).toEqual(played(before));
    mari.send('throw', GESTURE);
    const thrown = await juri.next('thrown');
    expect(thrown).toMatchObject({ seat: 0, held: [false, false, true, false, false] });
    before = await juri.next('view', (v) => v.game?.rollsUsed === 2);
  });

  it('goes on through another process when the one holding the room is stopped (SIGTERM)', async () => {
    const [b] = up;
    const c = await server();
    up = [c];
    const stopped = b!.stop('SIGTERM');
    for (const player of [mari, juri]) {
      expect(await player.next('closing')).toMatchObject({ reason: 'shutdown', resumable: true });
    }
    await stopped;
    juri = await Player.join(c.url, roomId, 'Jüri', keys.juri);
    mari = await Player.join(c.url, roomId, 'Mari', keys.mari);
    expect((await juri.next('welcome')).seat).toBe(1);
    expect((await mari.next('welcome')).seat).toBe(0);
    const now = await juri.next('view', (v) => v.seats.every((s) => s.connected));
    expect(now.roomId).toBe(roomId);
    expect(played(now)).toEqual(played(before));
    mari.send('score', { row: 'chance' });
    const scored = await juri.next('view', (v) => v.game?.current === 1);
    expect(scored.game?.players[0]?.scores.chance).toBeGreaterThan(0);
    await Promise.all([mari.leave(), juri.leave()]);
  });

  it('wakes a sleeping game at one’s own pace when its clock runs out, in one process only: a stand-in plays the turn', async () => {
    const [c] = up;
    const d = await server();
    up = [c!, d];
    const host = await Player.create(c!.url, 'Anu');
    const pacedId = (await host.next('welcome')).view.roomId;
    const guest = await Player.join(d.url, pacedId, 'Peeter');
    await guest.next('welcome');
    host.send('clock', { seconds: DAY_SECONDS, pace: 'own-pace' });
    await host.next('view', (v) => v.clock.pace === 'own-pace');
    host.send('start', {});
    await guest.next('view', (v) => v.phase === 'playing');
    const guestKey = guest.key!;
    // Its room is let go once empty, its game kept: then (not before: it is held till then) it is woken.
    await Promise.all([guest.leave(), host.leave()]);

    const woken = new RegExp(`Room ${pacedId}: its game goes on`);
    // (Each process looks every 0.3 s here, once the room is let go; with both cores busy that took
    // over 30 s.)
    const wakers = [c!, d].map((s) => s.waitFor(woken, 75_000).then(() => s));
    await moveDeadline({ DATABASE_URL: databaseUrl }, pacedId, Date.now() - 1000);
    const waker = await Promise.race(wakers);
    // The stand-in plays Anu's turn; Peeter comes back, through the process that did not wake it, to his turn.
    const other = waker === c ? d : c!;
    const back = await Player.join(other.url, pacedId, 'Peeter', guestKey);
    const welcome = await back.next('welcome');
    expect(welcome.seat).toBe(1);
    const view =
      welcome.view.game?.current === 1 ? welcome.view : await back.next('view', (v) => v.game?.current === 1);
    expect(Object.keys(view.game!.players[0]!.scores)).toHaveLength(1);
    expect(view.roomId).toBe(pacedId);
    // Only one process brought it back.
    expect(other.output.match(woken)).toBeNull();
    await back.leave();
  });

  it('refuses joins as server-unavailable while Redis is gone; the process stays up and its room plays on, stored', async () => {
    // (The process the last test started is the one stopped here: each start costs seconds of CPU.)
    const [c, e] = up;
    up = [c!];
    // A game under way on the process, as Redis goes, and one on a process stopped meanwhile.
    const [kati, mart] = await gameUnderWay(c!.url, 'Kati', 'Mart');
    runningId = kati.view.roomId;
    running = [kati, mart];
    const [liis, toomas] = await gameUnderWay(e!.url, 'Liis', 'Toomas');
    stopped = { id: liis.view.roomId, keys: [liis.key!, toomas.key!], game: liis.view.game };

    await redis.stop('SIGTERM');
    for (const join of [() => Player.create(c!.url, 'Kati'), () => Player.join(c!.url, roomId, 'Kati')]) {
      const refused = await join().then(
        () => 'accepted',
        (error: unknown) => joinRefusal(error, roomId).code,
      );
      expect(refused).toBe('server-unavailable');
    }
    // The room already running plays on, its moves stored in the database.
    kati.send('score', { row: 'chance' });
    mart.send('throw', GESTURE);
    expect(await kati.next('thrown', (t) => t.seat === 1)).toMatchObject({ seat: 1, number: 1 });
    expect(c!.running).toBe(true);
    // A process stopped meanwhile keeps its games: they are in the database, Redis or not. (It cannot
    // tell its players 'closing': Colyseus's shutdown stops at its first Redis command. Their pages
    // see a process gone, as after a crash.)
    await e!.stop('SIGTERM');
  });

  it('takes joins again once Redis is back, empty: the running room is listed again, and a game whose process was stopped meanwhile goes on', async () => {
    const [c] = up;
    const from = c!.output.length;
    redis = await spawnRedis(Number(new URL(redis.url).port));
    await c!.waitFor(/Redis is back: this process's rooms are listed again/, 30_000, from);
    // The running room is found again (a latecomer is told its game has started, not that it is not
    // there), through another process too.
    const d = await server();
    for (const through of [c!, d]) {
      const late = await Player.join(through.url, runningId, 'Liis').then(
        () => 'accepted',
        (error: unknown) => joinRefusal(error, runningId).code,
      );
      expect(late).toBe('game-started');
    }
    // Its game goes on, and new rooms are made.
    const [kati, mart] = running;
    mart!.send('score', { row: 'chance' });
    kati!.send('throw', GESTURE);
    expect(await mart!.next('thrown', (t) => t.seat === 0)).toMatchObject({ seat: 0, number: 2 });
    // The game of the process stopped while Redis was away goes on, through another, as it was.
    const [liis, toomas] = await Promise.all(
      ['Liis', 'Toomas'].map((name, seat) => Player.join(d.url, stopped.id, name, stopped.keys[seat])),
    );
    const welcome = await liis!.next('welcome');
    expect(welcome.seat).toBe(0);
    expect(welcome.view.game).toEqual(stopped.game);
    expect((await toomas!.next('welcome')).seat).toBe(1);
    const newcomer = await Player.create(d.url, 'Anu');
    expect((await newcomer.next('welcome')).seat).toBe(0);
    // Redis holds no game: only Colyseus's listings and the processes' counts.
    const data = new Redis(redis.url);
    try {
      expect((await data.keys('*')).filter((key) => key.startsWith('tp:'))).toEqual([]);
    } finally {
      data.disconnect();
    }
  });
});
