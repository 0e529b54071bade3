/**
 * Every connection bounded, tried as an attacker would on a real server (its own limits, loopback
 * limited as any address): slow requests cut at the stated times, connections capped per address, a
 * WebSocket that never joins or goes quiet closed, and seat reservations that no script can take from
 * a seat's person or from every watcher.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionLimits, DEFAULT_CONNECTIONS_PER_ADDRESS } from './http-connections.js';
import { matchmake, RawSocket } from './raw-client.js';
import {
  HEADERS_TIMEOUT_MS,
  JOIN_DEADLINE_MS,
  PING_INTERVAL_MS,
  PING_MAX_RETRIES,
  REQUEST_TIMEOUT_MS,
  startServer,
  type RunningServer,
  type StartOptions,
} from './server.js';
import { Player } from './test-player.js';

/** A server for the tests of one describe block. */
function serverFor(options: StartOptions = {}): { readonly current: RunningServer } {
  const holder = {} as { current: RunningServer };
  beforeAll(async () => {
    holder.current = await startServer({
      port: 0,
      staticDir: null,
      throwWorkers: 0,
      botDelayMs: 0,
      ...options,
    });
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  return holder;
}

/** A TCP connection to `server`, open; `data` gathers what it was sent, `closed` its end (ms after `from`). */
async function tcp(
  server: RunningServer,
): Promise<{ socket: Socket; data: () => string; closed: Promise<number>; openedAt: number }> {
  const socket = connect(server.port, server.host);
  socket.on('error', () => {});
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const openedAt = Date.now();
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - openedAt)));
  return { socket, data: () => text, closed, openedAt };
}

/** Writes `text` one byte every `everyMs` until the socket closes. */
function trickle(socket: Socket, text: string, everyMs = 1000): void {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) clearInterval(timer);
    else socket.write(text[i++ % text.length]!);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

