/**
 * Matchmaking bodies are read with a limit: readBody on its own, and a real server (as server.test.ts
 * starts one) answering 413 without reading what is past the limit.
 */
import { request, type IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodyError, MAX_BODY_BYTES, readBody } from './http-body.js';
import { startServer, type RunningServer } from './server.js';

/** A request body stream with these headers, as readBody reads it. */
function fakeRequest(headers: Record<string, string> = {}): PassThrough & IncomingMessage {
  return Object.assign(new PassThrough(), { headers }) as unknown as PassThrough & IncomingMessage;
}

describe('readBody', () => {
  it('reads a body up to the limit, whole', async () => {
    const req = fakeRequest();
    const read = readBody(req, 10);
    req.write('0123');
    req.end('456789');
    expect((await read).toString()).toBe('0123456789');
  });

  it('refuses a declared length over the limit before reading a byte', async () => {
    const req = fakeRequest({ 'content-length': '11' });
    req.write('first bytes');
    const refusal = await readBody(req, 10).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BodyError);
    expect(refusal).toMatchObject({ code: 'body-too-large', status: 413 });
    expect(req.readableLength).toBe(11); // still there: nothing was taken
    expect(req.isPaused()).toBe(true);
  });

  it('refuses a streamed body as soon as it passes the limit, and stops reading there', async () => {
    const req = fakeRequest({ 'transfer-encoding': 'chunked' });
    const read = readBody(req, 10).catch((error: unknown) => error);
    req.write('12345');
    req.write('678901');
    expect(await read).toMatchObject({ code: 'body-too-large' });
    expect(req.isPaused()).toBe(true);
    expect(req.listenerCount('data')).toBe(0);
  });

  it('says when the client breaks off', async () => {
    const req = fakeRequest();
    const read = readBody(req, 10).catch((error: unknown) => error);
    req.write('123');
    req.destroy();
    expect(await read).toMatchObject({ code: 'body-aborted' });
  });

  it('takes 16 KB by default', () => {
    expect(MAX_BODY_BYTES).toBe(16 * 1024);
  });
});

/** What a raw POST got: the status (or the error that cut it) and how much of the body went out. */
interface Outcome {
  status?: number;
  body?: string;
  error?: string;
  sent: number;
}

/**
 * POSTs to `path`: `total` bytes, declared (Content-Length) or chunked, written 64 KB at a time as fast
 * as the connection takes them, stopping as soon as an answer comes or the connection is cut.
 */
function post(url: string, path: string, total: number, chunked: boolean, fill = 'a'): Promise<Outcome> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const outcome: Outcome = { sent: 0 };
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      resolve(outcome);
    };
    const req = request(
      {
        host: hostname,
        port,
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(total) }),
        },
      },
      (res) => {
        outcome.status = res.statusCode;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          outcome.body = text;
          req.destroy();
          finish();
        });
        res.on('error', finish);
      },
    );
    req.on('error', (error) => {
      outcome.error = (error as NodeJS.ErrnoException).code ?? error.message;
      // A response may still be on its way after a write failed.
      setTimeout(finish, 200);
    });
    const chunk = Buffer.alloc(64 * 1024, fill);
    const write = (): void => {
      while (!done && outcome.status === undefined && !req.destroyed && outcome.sent < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - outcome.sent));
        outcome.sent += piece.length;
        if (!req.write(piece)) {
          req.once('drain', write);
          return;
        }
      }
      if (outcome.sent >= total && !req.destroyed) req.end();
    };
    write();
  });
}

describe('a matchmaking request body on the server', { timeout: 60_000 }, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, staticDir: null, throwWorkers: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('of 17 KB, declared, gets 413 with a JSON error', async () => {
    const outcome = await post(server.url, '/matchmake/create/dice', 17 * 1024, false);
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body!)).toMatchObject({ code: 413 });
  });

  it('of 17 KB, chunked, gets 413 too', async () => {
    const outcome = await post(server.url, '/matchmake/create/dice', 17 * 1024, true);
    expect(outcome.status).toBe(413);
  });

  it('of 100 MB, chunked, is cut off early and costs the server no memory', async () => {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const total = 100 * 1024 * 1024;
    const outcome = await post(server.url, '/matchmake/create/dice', total, true);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    // Answered 413 or cut, long before the whole body went out (what did go out sat in socket buffers).
    expect(outcome.status === 413 || outcome.error !== undefined, JSON.stringify(outcome)).toBe(true);
    expect(outcome.sent).toBeLessThan(total / 10);
    expect(peak - before).toBeLessThan(40 * 1024 * 1024);
  });

  it('within the limit is handed on to Colyseus whole: a room is made from 15 KB of options', async () => {
    // JSON's own whitespace: the room takes no option it does not know.
    const body = `{"name": ${' '.repeat(15 * 1024)} "Mari"}`;
    const res = await fetch(new URL('/matchmake/create/dice', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'dice', roomId: expect.any(String) });
  });

  it('that is empty is answered, not waited for', async () => {
    for (const chunked of [false, true]) {
      const outcome = await post(server.url, '/matchmake/create/dice', 0, chunked);
      expect(outcome.status, JSON.stringify(outcome)).toBeGreaterThanOrEqual(200);
      expect(outcome.status).not.toBe(413);
    }
  });

  it('that is not JSON is refused as Colyseus refuses it, 400', async () => {
    const res = await fetch(new URL('/matchmake/create/dice', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(res.status).toBe(400);
  });
});
