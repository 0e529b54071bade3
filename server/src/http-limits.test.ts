/**
 * Rooms and joins limited per client address, on a real server with @colyseus/sdk clients (what the
 * page uses): a refusal reaches the client as a coded join refusal, 'too-many-rooms'.
 */
import type { IncomingMessage } from 'node:http';
import { Client, type Room } from '@colyseus/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { joinRefusal } from '../../src/online/join-refusal.js';
import { ROOM_NAME } from '../../src/online/protocol.js';
import {
  AddressLimits,
  allowanceOf,
  DEFAULT_JOINS_PER_MINUTE,
  DEFAULT_ROOMS_PER_MINUTE,
} from './http-limits.js';
import { startServer, type RunningServer, type StartOptions } from './server.js';

/** The room's matchmaking route, POSTed as the SDK does, from `forwardedFor` when given. */
async function matchmake(
  server: RunningServer,
  method: string,
  target: string,
  options: object,
  forwardedFor?: string,
): Promise<Response> {
  return fetch(new URL(`/matchmake/${method}/${target}`, server.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify(options),
  });
}

/** What the SDK throws for `attempt`, as joinRefusal reads it (undefined if it went through). */
async function refusalOf(attempt: Promise<Room>): Promise<ReturnType<typeof joinRefusal> | undefined> {
  try {
    const room = await attempt;
    await room.leave();
    return undefined;
  } catch (error) {
    return joinRefusal(error);
  }
}

