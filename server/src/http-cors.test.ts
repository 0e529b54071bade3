/**
 * CORS on the matchmaking routes: the policy on its own, and a real server answering the page's own
 * origin, a configured one, a foreign one, and a request with no Origin.
 */
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_NAME } from '../../src/online/protocol.js';
import { OriginListError, OriginPolicy, parseOrigin, requestHost } from './http-cors.js';
import { startServer, type RunningServer } from './server.js';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('parseOrigin', () => {
  it('takes origins (as browsers write them) and *', () => {
    expect(parseOrigin('https://game.example.org')).toBe('https://game.example.org');
    expect(parseOrigin(' https://Game.Example.org/ ')).toBe('https://game.example.org');
    expect(parseOrigin('https://game.example.org:443')).toBe('https://game.example.org');
    expect(parseOrigin('http://localhost:5173')).toBe('http://localhost:5173');
    expect(parseOrigin('*')).toBe('*');
  });

  it('refuses anything else', () => {
    for (const text of [
      'game.example.org',
      'https://a.example/path',
      'ftp://a.example',
      'https://*.a.example',
      '',
    ]) {
      expect(() => parseOrigin(text), text).toThrow(OriginListError);
    }
  });
});

describe('OriginPolicy', () => {
  it("allows the page's own origin (by the Host asked), the configured ones, and no other", () => {
    const policy = new OriginPolicy(['https://site.example']);
    const own = request({ host: 'game.example.org', origin: 'https://game.example.org' });
    expect(policy.allowedOrigin(own)).toBe('https://game.example.org');
    expect(policy.allowedOrigin(request({ host: 'game.example.org', origin: 'https://site.example' }))).toBe(
      'https://site.example',
    );
    for (const origin of [
      'https://evil.example',
      'https://game.example.org.evil.example',
      'null',
      'garbage',
    ]) {
      expect(policy.allowedOrigin(request({ host: 'game.example.org', origin })), origin).toBeUndefined();
    }
    expect(policy.allowedOrigin(request({ host: 'game.example.org' }))).toBeUndefined();
  });

  it('allows every origin with *', () => {
    const policy = new OriginPolicy(['*']);
    expect(policy.allowedOrigin(request({ host: 'a', origin: 'https://anyone.example' }))).toBe(
      'https://anyone.example',
    );
    // A sandboxed or opaque origin is no origin to allow.
    expect(policy.allowedOrigin(request({ host: 'a', origin: 'null' }))).toBeUndefined();
  });

  it('believes X-Forwarded-Host only from a trusted proxy', () => {
    const proxied = request({
      host: '127.0.0.1:4173',
      'x-forwarded-host': 'game.example.org',
      origin: 'https://game.example.org',
    });
    expect(requestHost(proxied)).toBe('127.0.0.1:4173');
    expect(new OriginPolicy([]).allowedOrigin(proxied)).toBeUndefined();
    expect(new OriginPolicy([], 1).allowedOrigin(proxied)).toBe('https://game.example.org');
  });
});

describe('CORS on the server', { timeout: 30_000 }, () => {
  let server: RunningServer;
  let own: string;
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      staticDir: null,
      throwWorkers: 0,
      allowedOrigins: ['https://site.example'],
    });
    own = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A room asked for from a page of `origin` (none: a same-origin fetch or a Node client). */
  function create(origin?: string): Promise<Response> {
    return fetch(new URL(`/matchmake/create/${ROOM_NAME}`, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      body: '{"name":"Mari"}',
    });
  }

  /** The browser's preflight for that request. */
  function preflight(origin: string): Promise<Response> {
    return fetch(new URL(`/matchmake/create/${ROOM_NAME}`, server.url), {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
  }

  it("echoes the page's own origin, with credentials (the SDK sends them)", async () => {
    const res = await create(own);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(own);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')).toMatch(/Origin/);
  });

  it('echoes a configured origin', async () => {
    const res = await create('https://site.example');
    expect(res.headers.get('access-control-allow-origin')).toBe('https://site.example');
  });

  it('gives a foreign origin no CORS header at all', async () => {
    const res = await create('https://evil.example');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect([...res.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it('answers a request with no Origin as before, without CORS headers', async () => {
    const res = await create();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: ROOM_NAME, roomId: expect.any(String) });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows the preflight of an allowed origin, and refuses a foreign one', async () => {
    for (const origin of [own, 'https://site.example']) {
      const allowed = await preflight(origin);
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
      expect(allowed.headers.get('access-control-allow-methods')).toMatch(/POST/);
      expect(allowed.headers.get('access-control-allow-headers')).toMatch(/Content-Type/i);
      expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
      expect(allowed.headers.get('access-control-max-age')).toBe('600');
      expect(allowed.headers.get('vary')).toMatch(/Origin/);
      expect(await allowed.text()).toBe('');
    }
    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe('Origin not allowed');
    expect(refused.headers.get('vary')).toMatch(/Origin/);
    expect([...refused.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });
});
