/**
 * `npx tsx scripts/build-solver-tables.ts`: solves the rule sets whose tables ship as assets (`yahtzee`,
 * `yatzy`: see src/engine/solver/table-asset.ts) and writes each to src/engine/solver/solver-<rules>.bin,
 * printing its size and the checksum to pin in TABLE_ASSET_CHECKSUMS.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RuleSetId } from '../src/engine/rules.js';
import { encodeStateValues } from '../src/engine/solver/table-asset.js';
import { expectedScoreFromStart, solveTable } from '../src/engine/solver/table.js';

for (const rules of ['yahtzee', 'yatzy'] as const satisfies readonly RuleSetId[]) {
  const start = performance.now();
  const table = solveTable(rules);
  const bytes = encodeStateValues(table);
  const file = fileURLToPath(new URL(`../src/engine/solver/solver-${rules}.bin`, import.meta.url));
  writeFileSync(file, bytes);
  const checksum = new DataView(bytes.buffer).getUint32(12, true);
  console.log(
    `${rules}: ${(bytes.byteLength / 2 ** 20).toFixed(2)} MB, checksum ${checksum}, ` +
      `expected ${expectedScoreFromStart(table).toFixed(4)}, ${((performance.now() - start) / 1000).toFixed(1)} s`,
  );
}
