/**
 * The server's Ed25519 keys that sign finished games' records (record-signing.ts), kept in its database
 * beside the games (table `record_keys`, migration 4): the embedded one of DATA_DIR, or the PostgreSQL
 * server every process of a deployment shares, so that a restart keeps the key and all the processes
 * sign with the same one. The first start makes it. One key is current (signs); retired keys are kept
 * and served (KEYS_PATH), so that every record they signed still verifies.
 *
 * Rotating (`npm run rotate-record-key`, rotate-record-key.ts) retires the current key and makes a new
 * one; each process signs with the new key from its next start, and serves it within a minute.
 *
 * The private key is in the database as readable as the games' secrets are: whoever can read the
 * database can sign records. Keep its backups as private as the database itself.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createHash } from 'node:crypto';
import { KEY_ID_HEX, KEYS_FORMAT, SIGNATURE_ALG, type KeySet } from '../../src/online/record-signature.js';
import type { Queryable } from './database/database.js';

/** One key as the database keeps it (and as it crosses from the database's thread). */
export interface StoredKey {
  id: string;
  /** The raw 32-byte public key, base64. */
  publicKey: string;
  /** The private key, PKCS #8 DER, base64. */
  privateKey: string;
  /** ISO 8601. */
  created: string;
  retired: string | null;
}

/** The id (fingerprint) of a raw public key, as record-signature.ts keyIdOf makes it. */
export function keyIdOfRaw(raw: Buffer): string {
  return createHash('sha256').update(raw).digest('hex').slice(0, KEY_ID_HEX);
}

/** The raw 32 bytes of an Ed25519 public key (the end of its SPKI DER, whose prefix is fixed). */
export function rawPublicKey(key: KeyObject): Buffer {
  return key.export({ format: 'der', type: 'spki' }).subarray(-32);
}

/** A new key, not stored yet. */
export function newStoredKey(now = new Date()): StoredKey {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = rawPublicKey(publicKey);
  return {
    id: keyIdOfRaw(raw),
    publicKey: raw.toString('base64'),
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    created: now.toISOString(),
    retired: null,
  };
}

interface KeyRow {
  key_id: string;
  public_key: string;
  private_key: string;
  created_at: Date | string;
  retired_at: Date | string | null;
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** Every key in the database, the current one first, then the retired ones, newest first. */
export async function storedKeys(db: Queryable): Promise<StoredKey[]> {
  const rows = await db.query<KeyRow>(
    `SELECT key_id, public_key, private_key, created_at, retired_at FROM record_keys
      ORDER BY retired_at IS NOT NULL, created_at DESC`,
  );
  return rows.map((row) => ({
    id: row.key_id,
    publicKey: row.public_key,
    privateKey: row.private_key,
    created: iso(row.created_at)!,
    retired: iso(row.retired_at),
  }));
}

async function insertKey(db: Queryable, key: StoredKey): Promise<void> {
  // A process that makes the first key at the same moment as another: the one current key (a unique
  // index) is whichever was stored first, and both read it back.
  await db.query(
    `INSERT INTO record_keys (key_id, public_key, private_key, created_at)
      VALUES ($1, $2, $3, $4::timestamptz) ON CONFLICT DO NOTHING`,
    [key.id, key.publicKey, key.privateKey, key.created],
  );
}

/** The keys, a current one made first if there is none (a new database, or the first start since). */
export async function loadOrMakeKeys(db: Queryable): Promise<StoredKey[]> {
  let keys = await storedKeys(db);
  if (!keys.some((k) => k.retired === null)) {
    await insertKey(db, newStoredKey());
    keys = await storedKeys(db);
  }
  return keys;
}

/** Retires the current key and makes a new one, in one transaction: the keys after. */
export async function rotateKeys(db: {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
}): Promise<StoredKey[]> {
  return db.transaction(async (tx) => {
    await tx.query('UPDATE record_keys SET retired_at = now() WHERE retired_at IS NULL');
    await insertKey(tx, newStoredKey());
    return storedKeys(tx);
  });
}

/** The public side of the keys: the document served at KEYS_PATH (no private key in it). */
export function keySetOf(keys: readonly StoredKey[]): KeySet {
  return {
    format: KEYS_FORMAT,
    keys: keys.map((k) => ({
      id: k.id,
      alg: SIGNATURE_ALG,
      publicKey: k.publicKey,
      current: k.retired === null,
      created: k.created,
      retired: k.retired,
    })),
  };
}

/** The private key object of a stored key. */
export function privateKeyOf(key: StoredKey): KeyObject {
  return createPrivateKey({ key: Buffer.from(key.privateKey, 'base64'), format: 'der', type: 'pkcs8' });
}

/** Whether a stored key's private and public halves and id belong together (a damaged row is not used). */
export function keyHolds(key: StoredKey): boolean {
  try {
    const raw = rawPublicKey(createPublicKey(privateKeyOf(key)));
    return raw.toString('base64') === key.publicKey && keyIdOfRaw(raw) === key.id;
  } catch {
    return false;
  }
}
