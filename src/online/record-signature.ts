/**
 * The server's signature on a finished game's record, in words both sides share: the canonical bytes
 * that are signed, a public key's id (its fingerprint), the document of the server's public keys, and
 * the check of a signature.
 *
 * The check uses the browser's Web Crypto Ed25519 where it has one (Chrome and Edge 137+, Firefox 129+,
 * Safari 17+, Node 20), and otherwise @noble/curves, loaded only then (an older browser whose Web Crypto
 * lacks Ed25519): the page pays for that library only when it needs it.
 */
import { CodedError } from '../engine/errors.js';
import { bytesHex } from './fairness.js';

/** What the signature is made over: this line, then the canonical JSON of the record without its signature. */
export const SIGNED_PREFIX = 'taringupokker-online-game/v2\n';
/** The only signature algorithm. */
export const SIGNATURE_ALG = 'Ed25519';
/** Where a game server serves its public keys (the document `parseKeySet` reads). */
export const KEYS_PATH = '/.well-known/taringupokker-keys.json';
/**
 * The address of a game server's keys: KEYS_PATH under its address, which may have a path of its own
 * (a server behind a proxy at `example.org/game/`).
 * @throws TypeError when `server` is not an address
 */
export function keysUrl(server: string): URL {
  const base = new URL(server);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return new URL(KEYS_PATH.slice(1), base);
}
/** The `format` of that document. */
export const KEYS_FORMAT = 'taringupokker-record-keys';
/** Bytes of an Ed25519 public key and of a signature. */
export const PUBLIC_KEY_BYTES = 32;
export const SIGNATURE_BYTES = 64;
/** Hex digits of a key id: the first 128 bits of SHA-256 of the raw public key. */
export const KEY_ID_HEX = 32;

/** A record, or keys, that cannot be put in canonical form or read (code says which). */
export class SignatureFormatError extends CodedError<'not-canonical' | 'bad-keys'> {
  constructor(code: 'not-canonical' | 'bad-keys', message: string) {
    super(code, message);
    this.name = 'SignatureFormatError';
  }
}

/** Whether keys are in the order the canonical form writes them (UTF-16 code units). */
function sorted(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return false;
  return true;
}

/**
 * Canonical JSON: object keys sorted by UTF-16 code units, no whitespace, strings and numbers as
 * JSON.stringify writes them (which for finite numbers is the shortest round-trip form, as RFC 8785
 * has it). Anything JSON cannot carry exactly (undefined, NaN, Infinity, a function) is refused, never
 * dropped or turned into null, so that two different records never have the same bytes. The engine's
 * own JSON.stringify does the writing (a record of 80 kB in a fraction of a millisecond: the server
 * signs every finished game), the replacer only orders keys and refuses.
 * @throws SignatureFormatError `not-canonical`
 */
export function canonicalJson(value: unknown): string {
  const refuse = (what: string): never => {
    throw new SignatureFormatError('not-canonical', `${what} cannot be signed`);
  };
  let text: string | undefined;
  try {
    text = JSON.stringify(value, (_key, v: unknown) => {
      switch (typeof v) {
        case 'number':
          return Number.isFinite(v) ? v : refuse('A number that is not finite');
        case 'string':
        case 'boolean':
          return v;
        case 'object': {
          if (v === null || Array.isArray(v)) return v;
          const keys = Object.keys(v);
          if (sorted(keys)) return v;
          const copy: Record<string, unknown> = {};
          for (const key of keys.sort()) copy[key] = (v as Record<string, unknown>)[key];
          return copy;
        }
        default:
          return refuse(`A value of type ${typeof v}`);
      }
    });
  } catch (error) {
    if (error instanceof SignatureFormatError) throw error;
    // A cycle, or nesting past the engine's stack: nothing a record is.
    refuse('A cyclic or too deeply nested value');
  }
  return text ?? refuse('Nothing');
}

