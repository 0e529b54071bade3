import { RULE_SETS, type RuleSetId } from '../rules.js';
import { fnv1a } from './win-asset.js';

/**
 * The frame the per-rule-set assets share (the optimal-play tables, table-asset.ts, and the win model's
 * bonus chances, win-bonus-asset.ts): a 16-byte header of four little-endian uint32 (the kind's magic
 * number, the rule set's index in RULE_SETS, the count of values, the FNV-1a checksum of what follows),
 * then the values, each `width` bytes.
 */
export const FRAME_HEADER = 16;

/** How an asset's kind is named in its refusals ("the yatzy table is cut short"). */
export interface FrameWords {
  /** What it holds: 'table', 'bonus chances'. */
  readonly noun: string;
  /** Whether the noun is plural (its verbs "are" and "have"). */
  readonly plural: boolean;
}

/**
 * A framed asset of `count` values, each written by `write` at its byte offset.
 * @param magic the kind's magic number
 * @param width the bytes of one value
 */
export function frameAsset(
  magic: number,
  rules: RuleSetId,
  count: number,
  width: number,
  write: (view: DataView, offset: number, index: number) => void,
): Uint8Array {
  const bytes = new Uint8Array(FRAME_HEADER + count * width);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, magic, true);
  view.setUint32(4, RULE_SETS.indexOf(rules), true);
  view.setUint32(8, count, true);
  for (let i = 0; i < count; i++) write(view, FRAME_HEADER + i * width, i);
  view.setUint32(12, fnv1a(bytes, FRAME_HEADER), true);
  return bytes;
}

/**
 * The count of values a framed asset holds, once its frame is checked.
 * @param expected the checksum the bytes must have (null to skip)
 * @throws RangeError when the bytes are not this kind's asset of this rule set, are damaged, or are not
 *   the expected ones
 */
export function framedCount(
  magic: number,
  rules: RuleSetId,
  width: number,
  bytes: Uint8Array,
  expected: number | null,
  { noun, plural }: FrameWords,
): number {
  const [is, has] = plural ? ['are', 'have'] : ['is', 'has'];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (
    bytes.byteLength < FRAME_HEADER ||
    view.getUint32(0, true) !== magic ||
    view.getUint32(4, true) !== RULE_SETS.indexOf(rules)
  ) {
    throw new RangeError(`Not the ${rules} ${noun}`);
  }
  const count = view.getUint32(8, true);
  if (bytes.byteLength !== FRAME_HEADER + count * width) {
    throw new RangeError(`The ${rules} ${noun} ${is} cut short`);
  }
  const checksum = view.getUint32(12, true);
  if (fnv1a(bytes, FRAME_HEADER) !== checksum) {
    throw new RangeError(`The ${rules} ${noun} ${is} damaged (checksum)`);
  }
  if (expected !== null && checksum !== expected) {
    throw new RangeError(`The ${rules} ${noun} ${has} checksum ${checksum}, expected ${expected}`);
  }
  return count;
}
