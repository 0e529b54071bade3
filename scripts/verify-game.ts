/**
 * `npm run verify -- FILE`: checks the record of a finished online game that the page saved ("Save the
 * game record"): the secret against the commitment, every throw's launch, and where its dice came to
 * rest (src/online/verify.ts). Prints the verdict in words; exit code 0 when verified, 1 when not, 2 when
 * the file cannot be read as a record.
 */
import { readFileSync } from 'node:fs';
import { parseGameRecord } from '../src/online/game-record.js';
import { verifyGame } from '../src/online/verify.js';
import { verifyStringsFor } from '../src/ui/i18n/verify-strings.js';

const files = process.argv.slice(2);
if (files.length !== 1 || files[0] === '-h' || files[0] === '--help') {
  console.error('Usage: npm run verify -- FILE   (a game record saved by the page after an online game)');
  process.exit(2);
}
let record;
try {
  record = parseGameRecord(readFileSync(files[0]!, 'utf8'));
} catch (error) {
  console.error(`${files[0]}: ${(error as Error).message}`);
  process.exit(2);
}
const result = await verifyGame(record);
console.log(verifyStringsFor('en').result(result));
process.exit(result.verdict === 'verified' ? 0 : 1);
