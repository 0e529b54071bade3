/**
 * The server's public keys for game records, served at KEYS_PATH (src/online/record-signature.ts) for
 * the page's "Verify this game" and `npm run verify -- FILE --server URL`; and the signer a server
 * starts with: the key kept in its database, or, with no database, a key of this process alone.
 */
import type express from 'express';
import { KEYS_PATH } from '../../src/online/record-signature.js';
import type { WorkerRecords } from './database/WorkerRecords.js';
import { RecordSigner } from './record-signing.js';

/**
 * The signer of a server: with its database's current key (made there at the first start), the keys
 * served asked again of it now and then; without a database, a key of its own.
 * @throws DatabaseError as the database fails; RecordKeyError when the stored key is damaged
 */
export async function signerFor(
  database: Pick<WorkerRecords, 'recordKeys'> | undefined,
): Promise<RecordSigner> {
  if (!database) return RecordSigner.ephemeral();
  return new RecordSigner(await database.recordKeys(), () => database.recordKeys());
}

/** Serves the public keys (never a private one) at KEYS_PATH, to any origin: they are public. */
export function keysRoute(app: express.Application, signer: RecordSigner): void {
  app.get(KEYS_PATH, (_req, res) => {
    res
      .set('Cache-Control', 'public, max-age=300')
      .set('Access-Control-Allow-Origin', '*')
      .type('application/json')
      .send(JSON.stringify(signer.keys()));
  });
}