/** The status line of a GET on a new connection (429 when refused), or 'closed' if none came. */
async function statusOfNewConnection(server: RunningServer): Promise<string> {
  const { socket, data, closed } = await tcp(server);
  socket.write('GET /nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  await closed;
  return /^HTTP\/1\.1 (\d{3})/.exec(data())?.[1] ?? 'closed';
}

describe('slow requests', { timeout: 60_000 }, () => {
  const server = serverFor();

  it('cuts a connection that sends nothing or trickles its headers at 20 s, and one trickling its body at 30 s', async () => {
    const silent = await tcp(server.current);
    const headers = await tcp(server.current);
    headers.socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    trickle(headers.socket, 'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaa\r\n');
    const body = await tcp(server.current);
    body.socket.write(
      'POST /matchmake/create/dice HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    trickle(body.socket, ' ');
    const [silentMs, headersMs, bodyMs] = await Promise.all([silent.closed, headers.closed, body.closed]);
    // Node looks every second (it looked every 30 s: a trickled request was cut at 48 s).
    for (const ms of [silentMs, headersMs]) {
      expect(ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 1000);
      expect(ms).toBeLessThan(HEADERS_TIMEOUT_MS + 6000);
    }
    expect(bodyMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 1000);
    expect(bodyMs).toBeLessThan(REQUEST_TIMEOUT_MS + 6000);
    expect(headers.data()).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('connections per address', { timeout: 60_000 }, () => {
  const server = serverFor();

  it('refuses one past 64 open from an address at once (429 too-many-connections), and takes one again when one closes', async () => {
    const open: Awaited<ReturnType<typeof tcp>>[] = [];
    for (let i = 0; i < DEFAULT_CONNECTIONS_PER_ADDRESS; i++) open.push(await tcp(server.current));
    const refused = await tcp(server.current);
    const refusedIn = await refused.closed;
    expect(refused.data()).toMatch(/^HTTP\/1\.1 429 /);
    expect(refused.data()).toContain('"code":"too-many-connections"');
    expect(refusedIn).toBeLessThan(5000);
    // The 64 are still served.
    open[0]!.socket.write('GET /nothing HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect.poll(() => open[0]!.data(), { timeout: 5000 }).toMatch(/^HTTP\/1\.1 404/);
    // One closes: another is taken (once the server has seen it close).
    open[1]!.socket.destroy();
    await expect.poll(() => statusOfNewConnection(server.current), { timeout: 10_000 }).toBe('404');
    for (const { socket } of open) socket.destroy();
  });

  it('counts WebSockets and requests by the address a trusted proxy gives', async () => {
    const limits = new ConnectionLimits({ connectionsPerAddress: 2, trustProxy: 1 });
    const from = (client: string) =>
      ({
        headers: { 'x-forwarded-for': client },
        socket: { remoteAddress: '127.0.0.1', destroy() {} },
      }) as unknown as IncomingMessage;
    const socket = () => {
      const stream = new PassThrough();
      stream.on('error', () => {});
      return stream;
    };
    const a = [socket(), socket()];
    // Every socket is the proxy's: none is counted as it is accepted.
    expect(limits.accept(socket() as never)).toBe(true);
    expect(limits.upgrade(from('203.0.113.1'), a[0]!)).toBe(true);
    expect(limits.upgrade(from('203.0.113.1'), a[1]!)).toBe(true);
    const third = socket();
    let answer = '';
    third.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    expect(limits.upgrade(from('203.0.113.1'), third)).toBe(false);
    expect(answer).toMatch(/^HTTP\/1\.1 429 [\s\S]*too-many-connections/);
    // Another client behind the same proxy is counted on its own.
    expect(limits.upgrade(from('203.0.113.2'), socket())).toBe(true);
    // A request while a WebSocket of its address is open is refused too; once one closes, it is taken.
    const res = {
      setHeader() {},
      writeHead: () => res,
      end() {},
      once: () => res,
    } as unknown as ServerResponse;
    expect(limits.request(from('203.0.113.1'), res)).toBe(false);
    a[0]!.destroy();
    await new Promise((resolve) => a[0]!.once('close', resolve));
    expect(limits.count('203.0.113.1')).toBe(1);
    expect(limits.request(from('203.0.113.1'), res)).toBe(true);
  });
});

describe('WebSockets', { timeout: 60_000 }, () => {
  const server = serverFor();

  it('terminates one that never acknowledges its join at 10 s, and one that answers no ping in 6 to 9 s; an answering one stays', async () => {
    const mari = await Player.create(server.current.url, 'Mari');
    const { roomId } = (await mari.next('welcome')).view;
    const watch = async (options: { ack?: boolean; autoPong?: boolean }) => {
      const made = await matchmake(server.current.url, 'joinById', roomId, { watch: true });
      if (!made.ok) throw new Error(made.error);
      return RawSocket.open(server.current.url, made.reservation, options);
    };
    const silentOpened = Date.now();
    const unacknowledged = await watch({ ack: false });
    const mute = await watch({ autoPong: false });
    const fine = await watch({});
    await mute.joined;
    const muteJoined = Date.now();
    await fine.joined;
    const [, muteCode] = await Promise.all([unacknowledged.closed, mute.closed]);
    const muteMs = Date.now() - muteJoined;
    const unacknowledgedMs = Date.now() - silentOpened;
    expect(unacknowledgedMs).toBeGreaterThanOrEqual(JOIN_DEADLINE_MS - 1000);
    expect(unacknowledgedMs).toBeLessThan(JOIN_DEADLINE_MS + 6000);
    expect(muteCode).toBe(1006); // terminated: no close frame
    expect(muteMs).toBeGreaterThanOrEqual(PING_INTERVAL_MS * (PING_MAX_RETRIES - 1));
    expect(muteMs).toBeLessThan(PING_INTERVAL_MS * (PING_MAX_RETRIES + 1) + 6000);
    // The one that answers pings and joined is still open, past both times.
    expect(fine.socket.readyState).toBe(fine.socket.OPEN);
    fine.close();
    await mari.room.leave();
  });
});

describe('seat reservations', { timeout: 60_000 }, () => {
  // Clients come through a trusted proxy here, each with its own address (X-Forwarded-For); Mari, Jüri and
  // the watcher from this machine's own.
  const server = serverFor({ trustProxy: 1, reconnectSeconds: 60 });

  /** Reservations taken by a script from `address`, never followed by a connection, until refused. */
  async function takeAll(roomId: string, address: string): Promise<number> {
    let taken = 0;
    for (const options of [{ name: 'Jüri' }, { watch: true }]) {
      for (let i = 0; i < 10; i++) {
        const made = await matchmake(server.current.url, 'joinById', roomId, options, address);
        if (!made.ok) {
          expect(made.error).toMatch(/already full/);
          break;
        }
        taken++;
      }
    }
    return taken;
  }

  // The attack: a room's reservations taken again and again from a watch link, so that a dropped player's
  // rejoin with her key, and every watcher, failed as "already full".
  it("never lock out a seat's person coming back with her key, nor every watcher", async () => {
    const mari = await Player.create(server.current.url, 'Mari');
    const { roomId } = (await mari.next('welcome')).view;
    const juri = await Player.join(server.current.url, roomId, 'Jüri');
    await juri.next('welcome');
    const key = juri.key!;
    mari.send('start', {});
    await juri.next('view', (v) => v.phase === 'playing');
    juri.room.connection.close();
    await mari.next('view', (v) => v.seats[1]?.connected === false);

    // One script (one address) takes what it can: two of each pool, so the others always find some.
    expect(await takeAll(roomId, '203.0.113.66')).toBe(4);
    const watcher = await Player.watch(server.current.url, roomId);
    expect((await watcher.next('welcome')).watching).toBe(true);

    // Scripts from many addresses take every reservation there is: still her key takes her seat.
    for (let i = 1; i <= 4; i++) await takeAll(roomId, `203.0.113.${i}`);
    const back = await Player.join(server.current.url, roomId, 'Jüri', key);
    expect((await back.next('welcome')).seat).toBe(1);
    // The pools were full around her join: a join by name from yet another address is refused.
    const late = await matchmake(server.current.url, 'joinById', roomId, { name: 'Jüri' }, '203.0.113.99');
    expect(late).toMatchObject({ ok: false, error: expect.stringMatching(/already full/) });
    await back.room.leave();
    await watcher.room.leave();
    await mari.room.leave();
  });
});
