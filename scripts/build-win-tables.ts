/**
 * `npx tsx scripts/build-win-tables.ts [--sheet rows13|yatzy] [--check]`: solves the target tables of
 * the player that plays to win (every set of filled rows, every target) and writes them beside
 * src/engine/solver/win-asset.ts: `win-targets.bin` for the 13-row sheet (`seed`, `classic` and
 * `yahtzee` score their rows alike; some 10 s or more) and `win-targets-yatzy.bin` for `yatzy`'s 15 rows
 * (a few minutes), printing each checksum to pin in win-asset.ts (WIN_TARGETS_CHECKSUM,
 * WIN_TARGETS_YATZY_CHECKSUM). With --check it writes nothing and says whether each file is up to date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RuleSetId } from '../src/engine/rules.js';
import { encodeTargetTables, fnv1a, winTargetsFileOf } from '../src/engine/solver/win-asset.js';
import { solveTargetTables } from '../src/engine/solver/win-tables.js';
import { parseOrExit, readFlags } from './cli-args.js';

const USAGE = 'usage: npx tsx scripts/build-win-tables.ts [--sheet rows13|yatzy] [--check]';
/** Each sheet of rows with target tables of their own, and a rule set that plays with them. */
const SHEETS: Record<string, RuleSetId> = { rows13: 'seed', yatzy: 'yatzy' };

const { check, sheets } = parseOrExit('build-win-tables', USAGE, (argv) => {
  const flags = readFlags(argv, { valued: ['--sheet'], switches: ['--check'] });
  const sheet = flags.values.get('--sheet');
  if (sheet !== undefined && !(sheet in SHEETS)) throw new Error(`--sheet is rows13 or yatzy, not ${sheet}`);
  return { check: flags.switches.has('--check'), sheets: sheet ? [sheet] : Object.keys(SHEETS) };
});
let stale = false;
for (const name of sheets) {
  const { file, sheet } = winTargetsFileOf(SHEETS[name]!);
  const path = fileURLToPath(new URL(`../src/engine/solver/${file}`, import.meta.url));
  const start = performance.now();
  const bytes = encodeTargetTables(solveTargetTables({ sheet }));
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  const checksum = new DataView(bytes.buffer).getUint32(12, true);
  if (check) {
    const same = fnv1a(readFileSync(path)) === fnv1a(bytes);
    stale ||= !same;
    console.log(`${file}: ${same ? 'up to date' : 'OUT OF DATE'}: checksum ${checksum} (${seconds} s)`);
  } else {
    writeFileSync(path, bytes);
    console.log(`wrote ${path}: ${bytes.length} bytes, checksum ${checksum} (${seconds} s)`);
  }
}
process.exit(stale ? 1 : 0);
