/**
 * "Verify this game" in the page: the server's keys fetched from its address (the panel names the
 * current one by its fingerprint), the record checked against them with what this page saw, fetched
 * again past any cache when the record's key is not among them (the key rotated since), and a fetch
 * that fails said so, never taken for a verdict on the record.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordSigner } from '../../server/src/record-signing.js';
import { sign, signedRecord, TEST_SIGNER } from '../support/signed-record.js';
import { fingerprintText, KEYS_PATH, type KeySet } from '../../src/online/record-signature.js';
import { GameProofCheck } from '../../src/ui/dice-poker/GameProofCheck.js';

const { record } = await signedRecord();
const SERVER = 'http://game.test/play/';

/** A fetch that answers the keys documents given, one per call (the last again after them). */
function serving(...documents: (KeySet | null)[]) {
  const calls: { url: string; cache: RequestCache | undefined }[] = [];
  vi.stubGlobal('fetch', async (url: URL, init?: RequestInit) => {
    calls.push({ url: String(url), cache: init?.cache });
    const doc = documents[Math.min(calls.length - 1, documents.length - 1)];
    return doc ? new Response(JSON.stringify(doc)) : new Response('', { status: 503 });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('GameProofCheck', { timeout: 30_000 }, () => {
  it('names the server’s key once fetched, and verifies a record it signed', async () => {
    const calls = serving(TEST_SIGNER.keys());
    const check = new GameProofCheck(
      () => {},
      () => SERVER,
    );
    expect(check.view('en', record).words.keyLine).toBe('');
    await vi.waitFor(() => expect(check.view('en', record).words.keyLine).not.toBe(''));
    expect(check.view('en', record).words.keyLine).toBe(
      `Records are signed by the server’s key ${fingerprintText(TEST_SIGNER.keyId)}`,
    );
    expect(calls[0]!.url).toBe(`http://game.test/play${KEYS_PATH}`);
    expect((await check.verify(record)).verdict).toBe('verified');
    const shown = check.view('en', record);
    expect(shown.result).toMatch(/^Verified: signed by the server’s key/);
    expect(shown.failed).toBe(false);
  });

  it('fetches the keys again, past the cache, for a record signed by a key it does not know yet', async () => {
    const rotated = RecordSigner.ephemeral();
    const newer = sign(record, rotated);
    const both = { ...TEST_SIGNER.keys(), keys: [...rotated.keys().keys, ...TEST_SIGNER.keys().keys] };
    const calls = serving(TEST_SIGNER.keys(), both);
    const check = new GameProofCheck(
      () => {},
      () => SERVER,
    );
    expect((await check.verify(record)).verdict).toBe('verified');
    expect((await check.verify(newer)).verdict).toBe('verified');
    expect(calls.map((c) => c.cache)).toEqual([undefined, 'reload']);
    // A key no server of this page has: unknown, after one more look.
    expect((await check.verify(sign(record, RecordSigner.ephemeral()))).verdict).toBe('unknown-key');
  });

  it('says the keys could not be fetched, and shows a file’s result with this room’s game', async () => {
    serving(null);
    const check = new GameProofCheck(
      () => {},
      () => SERVER,
    );
    expect(await check.verify(record)).toMatchObject({
      verdict: 'unverifiable',
      finding: { step: 'crypto' },
    });
    expect(check.view('en', record).result).toBe(
      'Could not be checked here: the server’s keys could not be fetched.',
    );
    serving(TEST_SIGNER.keys());
    const { record: friends } = await signedRecord();
    await check.verify(friends, record);
    expect(check.view('en', record).result).toMatch(/^Verified/);
    // Another game of this room shows no old result.
    expect(check.view('en', { ...record, commitment: '0'.repeat(64) }).result).toBe('');
  });
});
