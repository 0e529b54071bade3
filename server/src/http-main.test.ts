/**
 * main.ts as `npm start` / `npm run serve` run it (processes.ts's spawnServer): production mode, the
 * HTTP settings from its environment, and a wrong one stopping it.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_NAME } from '../../src/online/protocol.js';
import { serverScript, Spawned, spawnServer, type ServerProcess } from './processes.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const started: Spawned[] = [];

afterAll(async () => {
  await Promise.all(started.map((process) => process.stop()));
});

/** main.ts with `env` added to this environment (NODE_ENV unset unless given: vitest sets it to test). */
async function serve(env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServer('game server', { NODE_ENV: '', ...env });
  started.push(server);
  return server;
}

/** A reconnection to a room that is not there: Colyseus hints at allowReconnection() outside production. */
async function reconnectToNothing(server: ServerProcess): Promise<void> {
  const res = await fetch(new URL('/matchmake/reconnect/abcdefghi', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reconnectionToken: 'nothing' }),
  });
  expect(res.ok).toBe(false);
  // The answer is written after the log line, if any.
  await new Promise((resolve) => setTimeout(resolve, 200));
}

/**
 * HTTP settings (checked by the second test), given to every server here: each start costs seconds of
 * CPU, so the production server of the first test is the one the second looks at. Its reconnection
 * spends a join, not a room: the one room a minute is left for the second test.
 */
const SETTINGS = {
  ALLOWED_ORIGINS: 'https://site.example',
  FRAME_ANCESTORS: "'self'",
  CSP_CONNECT_SRC: 'https://game.example.org',
  ROOMS_PER_MINUTE: '1',
  LIMIT_LOOPBACK: '1',
};

// Ample: a process started here takes a minute to be ready with both cores busy.
describe('main.ts', { timeout: 300_000 }, () => {
  /** The server as `npm start` runs it (NODE_ENV unset), with SETTINGS. */
  let production: ServerProcess;
  beforeAll(async () => {
    production = await serve(SETTINGS);
  }, 300_000);

  it('runs in production mode: Colyseus prints no development hints', async () => {
    await reconnectToNothing(production);
    expect(production.output).not.toMatch(/allowReconnection/);
    // The same with NODE_ENV=development prints the hint: the check above sees it when it is there.
    const development = await serve({ ...SETTINGS, NODE_ENV: 'development' });
    await reconnectToNothing(development);
    expect(development.output).toMatch(/allowReconnection/);
  });

  it('takes the HTTP settings from its environment', async () => {
    const server = production;
    const create = () =>
      fetch(new URL(`/matchmake/create/${ROOM_NAME}`, server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://site.example' },
        body: '{"name":"Mari"}',
      });
    const first = await create();
    expect(first.status).toBe(200);
    expect(first.headers.get('access-control-allow-origin')).toBe('https://site.example');
    const second = await create();
    expect(second.status).toBe(403);
    expect((await second.json()).error).toMatch(/^too-many-rooms: /);
    const page = await fetch(new URL('/nothing-here', server.url));
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const policy = page.headers.get('content-security-policy');
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain('https://game.example.org wss://game.example.org');
  });

  it('stops with exit code 2 on a setting that is not valid, naming it', async () => {
    const child = spawn(process.execPath, serverScript('main'), {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ALLOWED_ORIGINS: 'not-an-origin' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const spawned = new Spawned('game server', child);
    started.push(spawned);
    expect(await spawned.exited).toBe(2);
    expect(spawned.output).toMatch(/ALLOWED_ORIGINS: "not-an-origin" is not an origin/);
  });
});
