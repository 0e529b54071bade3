/**
 * A finished online game's record signed as a server signs it (server/src/record-signing.ts), with the
 * keys that check it: for the tests of "Verify this game" and `npm run verify`.
 */
import { parseKeySet, type RecordKey } from '../../src/online/record-signature.js';
import type { OnlineGameRecord } from '../../src/online/game-record.js';
import { RecordSigner } from '../../server/src/record-signing.js';
import { playedRecord } from './played-record.js';

/** Signs `record` (its times set, any signature replaced) with `signer`'s key. */
export function sign(record: OnlineGameRecord, signer: RecordSigner): OnlineGameRecord {
  const { signature: _old, ...unsigned } = record;
  const body: OnlineGameRecord = { ...unsigned, version: 2 };
  return { ...body, signature: signer.signRecord(body) };
}

/** The key of the tests' "server": its public half is what tests/engines serves at KEYS_PATH. */
export const TEST_SIGNER = RecordSigner.ephemeral();

/** A whole game of two at the server's table, signed by TEST_SIGNER, and the keys that check it. */
export async function signedRecord(): Promise<{
  record: OnlineGameRecord;
  keys: RecordKey[];
  signer: RecordSigner;
}> {
  const signer = TEST_SIGNER;
  const played = await playedRecord();
  const record = sign({ ...played, startedAt: 1_764_900_000_000, endedAt: 1_764_900_654_321 }, signer);
  return { record, keys: await parseKeySet(signer.keys()), signer };
}
