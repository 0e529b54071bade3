/**
 * How an online game's throws are made unpredictable and then proven fair, in words both sides share.
 *
 * When a game starts the server draws a secret of SECRET_BYTES random bytes and tells every player its
 * commitment, SHA-256(secret). Throw number n of the game (0, 1, 2… in the order the throws are made)
 * is launched from the seed HMAC-SHA-256(key = secret, message = THROW_LABEL + n), its first four bytes
 * read as a big-endian uint32, together with the gesture sent. HMAC is a pseudo-random function: without
 * the key, any number of seeds seen (or recovered from a trajectory's first frame by brute force over
 * 2^32) says nothing about another throw's. When the game is over the secret and every throw's gesture
 * are shown, so anyone can check the commitment, each launch and where the physics comes to rest
 * (src/online/verify.ts).
 *
 * This file uses Web Crypto (`crypto.subtle`, in browsers' secure contexts and in Node), which is
 * asynchronous; the server computes the same values synchronously with node:crypto (server/throw-secret.ts,
 * tested equal).
 */
import type { Gesture } from '../physics/types.js';
import type { RecordStamp } from './game-record.js';

/** Bytes of a game's secret (256 bits; the floor is 128). */
export const SECRET_BYTES = 32;
/** Text before the throw's number in the HMAC's message. */
export const THROW_LABEL = 'taringupokker/throw/';

/** A gesture as the proof lists it: [dirX, dirZ, speed]. */
export type ProofGesture = [dirX: number, dirZ: number, speed: number];

/**
 * What the room shows of the fairness of its game: the commitment from the start, the secret and every
 * throw's gesture (in throw order) once the game is over.
 */
export interface GameProof {
  /** SHA-256 of the secret, lowercase hex. */
  commitment: string;
  /** The secret, lowercase hex: null while the game is played. */
  secret: string | null;
  /** Gesture of throw 0, 1, 2…: null while the game is played. */
  gestures: ProofGesture[] | null;
  /**
   * Once the game is over, the server's signature on its record (game-record.ts `gameRecordOf`, with
   * these times) and which key made it; absent from a server that signs nothing.
   */
  signed?: RecordStamp;
}

/** The proof's form of a gesture. */
export function proofGesture(gesture: Gesture): ProofGesture {
  return [gesture.dirX, gesture.dirZ, gesture.speed];
}

/** The gesture a proof lists. */
export function gestureOf([dirX, dirZ, speed]: ProofGesture): Gesture {
  return { dirX, dirZ, speed };
}

/** Whether `text` is lowercase hex of exactly `bytes` bytes. */
export function isHex(text: unknown, bytes: number): text is string {
  return typeof text === 'string' && text.length === 2 * bytes && /^[0-9a-f]*$/.test(text);
}

/** The bytes of lowercase hex text. */
export function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** Lowercase hex of bytes. */
export function bytesHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The HMAC message of throw `n`. */
export function throwMessage(n: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`${THROW_LABEL}${n}`);
}

/** The throw seed of an HMAC-SHA-256 digest: its first four bytes, big-endian. */
export function seedOfDigest(digest: Uint8Array): number {
  return ((digest[0]! << 24) | (digest[1]! << 16) | (digest[2]! << 8) | digest[3]!) >>> 0;
}

/**
 * Web Crypto, or an error saying why it is missing (a page served over plain http from another host
 * than localhost is not a secure context, and browsers give it no `crypto.subtle`).
 */
function subtle(): SubtleCrypto {
  const found = globalThis.crypto?.subtle;
  if (!found) throw new Error('Web Crypto is not available here (it needs https or localhost)');
  return found;
}

/** SHA-256 of the secret, lowercase hex. */
export async function commitmentOf(secretHex: string): Promise<string> {
  return bytesHex(new Uint8Array(await subtle().digest('SHA-256', hexBytes(secretHex))));
}

/** The seeds of throws 0..count-1 of a game with this secret. */
export async function throwSeedsOf(secretHex: string, count: number): Promise<number[]> {
  const key = await subtle().importKey('raw', hexBytes(secretHex), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const seeds: number[] = [];
  for (let n = 0; n < count; n++) {
    seeds.push(seedOfDigest(new Uint8Array(await subtle().sign('HMAC', key, throwMessage(n)))));
  }
  return seeds;
}
