/**
 * `npx tsx scripts/build-win-bonus.ts [--rules yahtzee|yatzy] [--check]`: follows the expected-score play
 * of `yahtzee` and `yatzy` (their shipped tables, solver-*.bin) over every state for the chances of their
 * bonuses (win-bonus.ts) and writes them beside src/engine/solver/win-bonus-asset.ts as
 * `win-bonus-<rules>.bin` (`yahtzee` some 40 s, `yatzy` minutes), printing each checksum to pin in
 * win-bonus-asset.ts (BONUS_ASSET_CHECKSUMS). With --check it writes nothing and says whether each file
 * is up to date (exit 1 when not).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RuleSetId } from '../src/engine/rules.js';
import { getTable } from '../src/engine/solver/table.js';
import { fnv1a } from '../src/engine/solver/win-asset.js';
import { encodeBonusChances } from '../src/engine/solver/win-bonus-asset.js';
import { rowsTableOf } from '../src/engine/solver/win-tables.js';
import { parseOrExit, readFlags } from './cli-args.js';
import { provideShippedTable } from './win-asset-node.js';

const USAGE = 'usage: npx tsx scripts/build-win-bonus.ts [--rules yahtzee|yatzy] [--check]';
const SHIPPED: RuleSetId[] = ['yahtzee', 'yatzy'];

const { check, rules } = parseOrExit('build-win-bonus', USAGE, (argv) => {
  const flags = readFlags(argv, { valued: ['--rules'], switches: ['--check'] });
  const rules = flags.values.get('--rules');
  if (rules !== undefined && !SHIPPED.includes(rules as RuleSetId)) {
    throw new Error(`--rules is yahtzee or yatzy, not ${rules}`);
  }
  return { check: flags.switches.has('--check'), rules: rules ? [rules as RuleSetId] : SHIPPED };
});
let stale = false;
for (const name of rules) {
  const path = fileURLToPath(new URL(`../src/engine/solver/win-bonus-${name}.bin`, import.meta.url));
  provideShippedTable(name);
  const start = performance.now();
  const bytes = encodeBonusChances(getTable(name), rowsTableOf(name));
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  const checksum = new DataView(bytes.buffer).getUint32(12, true);
  if (check) {
    const same = fnv1a(readFileSync(path)) === fnv1a(bytes);
    stale ||= !same;
    console.log(
      `win-bonus-${name}.bin: ${same ? 'up to date' : 'OUT OF DATE'}: checksum ${checksum} (${seconds} s)`,
    );
  } else {
    writeFileSync(path, bytes);
    console.log(`wrote ${path}: ${bytes.length} bytes, checksum ${checksum} (${seconds} s)`);
  }
}
process.exit(stale ? 1 : 0);
