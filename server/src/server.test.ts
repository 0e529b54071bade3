/**
 * The game server end to end: a real server on a free port, clients from @colyseus/sdk (what the page
 * uses), and every message checked as a client receives it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeRows, replay, setupOf, type Game } from '../../src/engine/index.js';
import { GameRecorder, observedBy } from '../../src/online/game-record.js';
import { KEYS_PATH, parseKeySet } from '../../src/online/record-signature.js';
import { joinRefusal } from '../../src/online/join-refusal.js';
import { verifyGame } from '../../src/online/verify.js';
import { MAX_SEATS, MAX_WATCHERS, MESSAGES_PER_SECOND, STAND_IN_BOT } from '../../src/online/protocol.js';
import { topFace } from '../../src/physics/face-reading.js';
import { decodeTrajectory, samplePose, trajectorySeconds } from '../../src/physics/trajectory.js';
import type { DiePose } from '../../src/physics/types.js';
import { Client } from '@colyseus/sdk';
import { Player } from './test-player.js';
import { startServer, type RunningServer } from './server.js';
import { whereSolved } from './solver-tables.js';

/** How long the server keeps a dropped seat in these tests, seconds. */
const RECONNECT_SECONDS = 2;

let server: RunningServer;
function create(name: string): Promise<Player> {
  return Player.create(server.url, name);
}

function join(roomId: string, name: string): Promise<Player> {
  return Player.join(server.url, roomId, name);
}

/** The refusal code of a join that must fail. */
async function joinRefused(roomId: string, name: string): Promise<string> {
  try {
    await Player.join(server.url, roomId, name);
  } catch (error) {
    return joinRefusal(error, roomId).code;
  }
  throw new Error('The join was accepted');
}

/** A table of a host and a guest, started: the host (seat 0) is to throw. */
async function startedTable(): Promise<[Player, Player]> {
  const host = await create('Mari');
  await host.next('welcome');
  const guest = await join(host.room.roomId, 'Jüri');
  await guest.next('welcome');
  host.send('start', {});
  await host.next('view', (v) => v.phase === 'playing');
  await guest.next('view', (v) => v.phase === 'playing');
  return [host, guest];
}

/** The faces the trajectory's last frame shows. */
function restingFaces(trajectory: string): number[] {
  const t = decodeTrajectory(trajectory);
  const pose: DiePose = { x: 0, y: 0, z: 0, qx: 0, qy: 0, qz: 0, qw: 1 };
  return [0, 1, 2, 3, 4].map((die) => {
    samplePose(t, trajectorySeconds(t), die, pose);
    return topFace({ x: pose.qx, y: pose.qy, z: pose.qz, w: pose.qw }).face;
  });
}

const GESTURE = { dirX: 0.1, dirZ: -1, speed: 12 };

beforeAll(async () => {
  server = await startServer({
    port: 0,
    staticDir: null,
    botDelayMs: 0,
    reconnectSeconds: RECONNECT_SECONDS,
    // Many rooms and clients from this machine: loopback is not limited here.
    limitLoopback: false,
  });
});

afterAll(async () => {
  // Closing the server ends every room and disconnects everyone still there.
  await server?.close();
});

