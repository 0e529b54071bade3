/**
 * "My games" from the real server (no Redis: the games in its database): a page that shows its seat
 * keys is told each game they hold a seat in, whose turn it is and when it last changed; a key that holds
 * no seat tells nothing; a body that is not a list of keys, or too large, is refused with a code.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_GAMES_PATH, type MyGame } from '../../src/online/my-games.js';
import { freshDataDir, spawnServer, type ServerProcess } from './processes.js';
import { Player } from './test-player.js';

let server: ServerProcess;

// Ample: a process started here takes a minute to be ready with both cores busy.
beforeAll(async () => {
  // Behind one trusted proxy: a request's X-Forwarded-For is its client's address.
  server = await spawnServer('game server', {
    DATA_DIR: freshDataDir(),
    THROW_WORKERS: '1',
    TRUST_PROXY: '1',
  });
}, 180_000);

afterAll(async () => {
  // Before the servers stop: their players would try to reconnect for a minute.
  Player.dropAll();
  await server?.stop('SIGKILL');
});

async function ask(
  body: unknown,
  forwardedFor?: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(new URL(MY_GAMES_PATH, server.url), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('my games', { timeout: 60_000 }, () => {
  it('tells each seat’s game to the page that shows its key: who plays, whose turn, when it changed', async () => {
    const mari = await Player.create(server.url, 'Mari');
    const roomId = (await mari.next('welcome')).view.roomId;
    const juri = await Player.join(server.url, roomId, 'Jüri');
    await juri.next('welcome');
    mari.send('clock', { seconds: 24 * 3600, pace: 'own-pace' });
    mari.send('start', {});
    await juri.next('view', (v) => v.phase === 'playing');
    const before = Date.now();
    const { status, json } = await ask({ keys: [juri.key!, 'A'.repeat(22)] });
    expect(status).toBe(200);
    const games = json.games as MyGame[];
    expect(games).toHaveLength(1);
    expect(games[0]).toMatchObject({
      roomId,
      seat: 1,
      phase: 'playing',
      pace: 'own-pace',
      players: ['Mari', 'Jüri'],
      current: 0,
      round: 1,
    });
    expect(games[0]!.endsAt! - before).toBeGreaterThan(23 * 3600_000);
    expect(Math.abs(games[0]!.changedAt - before)).toBeLessThan(60_000);
    // A key that holds no seat tells nothing.
    expect((await ask({ keys: ['B'.repeat(22)] })).json).toEqual({ games: [] });
    await mari.leave();
    await juri.leave();
  });

  it('refuses a request that is not a short list of seat keys, with a code', async () => {
    for (const body of [
      { keys: 'x' },
      { keys: ['short'] },
      { keys: Array.from({ length: 51 }, (_, i) => String(i).padStart(22, 'k')) },
      { keys: [], more: 1 },
      [],
      'not json',
    ]) {
      const { status, json } = await ask(body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json.code).toBe('bad-message');
    }
    const large = await ask({ keys: ['k'.repeat(10_000)] });
    expect(large.status).toBe(413);
    expect(large.json.code).toBe('bad-message');
  });

  /** Sends `head`, then `chunks` one by one; what came back, and how many body bytes were written. */
  async function rawPost(head: string, chunks: Buffer[]): Promise<{ answer: string; written: number }> {
    const { port, hostname } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    socket.on('error', () => {});
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(head);
    let written = 0;
    for (const chunk of chunks) {
      if (answer !== '' || socket.destroyed) break;
      await new Promise((resolve) => socket.write(chunk, resolve));
      written += chunk.length;
    }
    await closed;
    return { answer, written };
  }

  it('refuses a body over 4 kB before reading it: declared, or sent in chunks, the connection then closed', async () => {
    // 100 MB declared; ten bytes sent: the answer comes, and the connection closes, with no more read
    // (not when the request's 30 s are up).
    const started = Date.now();
    const declared = await rawPost(
      `POST ${MY_GAMES_PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${100 * 2 ** 20}\r\n\r\n`,
      [Buffer.from('{"keys":[ ')],
    );
    expect(declared.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(declared.answer).toContain('"code":"bad-message"');
    expect(Date.now() - started).toBeLessThan(10_000);
    // Chunked, 1 kB a chunk: cut once past 4 kB, long before 100 MB.
    const chunk = Buffer.from(`400\r\n${' '.repeat(1024)}\r\n`);
    const chunked = await rawPost(
      `POST ${MY_GAMES_PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      Array.from({ length: 100 * 1024 }, () => chunk),
    );
    // Answered 413 or cut, long before the whole body went out (what went out sat in socket buffers).
    expect(chunked.answer === '' || /^HTTP\/1\.1 413 /.test(chunked.answer), chunked.answer).toBe(true);
    expect(chunked.written).toBeLessThan(10 * 2 ** 20);
  });

  it("counts asks by the client's address the proxy gives, not the proxy's", async () => {
    for (let i = 0; i < 30; i++) expect((await ask({ keys: [] }, '203.0.113.7')).status).toBe(200);
    const refused = await ask({ keys: [] }, '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('too-many-messages');
    expect((await ask({ keys: [] }, '203.0.113.8')).status).toBe(200);
    expect((await ask({ keys: [] })).status).toBe(200);
  });
});