/** An action of a log in canonical form: written directly when it has exactly a known shape. */
function actionJson(a: unknown): string {
  const action = a as Record<string, unknown> | null;
  if (typeof action === 'object' && action !== null && !Array.isArray(action)) {
    const fields = Object.keys(action).length;
    const { type, faces, index, held, row } = action;
    if (type === 'roll' && fields === 2 && Array.isArray(faces) && faces.every(Number.isInteger))
      return `{"faces":[${faces.join(',')}],"type":"roll"}`;
    if (type === 'hold' && fields === 3 && Number.isInteger(index) && typeof held === 'boolean')
      return `{"held":${held},"index":${index as number},"type":"hold"}`;
    if (type === 'score' && fields === 2 && typeof row === 'string')
      return `{"row":${JSON.stringify(row)},"type":"score"}`;
    if (type === 'forfeit' && fields === 1) return '{"type":"forfeit"}';
  }
  return canonicalJson(a);
}

/** A gesture in canonical form: written directly when it is three finite numbers. */
function gestureJson(g: unknown): string {
  return Array.isArray(g) && g.length === 3 && g.every(Number.isFinite)
    ? `[${g.join(',')}]`
    : canonicalJson(g);
}

/**
 * What is signed for `record`, as text: SIGNED_PREFIX and the canonical JSON of the record without its
 * `signature` field. The log and the gestures (nearly all of a record) are written item by item
 * without the replacer: exactly what canonicalJson writes (tested), some five times faster, which
 * keeps the server's signing of the largest record within its budget.
 * @throws SignatureFormatError `not-canonical`
 */
export function signedText(record: object): string {
  const fields = record as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of Object.keys(fields).sort()) {
    if (key === 'signature') continue;
    const value = fields[key];
    let json: string;
    if (key === 'log' && Array.isArray(value)) json = `[${Array.from(value, actionJson).join(',')}]`;
    else if (key === 'gestures' && Array.isArray(value))
      json = `[${Array.from(value, gestureJson).join(',')}]`;
    else json = canonicalJson(value);
    parts.push(`${JSON.stringify(key)}:${json}`);
  }
  return `${SIGNED_PREFIX}{${parts.join(',')}}`;
}

/** The bytes of signedText(record), UTF-8. */
export function signedBytes(record: object): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(signedText(record));
}

/**
 * What the Ed25519 signature is made over: the SHA-256 digest of signedBytes(record). Signing the
 * digest rather than the whole text hashes a record once (Ed25519 would hash it twice with SHA-512):
 * the server's largest record then signs within its budget. The digest, being collision-resistant,
 * binds every byte as the text would.
 * @throws SignatureFormatError `not-canonical`; Error when this page has no Web Crypto
 */
export async function signedDigest(record: object): Promise<Uint8Array<ArrayBuffer>> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('Web Crypto is not available here (it needs https or localhost)');
  return new Uint8Array(await subtle.digest('SHA-256', signedBytes(record)));
}

/** Base64 of bytes (standard alphabet, padded). */
export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

/** The bytes of standard base64 text, or null when it is not that (or not `length` bytes, if given). */
export function fromBase64(text: unknown, length?: number): Uint8Array<ArrayBuffer> | null {
  if (typeof text !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return null;
  }
  if (length !== undefined && binary.length !== length) return null;
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * A public key's id, which is also its fingerprint as shown: the first 128 bits of its SHA-256, hex.
 * Web Crypto's digest: a page without it (not a secure context) cannot check a game's commitment
 * either (fairness.ts), so there is nothing to fall back for.
 * @throws Error when this page has no Web Crypto
 */
export async function keyIdOf(publicKey: Uint8Array<ArrayBuffer>): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('Web Crypto is not available here (it needs https or localhost)');
  return bytesHex(new Uint8Array(await subtle.digest('SHA-256', publicKey))).slice(0, KEY_ID_HEX);
}

/** A key id as a person reads it: groups of four hex digits. */
export function fingerprintText(keyId: string): string {
  return keyId.match(/.{1,4}/g)?.join(' ') ?? keyId;
}

/** One public key a record's signature is checked against. */
export interface RecordKey {
  /** keyIdOf(publicKey), computed here: an id a document states is never believed. */
  id: string;
  publicKey: Uint8Array<ArrayBuffer>;
  /** The key the server signs with now (the others are retired: records they signed still verify). */
  current: boolean;
}

/** One key as the server's document lists it. */
export interface KeyEntry {
  id: string;
  alg: typeof SIGNATURE_ALG;
  /** The raw 32-byte public key, base64. */
  publicKey: string;
  current: boolean;
  /** When the key was made, and retired (null while current), ISO 8601. */
  created: string;
  retired: string | null;
}