describe('game server', { timeout: 30_000 }, () => {
  it('creates a private room, lets a second person join it by id, and welcomes each with their seat', async () => {
    const host = await create('Mari');
    const welcome = await host.next('welcome');
    expect(welcome.seat).toBe(0);
    expect(welcome.view).toMatchObject({ roomId: host.room.roomId, phase: 'lobby', host: 0, game: null });
    expect(welcome.view.seats).toEqual([{ name: 'Mari', kind: 'human', connected: true, standIn: false }]);

    const guest = await join(host.room.roomId, 'Jüri');
    const second = await guest.next('welcome');
    expect(second.seat).toBe(1);
    expect(second.view.seats.map((s) => s.name)).toEqual(['Mari', 'Jüri']);
    const seen = await host.next('view');
    expect(seen).toEqual(second.view);
    expect(seen.version).toBe(welcome.view.version + 1);
  });

  it('refuses a start by a guest and one with a single seat; the host adds a computer and starts', async () => {
    const host = await create('Mari');
    await host.next('welcome');
    host.send('start', {});
    expect(await host.next('refused')).toMatchObject({ code: 'not-enough-players', request: 'start' });
    const guest = await join(host.room.roomId, 'Jüri');
    await guest.next('welcome');
    guest.send('start', {});
    expect(await guest.next('refused')).toMatchObject({ code: 'not-host', request: 'start' });
    guest.send('add-bot', { kind: 'easy' });
    expect(await guest.next('refused')).toMatchObject({ code: 'not-host' });
    host.send('add-bot', { kind: 'good' });
    const withBot = await host.next('view', (v) => v.seats.length === 3);
    expect(withBot.seats[2]).toEqual({ name: 'Computer 1', kind: 'good', connected: true, standIn: false });
    host.send('rules', { rules: 'classic' });
    await host.next('view', (v) => v.rules === 'classic');
    host.send('start', {});
    const started = await guest.next('view', (v) => v.phase === 'playing');
    expect(started.game?.players.map((p) => p.name)).toEqual(['Mari', 'Jüri', 'Computer 1']);
    expect(started.game?.rules).toBe('classic');
    host.send('add-bot', { kind: 'easy' });
    expect(await host.next('refused')).toMatchObject({ code: 'game-started', request: 'add-bot' });
  });

  it("throws the dice on the server: everyone gets the trajectory, whose last frame shows the view's faces; the seed stays hidden", async () => {
    const [host, guest] = await startedTable();
    const before = host.view.version;
    host.send('throw', { gesture: GESTURE });
    for (const player of [host, guest]) {
      const thrown = await player.next('thrown');
      const view = await player.next('view');
      expect(thrown.seat).toBe(0);
      expect(thrown.held).toEqual([false, false, false, false, false]);
      expect(view.version).toBe(before + 1);
      expect(view.game?.rollsUsed).toBe(1);
      expect(thrown.faces).toEqual(view.game?.dice);
      expect(restingFaces(thrown.trajectory)).toEqual(view.game?.dice);
      expect(view.game?.seed).toBe(0);
      expect(view.game?.rng).toBe(0);
      // 'thrown' came before its view.
      const order = player.received.map((r) => r.type);
      expect(order.lastIndexOf('thrown')).toBeLessThan(order.lastIndexOf('view'));
    }
    // Held dice stay where they are in the next throw.
    host.send('hold', { index: 2, held: true });
    const holding = await guest.next('view', (v) => v.game?.held[2] === true);
    host.send('throw', { gesture: { dirX: -0.3, dirZ: -0.8, speed: 20 } });
    const second = await guest.next('thrown');
    expect(second.held).toEqual([false, false, true, false, false]);
    expect(second.faces[2]).toBe(holding.game?.dice[2]);
    const after = await guest.next('view');
    expect(restingFaces(second.trajectory)).toEqual(after.game?.dice);
    expect(after.game?.seed).toBe(0);
  });

  it('refuses a throw out of turn to its sender alone; nothing changes and the others hear nothing', async () => {
    const [host, guest] = await startedTable();
    const version = host.view.version;
    const hostCount = host.received.length;
    guest.send('throw', { gesture: GESTURE });
    expect(await guest.next('refused')).toMatchObject({ code: 'not-your-turn', request: 'throw' });
    // A fence: the next change reaches both; before it the host got nothing.
    host.send('hold', { index: 0, held: true }); // refused too (no throw yet): only to the host
    expect(await host.next('refused')).toMatchObject({ code: 'no-roll-yet', request: 'hold' });
    host.send('throw', { gesture: GESTURE });
    await host.next('view', (v) => v.version === version + 1);
    expect(
      host
        .since(hostCount)
        .map((r) => r.type)
        .filter((type) => type !== 'refused'),
    ).toEqual(['thrown', 'acted', 'view']); // the view: the one the page works out from the action
    const guestView = await guest.next('view');
    expect(guestView.version).toBe(version + 1);
  });

  it('refuses forged and malformed messages with their codes and changes nothing', async () => {
    const [host, guest] = await startedTable();
    const version = host.view.version;
    host.send('throw', { gesture: GESTURE, faces: [6, 6, 6, 6, 6] });
    expect(await host.next('refused')).toMatchObject({ code: 'bad-message', request: 'throw' });
    host.room.send('roll', { faces: [6, 6, 6, 6, 6] });
    expect(await host.next('refused')).toMatchObject({ code: 'bad-message', request: 'roll' });
    host.send('throw', { gesture: { dirX: 0, dirZ: -1, speed: 'fast' } });
    expect(await host.next('refused')).toMatchObject({ code: 'bad-message' });
    host.send('throw', { gesture: GESTURE });
    await host.next('view', (v) => v.version === version + 1);
    host.send('score', { row: 'sevens' });
    expect(await host.next('refused')).toMatchObject({ code: 'unknown-row', request: 'score' });
    host.send('hold', { index: 7, held: true });
    expect(await host.next('refused')).toMatchObject({ code: 'bad-die-index' });
    host.send('score', { row: 'chance', points: 50 });
    expect(await host.next('refused')).toMatchObject({ code: 'bad-message' });
    host.room.send(42, { x: 1 });
    expect(await host.next('refused')).toMatchObject({ code: 'bad-message', request: '42' });
    host.send('rules', { rules: 'seed' });
    expect(await host.next('refused')).toMatchObject({ code: 'game-started' });
    host.send('score', { row: 'chance' });
    const scored = await guest.next('view', (v) => v.version === version + 2);
    expect(scored.game?.players[0]?.scores.chance).toBeGreaterThan(0);
    expect(scored.game?.current).toBe(1);
  });

  it('refuses a flood: past the rate limit messages are dropped with too-many-messages, the room unchanged', async () => {
    const [host, guest] = await startedTable();
    const version = host.view.version;
    for (let i = 0; i < 50; i++) guest.send('hold', { index: 0, held: true });
    expect(await guest.next('refused', (r) => r.code === 'too-many-messages')).toMatchObject({
      request: 'hold',
    });
    const refusals = guest.received.filter((r) => r.type === 'refused');
    // Only the burst was looked at (each refused as not-your-turn); the rest were dropped, told once.
    expect(refusals.length).toBeLessThanOrEqual(2 * MESSAGES_PER_SECOND + 2);
    expect(refusals.filter((r) => r.message.code === 'too-many-messages')).toHaveLength(1);
    // The room did not change: the next change is the host's throw, one version on.
    host.send('throw', { gesture: GESTURE });
    expect((await guest.next('view')).version).toBe(version + 1);
  });

  it('limits a flood of valid requests too: at most the burst is carried out', async () => {
    const host = await create('Mari');
    const welcome = await host.next('welcome');
    for (let i = 0; i < 50; i++) host.send('rules', { rules: i % 2 ? 'seed' : 'classic' });
    await host.next('refused', (r) => r.code === 'too-many-messages');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const changes = host.view.version - welcome.view.version;
    expect(changes).toBeGreaterThan(0);
    expect(changes).toBeLessThanOrEqual(2 * MESSAGES_PER_SECOND + 3);
  });

  it('refuses a bad name, a full room, a started room and an unknown or malformed room id', async () => {
    const host = await create('Mari');
    await host.next('welcome');
    const id = host.room.roomId;
    expect(await joinRefused(id, 'x'.repeat(30))).toBe('bad-name');
    expect(await joinRefused(id, '<b>Jüri</b>')).toBe('bad-name');
    expect(await joinRefused(id, '')).toBe('bad-name');
    await expect(new Client(server.url).create('dice', { name: '<script>' })).rejects.toSatisfy(
      (error) => joinRefusal(error).code === 'bad-name',
    );
    for (let i = 1; i < MAX_SEATS; i++) {
      const guest = await join(id, `Guest ${i}`);
      await guest.next('welcome');
    }
    expect(await joinRefused(id, 'Seventh')).toBe('room-full');
    host.send('add-bot', { kind: 'easy' });
    expect(await host.next('refused')).toMatchObject({ code: 'room-full' });

    const [started] = await startedTable();
    expect(await joinRefused(started.room.roomId, 'Late')).toBe('game-started');
    expect(await joinRefused('AAAAAAAAA', 'Mari')).toBe('room-not-found');
    expect(await joinRefused('no such room!', 'Mari')).toBe('bad-room-id');
  });

  it('plays a computer seat by itself, and a whole game to the end, when the secret is shown and the game verifies', async () => {
    const host = await create('Mari');
    await host.next('welcome');
    host.send('add-bot', { kind: 'easy' });
    await host.next('view', (v) => v.seats.length === 2);
    host.send('start', {});
    let view = await host.next('view', (v) => v.phase === 'playing');
    while (view.phase === 'playing') {
      expect(view.game?.current).toBe(0);
      expect(view.proof).toMatchObject({ secret: null, gestures: null });
      host.send('throw', { gesture: GESTURE });
      await host.next('thrown', (t) => t.seat === 0);
      const thrownView = await host.next('view');
      host.send('score', { row: freeRows(thrownView.game!)[0]! });
      // The computer then plays its whole turn (throws, holds, a row) with no one asking.
      const botThrow = await host.next('thrown', (t) => t.seat === 1);
      expect(decodeTrajectory(botThrow.trajectory).frames).toBeGreaterThan(1);
      view = await host.next(
        'view',
        (v) => v.phase === 'over' || (v.game?.current === 0 && v.game.rollsUsed === 0),
      );
    }
    // After the last action, the whole view of the game's end, with its proof.
    view = await host.next('view', (v) => !!v.proof?.secret);
    const game = view.game as Game;
    expect(game.over).toBe(true);
    expect(view.proof?.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(game.players.every((p) => Object.keys(p.scores).length === 13)).toBe(true);
    expect(replay(setupOf(game), game.log)).toEqual(game);
    // What the page saw makes a record that "Verify this game" passes, every launch compared.
    const recorder = new GameRecorder();
    for (const { type, message } of host.received) {
      if (type === 'view') recorder.seeView(message);
      if (type === 'welcome') recorder.seeView(message.view);
      if (type === 'thrown') recorder.seeThrow(message);
    }
    const record = recorder.record()!;
    // Signed by the key the server serves, checked with what this page saw (its commitment, its launches).
    const keys = await parseKeySet(await (await fetch(new URL(KEYS_PATH, server.url))).text());
    expect(await verifyGame(record, { keys, observed: observedBy(record) })).toMatchObject({
      verdict: 'verified',
      launchesCompared: record.gestures.length,
    });
  }, 60_000);

  it('plays an optimal computer seat, its table solved off the main thread', async () => {
    const host = await create('Mari');
    await host.next('welcome');
    host.send('add-bot', { kind: 'optimal' });
    await host.next('view', (v) => v.seats[1]?.kind === 'optimal');
    host.send('start', {});
    await host.next('view', (v) => v.phase === 'playing');
    host.send('throw', { gesture: GESTURE });
    await host.next('view', (v) => v.game?.rollsUsed === 1);
    host.send('score', { row: 'chance' });
    await host.next('thrown', (t) => t.seat === 1);
    const after = await host.next('view', (v) => v.game?.current === 0);
    expect(Object.keys(after.game!.players[1]!.scores)).toHaveLength(1);
    expect(whereSolved('seed')).toBe('worker');
  }, 30_000);

  it('keeps a dropped seat: the view shows it offline, and a reconnection gets the same seat and the exact view', async () => {
    const [host, guest] = await startedTable();
    const token = guest.room.reconnectionToken;
    guest.room.connection.close();
    const offline = await host.next('view', (v) => v.seats[1]?.connected === false);
    expect(offline.seats[1]).toMatchObject({ name: 'Jüri', kind: 'human', standIn: false });
    await guest.reconnect(token);
    const welcome = await guest.next('welcome');
    expect(welcome.seat).toBe(1);
    const back = await host.next('view', (v) => v.seats[1]?.connected === true);
    expect(welcome.view).toEqual(back);
    // And they play on from that seat.
    host.send('throw', { gesture: GESTURE });
    await guest.next('thrown');
    await guest.next('view');
    host.send('score', { row: 'chance' });
    await guest.next('view', (v) => v.game?.current === 1);
    guest.send('throw', { gesture: GESTURE });
    expect(await host.next('thrown', (t) => t.seat === 1)).toBeDefined();
  });

  it('lets a stand-in play a seat gone too long, until its person comes back with its key', async () => {
    const [host, guest] = await startedTable();
    guest.room.connection.close();
    await host.next('view', (v) => v.seats[1]?.connected === false);
    const standIn = await host.next(
      'view',
      (v) => v.seats[1]?.standIn === true,
      (RECONNECT_SECONDS + 5) * 1000,
    );
    expect(standIn.seats[1]).toEqual({ name: 'Jüri', kind: STAND_IN_BOT, connected: false, standIn: true });
    // The host plays a turn; the stand-in plays Jüri's by itself.
    host.send('throw', { gesture: GESTURE });
    await host.next('thrown', (t) => t.seat === 0);
    await host.next('view');
    host.send('score', { row: 'chance' });
    await host.next('thrown', (t) => t.seat === 1);
    await host.next('view', (v) => v.game?.current === 0);
    // By name alone no one gets the seat of a game under way; with the key, the seat is theirs.
    const asker = await join(host.room.roomId, 'jüri').catch((error: unknown) => joinRefusal(error));
    expect(asker).toMatchObject({ code: 'seat-needs-key' });
    const back = await Player.join(server.url, host.room.roomId, 'jüri', guest.key);
    const welcome = await back.next('welcome');
    expect(welcome.seat).toBe(1);
    expect(welcome.view.seats[1]).toEqual({ name: 'Jüri', kind: 'human', connected: true, standIn: false });
  }, 30_000);

  it('makes the next person host when the host leaves: in the lobby the seats move up, and all are told who left and who is host', async () => {
    const host = await create('Mari');
    await host.next('welcome');
    const second = await join(host.room.roomId, 'Jüri');
    await second.next('welcome');
    const third = await join(host.room.roomId, 'Kati');
    await third.next('welcome');
    await host.leave();
    const moved = await second.next('welcome', (w) => w.seat === 0);
    expect(moved.view.host).toBe(0);
    expect(moved.view.seats.map((s) => s.name)).toEqual(['Jüri', 'Kati']);
    expect((await third.next('welcome')).seat).toBe(1);
    expect(await second.next('left')).toEqual({ name: 'Mari', wasHost: true, host: 0 });
    expect(await third.next('left')).toEqual({ name: 'Mari', wasHost: true, host: 0 });
    second.send('add-bot', { kind: 'easy' });
    await third.next('view', (v) => v.seats.length === 3);
    await third.leave();
    expect(await second.next('left')).toEqual({ name: 'Kati', wasHost: false, host: 0 });
  });

  it('makes the next person host when the host leaves a game: a stand-in plays the seat', async () => {
    const [host, guest] = await startedTable();
    await host.leave();
    const view = await guest.next('view', (v) => v.host === 1);
    expect(view.seats[0]).toMatchObject({ name: 'Mari', standIn: true, connected: false });
    expect(await guest.next('left')).toEqual({ name: 'Mari', wasHost: true, host: 1 });
    // The stand-in plays the host's turn; then it is the guest's.
    await guest.next('thrown', (t) => t.seat === 0);
    await guest.next('view', (v) => v.game?.current === 1);
  });

  it('lets people watch by the watch link: no seat, no key, every throw seen, every message refused', async () => {
    const [host, guest] = await startedTable();
    const roomId = host.room.roomId;
    const watcher = await Player.watch(server.url, roomId);
    const welcome = await watcher.next('welcome');
    expect(welcome).toMatchObject({ seat: -1, watching: true });
    expect(welcome.key).toBeUndefined();
    expect(welcome.view.seats.map((s) => s.name)).toEqual(['Mari', 'Jüri']);

    // A watcher plays no part, and changes nothing.
    const version = welcome.view.version;
    watcher.send('throw', { gesture: { dirX: 0, dirZ: -1, speed: 10 } });
    expect(await watcher.next('refused')).toMatchObject({ code: 'watching', request: 'throw' });
    watcher.send('nudge', {});
    expect(await watcher.next('refused')).toMatchObject({ code: 'watching', request: 'nudge' });
    expect(host.view.version).toBe(version);

    // It sees the host's throw as the players do, and never a seat's key.
    host.send('throw', { gesture: { dirX: 0.2, dirZ: -1, speed: 10 } });
    const thrown = await watcher.next('thrown');
    const view = await watcher.next('view', (v) => v.game?.rollsUsed === 1);
    expect(view.game!.dice).toEqual(thrown.faces);
    const seen = JSON.stringify(watcher.received);
    for (const key of [host.key!, guest.key!]) expect(seen).not.toContain(key);

    // Watching is not a seat: a watcher's leaving changes nothing for the players.
    await watcher.leave();
    host.send('hold', { index: 0, held: true });
    await guest.next('view', (v) => v.game?.held[0] === true);
    expect(guest.view.seats.every((s) => s.connected)).toBe(true);
  });

  it(`takes ${MAX_WATCHERS} watchers and refuses more, and bad watch options`, async () => {
    const host = await create('Mari');
    await host.next('welcome');
    const id = host.room.roomId;
    const watchers: Player[] = [];
    // One after another: a room holds only a few joins under way at once (capOpenReservations).
    for (let i = 0; i < MAX_WATCHERS; i++) {
      watchers.push(await Player.watch(server.url, id));
      await watchers[i]!.next('welcome');
    }
    const refusal = async (options: unknown): Promise<string> => {
      try {
        await new Client(server.url).joinById(id, options as object);
      } catch (error) {
        return joinRefusal(error, id).code;
      }
      return 'accepted';
    };
    expect(await refusal({ watch: true })).toBe('too-many-watchers');
    // The seats are still open to people.
    const guest = await join(id, 'Jüri');
    expect(await guest.next('welcome')).toMatchObject({ seat: 1 });
    await watchers[0]!.leave();
    expect(await refusal({ watch: 1 })).toBe('bad-message');
    expect(await refusal({ watch: true, name: 'Mari' })).toBe('bad-message');
    expect(await refusal({ watch: true, key: 'x'.repeat(22) })).toBe('bad-message');
    const late = await Player.watch(server.url, id);
    expect(await late.next('welcome')).toMatchObject({ watching: true });
  });
});
