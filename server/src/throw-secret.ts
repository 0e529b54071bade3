/**
 * A game's secret on the server (see src/online/fairness.ts for the scheme): drawn from the operating
 * system's generator, committed to with SHA-256, and turned into each throw's seed with HMAC-SHA-256,
 * synchronously (node:crypto), so that a throw is made the moment its request is looked at.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SECRET_BYTES, seedOfDigest, throwMessage } from '../../src/online/fairness.js';

/** A new secret, lowercase hex. */
export function newSecret(): string {
  return randomBytes(SECRET_BYTES).toString('hex');
}

/** SHA-256 of the secret, lowercase hex: what every player is shown when the game starts. */
export function commitment(secretHex: string): string {
  return createHash('sha256').update(Buffer.from(secretHex, 'hex')).digest('hex');
}

/** The seed of throw `n` (0-based, in the order the game's throws are made). */
export function throwSeed(secretHex: string, n: number): number {
  const digest = createHmac('sha256', Buffer.from(secretHex, 'hex')).update(throwMessage(n)).digest();
  return seedOfDigest(digest);
}
