/**
 * Rooms shared across server processes over Redis, end to end: a Redis server and game server processes
 * of the test's own (as `npm run serve` runs them, with REDIS_URL), players on @colyseus/sdk joining
 * through either process, and the faults: a process killed mid-game, one stopped with SIGTERM, Redis
 * itself going away. Everything started is stopped by its pid, whatever happens.
 */
import { Client, type Room } from '@colyseus/sdk';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinRefusal } from '../../src/online/join-refusal.js';
import type { ClientMessages, RoomView, ServerMessages } from '../../src/online/protocol.js';
import { spawnRedis, spawnServer, type RedisProcess, type ServerProcess } from './processes.js';

type Received = {
  [K in keyof ServerMessages]: { type: K; message: ServerMessages[K] };
}[keyof ServerMessages];

const GESTURE = { dirX: 0.1, dirZ: -1, speed: 12 };
/** Close code of a room closed by its server's shutdown (Colyseus's SERVER_SHUTDOWN). */
const SERVER_SHUTDOWN = 4001;
/** Close code of a leave the client asked for. */
const CONSENTED = 4000;

/** A person at the table, through one room connection at a time. */
class Player {
  readonly received: Received[] = [];
  private cursor = 0;
  private wake: (() => void) | undefined;
  room!: Room;
  /** The close code of the last connection, once it has ended for good (after the SDK's own retries). */
  leftWith: number | undefined;
  /** The seat's key, from the welcome that gave it: how this person takes the seat back. */
  key: string | undefined;

  constructor(readonly name: string) {}

  private use(room: Room): this {
    this.room = room;
    this.leftWith = undefined;
    // The SDK tries to reconnect a dropped connection (to the same process) a few times first.
    room.reconnection.maxRetries = 2;
    room.onMessage('*', (type, message) => {
      this.received.push({ type, message } as Received);
      if (type === 'welcome' && (message as ServerMessages['welcome']).key) {
        this.key = (message as ServerMessages['welcome']).key;
      }
      this.wake?.();
    });
    room.onLeave((code) => {
      this.leftWith = code;
      this.wake?.();
    });
    return this;
  }

  async create(url: string): Promise<this> {
    return this.use(await new Client(url).create('dice', { name: this.name }));
  }

  async join(url: string, roomId: string): Promise<this> {
    const key = this.key ? { key: this.key } : {};
    return this.use(await new Client(url).joinById(roomId, { name: this.name, ...key }));
  }

  send<K extends keyof ClientMessages>(type: K, message: ClientMessages[K]): void {
    this.room.send(type, message);
  }

