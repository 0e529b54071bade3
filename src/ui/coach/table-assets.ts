/**
 * The coach's shipped tables, as its two workers fetch them: the optimal-play table of the rule sets
 * whose table takes longer to solve than a player should wait (`yahtzee`, `yatzy`: table-asset.ts), the
 * target tables of the player that plays to win (the 13 rows' `win-targets.bin`; `yatzy`'s own
 * `win-targets-yatzy.bin`: win-asset.ts) and the bonus chances of its model under `yahtzee` and `yatzy`
 * (`win-bonus-*.bin`: win-bonus-asset.ts). Each address is written out so that the bundler ships the
 * file; each is fetched only when a request of its rule set needs it.
 */
import type { RuleSetId } from '../../engine/index.js';
import { decodeStateValues, hasTableAsset } from '../../engine/solver/table-asset.js';
import { getTable, hasTable, provideTable } from '../../engine/solver/table.js';
import { hasBonusAsset, hasBonusChancesFor, provideBonusAsset } from '../../engine/solver/win-bonus-asset.js';

/** Where a rule set's shipped optimal-play table is, null for those solved where they are used. */
function tableUrl(rules: RuleSetId): URL | null {
  switch (rules) {
    case 'yahtzee':
      return new URL('../../engine/solver/solver-yahtzee.bin?no-inline', import.meta.url);
    case 'yatzy':
      return new URL('../../engine/solver/solver-yatzy.bin?no-inline', import.meta.url);
    default:
      return null;
  }
}

/**
 * Loads a rule set's shipped optimal-play table into the engine's cache (`getTable` then has it), once;
 * on failure the table is left to be solved, with a warning.
 */
export async function loadTable(rules: RuleSetId): Promise<void> {
  const url = tableUrl(rules);
  if (!url || hasTable(rules) || !hasTableAsset(rules)) return;
  try {
    provideTable(decodeStateValues(rules, await fetchBytes(url)));
  } catch (error) {
    console.warn(`The ${rules} table is solved here instead:`, error);
  }
}

/** The bytes of the target tables a rule set plays to win with. */
export async function fetchWinTargets(rules: RuleSetId): Promise<Uint8Array> {
  const url =
    rules === 'yatzy'
      ? new URL('../../engine/solver/win-targets-yatzy.bin?no-inline', import.meta.url)
      : new URL('../../engine/solver/win-targets.bin?no-inline', import.meta.url);
  return fetchBytes(url);
}

/** Where a rule set's shipped bonus chances are, null for those solved where they are used. */
function bonusUrl(rules: RuleSetId): URL | null {
  switch (rules) {
    case 'yahtzee':
      return new URL('../../engine/solver/win-bonus-yahtzee.bin?no-inline', import.meta.url);
    case 'yatzy':
      return new URL('../../engine/solver/win-bonus-yatzy.bin?no-inline', import.meta.url);
    default:
      return null;
  }
}

/**
 * Loads a rule set's shipped bonus chances for the win model (win-bonus-asset.ts), once, for the table
 * `getTable` gives (its shipped one: `loadTable` first); on failure the model solves them (minutes),
 * with a warning.
 */
export async function loadWinBonus(rules: RuleSetId): Promise<void> {
  const url = bonusUrl(rules);
  if (!url || !hasBonusAsset(rules)) return;
  await loadTable(rules);
  const table = getTable(rules);
  if (hasBonusChancesFor(table)) return;
  try {
    provideBonusAsset(table, await fetchBytes(url));
  } catch (error) {
    console.warn(`The ${rules} bonus chances are solved here instead:`, error);
  }
}

/** The bytes at `url`; rejects, naming the file, on a failed fetch or an HTTP error. */
async function fetchBytes(url: URL): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
