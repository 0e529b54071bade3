/**
 * `npx tsx scripts/build-win-tables.ts [--check]`: solves the target tables of the player that plays to
 * win (every set of filled rows, every target: some 10 s or more) and writes them to
 * src/engine/solver/win-targets.bin, printing the checksum to pin as WIN_TARGETS_CHECKSUM in
 * src/engine/solver/win-asset.ts. With --check it writes nothing and says whether the file is up to date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { encodeTargetTables, fnv1a } from '../src/engine/solver/win-asset.js';
import { solveTargetTables } from '../src/engine/solver/win-tables.js';
import { parseOrExit, readFlags } from './cli-args.js';

const USAGE = 'usage: npx tsx scripts/build-win-tables.ts [--check]';
const FILE = fileURLToPath(new URL('../src/engine/solver/win-targets.bin', import.meta.url));

const check = parseOrExit('build-win-tables', USAGE, (argv) =>
  readFlags(argv, { valued: [], switches: ['--check'] }).switches.has('--check'),
);
const start = performance.now();
const bytes = encodeTargetTables(solveTargetTables());
const seconds = ((performance.now() - start) / 1000).toFixed(1);
const checksum = new DataView(bytes.buffer).getUint32(12, true);
if (check) {
  const same = fnv1a(readFileSync(FILE)) === fnv1a(bytes);
  console.log(`${same ? 'up to date' : 'OUT OF DATE'}: checksum ${checksum} (${seconds} s)`);
  process.exit(same ? 0 : 1);
}
writeFileSync(FILE, bytes);
console.log(`wrote ${FILE}: ${bytes.length} bytes, checksum ${checksum} (${seconds} s)`);
