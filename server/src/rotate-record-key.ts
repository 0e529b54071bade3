/**
 * `npm run rotate-record-key`: retires the key that signs game records and makes a new one, in the
 * database the environment names (DATA_DIR, or DATABASE_URL: as the server's). The retired key stays in
 * the database and is served beside the new one (KEYS_PATH), so every record it signed still verifies.
 * An embedded database (DATA_DIR) is locked while its server runs: stop it first. With a PostgreSQL
 * server, run it any time; each process signs with the new key from its next start (restart them).
 * Exit code 0 when rotated, 1 when the database refused.
 */
import { openDatabase } from './database/open.js';
import { rotateKeys } from './record-keys.js';

try {
  const db = await openDatabase(process.env);
  try {
    const keys = await rotateKeys(db);
    const current = keys.find((k) => k.retired === null)!;
    console.log(`Records are signed from now on by key ${current.id} (in ${db.where}).`);
    for (const old of keys.filter((k) => k.retired !== null))
      console.log(`Retired, still served: ${old.id} (${old.created} to ${old.retired})`);
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(`The key could not be rotated: ${(error as Error)?.message ?? error}`);
  process.exitCode = 1;
}
