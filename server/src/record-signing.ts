/**
 * Signing finished games' records (src/online/game-record.ts, record-signature.ts): `RecordSigner`
 * holds the server's current key (record-keys.ts) and the document of its public keys; each room has a
 * `RecordStamps`, which signs its game's record once, when its view first shows the game over, and adds
 * the signature to every view after (the game's proof: GameProof.signed).
 */
import { createHash, sign, type KeyObject } from 'node:crypto';
import type { KeySet } from '../../src/online/record-signature.js';
import { signedText } from '../../src/online/record-signature.js';
import { gameRecordOf, type RecordStamp } from '../../src/online/game-record.js';
import type { RoomView } from '../../src/online/protocol.js';
import { keyHolds, keySetOf, newStoredKey, privateKeyOf, type StoredKey } from './record-keys.js';

/** How long the served document of keys is kept before the database is asked again, ms. */
const KEYS_REFRESH_MS = 60_000;

/** A damaged key in the database: the server does not start with it. */
export class RecordKeyError extends Error {
  readonly code = 'record-key-damaged';
}

export class RecordSigner {
  private readonly privateKey: KeyObject;
  /** The current key's id (its fingerprint). */
  readonly keyId: string;
  private keySet: KeySet;
  private loadedAt: number;
  private refreshing: Promise<void> | null = null;

  /**
   * Signs with the current key of `keys`; `reload` (the database's keys again) refreshes the document
   * served, so that a key another process made since is served here too.
   * @throws RecordKeyError when there is no current key, or it is damaged
   */
  constructor(
    keys: readonly StoredKey[],
    private readonly reload: (() => Promise<StoredKey[]>) | null = null,
    private readonly now: () => number = Date.now,
  ) {
    const current = keys.find((k) => k.retired === null);
    if (!current || !keyHolds(current))
      throw new RecordKeyError('The key that signs game records is missing or damaged in the database');
    this.privateKey = privateKeyOf(current);
    this.keyId = current.id;
    this.keySet = keySetOf(keys);
    this.loadedAt = now();
  }

  /** A signer with a key of its own, kept nowhere: a server without a database (its games die with it). */
  static ephemeral(): RecordSigner {
    return new RecordSigner([newStoredKey()]);
  }

  /** The Ed25519 signature of `bytes`, base64. */
  sign(bytes: Uint8Array): string {
    return sign(null, bytes, this.privateKey).toString('base64');
  }

  /**
   * The signature of a game record (record-signature.ts signedDigest: over the SHA-256 of its signed
   * text, hashed here straight from the string), and the id of the key that made it.
   * @throws SignatureFormatError `not-canonical` for a record that cannot be put in canonical form
   */
  signRecord(record: object): { key: string; value: string } {
    const digest = createHash('sha256').update(signedText(record), 'utf8').digest();
    return { key: this.keyId, value: this.sign(digest) };
  }

  /** The document of public keys (KEYS_PATH), asked again of the database at most once a minute. */
  keys(): KeySet {
    if (this.reload && !this.refreshing && this.now() - this.loadedAt > KEYS_REFRESH_MS) {
      this.refreshing = this.reload()
        .then((keys) => {
          if (keys.length > 0) this.keySet = keySetOf(keys);
        })
        .catch(() => {
          // The database away a moment: the keys known are served meanwhile.
        })
        .finally(() => {
          this.loadedAt = this.now();
          this.refreshing = null;
        });
    }
    return this.keySet;
  }
}

/** One room's signatures: its game's record signed once it is over, the signature added to its views. */
export class RecordStamps {
  /** The game in play: its commitment, and when this process first saw it in play. */
  private started: { commitment: string; at: number } | null = null;
  /** The signature of the finished game (by its commitment). */
  private stamped: { commitment: string; stamp: RecordStamp } | null = null;

  constructor(
    private readonly signer: RecordSigner,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * `view` as it is sent: once its game is over, its proof with the signature of the game's record
   * (made at the first such view; the record does not change after). A view of a game in play is
   * noted for the time it started.
   */
  stamp(view: RoomView): RoomView {
    const proof = view.proof;
    if (!proof || !view.game) return view;
    if (proof.secret === null) {
      if (this.started?.commitment !== proof.commitment)
        this.started = { commitment: proof.commitment, at: this.now() };
      return view;
    }
    if (this.stamped?.commitment !== proof.commitment) {
      // A game restored after its process was gone was not seen starting here: its start is not known.
      const startedAt = this.started?.commitment === proof.commitment ? this.started.at : null;
      const record = gameRecordOf(view, { startedAt, endedAt: this.now() });
      if (!record) return view;
      const signature = this.signer.signRecord(record);
      this.stamped = {
        commitment: proof.commitment,
        stamp: { startedAt: record.startedAt, endedAt: record.endedAt!, signature },
      };
    }
    return { ...view, proof: { ...proof, signed: this.stamped.stamp } };
  }
}