  private async until<T>(what: string, found: () => T | undefined, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`${this.name}: no ${what} (got ${this.received.map((r) => r.type).join(', ')})`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** The next message of this type (after those taken) that `test` accepts. */
  next<K extends keyof ServerMessages>(
    type: K,
    test: (message: ServerMessages[K]) => boolean = () => true,
  ): Promise<ServerMessages[K]> {
    return this.until(`'${type}'`, () => {
      for (let i = this.cursor; i < this.received.length; i++) {
        const got = this.received[i]!;
        if (got.type === type && test(got.message as ServerMessages[K])) {
          this.cursor = i + 1;
          return got.message as ServerMessages[K];
        }
      }
      return undefined;
    });
  }

  /** The close code once the connection has ended for good. */
  left(): Promise<number> {
    return this.until('leave', () => this.leftWith);
  }

  /** The latest view (from a view or a welcome). */
  get view(): RoomView {
    for (let i = this.received.length - 1; i >= 0; i--) {
      const got = this.received[i]!;
      if (got.type === 'view') return got.message;
      if (got.type === 'welcome') return got.message.view;
    }
    throw new Error('No view yet');
  }
}

let redis: RedisProcess | undefined;
const servers: ServerProcess[] = [];

async function server(name: string): Promise<ServerProcess> {
  const started = await spawnServer(name, { REDIS_URL: redis!.url });
  servers.push(started);
  return started;
}

beforeAll(async () => {
  // redis-server is installed by the scripts CI runs (scripts/test-all.mjs runs scripts/ensure-redis.mjs
  // first), never from inside a test; without it spawnRedis fails saying what to run.
  redis = await spawnRedis();
}, 60_000);

afterAll(async () => {
  // The game servers first (one left waiting for a Redis that is gone would take its grace time).
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  await redis?.stop('SIGKILL');
}, 60_000);

describe('rooms shared across server processes over Redis', { timeout: 120_000 }, () => {
  let a: ServerProcess;
  let b: ServerProcess;
  const host = new Player('Mari');
  const guest = new Player('Jüri');
  /** The room id of the invite link. */
  let invite: string;
  /** The view both saw last before a fault. */
  let before: RoomView;

  it('plays one room through two processes: created through one, joined through the other', async () => {
    [a, b] = await Promise.all([server('A'), server('B')]);
    await host.create(a.url);
    invite = host.room.roomId;
    await host.next('welcome');
    await guest.join(b.url, invite);
    expect((await guest.next('welcome')).seat).toBe(1);
    host.send('start', {});
    await guest.next('view', (v) => v.phase === 'playing');
    host.send('throw', { gesture: GESTURE });
    const [hostThrown, guestThrown] = await Promise.all([host.next('thrown'), guest.next('thrown')]);
    expect(guestThrown).toEqual(hostThrown);
    const [hostView, guestView] = await Promise.all([host.next('view'), guest.next('view')]);
    expect(guestView).toEqual(hostView);
    expect(guestView.game?.rollsUsed).toBe(1);
    expect(guestView.roomId).toBe(invite);
    host.send('hold', { index: 2, held: true });
    before = await guest.next('view', (v) => v.game?.held[2] === true);
  });

  it('goes on with the same game, at the same turn and throw, through another process when the one holding the room is killed', async () => {
    const token = host.room.reconnectionToken;
    await a.stop('SIGKILL');
    // Each player's connection ends (after the SDK's own tries to reconnect to the dead process)...
    const codes = await Promise.all([host.left(), guest.left()]);
    for (const code of codes) expect(code).not.toBe(CONSENTED);
    // ...a reconnection by token (a reload) is refused at once, saying the room moved...
    const reconnected = await new Client(b.url).reconnect(token).then(
      () => 'accepted',
      (error: unknown) => joinRefusal(error).code,
    );
    expect(reconnected).toBe('room-moved');
    // ...and joining the invite's room id again, by name, through a process that is up finds the game.
    await host.join(b.url, invite);
    await guest.join(b.url, invite);
    const [hostWelcome, guestWelcome] = await Promise.all([host.next('welcome'), guest.next('welcome')]);
    expect(hostWelcome.seat).toBe(0);
    expect(guestWelcome.seat).toBe(1);
    const now = await host.next('view', (v) => v.seats.every((s) => s.connected));
    expect(now.roomId).not.toBe(invite);
    expect(guest.room.roomId).toBe(host.room.roomId);
    expect(now.game).toEqual(before.game);
    expect(now.phase).toBe('playing');
    expect(now.host).toBe(0);
    expect(now.version).toBeGreaterThan(before.version);
    // And it plays on: the same player's second throw, the held die kept.
    host.send('throw', { gesture: GESTURE });
    const thrown = await guest.next('thrown');
    expect(thrown).toMatchObject({ seat: 0, held: [false, false, true, false, false] });
    expect(thrown.faces[2]).toBe(before.game?.dice[2]);
    before = await guest.next('view', (v) => v.game?.rollsUsed === 2);
    expect((await host.next('view', (v) => v.game?.rollsUsed === 2)).game).toEqual(before.game);
  });

  it("tells the players 'closing' when their process is stopped, and the game goes on through another", async () => {
    const c = await server('C');
    const stopped = b.stop('SIGTERM');
    for (const player of [host, guest]) {
      expect(await player.next('closing')).toEqual({
        reason: 'shutdown',
        resumable: true,
        message: expect.any(String),
      });
      expect(await player.left()).toBe(SERVER_SHUTDOWN);
    }
    await stopped;
    expect(await b.exited).toBe(0);
    // The first invite still leads to the game, moved twice now.
    await guest.join(c.url, invite);
    await host.join(c.url, invite);
    expect((await guest.next('welcome')).seat).toBe(1);
    expect((await host.next('welcome')).seat).toBe(0);
    const now = await guest.next('view', (v) => v.seats.every((s) => s.connected));
    expect(now.game).toEqual(before.game);
    host.send('score', { row: 'chance' });
    const scored = await guest.next('view', (v) => v.game?.current === 1);
    expect(scored.game?.players[0]?.scores.chance).toBeGreaterThan(0);
  });

  it('refuses new joins as server-unavailable while Redis is gone; the process stays up and its room plays on', async () => {
    const c = servers.at(-1)!;
    await redis!.stop('SIGTERM');
    const refused = await new Client(c.url).create('dice', { name: 'Kati' }).then(
      () => 'accepted',
      (error: unknown) => joinRefusal(error).code,
    );
    expect(refused).toBe('server-unavailable');
    const byId = await new Client(c.url).joinById(invite, { name: 'Kati' }).then(
      () => 'accepted',
      (error: unknown) => joinRefusal(error, invite).code,
    );
    expect(byId).toBe('server-unavailable');
    // The room already running goes on.
    guest.send('throw', { gesture: GESTURE });
    expect(await host.next('thrown')).toMatchObject({ seat: 1 });
    // The process is still there, answering.
    expect(c.running).toBe(true);
    const page = await fetch(c.url);
    expect(page.status).toBeLessThan(500);
    expect(c.running).toBe(true);
  });

  it('takes joins again once Redis is back, empty: the running room lists and stores itself again', async () => {
    const c = servers.at(-1)!;
    const roomId = host.room.roomId;
    redis = await spawnRedis(Number(new URL(redis!.url).port));
    const data = new Redis(redis.url);
    try {
      // Its record is written again...
      const deadline = Date.now() + 30_000;
      while ((await data.get(`tp:room:${roomId}`)) === null) {
        if (Date.now() > deadline) throw new Error('The room did not store itself again');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      data.disconnect();
    }
    // ...it can be found again (a latecomer is told the game has started, not that there is no room)...
    const late = await new Client(c.url).joinById(roomId, { name: 'Kati' }).then(
      () => 'accepted',
      (error: unknown) => joinRefusal(error, roomId).code,
    );
    expect(late).toBe('game-started');
    // ...and new rooms are made.
    const newcomer = await new Player('Kati').create(c.url);
    expect((await newcomer.next('welcome')).seat).toBe(0);
    await newcomer.room.leave(true);
  });
});
