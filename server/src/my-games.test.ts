/**
 * "My games" from the real server (no Redis: the games in its database): a page that shows its seat
 * keys is told each game they hold a seat in, whose turn it is and when it last changed; a key that holds
 * no seat tells nothing; a body that is not a list of keys, or too large, is refused with a code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_GAMES_PATH, type MyGame } from '../../src/online/my-games.js';
import { freshDataDir, spawnServer, type ServerProcess } from './processes.js';
import { Player } from './test-player.js';

let server: ServerProcess;

beforeAll(async () => {
  server = await spawnServer('game server', { DATA_DIR: freshDataDir(), THROW_WORKERS: '1' });
}, 60_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
});

async function ask(body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(new URL(MY_GAMES_PATH, server.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
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
});
