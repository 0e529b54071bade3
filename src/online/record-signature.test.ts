/**
 * The signed bytes of a game record and the check of a signature: the canonical form is one text for
 * one record whatever its key order or spacing, refuses what JSON cannot carry exactly, and its fast
 * path writes exactly what the general form writes; key ids are the keys' own fingerprints; Web Crypto
 * and @noble/curves agree on every signature.
 */
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { keyIdOfRaw, keySetOf, newStoredKey, rawPublicKey } from '../../server/src/record-keys.js';
import { signedRecord } from '../../tests/support/signed-record.js';
import {
  canonicalJson,
  checkSignature,
  fingerprintText,
  fromBase64,
  keyFromBase64,
  keyIdOf,
  parseKeySet,
  SIGNED_PREFIX,
  signedBytes,
  signedDigest,
  signedText,
  useSignatureEngine,
} from './record-signature.js';

afterEach(() => useSignatureEngine(undefined));

describe('the canonical form', () => {
  it('sorts keys, has no spacing, and writes strings and numbers as JSON does', () => {
    expect(canonicalJson({ b: 1, a: [1.5, 'x"\u00fc\n', null, true, { d: -0, c: 1e21 }] })).toBe(
      '{"a":[1.5,"x\\"ü\\n",null,true,{"c":1e+21,"d":0}],"b":1}',
    );
    expect(canonicalJson(JSON.parse('{ "z" : 1,\n "y": { "x": 2 } }'))).toBe(
      canonicalJson({ y: { x: 2 }, z: 1 }),
    );
  });

  it.each([
    ['NaN', { a: NaN }],
    ['Infinity', [Infinity]],
    ['undefined in an object', { a: undefined }],
    ['undefined in an array', [1, undefined]],
    ['a hole', [1, , 2]], // eslint-disable-line no-sparse-arrays
    ['a function', { f: () => 1 }],
    ['a bigint', { n: 1n }],
  ])('refuses %s with a code, never drops it', (_name, value) => {
    expect(() => canonicalJson(value)).toThrow(expect.objectContaining({ code: 'not-canonical' }));
  });

  it('refuses a cycle and deep nesting with a code', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(expect.objectContaining({ code: 'not-canonical' }));
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => canonicalJson(deep)).toThrow(expect.objectContaining({ code: 'not-canonical' }));
  });

  it('writes a record’s log and gestures exactly as the general form does, odd items too', async () => {
    const { record } = await signedRecord();
    const general = (r: object) => {
      const { signature: _s, ...rest } = r as Record<string, unknown>;
      return SIGNED_PREFIX + canonicalJson(rest);
    };
    expect(signedText(record)).toBe(general(record));
    const odd = {
      ...record,
      log: [
        { type: 'roll' },
        { faces: [1, 2, 3, 4, 5], type: 'roll', extra: 1 },
        { type: 'hold', index: 1.5, held: true },
        { type: 'score', row: 'ones', by: 'me' },
        { type: 'forfeit', why: null },
        'text',
        [1],
      ],
      gestures: [
        [0.1, -1, 9],
        [1, 2],
        [1, 2, 3, 4],
      ],
    };
    expect(signedText(odd)).toBe(general(odd));
    expect(() => signedText({ ...record, gestures: [[NaN, 1, 2]] })).toThrow(
      expect.objectContaining({ code: 'not-canonical' }),
    );
    expect(new TextDecoder().decode(signedBytes(record))).toBe(signedText(record));
    // What is signed is the SHA-256 of those bytes.
    expect(Buffer.from(await signedDigest(record)).toString('hex')).toBe(
      createHash('sha256').update(signedText(record)).digest('hex'),
    );
  });
});

describe('keys and signatures', () => {
  it('a key’s id is its SHA-256 fingerprint here as on the server, and shown in groups', async () => {
    const stored = newStoredKey();
    const raw = fromBase64(stored.publicKey, 32)!;
    expect(await keyIdOf(raw)).toBe(stored.id);
    expect(stored.id).toBe(keyIdOfRaw(Buffer.from(raw)));
    expect(stored.id).toMatch(/^[0-9a-f]{32}$/);
    expect(fingerprintText('0123456789abcdef')).toBe('0123 4567 89ab cdef');
    expect((await keyFromBase64(stored.publicKey)).id).toBe(stored.id);
  });

  it('reads the served document, and refuses a key whose stated id is not its own', async () => {
    const a = newStoredKey();
    const b = { ...newStoredKey(), retired: new Date().toISOString() };
    const doc = keySetOf([a, b]);
    expect(JSON.stringify(doc)).not.toContain(a.privateKey);
    const keys = await parseKeySet(JSON.stringify(doc));
    expect(keys.map((k) => [k.id, k.current])).toEqual([
      [a.id, true],
      [b.id, false],
    ]);
    const lying = { ...doc, keys: [{ ...doc.keys[0]!, id: b.id }] };
    await expect(parseKeySet(lying)).rejects.toMatchObject({ code: 'bad-keys' });
    await expect(parseKeySet('{')).rejects.toMatchObject({ code: 'bad-keys' });
    await expect(parseKeySet('x'.repeat(70_000))).rejects.toMatchObject({ code: 'bad-keys' });
    await expect(parseKeySet({ ...doc, keys: [{ ...doc.keys[0]!, alg: 'RSA' }] })).rejects.toMatchObject({
      code: 'bad-keys',
    });
    await expect(keyFromBase64('AAAA')).rejects.toMatchObject({ code: 'bad-keys' });
  });

  it('Web Crypto and @noble/curves agree: a true signature holds, a changed byte or key does not', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const other = rawPublicKey(generateKeyPairSync('ed25519').publicKey);
    const raw = new Uint8Array(rawPublicKey(publicKey));
    const message = new TextEncoder().encode('a game record');
    const signature = new Uint8Array(sign(null, message, privateKey));
    for (const engine of ['web-crypto', 'noble'] as const) {
      useSignatureEngine(engine);
      const changed = message.slice();
      changed[3]! ^= 1;
      const bent = signature.slice();
      bent[10]! ^= 1;
      expect(await checkSignature(message, signature, raw)).toEqual({ valid: true, engine });
      expect((await checkSignature(changed, signature, raw)).valid).toBe(false);
      expect((await checkSignature(message, bent, raw)).valid).toBe(false);
      expect((await checkSignature(message, signature, new Uint8Array(other))).valid).toBe(false);
      expect((await checkSignature(message, new Uint8Array(3), raw)).valid).toBe(false);
    }
  });
});
