import type { RuleSetId } from '../rules.js';
import { sheetModel, type SheetModel } from './sheet-model.js';
import { maxRemaining, rowsSheetOf, type TargetTables } from './win-tables.js';

/*
 * The target tables (b) as an asset: solving them takes some 10 s or more in Node (about 1.4 million
 * targets of the 13-row sheet, each a turn's induction; `yatzy`'s 15 rows about 5 million), so they ship
 * solved, in `win-targets.bin` (the 13-row sheet: `seed`, `classic`, `yahtzee`) and
 * `win-targets-yatzy.bin` beside this file, made by `npx tsx scripts/build-win-tables.ts`. Every chance is stored in 16 bits (to within 1/131,070), and
 * the chances that round to 1 at the low targets or to 0 at the high ones are left out.
 *
 * Layout, little-endian: the magic "TPW1"; uint32 masks M (8,192, or 32,768 for `yatzy`); uint32 stored
 * chances N; uint32 FNV-1a checksum of everything after these 16 bytes; int16 lo[M]; int16 hi[M]; uint16 steps[N] in
 * mask order, those of a mask for its targets lo..hi: with q(t) = round(chance * 65535) and q(lo - 1) =
 * 65535, each step is q(t - 1) - q(t) modulo 65536 (small numbers, as the chances fall slowly with t,
 * which compress well when the file is served).
 */

/** The checksum of the `win-targets.bin` that ships: a changed or damaged file is refused. */
export const WIN_TARGETS_CHECKSUM = 111142259;

/** The checksum of `win-targets-yatzy.bin`, the target tables of `yatzy`'s 15 rows. */
export const WIN_TARGETS_YATZY_CHECKSUM = 1379445505;

/** Which target tables a rule set plays with: their file's name (beside this one) and checksum. */
export function winTargetsFileOf(rules: RuleSetId): { file: string; checksum: number; sheet: SheetModel } {
  return rules === 'yatzy'
    ? { file: 'win-targets-yatzy.bin', checksum: WIN_TARGETS_YATZY_CHECKSUM, sheet: sheetModel('yatzy') }
    : { file: 'win-targets.bin', checksum: WIN_TARGETS_CHECKSUM, sheet: rowsSheetOf('seed') };
}

const MAGIC = 0x31575054; // "TPW1" read little-endian
const HEADER = 16;
const SCALE = 65535;

/** FNV-1a (32 bits) of bytes. */
export function fnv1a(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) {
    hash ^= bytes[i]!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The bytes of the asset for solved tables (every mask solved). */
export function encodeTargetTables(tables: TargetTables): Uint8Array {
  if (tables.from !== 0) throw new RangeError('Only tables of every mask make the asset');
  const masks = tables.lo.length;
  const lo = new Int16Array(masks);
  const hi = new Int16Array(masks);
  const stored: number[] = [];
  for (let mask = 0; mask < masks; mask++) {
    const first = tables.lo[mask]!;
    const base = tables.offset[mask]! - first;
    const quantised: number[] = [];
    for (let t = first; t <= tables.hi[mask]!; t++) {
      quantised.push(Math.round(tables.values[base + t]! * SCALE));
    }
    let a = 0;
    while (a < quantised.length && quantised[a] === SCALE) a++;
    let b = quantised.length - 1;
    while (b >= a && quantised[b] === 0) b--;
    lo[mask] = first + a;
    hi[mask] = first + b;
    let previous = SCALE;
    for (let i = a; i <= b; i++) {
      stored.push((previous - quantised[i]!) & 0xffff);
      previous = quantised[i]!;
    }
  }
  const bytes = new Uint8Array(HEADER + masks * 4 + stored.length * 2);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, masks, true);
  view.setUint32(8, stored.length, true);
  let at = HEADER;
  for (let mask = 0; mask < masks; mask++, at += 2) view.setInt16(at, lo[mask]!, true);
  for (let mask = 0; mask < masks; mask++, at += 2) view.setInt16(at, hi[mask]!, true);
  for (const q of stored) {
    view.setUint16(at, q, true);
    at += 2;
  }
  view.setUint32(12, fnv1a(bytes, HEADER), true);
  return bytes;
}

/**
 * The target tables from the asset's bytes.
 * @param expected the checksum the bytes must have (the shipped asset's by default; null to skip)
 * @param sheet the sheet of the rows they are of (the 13-row sheet by default; `rowsSheetOf('yatzy')`)
 * @throws RangeError when the bytes are not such an asset, are damaged, or are not the expected ones
 */
export function decodeTargetTables(
  bytes: Uint8Array,
  expected: number | null = WIN_TARGETS_CHECKSUM,
  sheet: SheetModel = rowsSheetOf('seed'),
): TargetTables {
  const masks = sheet.allFilled + 1;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < HEADER || view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== masks) {
    throw new RangeError('Not a target-tables asset');
  }
  const count = view.getUint32(8, true);
  if (bytes.byteLength !== HEADER + masks * 4 + count * 2) throw new RangeError('Target tables cut short');
  const checksum = view.getUint32(12, true);
  if (fnv1a(bytes, HEADER) !== checksum) throw new RangeError('Target tables damaged (checksum)');
  if (expected !== null && checksum !== expected) {
    throw new RangeError(`Target tables of checksum ${checksum}, expected ${expected}`);
  }
  const lo = new Int16Array(masks);
  const hi = new Int16Array(masks);
  const offset = new Int32Array(masks + 1);
  let at = HEADER;
  for (let mask = 0; mask < masks; mask++, at += 2) lo[mask] = view.getInt16(at, true);
  for (let mask = 0; mask < masks; mask++, at += 2) hi[mask] = view.getInt16(at, true);
  for (let mask = 0; mask < masks; mask++) {
    const length = hi[mask]! - lo[mask]! + 1;
    if (lo[mask]! < 1 || length < 0 || hi[mask]! > maxRemaining(mask, sheet)) {
      throw new RangeError(`Target tables: bad range for mask ${mask}`);
    }
    offset[mask + 1] = offset[mask]! + length;
  }
  if (offset[masks] !== count) throw new RangeError('Target tables: ranges and chances disagree');
  const values = new Float64Array(count);
  for (let mask = 0; mask < masks; mask++) {
    let previous = SCALE;
    for (let i = offset[mask]!; i < offset[mask + 1]!; i++, at += 2) {
      previous = (previous - view.getUint16(at, true)) & 0xffff;
      values[i] = previous / SCALE;
    }
  }
  return { from: 0, lo, hi, offset, values };
}
