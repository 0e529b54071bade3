/**
 * The page's files as the game server sends them: in the compressed form the browser takes (made at
 * build time beside each file), with the type of the file itself, cached for a year only when hashed.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodingQualities } from './precompressed.js';
import { serveSite } from './static-site.js';

const SCRIPT = `export const table = ${JSON.stringify('felt '.repeat(400))};\n`;
const PAGE = '<!doctype html><title>Täringupokker</title><dice-poker></dice-poker>';

let server: Server;
let port: number;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-'));
  mkdirSync(join(dir, 'assets'));
  const files: Record<string, string> = {
    'index.html': PAGE,
    'assets/index-CkghWJxL.js': SCRIPT,
    'sw.js': SCRIPT,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(join(dir, '.secret'), 'no');
  const app = express();
  serveSite(app, dir);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** GET (or `method`) `path` with this Accept-Encoding: the status, headers and the body as sent. */
function get(path: string, encodings: string, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        { port, host: '127.0.0.1', path, method, headers: { 'accept-encoding': encodings } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              headers: res.headers as Record<string, string | undefined>,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

describe('the page’s files', () => {
  it('go brotli-compressed to a browser that takes it, else gzip, else as they are, typed as the file', async () => {
    const path = '/assets/index-CkghWJxL.js';
    const br = await get(path, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    const gz = await get(path, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    expect(gz.headers['content-length']).toBe(String(gz.body.length));
    const plain = await get(path, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(SCRIPT);
    const none = await get(path, '');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers['content-length']).toBe(String(SCRIPT.length));
  });

  it('follow the browser’s preference: a coding refused with q=0 is never sent, a higher q wins', async () => {
    const path = '/assets/index-CkghWJxL.js';
    expect((await get(path, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get(path, 'br;q=0.5, gzip;q=0.8')).headers['content-encoding']).toBe('gzip');
    expect((await get(path, '*')).headers['content-encoding']).toBe('br');
    expect((await get(path, 'gzip;q=0, br;q=0')).headers['content-encoding']).toBeUndefined();
    const head = await get(path, 'br', 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });

  it('read Accept-Encoding as RFC 9110 writes it', () => {
    const q = encodingQualities('gzip, deflate;q=0.5, BR ; q=0.9, *;q=0.1');
    expect([q('gzip'), q('deflate'), q('br'), q('zstd')]).toEqual([1, 0.5, 0.9, 0.1]);
    expect(encodingQualities(undefined)('br')).toBe(0);
  });

  it('keep a hashed file a year and check the rest each time, compressed or not', async () => {
    expect((await get('/assets/index-CkghWJxL.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const path of ['/sw.js', '/']) {
      expect((await get(path, 'br')).headers['cache-control']).toBe('no-cache');
    }
  });

  it('serve the page for / (an invite link), and nothing else: no dotfiles, no listing', async () => {
    const page = await get('/?room=AbCd', 'br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(brotliDecompressSync(page.body).toString()).toBe(PAGE);
    for (const path of ['/.secret', '/assets/', '/nothing.js'])
      expect((await get(path, 'br')).status).toBe(404);
  });
});
