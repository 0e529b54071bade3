/**
 * The target tables of the player that plays to win, read in Node from the asset that ships beside the
 * solver (src/engine/solver/win-targets.bin), checksum checked, decoded once per process.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decodeTargetTables, type TargetTables } from '../src/engine/solver/index.js';

/** Where the asset is. */
export const WIN_TARGETS_FILE = fileURLToPath(
  new URL('../src/engine/solver/win-targets.bin', import.meta.url),
);

let loaded: TargetTables | undefined;

/** The shipped target tables (read and decoded on first use). */
export function loadWinTargets(): TargetTables {
  loaded ??= decodeTargetTables(readFileSync(WIN_TARGETS_FILE));
  return loaded;
}
