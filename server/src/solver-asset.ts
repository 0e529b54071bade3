/**
 * A rule set's optimal-play table as the server gets it: the shipped asset (`solver-<rules>.bin`, checked
 * against its checksum by `decodeStateValues`) for the rule sets that ship one, as the page's worker
 * does, since solving them takes seconds of a core per process (`yatzy` about 10 s); the others
 * (`seed`, `classic`) are solved, which is as quick as decoding would be.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { solveTable, type StateValues } from '../../src/engine/solver/index.js';
import { decodeStateValues, hasTableAsset } from '../../src/engine/solver/table-asset.js';
import type { RuleSetId } from '../../src/engine/index.js';
import { packageRoot } from './package-root.js';

/** How a table was made: read from its shipped asset, or solved. */
export type TableSource = 'asset' | 'solved';

/** Where a rule set's shipped table lies (the engine's source folder, which ships with the server). */
export function tableAssetPath(rules: RuleSetId): string {
  return join(packageRoot(), 'src/engine/solver', `solver-${rules}.bin`);
}

/**
 * The table of a rule set: decoded from its shipped asset when it has one, else solved. An asset that
 * cannot be read, is damaged or is not the one the engine expects (its checksum) is never played from:
 * the table is solved instead (slower, but right), with a warning.
 */
export function loadOrSolveTable(
  rules: RuleSetId,
  path = tableAssetPath(rules),
  solve: (rules: RuleSetId) => StateValues = solveTable,
): { table: StateValues; source: TableSource } {
  if (hasTableAsset(rules)) {
    try {
      const bytes = readFileSync(path);
      const table = decodeStateValues(rules, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
      return { table, source: 'asset' };
    } catch (error) {
      console.warn(`The shipped ${rules} table cannot be used (${String(error)}); solving it instead`);
    }
  }
  return { table: solve(rules), source: 'solved' };
}
