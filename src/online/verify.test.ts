/**
 * "Verify this game" on games played through the server's own table and physics: a true record is
 * verified; a record with a face, the secret or the order of two throws changed is refused, naming the
 * step and the throw. The page's Web Crypto and the server's node:crypto make the same seeds.
 */
import { describe, expect, it } from 'vitest';
import { DiceWorld } from '../physics/DiceWorld.js';
import { commitment, newSecret, throwSeed } from '../../server/src/throw-secret.js';
import { playedRecord } from '../../tests/support/played-record.js';
import { commitmentOf, throwSeedsOf } from './fairness.js';
import { parseGameRecord } from './game-record.js';
import { physicsReproducible } from './physics-reference.js';
import { verifyGame } from './verify.js';

const record = await playedRecord();

describe('verifying an online game', { timeout: 60_000 }, () => {
  it('finds the physics here as the server made it', () => {
    expect(physicsReproducible(new DiceWorld())).toBe(true);
  });

  it('makes the same commitment and seeds with Web Crypto as the server with node:crypto', async () => {
    const secret = newSecret();
    expect(await commitmentOf(secret)).toBe(commitment(secret));
    expect(await throwSeedsOf(secret, 4)).toEqual([0, 1, 2, 3].map((n) => throwSeed(secret, n)));
  });

  it('verifies a true record: commitment, every launch and every rest', async () => {
    expect(record.throws).toHaveLength(52);
    const result = await verifyGame(record);
    expect(result).toEqual({
      verdict: 'verified',
      throwsChecked: 52,
      launchesCompared: 52,
      physicsReproducible: true,
      finding: null,
    });
  });

  it('names the throw whose face was changed', async () => {
    const tampered = structuredClone(record);
    const rolls = tampered.log.flatMap((a, i) => (a.type === 'roll' ? [i] : []));
    const roll = tampered.log[rolls[7]!] as { faces: number[] };
    roll.faces[0] = (roll.faces[0]! % 6) + 1;
    const result = await verifyGame(tampered);
    expect(result.verdict).toBe('tampered');
    expect(result.finding).toMatchObject({
      step: 'faces',
      at: { number: 7, player: 'Jüri', round: 2, throwInTurn: 2 },
    });
    expect(result.throwsChecked).toBe(7);
  });

  it('refuses a secret that does not match the commitment', async () => {
    const tampered = {
      ...record,
      secret: `${record.secret[0] === '0' ? '1' : '0'}${record.secret.slice(1)}`,
    };
    expect(await verifyGame(tampered)).toMatchObject({
      verdict: 'tampered',
      finding: { step: 'commitment', at: null },
    });
  });

  it('names the first of two throws swapped', async () => {
    const tampered = structuredClone(record);
    [tampered.throws[4], tampered.throws[5]] = [tampered.throws[5]!, tampered.throws[4]!];
    expect(await verifyGame(tampered)).toMatchObject({
      verdict: 'tampered',
      finding: { step: 'launch', at: { number: 4 } },
    });
  });

  it('checks the rest even of throws this page did not see launched', async () => {
    const unseen = { ...record, throws: record.throws.map((t) => ({ ...t, launch: null })) };
    expect(await verifyGame(unseen)).toMatchObject({
      verdict: 'verified',
      launchesCompared: 0,
      throwsChecked: 52,
    });
    const otherSecret = newSecret();
    const forged = { ...unseen, secret: otherSecret, commitment: commitment(otherSecret) };
    expect(await verifyGame(forged)).toMatchObject({
      verdict: 'tampered',
      finding: { step: 'faces', at: { number: 0 } },
    });
  });

  it('refuses what is not a record, saying why', () => {
    expect(() => parseGameRecord('{')).toThrow(/not JSON/);
    expect(() => parseGameRecord({ ...record, secret: 'xyz' })).toThrow(/secret/);
    expect(() => parseGameRecord({ ...record, format: 'other' })).toThrow(/Not a Täringupokker game record/);
  });
});