/** The document at KEYS_PATH. */
export interface KeySet {
  format: typeof KEYS_FORMAT;
  keys: KeyEntry[];
}

/** Largest document of keys read, characters (a key is some 200). */
export const MAX_KEYS_CHARS = 64 * 1024;

/**
 * The keys of a document at KEYS_PATH (its text or parsed JSON), each one's id computed from its bytes;
 * an entry whose stated id is not its key's is refused.
 * @throws SignatureFormatError `bad-keys` saying what is wrong
 */
export async function parseKeySet(input: unknown): Promise<RecordKey[]> {
  const bad = (message: string): never => {
    throw new SignatureFormatError('bad-keys', message);
  };
  let value = input;
  if (typeof input === 'string') {
    if (input.length > MAX_KEYS_CHARS) bad('The keys document is too large');
    try {
      value = JSON.parse(input);
    } catch {
      bad('The keys document is not JSON');
    }
  }
  const doc = value as Partial<KeySet> | null;
  if (typeof doc !== 'object' || doc === null || doc.format !== KEYS_FORMAT || !Array.isArray(doc.keys))
    bad('Not a document of Täringupokker record keys');
  const keys: RecordKey[] = [];
  for (const entry of doc!.keys!.slice(0, 64)) {
    const publicKey = fromBase64(entry?.publicKey, PUBLIC_KEY_BYTES);
    if (entry?.alg !== SIGNATURE_ALG || !publicKey) bad('A key is not a 32-byte Ed25519 public key');
    const id = await keyIdOf(publicKey!);
    if (entry.id !== id) bad(`A key's id ${String(entry.id)} is not its fingerprint ${id}`);
    keys.push({ id, publicKey: publicKey!, current: entry.current === true });
  }
  return keys;
}

/** A single raw public key (base64 of its 32 bytes), as `npm run verify -- --key BASE64` takes it. */
export async function keyFromBase64(text: string): Promise<RecordKey> {
  const publicKey = fromBase64(text.trim(), PUBLIC_KEY_BYTES);
  if (!publicKey) throw new SignatureFormatError('bad-keys', 'Not the base64 of a 32-byte Ed25519 key');
  return { id: await keyIdOf(publicKey), publicKey, current: true };
}

/** Which implementation checked a signature. */
export type SignatureEngine = 'web-crypto' | 'noble';

/** Whether this engine's Web Crypto has Ed25519 (asked once: importing a key tells). */
let webCryptoEd25519: Promise<boolean> | undefined;

async function hasWebCryptoEd25519(): Promise<boolean> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return false;
  try {
    const probe = new Uint8Array(PUBLIC_KEY_BYTES);
    probe[0] = 1; // a valid point's encoding (the identity's y = 1): import must not fail for the key
    await subtle.importKey('raw', probe, { name: 'Ed25519' }, false, ['verify']);
    return true;
  } catch {
    return false;
  }
}

/** Forces the implementation used (tests of the fallback); undefined asks the engine again. */
export function useSignatureEngine(engine: SignatureEngine | undefined): void {
  webCryptoEd25519 = engine === undefined ? undefined : Promise.resolve(engine === 'web-crypto');
}

/**
 * Whether `signature` (64 bytes) is `publicKey`'s Ed25519 signature of `message`, and which
 * implementation said so. A malformed key or signature is simply not valid.
 */
export async function checkSignature(
  message: Uint8Array<ArrayBuffer>,
  signature: Uint8Array<ArrayBuffer>,
  publicKey: Uint8Array<ArrayBuffer>,
): Promise<{ valid: boolean; engine: SignatureEngine }> {
  if ((await (webCryptoEd25519 ??= hasWebCryptoEd25519())) && globalThis.crypto?.subtle) {
    const subtle = globalThis.crypto.subtle;
    try {
      const key = await subtle.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify']);
      return {
        valid: await subtle.verify({ name: 'Ed25519' }, key, signature, message),
        engine: 'web-crypto',
      };
    } catch {
      return { valid: false, engine: 'web-crypto' };
    }
  }
  const { ed25519 } = await import('@noble/curves/ed25519.js');
  try {
    // zip215: false is RFC 8032's strict check, as Web Crypto and node:crypto make it.
    return { valid: ed25519.verify(signature, message, publicKey, { zip215: false }), engine: 'noble' };
  } catch {
    return { valid: false, engine: 'noble' };
  }
}
