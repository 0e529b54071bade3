/**
 * A seat belongs to its key, tried as an attacker would against a real server: the opponent's second
 * client takes a dropped host's seat by her name; strangers with the invite link fill the lobby; a move
 * link is used twice. Each attack must fail, and the seat's owner must always get back in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinRefusal } from '../../src/online/join-refusal.js';
import { MAX_SEATS } from '../../src/online/protocol.js';
import { startServer, type RunningServer } from './server.js';
import { Player } from './test-player.js';

/** How long the server keeps a dropped seat here, seconds. */
const RECONNECT_SECONDS = 20;

let server: RunningServer;
beforeAll(async () => {
  // Several clients from this machine: loopback is not limited here.
  server = await startServer({
    port: 0,
    staticDir: null,
    botDelayMs: 0,
    throwWorkers: 0,
    reconnectSeconds: RECONNECT_SECONDS,
    limitLoopback: false,
  });
});
afterAll(async () => {
  await server?.close();
});

/** The refusal code a join ends with, or 'joined'. */
function refusalOf(joining: Promise<Player>): Promise<string> {
  return joining.then(
    async (player) => {
      await player.leave();
      return 'joined';
    },
    (error: unknown) => joinRefusal(error).code,
  );
}

/** Mari hosts, Jüri joins, the game starts. */
async function started(): Promise<{ mari: Player; juri: Player; roomId: string }> {
  const mari = await Player.create(server.url, 'Mari');
  await mari.next('welcome');
  const roomId = mari.room.roomId;
  const juri = await Player.join(server.url, roomId, 'Jüri');
  await juri.next('welcome');
  mari.send('start', {});
  await juri.next('view', (v) => v.phase === 'playing');
  return { mari, juri, roomId };
}

describe('a seat of a game under way', { timeout: 60_000 }, () => {
  it('is never taken by its name: the opponent’s second client gets nothing, and the host comes back with her key', async () => {
    const { mari, juri, roomId } = await started();
    const hostKey = mari.key!;
    mari.room.connection.close();
    await juri.next('view', (v) => v.seats[0]?.connected === false);
    // The attack of the report: at once, and again in other spellings, with Jüri alone there to answer.
    for (const name of ['Mari', 'MARI', 'M\u0430ri', 'Mari\u0307'])
      expect(await refusalOf(Player.join(server.url, roomId, name))).toBe('seat-needs-key');
    juri.send('answer-claim', { seat: 0, admit: true });
    expect((await juri.next('refused')).code).toBe('not-host');
    expect(juri.view.claims).toEqual([]);
    // Her key takes her seat back, from any device.
    const back = await Player.join(server.url, roomId, 'Mari', hostKey);
    expect((await back.next('welcome')).seat).toBe(0);
    expect((await juri.next('view', (v) => v.seats[0]?.connected === true)).host).toBe(0);
    await Promise.all([back.leave(), juri.leave()]);
  });

  it('moves to another device by a link its person alone is sent: good once, the old key then dead', async () => {
    const { mari, juri, roomId } = await started();
    const oldKey = mari.key!;
    mari.send('move-link', {});
    const link = await mari.next('move-link');
    expect(link.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link.until).toBeGreaterThan(Date.now());
    // No one else saw it.
    await juri.next('view');
    expect(JSON.stringify(juri.received)).not.toContain(link.key);
    // As a seat key it is nothing; as a move link it takes the seat with a new key.
    expect(await refusalOf(Player.join(server.url, roomId, 'Mari', link.key))).toBe('seat-needs-key');
    const phone = await Player.move(server.url, roomId, link.key);
    const welcome = await phone.next('welcome');
    expect(welcome.seat).toBe(0);
    expect(welcome.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(welcome.key).not.toBe(oldKey);
    expect((await mari.next('refused')).code).toBe('moved-elsewhere');
    // Used: neither the link nor the old key works again; the new key does.
    expect(await refusalOf(Player.move(server.url, roomId, link.key))).toBe('move-link-used');
    expect(await refusalOf(Player.join(server.url, roomId, 'Mari', oldKey))).toBe('seat-needs-key');
    phone.send('throw', { gesture: { dirX: 0, dirZ: -1, speed: 10 } });
    expect((await juri.next('thrown')).seat).toBe(0);
    await Promise.all([phone.leave(), juri.leave()]);
  });
});

describe('the lobby', { timeout: 60_000 }, () => {
  it('lets the host remove strangers who came with the invite link, connected or not', async () => {
    const mari = await Player.create(server.url, 'Mari');
    await mari.next('welcome');
    const roomId = mari.room.roomId;
    const strangers: Player[] = [];
    for (let i = 1; i < MAX_SEATS; i++) {
      const stranger = await Player.join(server.url, roomId, `Võõras ${i}`);
      await stranger.next('welcome');
      strangers.push(stranger);
    }
    expect(await refusalOf(Player.join(server.url, roomId, 'Jüri'))).toBe('room-full');
    // A stranger may not remove anyone; the host removes them one by one, each told so.
    strangers[0]!.send('remove-seat', { seat: 2 });
    expect((await strangers[0]!.next('refused')).code).toBe('not-host');
    for (const stranger of strangers) {
      mari.send('remove-seat', { seat: 1 });
      expect(await stranger.next('refused')).toMatchObject({ code: 'removed' });
    }
    await mari.next('view', (v) => v.seats.length === 1);
    // Room again for the friend the game was for.
    const juri = await Player.join(server.url, roomId, 'Jüri');
    expect((await juri.next('welcome')).seat).toBe(1);
    await Promise.all([mari.leave(), juri.leave()]);
  });
});
