/**
 * `npm run verify -- FILE [--key FILE|BASE64] [--server URL]`: a verdict (exit 0 or 1) for a record, or
 * a one-line coded refusal (exit 2) for anything else, quickly, whatever the file: its size is looked
 * at before a byte is read (a 300 MB file is refused at once), its nesting before it is parsed.
 */
import { mkdirSync, mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCommand } from '../../scripts/verify-game.js';
import { KEYS_PATH } from '../../src/online/record-signature.js';
import { RecordSigner } from '../../server/src/record-signing.js';
import { sign, signedRecord } from '../support/signed-record.js';

const { record, signer } = await signedRecord();
const dir = mkdtempSync(join(tmpdir(), 'dp-verify-'));
let n = 0;
function file(text: string): string {
  const path = join(dir, `record-${n++}.json`);
  writeFileSync(path, text);
  return path;
}
const keysFile = file(JSON.stringify(signer.keys()));
const publicKey = signer.keys().keys[0]!.publicKey;

let keyServer: Server;
let serverUrl = '';
beforeAll(async () => {
  keyServer = createServer((req, res) => {
    if (req.url === KEYS_PATH) res.end(JSON.stringify(signer.keys()));
    else if (req.url === `/huge${KEYS_PATH}`) res.end('x'.repeat(200_000));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(keyServer.address() as AddressInfo).port}/`;
});
afterAll(() => keyServer.close());

/** The command's outcome on `args`, and how long it took, ms. */
async function run(...args: string[]) {
  const start = performance.now();
  const outcome = await verifyCommand(args);
  return { ...outcome, text: [...outcome.out, ...outcome.err].join('\n'), ms: performance.now() - start };
}

describe('npm run verify', { timeout: 60_000 }, () => {
  it('verifies a true record with the keys document, one key in base64, or the server’s address', async () => {
    const path = file(JSON.stringify(record, null, 1));
    for (const args of [
      ['--key', keysFile],
      ['--key', publicKey],
      ['--server', serverUrl],
    ]) {
      const result = await run(path, ...args);
      expect(result.exit, result.text).toBe(0);
      expect(result.text).toMatch(/^Verified: signed by the server’s key/);
    }
  });

  it('says what is wrong with a record that is not verified (exit 1)', async () => {
    const changed = file(JSON.stringify({ ...record, roomId: 'other1' }));
    expect(await run(changed, '--key', keysFile)).toMatchObject({ exit: 1 });
    expect((await run(changed, '--key', keysFile)).text).toMatch(/signature does not match the record/);
    const { signature: _s, ...unsigned } = record;
    expect((await run(file(JSON.stringify(unsigned)), '--key', keysFile)).text).toMatch(/not signed/);
    const stranger = file(JSON.stringify(sign(record, RecordSigner.ephemeral())));
    expect(await run(stranger, '--key', keysFile)).toMatchObject({ exit: 1 });
    expect((await run(stranger, '--key', keysFile)).text).toMatch(/key this server does not know/);
    const noKey = await run(file(JSON.stringify(record)));
    expect(noKey.exit).toBe(1);
    expect(noKey.text).toMatch(/--key FILE\|BASE64 or --server URL/);
  });

  it.each([
    [
      'a 300 MB file, by its size before reading',
      () => {
        const path = join(dir, 'huge.json');
        writeFileSync(path, '');
        truncateSync(path, 300_000_000);
        return path;
      },
      'record-too-large',
    ],
    [
      '1.9 MB of holds',
      () => {
        const holds = Array.from({ length: 50_000 }, () => ({ type: 'hold', index: 0, held: true }));
        return file(JSON.stringify({ ...record, log: [...record.log, ...holds] }));
      },
      'record-too-large',
    ],
    [
      'faces nested 100,000 deep',
      () =>
        file(
          JSON.stringify(record).replace(
            /"faces":\[[^\]]*\]/,
            `"faces":${'['.repeat(100_000)}1${']'.repeat(100_000)}`,
          ),
        ),
      'record-too-deep',
    ],
    ['not JSON', () => file('{"format":'), 'not-json'],
    [
      'not UTF-8',
      () => {
        const path = join(dir, 'binary.json');
        writeFileSync(path, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
        return path;
      },
      'not-json',
    ],
    ['not a record', () => file('{"a":1}'), 'bad-record'],
    [
      'a folder',
      () => {
        const path = join(dir, 'folder.json');
        mkdirSync(path);
        return path;
      },
      'not-a-file',
    ],
    ['a file that is not there', () => join(dir, 'missing.json'), 'unreadable'],
  ])('refuses %s: one line, its code, exit 2, at once', async (_name, make, code) => {
    const result = await run(make(), '--key', keysFile);
    expect(result.exit).toBe(2);
    expect(result.err).toHaveLength(1);
    expect(result.text).toContain(`(${code})`);
    expect(result.text).not.toMatch(/\n\s+at /);
    expect(result.ms).toBeLessThan(1000);
  });

  it('refuses keys it cannot read or fetch, and a wrong command line (exit 2)', async () => {
    const path = file(JSON.stringify(record));
    expect(await run(path, '--key', 'AAAA')).toMatchObject({ exit: 2 });
    expect(await run(path, '--key', file('{"format":"other"}'))).toMatchObject({ exit: 2 });
    expect((await run(path, '--server', `${serverUrl}huge/`)).text).toContain('(bad-keys)');
    expect((await run(path, '--server', `${serverUrl}none/`)).text).toContain('(keys-unreachable)');
    expect((await run(path, '--server', 'not a url')).text).toContain('(bad-server)');
    expect(await run()).toMatchObject({ exit: 2 });
    expect(await run(path, path)).toMatchObject({ exit: 2 });
    expect(await run(path, '--nonsense')).toMatchObject({ exit: 2 });
  });
});
