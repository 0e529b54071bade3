import { RULE_SETS, type RuleSetId } from '../rules.js';
import { bonusModel, sheetModel } from './sheet-model.js';
import { fillStates, stateIndex, type StateValues } from './table.js';
import { fnv1a } from './win-asset.js';

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
const HEADER = 16;

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
  const bytes = new Uint8Array(HEADER + stored.length * 4);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, RULE_SETS.indexOf(table.rules), true);
  view.setUint32(8, stored.length, true);
  stored.forEach((value, i) => view.setFloat32(HEADER + i * 4, value, true));
  view.setUint32(12, fnv1a(bytes, HEADER), true);
  return bytes;
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
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (
    bytes.byteLength < HEADER ||
    view.getUint32(0, true) !== MAGIC ||
    view.getUint32(4, true) !== RULE_SETS.indexOf(rules)
  ) {
    throw new RangeError(`Not the ${rules} table`);
  }
  const count = view.getUint32(8, true);
  if (bytes.byteLength !== HEADER + count * 4) throw new RangeError(`The ${rules} table is cut short`);
  const checksum = view.getUint32(12, true);
  if (fnv1a(bytes, HEADER) !== checksum) throw new RangeError(`The ${rules} table is damaged (checksum)`);
  if (expected !== null && checksum !== expected) {
    throw new RangeError(`The ${rules} table has checksum ${checksum}, expected ${expected}`);
  }
  const model = bonusModel(rules);
  const sheet = sheetModel(rules);
  let read = 0;
  const values = fillStates(model, sheet, 0, () => {
    if (read >= count) throw new RangeError(`The ${rules} table holds too few values`);
    return view.getFloat32(HEADER + 4 * read++, true);
  });
  if (read !== count) throw new RangeError(`The ${rules} table holds too many values`);
  return { rules, model, sheet, values };
}
