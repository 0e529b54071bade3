import type { RuleSetId } from '../rules.js';
import { FRAME_HEADER, frameAsset, framedCount } from './rules-asset-frame.js';
import { bonusModel, sheetModel } from './sheet-model.js';
import { fillStates, stateIndex, type StateValues } from './table.js';

/*
 * A rule set's solved table as an asset, for the rule sets whose table takes longer to solve than a
 * player should wait (`yahtzee` about 4 s, `yatzy` about 10 s of CPU on the benchmark machine): made by
 * `npx tsx scripts/build-solver-tables.ts` into `solver-<rules>.bin` beside this file, and loaded by the
 * coach's worker only when that rule set is played.
 *
 * Only the states with a value of their own are stored, in the order `fillStates` asks for them (every
 * other state is unreachable or shares its mask's settled value, which decoding restores), each as a
 * float32: within 2e-5 of the solved value at these sizes (under 400 points), far below any difference
 * the coach shows.
 *
 * Layout, little-endian: the magic "TPS1"; uint32 the rule set's index in RULE_SETS; uint32 the values
 * stored N; uint32 FNV-1a checksum of the N float32 values that follow.
 */

/** The checksums of the tables that ship: a changed or damaged file is refused. */
export const TABLE_ASSET_CHECKSUMS: Readonly<Partial<Record<RuleSetId, number>>> = {
  yahtzee: 2529679800,
  yatzy: 940249559,
};

/** Whether a rule set's table ships as an asset (the others are solved where they are used). */
export function hasTableAsset(rules: RuleSetId): boolean {
  return TABLE_ASSET_CHECKSUMS[rules] !== undefined;
}

const MAGIC = 0x31535054; // "TPS1" read little-endian
const WORDS = { noun: 'table', plural: false };

/** The bytes of the asset of a table solved for every state. */
export function encodeStateValues(table: StateValues): Uint8Array {
  if (!table.sheet.forcedJoker) throw new RangeError('Only tables of the rules as played make an asset');
  const stored: number[] = [];
  fillStates(table.model, table.sheet, 0, (_, mask, upper, flag) => {
    const value = table.values[stateIndex(table, mask, upper, flag)]!;
    if (Number.isNaN(value)) throw new RangeError('Only tables of every state make an asset');
    stored.push(value);
    return value;
  });
  return frameAsset(MAGIC, table.rules, stored.length, 4, (view, at, i) =>
    view.setFloat32(at, stored[i]!, true),
  );
}

/**
 * A rule set's table from its asset's bytes.
 * @param expected the checksum the bytes must have (the shipped asset's by default; null to skip)
 * @throws RangeError when the bytes are not the table of this rule set, are damaged, or are not the
 *   expected ones
 */
export function decodeStateValues(
  rules: RuleSetId,
  bytes: Uint8Array,
  expected: number | null = TABLE_ASSET_CHECKSUMS[rules] ?? null,
): StateValues {
  const count = framedCount(MAGIC, rules, 4, bytes, expected, WORDS);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const model = bonusModel(rules);
  const sheet = sheetModel(rules);
  let read = 0;
  const values = fillStates(model, sheet, 0, () => {
    if (read >= count) throw new RangeError(`The ${rules} table holds too few values`);
    return view.getFloat32(FRAME_HEADER + 4 * read++, true);
  });
  if (read !== count) throw new RangeError(`The ${rules} table holds too many values`);
  return { rules, model, sheet, values };
}