/** A server for the tests of one describe block. */
function serverFor(options: StartOptions): { readonly current: RunningServer } {
  const holder = {} as { current: RunningServer };
  beforeAll(async () => {
    holder.current = await startServer({ port: 0, staticDir: null, throwWorkers: 0, ...options });
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  return holder;
}

describe('AddressLimits', () => {
  const request = (remoteAddress: string, headers: Record<string, string> = {}) =>
    ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('spends the room allowance on create and joinOrCreate, the joins one on joins and reconnections', () => {
    expect(['create', 'joinOrCreate'].map(allowanceOf)).toEqual(['rooms', 'rooms']);
    expect(['join', 'joinById', 'reconnect'].map(allowanceOf)).toEqual(['joins', 'joins', 'joins']);
    expect(allowanceOf('query')).toBeUndefined();
    expect(DEFAULT_ROOMS_PER_MINUTE).toBe(20);
    expect(DEFAULT_JOINS_PER_MINUTE).toBe(60);
  });

  it('refuses the next past the allowance with the seconds to wait, then lets it in a minute later', async () => {
    vi.useFakeTimers({ now: 0 });
    const limits = new AddressLimits({ roomsPerMinute: 2, joinsPerMinute: 1 });
    const from = request('192.0.2.1');
    expect(await limits.check(from, 'create')).toBeUndefined();
    vi.setSystemTime(10_000);
    expect(await limits.check(from, 'create')).toBeUndefined();
    expect(await limits.check(from, 'create')).toEqual({
      code: 'too-many-rooms',
      message: 'Too many new games from your address (at most 2 a minute): try again in 50 s',
      retryAfterSeconds: 50,
    });
    // The joins are counted apart.
    expect(await limits.check(from, 'joinById')).toBeUndefined();
    expect(await limits.check(from, 'reconnect')).toMatchObject({
      code: 'too-many-rooms',
      retryAfterSeconds: 60,
    });
    // Another address, another allowance; an IPv6 address is counted by its /64.
    expect(await limits.check(request('192.0.2.2'), 'create')).toBeUndefined();
    vi.setSystemTime(60_000);
    expect(await limits.check(from, 'create')).toBeUndefined();
  });

  it("counts an IPv6 client's whole /64 as one address", async () => {
    const limits = new AddressLimits({ roomsPerMinute: 1 });
    expect(await limits.check(request('2001:db8:1:2::1'), 'create')).toBeUndefined();
    expect(await limits.check(request('2001:db8:1:2::ffff'), 'create')).toBeDefined();
    expect(await limits.check(request('2001:db8:1:3::1'), 'create')).toBeUndefined();
  });

  it('limits loopback like any address unless told not to; with 0 it does not limit at all', async () => {
    const loopback = request('127.0.0.1');
    const strict = new AddressLimits({ roomsPerMinute: 1 });
    expect(await strict.check(loopback, 'create')).toBeUndefined();
    expect(await strict.check(loopback, 'create')).toBeDefined();
    expect(await strict.check(request('::1'), 'create')).toBeUndefined();
    expect(await strict.check(request('::ffff:127.0.0.1'), 'create')).toBeDefined();
    const free = new AddressLimits({ roomsPerMinute: 1, limitLoopback: false });
    expect(await free.check(loopback, 'create')).toBeUndefined();
    expect(await free.check(loopback, 'create')).toBeUndefined();
    const none = new AddressLimits({ roomsPerMinute: 0, limitLoopback: true });
    for (let i = 0; i < 100; i++) expect(await none.check(loopback, 'create')).toBeUndefined();
  });

  it('believes X-Forwarded-For only from trusted proxies, and warns once when it is sent untrusted', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const untrusted = new AddressLimits({ roomsPerMinute: 1 });
    const proxied = (client: string) => request('127.0.0.1', { 'x-forwarded-for': client });
    // The socket's address counts (the proxy's: every client behind it shares its allowance).
    expect(await untrusted.check(proxied('203.0.113.9'), 'create')).toBeUndefined();
    expect(await untrusted.check(proxied('203.0.113.10'), 'create')).toBeDefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/TRUST_PROXY/);
    const trusted = new AddressLimits({ roomsPerMinute: 1, trustProxy: 1 });
    expect(await trusted.check(proxied('203.0.113.9'), 'create')).toBeUndefined();
    expect(await trusted.check(proxied('203.0.113.9'), 'create')).toBeDefined();
    expect(await trusted.check(proxied('203.0.113.10'), 'create')).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('refuses a limit that is not a whole number >= 0', () => {
    expect(() => new AddressLimits({ roomsPerMinute: -1 })).toThrow(RangeError);
    expect(() => new AddressLimits({ joinsPerMinute: 2.5 })).toThrow(RangeError);
    expect(() => new AddressLimits({ trustProxy: -1 })).toThrow(RangeError);
  });
});

describe('rooms per address on the server', { timeout: 60_000 }, () => {
  // The production allowance, from 127.0.0.1 (limited as any address is).
  const server = serverFor({ roomsPerMinute: 20, joinsPerMinute: 3 });

  it("refuses the 21st room of a minute from one address with 'too-many-rooms', read through joinRefusal", async () => {
    for (let i = 0; i < 20; i++) {
      const res = await matchmake(server.current, 'create', ROOM_NAME, { name: `Mari ${i}` });
      expect(res.status, `room ${i + 1}`).toBe(200);
    }
    const raw = await matchmake(server.current, 'create', ROOM_NAME, { name: 'Mari' });
    expect(raw.status).toBe(403);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await raw.json()).toEqual({
      code: 403,
      error: expect.stringMatching(
        /^too-many-rooms: Too many new games from your address \(at most 20 a minute\)/,
      ),
    });
    const refused = await refusalOf(new Client(server.current.url).create(ROOM_NAME, { name: 'Mari' }));
    expect(refused).toEqual({
      code: 'too-many-rooms',
      message: expect.stringMatching(/try again in \d+ s$/),
    });
  });

  it('refuses joins past their own allowance the same way, however the joins went', async () => {
    const join = () => refusalOf(new Client(server.current.url).joinById('abcdefghi', { name: 'Jüri' }));
    for (let i = 0; i < 3; i++) expect(await join()).toMatchObject({ code: 'room-not-found' });
    expect(await join()).toEqual({
      code: 'too-many-rooms',
      message: expect.stringMatching(
        /^Too many joins from your address \(at most 3 a minute\): try again in/,
      ),
    });
  });
});

describe('rooms per address behind a trusted proxy', { timeout: 60_000 }, () => {
  const server = serverFor({ roomsPerMinute: 2, trustProxy: 1 });

  it('counts each client by the address the proxy gives (X-Forwarded-For), not the proxy', async () => {
    const sdk = (client: string) =>
      new Client(server.current.url, { headers: { 'X-Forwarded-For': client } });
    for (let i = 0; i < 2; i++) {
      expect(await refusalOf(sdk('203.0.113.5').create(ROOM_NAME, { name: 'Mari' }))).toBeUndefined();
    }
    expect(await refusalOf(sdk('203.0.113.5').create(ROOM_NAME, { name: 'Mari' }))).toMatchObject({
      code: 'too-many-rooms',
    });
    // A client may put its own claims in front: the proxy's entry (the right-most) is the one counted.
    expect(
      await refusalOf(sdk('198.51.100.1, 203.0.113.5').create(ROOM_NAME, { name: 'Mari' })),
    ).toMatchObject({
      code: 'too-many-rooms',
    });
    expect(await refusalOf(sdk('203.0.113.6').create(ROOM_NAME, { name: 'Jüri' }))).toBeUndefined();
  });
});

describe('rooms per address by default', { timeout: 60_000 }, () => {
  const server = serverFor({});

  // The attack: "one client made 100 rooms in 1.7 s from 127.0.0.1 with no refusal".
  it('limits this machine own clients too: 100 rooms asked from 127.0.0.1 make 20', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      statuses.push((await matchmake(server.current, 'create', ROOM_NAME, { name: 'Mari' })).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(DEFAULT_ROOMS_PER_MINUTE);
    expect(statuses.slice(DEFAULT_ROOMS_PER_MINUTE).every((status) => status === 403)).toBe(true);
  });
});

describe('rooms per address with loopback not limited (LIMIT_LOOPBACK=0)', { timeout: 60_000 }, () => {
  const server = serverFor({ limitLoopback: false });

  it("does not limit this machine's own clients (tests, benchmarks)", async () => {
    for (let i = 0; i <= DEFAULT_ROOMS_PER_MINUTE + 5; i++) {
      expect((await matchmake(server.current, 'create', ROOM_NAME, { name: 'Mari' })).status).toBe(200);
    }
  });
});
