/**
 * "Verify this game" on games played through the server's own table and physics, signed as the server
 * signs them: a true record is verified; every change an attacker made by hand (the list) fails,
 * on the signature first; a record made from scratch is unsigned or by an unknown key; what the page
 * saw (the commitment at the start) is compared. The page's Web Crypto and the server's node:crypto
 * make the same seeds.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DiceWorld } from '../physics/DiceWorld.js';
import { commitment, newSecret, throwSeed } from '../../server/src/throw-secret.js';
import { RecordSigner } from '../../server/src/record-signing.js';
import { sign, signedRecord } from '../../tests/support/signed-record.js';
import { commitmentOf, throwSeedsOf } from './fairness.js';
import { MAX_LOG_ACTIONS, parseGameRecord, type OnlineGameRecord } from './game-record.js';
import { physicsReproducible } from './physics-reference.js';
import { parseKeySet, useSignatureEngine } from './record-signature.js';
import { verifyGame } from './verify.js';

const { record, keys, signer } = await signedRecord();
const check = (r: OnlineGameRecord) => verifyGame(r, { keys });

afterEach(() => useSignatureEngine(undefined));

describe('verifying an online game', { timeout: 60_000 }, () => {
  it('finds the physics here as the server made it', () => {
    expect(physicsReproducible(new DiceWorld())).toBe(true);
  });

  it('makes the same commitment and seeds with Web Crypto as the server with node:crypto', async () => {
    const secret = newSecret();
    expect(await commitmentOf(secret)).toBe(commitment(secret));
    expect(await throwSeedsOf(secret, 4)).toEqual([0, 1, 2, 3].map((n) => throwSeed(secret, n)));
  });

  it.each(['web-crypto', 'noble'] as const)(
    'verifies a true signed record, the signature checked by %s',
    async (engine) => {
      useSignatureEngine(engine);
      expect(record.gestures).toHaveLength(52);
      expect(await check(record)).toEqual({
        verdict: 'verified',
        key: signer.keyId,
        signatureEngine: engine,
        throwsChecked: 52,
        launchesCompared: 0,
        physicsReproducible: true,
        finding: null,
      });
      const changed = { ...record, endedAt: record.endedAt! + 1 };
      expect(await check(changed)).toMatchObject({ verdict: 'tampered', signatureEngine: engine });
    },
  );

  it('verifies a record read back from its file, and one a second key of the server signed', async () => {
    expect((await check(parseGameRecord(JSON.stringify(record, null, 1)))).verdict).toBe('verified');
    const rotated = RecordSigner.ephemeral();
    const both = [...keys, ...(await parseKeySet(rotated.keys()))];
    expect((await verifyGame(sign(record, rotated), { keys: both })).verdict).toBe('verified');
  });

  describe('a record changed by hand fails on its signature (the issue: High)', () => {
    const rolls = record.log.flatMap((a, i) => (a.type === 'roll' ? [i] : []));
    const lastScore = record.log.map((a) => a.type).lastIndexOf('score');
    const attacks: [string, (r: OnlineGameRecord) => OnlineGameRecord][] = [
      ['players swapped', (r) => ({ ...r, players: [...r.players].reverse() })],
      ['a player renamed', (r) => ({ ...r, players: ['Mallory', r.players[1]!] })],
      ['the rules changed', (r) => ({ ...r, rules: r.rules === 'seed' ? 'classic' : 'seed' })],
      ['the room id changed', (r) => ({ ...r, roomId: 'other1' })],
      ['the log cut short', (r) => ({ ...r, log: r.log.slice(0, rolls[30]!) })],
      [
        'cut before the last turn, a forfeit added',
        (r) => ({ ...r, log: [...r.log.slice(0, lastScore - 3), { type: 'forfeit' }] }),
      ],
      [
        'a face changed',
        (r) => {
          const log = structuredClone(r.log);
          const roll = log[rolls[7]!] as { faces: number[] };
          roll.faces[0] = (roll.faces[0]! % 6) + 1;
          return { ...r, log };
        },
      ],
      [
        'two gestures swapped',
        (r) => {
          const gestures = [...r.gestures];
          [gestures[4], gestures[5]] = [gestures[5]!, gestures[4]!];
          return { ...r, gestures };
        },
      ],
      ['the times changed', (r) => ({ ...r, startedAt: null })],
      [
        'the secret changed',
        (r) => ({ ...r, secret: `${r.secret[0] === '0' ? '1' : '0'}${r.secret.slice(1)}` }),
      ],
    ];
    it.each(attacks)('%s', async (_name, attack) => {
      const changed = attack(structuredClone(record));
      expect(changed).not.toEqual(record);
      expect(await check(changed)).toMatchObject({
        verdict: 'tampered',
        key: signer.keyId,
        finding: { step: 'signature' },
      });
    });

    it('every launch set to null: a record of version 1 is unsigned, never verified', async () => {
      const v1 = {
        ...record,
        version: 1,
        throws: record.gestures.map((gesture) => ({ gesture, launch: null })),
      } as Record<string, unknown>;
      delete v1.gestures;
      delete v1.signature;
      expect((await check(parseGameRecord(v1))).verdict).toBe('unsigned');
    });

    it('a signature copied from another record fails', async () => {
      const other = await signedRecord();
      const changed = { ...record, signature: { key: signer.keyId, value: other.record.signature!.value } };
      expect((await check(changed)).verdict).toBe('tampered');
    });
  });

  describe('a record made from scratch (the issue: Medium) is not verified', () => {
    const secret = newSecret();
    const forged: OnlineGameRecord = { ...record, secret, commitment: commitment(secret) };
    it('unsigned', async () => {
      const { signature: _s, ...unsigned } = forged;
      expect(await check(unsigned)).toMatchObject({ verdict: 'unsigned', finding: { step: 'signature' } });
    });
    it('signed by a key of its own maker', async () => {
      const own = RecordSigner.ephemeral();
      expect(await check(sign(forged, own))).toMatchObject({ verdict: 'unknown-key', key: own.keyId });
    });
    it('with the id of the server’s key but not its signature', async () => {
      const own = RecordSigner.ephemeral();
      const signed = sign(forged, own);
      const result = await check({ ...signed, signature: { ...signed.signature!, key: signer.keyId } });
      expect(result.verdict).toBe('tampered');
    });
  });

  it('in the page that saw the game, a commitment other than the one shown at the start fails', async () => {
    const seen = { commitment: commitment(newSecret()), launches: new Map<number, string>() };
    expect(await verifyGame(record, { keys, observed: seen })).toMatchObject({
      verdict: 'tampered',
      finding: { step: 'seen-commitment' },
    });
    const same = { commitment: record.commitment, launches: new Map<number, string>() };
    expect((await verifyGame(record, { keys, observed: same })).verdict).toBe('verified');
  });

  it('past the signature, still names the throw whose face differs (a server’s own mistake)', async () => {
    const log = structuredClone(record.log);
    const rolls = log.flatMap((a, i) => (a.type === 'roll' ? [i] : []));
    const roll = log[rolls[7]!] as { faces: number[] };
    roll.faces[0] = (roll.faces[0]! % 6) + 1;
    const result = await check(sign({ ...record, log }, signer));
    expect(result.verdict).toBe('tampered');
    expect(result.finding).toMatchObject({
      step: 'faces',
      at: { number: 7, player: 'Jüri', round: 2, throwInTurn: 2 },
    });
    expect(result.throwsChecked).toBe(7);
  });

  it('replays in time linear in the log: the most actions a record may have are checked at once', async () => {
    const [first, ...rest] = record.log;
    const holds = Array.from({ length: MAX_LOG_ACTIONS - record.log.length }, (_, i) => ({
      type: 'hold' as const,
      index: i % 2,
      held: i % 4 < 2,
    }));
    const long = sign({ ...record, log: [first!, ...holds, ...rest] }, signer);
    const start = performance.now();
    const result = await check(long);
    expect(result.verdict).not.toBe('verified');
    expect(performance.now() - start).toBeLessThan(3000);
  });

  it('fails a record changed in any one byte of its file (that still reads as a record)', async () => {
    const text = JSON.stringify(record);
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    let tried = 0;
    for (let n = 0; n < 400; n++) {
      const at = next() % text.length;
      const code = text.charCodeAt(at);
      const changed =
        text.slice(0, at) + String.fromCharCode(code ^ (1 << (next() % 7))) + text.slice(at + 1);
      let parsed: OnlineGameRecord;
      try {
        parsed = parseGameRecord(changed);
      } catch (error) {
        expect((error as { code: string }).code).toMatch(/^(not-json|bad-record|record-too-deep)$/);
        continue;
      }
      // A change JSON does not see (an escape written otherwise) leaves the record as it was.
      if (JSON.stringify(parsed) === text) continue;
      tried++;
      expect((await check(parsed)).verdict, `byte ${at}`).not.toBe('verified');
    }
    expect(tried).toBeGreaterThan(50);
  });
});
