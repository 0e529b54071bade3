/**
 * Signed game records end to end, against real server processes (stopped by their pid): a game played
 * to its end comes with the server's signature; the record the page puts together verifies against the
 * keys the server serves (in Node as in the page, and with `npm run verify -- FILE --server URL`), and
 * fails after a change of one byte. The key outlives a restart (it is kept in the data folder's
 * database): after `npm run rotate-record-key` and a restart it is served, retired, beside the new one,
 * and a record signed before still verifies.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freeRows } from '../../src/engine/index.js';
import {
  GameRecorder,
  observedBy,
  parseGameRecord,
  type OnlineGameRecord,
} from '../../src/online/game-record.js';
import { KEYS_PATH, parseKeySet, type KeySet } from '../../src/online/record-signature.js';
import { verifyGame, type VerifyResult } from '../../src/online/verify.js';
import { freshDataDir, nodeFlags, serverScript, spawnServer, type ServerProcess } from './processes.js';
import { Player } from './test-player.js';

const servers: ServerProcess[] = [];

afterEach(async () => {
  // Before the servers stop: their players would try to reconnect for a minute.
  Player.dropAll();
  for (const server of servers.splice(0)) await server.stop('SIGKILL');
});

async function serve(dataDir: string): Promise<ServerProcess> {
  const server = await spawnServer('game server', { DATA_DIR: dataDir, THROW_WORKERS: '1' });
  servers.push(server);
  return server;
}

async function keysOf(url: string): Promise<KeySet> {
  const response = await fetch(new URL(KEYS_PATH, url), { signal: AbortSignal.timeout(60_000) });
  expect(response.status).toBe(200);
  return (await response.json()) as KeySet;
}

/** Two people play a whole game (one throw a turn), and the record Mari's page puts together. */
async function playedGame(url: string): Promise<OnlineGameRecord> {
  const mari = await Player.create(url, 'Mari');
  const roomId = (await mari.next('welcome')).view.roomId;
  const juri = await Player.join(url, roomId, 'Jüri');
  await juri.next('welcome');
  mari.send('start', {});
  let view = await mari.next('view', (v) => v.phase === 'playing');
  let k = 0;
  while (!view.game!.over) {
    const who = view.game!.current === 0 ? mari : juri;
    const version = view.version;
    // Under the per-person limit of messages (MESSAGES_PER_SECOND).
    await new Promise((resolve) => setTimeout(resolve, 150));
    if (view.game!.rollsUsed === 0) {
      who.send('throw', { gesture: { dirX: Math.sin(k++) * 0.4, dirZ: -1, speed: 8 + (k % 6) } });
    } else {
      who.send('score', { row: freeRows(view.game!)[0]! });
    }
    view = await mari
      .next('view', (v) => v.version > version)
      .catch((error: Error) => {
        const refused = [...mari.received, ...juri.received].filter((r) => r.type === 'refused');
        throw new Error(`${error.message.slice(0, 80)}: ${JSON.stringify(refused)}`);
      });
  }
  // The game's end comes as a whole view, with the proof and its signature.
  if (!view.proof?.signed) await mari.next('view', (v) => !!v.proof?.signed);
  const recorder = new GameRecorder();
  for (const { type, message } of mari.received) {
    if (type === 'view') recorder.seeView(message);
    if (type === 'welcome') recorder.seeView(message.view);
    if (type === 'thrown') recorder.seeThrow(message);
  }
  await mari.leave();
  await juri.leave();
  return recorder.record()!;
}

/** `text` in a file of its own: its path. */
function recordFile(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'dp-record-')), 'record.json');
  writeFileSync(file, text);
  return file;
}

/**
 * `npm run verify -- FILE ARGS` on `text`, in a process of its own (node with tsx, as the script runs:
 * npx would add a second process and a second of CPU): its exit code and output.
 */
function verifyCli(text: string, ...args: string[]) {
  const file = recordFile(text);
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify-game.ts', file, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { exit: run.status, out: `${run.stdout}${run.stderr}` };
}

/**
 * What `npm run verify -- FILE --server URL` checks, in this process: the record read from its text, as
 * the command reads its file, against the keys `url` serves (the command's own steps, its exit codes and
 * words are tested in tests/unit/verify-game.test.ts). Once the command has been seen to work as a
 * process on this server's record (verifyCli), the other records are checked so: each a second of CPU
 * less than a process of its own.
 */
async function verifyHere(text: string, url: string): Promise<VerifyResult> {
  return verifyGame(parseGameRecord(text), { keys: await parseKeySet(await keysOf(url)) });
}

// Ample: two server starts, two whole games and two commands; with the machine's load at 20, over 4 minutes.
describe('signed game records from a real server', { timeout: 600_000 }, () => {
  it('verify against the keys it serves, fail after one byte, outlive a restart and a rotation', async () => {
    const dataDir = freshDataDir();
    let server = await serve(dataDir);
    const served = await keysOf(server.url);
    expect(served.keys).toHaveLength(1);
    expect(served.keys[0]).toMatchObject({ alg: 'Ed25519', current: true, retired: null });
    expect(JSON.stringify(served)).not.toMatch(/private/i);
    const keyId = served.keys[0]!.id;

    const record = await playedGame(server.url);
    expect(record.signature?.key).toBe(keyId);
    expect(record.endedAt).toBeGreaterThan(record.startedAt!);
    // As the page that played it checks it: the signature, its own commitment and every launch it saw.
    const keys = await parseKeySet(served);
    const inPage = await verifyGame(record, { keys, observed: observedBy(record) });
    expect(inPage).toMatchObject({ verdict: 'verified', key: keyId });
    expect(inPage.launchesCompared).toBe(record.gestures.length);

    const text = JSON.stringify(record, null, 1);
    const cli = verifyCli(text, '--server', server.url);
    expect(cli.exit, cli.out).toBe(0);
    // One byte: a letter of a player's name.
    const changed = text.replace('"Jüri"', '"Jüro"');
    expect(changed).not.toBe(text);
    expect(await verifyHere(changed, server.url)).toMatchObject({
      verdict: 'tampered',
      finding: { step: 'signature' },
    });

    // Stopped, rotated and started again: a new current key; the old one retired and still served, its
    // record still verified. The key is kept with the data: a server that made a key of its own at each
    // start would serve another key, or three.
    await server.stop('SIGTERM');
    servers.splice(servers.indexOf(server), 1);
    const rotated = spawnSync(process.execPath, [...nodeFlags(), ...serverScript('rotate-record-key')], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir },
      timeout: 60_000,
    });
    expect(rotated.status, rotated.stderr).toBe(0);
    server = await serve(dataDir);
    const after = await keysOf(server.url);
    expect(after.keys.map((k) => [k.id === keyId, k.current])).toEqual([
      [false, true],
      [true, false],
    ]);
    expect(await verifyHere(text, server.url)).toMatchObject({ verdict: 'verified', key: keyId });
    const second = await playedGame(server.url);
    expect(second.signature?.key).toBe(after.keys[0]!.id);
    expect(await verifyHere(JSON.stringify(second), server.url)).toMatchObject({ verdict: 'verified' });
  });
});
