/**
 * The coach's shipped tables read in Node, checksums checked, each decoded once per process: the target
 * tables of the player that plays to win (src/engine/solver/win-targets.bin for the 13 rows,
 * win-targets-yatzy.bin for `yatzy`), the optimal-play tables that ship solved (`yahtzee`, `yatzy`:
 * solver-*.bin) and their bonus chances (win-bonus-*.bin), so that the scripts play from what the page
 * plays from instead of solving them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RuleSetId } from '../src/engine/rules.js';
import { decodeTargetTables, winTargetsFileOf, type TargetTables } from '../src/engine/solver/index.js';
import { decodeStateValues, hasTableAsset } from '../src/engine/solver/table-asset.js';
import { getTable, hasTable, provideTable } from '../src/engine/solver/table.js';
import {
  hasBonusAsset,
  hasBonusChancesFor,
  provideBonusAsset,
} from '../src/engine/solver/win-bonus-asset.js';

/** Where the target tables of the 13 rows are. */
export const WIN_TARGETS_FILE = fileURLToPath(
  new URL('../src/engine/solver/win-targets.bin', import.meta.url),
);

const loaded = new Map<string, TargetTables>();

/** The shipped target tables a rule set plays with (read and decoded on first use). */
export function loadWinTargets(rules: RuleSetId = 'seed'): TargetTables {
  const { file, checksum, sheet } = winTargetsFileOf(rules);
  let tables = loaded.get(file);
  if (!tables) {
    const path = fileURLToPath(new URL(`../src/engine/solver/${file}`, import.meta.url));
    tables = decodeTargetTables(readFileSync(path), checksum, sheet);
    loaded.set(file, tables);
  }
  return tables;
}

/** Gives `getTable` a rule set's shipped optimal-play table, if it ships one and none is at hand. */
export function provideShippedTable(rules: RuleSetId): void {
  if (!hasTableAsset(rules) || hasTable(rules)) return;
  const path = fileURLToPath(new URL(`../src/engine/solver/solver-${rules}.bin`, import.meta.url));
  provideTable(decodeStateValues(rules, readFileSync(path)));
}

/**
 * Gives the win model a rule set's shipped bonus chances (win-bonus-*.bin) for its table as `getTable`
 * gives it (the shipped one, `provideShippedTable` first), if it ships them and none are at hand.
 */
export function provideShippedBonus(rules: RuleSetId): void {
  if (!hasBonusAsset(rules)) return;
  provideShippedTable(rules);
  const table = getTable(rules);
  if (hasBonusChancesFor(table)) return;
  const path = fileURLToPath(new URL(`../src/engine/solver/win-bonus-${rules}.bin`, import.meta.url));
  provideBonusAsset(table, readFileSync(path));
}
