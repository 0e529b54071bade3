/**
 * The page's headers: the policy as built, and on a real server's answers (a page of a temporary
 * folder, its file, a 404, a matchmaking answer).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CspSourceError, pageHeaders, type PageHeaders } from './http-headers.js';
import { startServer, type RunningServer } from './server.js';

/** The headers `middleware` sets on a real answer to a request with `headers` (names in lower case). */
function headersOf(middleware: PageHeaders, headers: Record<string, string> = {}): Record<string, string> {
  const req = new IncomingMessage(new Socket());
  req.headers = headers;
  const res = new ServerResponse(req);
  let failed: unknown;
  middleware(req, res, (error) => {
    failed = error;
  });
  if (failed) throw failed;
  return Object.fromEntries(res.getHeaderNames().map((name) => [name, String(res.getHeader(name))]));
}

/** The CSP directives of `policy`, by name. */
function directives(policy: string | null | undefined): Record<string, string> {
  return Object.fromEntries(
    (policy ?? '').split(/;\s*/).map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources.join(' ')];
    }),
  );
}

describe('pageHeaders', () => {
  it("is default-src 'self' with the own host's WebSockets, no sniffing, no Referer, an opener policy", () => {
    const headers = headersOf(pageHeaders(), { host: 'game.example.org' });
    expect(headers).toEqual({
      'content-security-policy': expect.any(String),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    // The directives in this order, and no other (helmet's defaults are not used).
    expect(Object.entries(directives(headers['content-security-policy']))).toEqual([
      ['default-src', "'self'"],
      ['connect-src', "'self' ws://game.example.org wss://game.example.org"],
      ['object-src', "'none'"],
      ['base-uri', "'none'"],
      ['form-action', "'self'"],
    ]);
  });

  it('lets anyone frame the page unless frame-ancestors is set; X-Frame-Options for none and self', () => {
    expect(directives(headersOf(pageHeaders())['content-security-policy'])).not.toHaveProperty(
      'frame-ancestors',
    );
    const none = headersOf(pageHeaders({ frameAncestors: ["'none'"] }));
    expect(directives(none['content-security-policy'])['frame-ancestors']).toBe("'none'");
    expect(none['x-frame-options']).toBe('DENY');
    expect(headersOf(pageHeaders({ frameAncestors: ["'self'"] }))['x-frame-options']).toBe('SAMEORIGIN');
    const some = headersOf(pageHeaders({ frameAncestors: ["'self'", 'https://*.site.example'] }));
    expect(directives(some['content-security-policy'])['frame-ancestors']).toBe(
      "'self' https://*.site.example",
    );
    expect(some).not.toHaveProperty('x-frame-options');
  });

  it('allows configured origins and their WebSocket twins, and the public address, to be connected to', () => {
    const headers = headersOf(
      pageHeaders({
        connectSources: ['https://Game.Example.org', 'http://localhost:2567', 'wss://ws.example'],
        socketHosts: ['p1.example.org:8443', 'bad host; script-src *'],
      }),
    );
    expect(directives(headers['content-security-policy'])['connect-src']).toBe(
      "'self' ws://p1.example.org:8443 wss://p1.example.org:8443 https://game.example.org wss://game.example.org " +
        'http://localhost:2567 ws://localhost:2567 wss://ws.example https://ws.example',
    );
  });

  it('writes no Host into the policy that is not a host', () => {
    for (const host of ["evil.example; script-src 'unsafe-inline'", 'a b', 'x\r\ny', '']) {
      const policy = headersOf(pageHeaders(), { host })['content-security-policy'];
      expect(directives(policy)['connect-src'], host).toBe("'self'");
    }
    expect(
      directives(headersOf(pageHeaders(), { host: '[::1]:4173' })['content-security-policy'])['connect-src'],
    ).toBe("'self' ws://[::1]:4173 wss://[::1]:4173");
  });

  it('takes X-Forwarded-Host for the own host only from a trusted proxy', () => {
    const proxied = { host: '127.0.0.1:4173', 'x-forwarded-host': 'game.example.org' };
    expect(headersOf(pageHeaders(), proxied)['content-security-policy']).toContain('wss://127.0.0.1:4173');
    expect(headersOf(pageHeaders({ trustProxy: 1 }), proxied)['content-security-policy']).toContain(
      'wss://game.example.org',
    );
  });

  it('refuses a source that is none', () => {
    for (const connectSources of [
      ['example.org'],
      ['https://example.org/path'],
      ["'unsafe-eval'"],
      ['https://a;b'],
    ]) {
      expect(() => pageHeaders({ connectSources }), connectSources[0]).toThrow(CspSourceError);
    }
    for (const frameAncestors of [
      ["'unsafe-inline'"],
      ['https://a.example; script-src *'],
      ["'none'", "'self'"],
    ]) {
      expect(() => pageHeaders({ frameAncestors }), frameAncestors.join(' ')).toThrow(CspSourceError);
    }
  });
});

describe("the server's answers", () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'http-headers-'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><title>Täringupokker</title><dice-poker></dice-poker>',
    );
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'index-AbCdEf12.js'), 'export {};');
    server = await startServer({ port: 0, staticDir: dir, throwWorkers: 0 });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The security headers every answer has, checked on `res`. */
  function expectPageHeaders(res: Response): void {
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp['default-src']).toBe("'self'");
    expect(csp['connect-src']).toBe(`'self' ws://127.0.0.1:${server.port} wss://127.0.0.1:${server.port}`);
    expect(csp['object-src']).toBe("'none'");
    expect(csp).not.toHaveProperty('frame-ancestors');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('x-powered-by')).toBeNull();
    // None of helmet's other defaults: HSTS is the proxy's, CORP would keep other sites from the files.
    for (const name of [
      'strict-transport-security',
      'cross-origin-resource-policy',
      'cross-origin-embedder-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ]) {
      expect(res.headers.get(name), name).toBeNull();
    }
  }

  it('has them on the page, also by an invite link', async () => {
    for (const path of ['/', '/?room=abcdefghi']) {
      const res = await fetch(new URL(path, server.url));
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<dice-poker>');
      expectPageHeaders(res);
    }
  });

  it("has them on the page's files, which any origin may load (no credentials)", async () => {
    const res = await fetch(new URL('/assets/index-AbCdEf12.js', server.url), {
      headers: { origin: 'https://other.example' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expectPageHeaders(res);
  });

  it('has them on a 404', async () => {
    const res = await fetch(new URL('/no/such/file.js', server.url));
    expect(res.status).toBe(404);
    expectPageHeaders(res);
  });

  it('has them on a matchmaking answer', async () => {
    const res = await fetch(new URL('/matchmake/joinById/abcdefghi', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Mari"}',
    });
    expect(res.status).toBe(522);
    expectPageHeaders(res);
  });
});
