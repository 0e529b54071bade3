import type { RuleSetId } from '../rules.js';
import { FRAME_HEADER, frameAsset, framedCount } from './rules-asset-frame.js';
import { fillStates, stateIndex, stateValue, type StateValues } from './table.js';
import { solveBonusChances, type BonusChances } from './win-bonus.js';

/*
 * A rule set's bonus chances (win-bonus.ts) as an asset, for the rule sets where following their
 * expected-score play over every state takes longer than a player should wait (`yahtzee` some 40 s,
 * `yatzy` minutes of a core in Node: a turn solved and followed for each of about a million states):
 * made by `npx tsx scripts/build-win-bonus.ts` into `win-bonus-<rules>.bin` beside this file, and
 * loaded by the chance to win's worker only when that rule set is played. `classic`'s take about a
 * second and are solved where they are used.
 *
 * Only the states with a value of their own in the rule set's table are stored, in the order
 * `fillStates` visits them (the others are unreachable or play as their mask's settled state, which
 * decoding restores): the upper bonus's chance where it is still open (0 once banked or out of reach),
 * and under `yahtzee` the chances of one and of two more Yahtzee bonuses, each a uint16 (to within
 * 1/131,070). `shift` is not stored: it is what the table's value leaves over the rows' value and the
 * bonuses, recomputed from the table the model plays with, so that the parts always add up to it.
 *
 * Layout, little-endian: the magic "TPB1"; uint32 the rule set's index in RULE_SETS; uint32 the
 * uint16 numbers stored N; uint32 FNV-1a checksum of the N uint16 that follow.
 */

/** The checksums of the bonus chances that ship: a changed or damaged file is refused. */
export const BONUS_ASSET_CHECKSUMS: Readonly<Partial<Record<RuleSetId, number>>> = {
  yahtzee: 1718280430,
  yatzy: 3009249067,
};

/** Whether a rule set's bonus chances ship as an asset (the others are solved where they are used). */
export function hasBonusAsset(rules: RuleSetId): boolean {
  return BONUS_ASSET_CHECKSUMS[rules] !== undefined;
}

const MAGIC = 0x31425054; // "TPB1" read little-endian

/** The count of numbers in a rule set's bonus chances, once their frame is checked (`framedCount`). */
function checkedCount(rules: RuleSetId, bytes: Uint8Array, expected: number | null): number {
  return framedCount(MAGIC, rules, 2, bytes, expected, { noun: 'bonus chances', plural: true });
}
const SCALE = 65535;

/**
 * Visits the states of a table that have a value of their own, in the asset's order, telling whether
 * the upper bonus is still open there; returns, for every state, 1 + the index of the state it plays
 * as (itself, or its mask's settled state), 0 where every row is filled, NaN where no game goes.
 */
function walk(table: StateValues, visit: (at: number, open: boolean) => void): Float64Array {
  const { model, sheet } = table;
  return fillStates(model, sheet, 0, (_, mask, upper, flag) => {
    let upperLeft = 0;
    for (let row = 0; row < sheet.rowCount; row++) {
      if (sheet.upperMask & ~mask & (1 << row)) upperLeft += sheet.maxPoints[row]!;
    }
    const at = stateIndex(table, mask, upper, flag);
    visit(at, upper < model.threshold && upper + upperLeft >= model.threshold);
    return at + 1;
  });
}

/**
 * The bytes of the asset of a rule set's bonus chances, solved here over every state (`yahtzee` some
 * 40 s, `yatzy` minutes).
 * @param table the rule set's table as it ships (table-asset.ts), whose play the chances follow
 * @param rows the table of its rows alone (`rowsTableOf`)
 */
export function encodeBonusChances(table: StateValues, rows: StateValues): Uint8Array {
  if (table.model.upperStates <= 1)
    throw new RangeError('Only a rule set with an upper bonus has bonus chances');
  const chances = solveBonusChances(table, rows);
  const jokers = chances.yahtzee1.length > 0;
  const stored: number[] = [];
  const quantise = (chance: number): number => Math.min(SCALE, Math.max(0, Math.round(chance * SCALE)));
  walk(table, (at, open) => {
    if (open) stored.push(quantise(chances.chance[at]!));
    if (jokers) stored.push(quantise(chances.yahtzee1[at]!), quantise(chances.yahtzee2[at]!));
  });
  return frameAsset(MAGIC, table.rules, stored.length, 2, (view, at, i) =>
    view.setUint16(at, stored[i]!, true),
  );
}

/**
 * A rule set's bonus chances from its asset's bytes, for the model that plays with `table`.
 * @param table the rule set's table (its shipped one: the chances follow its play)
 * @param rows the table of its rows alone (`rowsTableOf`)
 * @param expected the checksum the bytes must have (the shipped asset's by default; null to skip)
 * @throws RangeError when the bytes are not this rule set's bonus chances, are damaged, or are not the
 *   expected ones
 */
export function decodeBonusChances(
  table: StateValues,
  rows: StateValues,
  bytes: Uint8Array,
  expected: number | null = BONUS_ASSET_CHECKSUMS[table.rules] ?? null,
): BonusChances {
  const rules = table.rules;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = checkedCount(rules, bytes, expected);
  const { model, sheet } = table;
  const size = table.values.length;
  const jokers = sheet.flagStates > 1;
  const chance = new Float64Array(size).fill(NaN);
  const shift = new Float64Array(size).fill(NaN);
  const yahtzee1 = new Float64Array(jokers ? size : 0);
  const yahtzee2 = new Float64Array(jokers ? size : 0);
  let read = 0;
  const next = (): number => {
    if (read >= count) throw new RangeError(`The ${rules} bonus chances hold too few numbers`);
    return view.getUint16(FRAME_HEADER + 2 * read++, true) / SCALE;
  };
  const playsAs = walk(table, (at, open) => {
    chance[at] = open ? next() : 0;
    if (jokers) {
      yahtzee1[at] = next();
      yahtzee2[at] = next();
    }
  });
  if (read !== count) throw new RangeError(`The ${rules} bonus chances hold too many numbers`);
  const states = model.upperStates;
  const plane = (sheet.allFilled + 1) * states;
  for (let at = 0; at < size; at++) {
    const as = playsAs[at]!;
    if (Number.isNaN(as)) continue;
    if (as === 0) {
      chance[at] = 0; // every row filled: nothing more to come
    } else if (as - 1 !== at) {
      chance[at] = chance[as - 1]!;
      if (jokers) {
        yahtzee1[at] = yahtzee1[as - 1]!;
        yahtzee2[at] = yahtzee2[as - 1]!;
      }
    }
    const mask = Math.floor((at % plane) / states);
    const bonuses = jokers ? yahtzee1[at]! + 2 * yahtzee2[at]! : 0;
    shift[at] =
      table.values[at]! - model.points * chance[at]! - sheet.yahtzeeBonus * bonuses - stateValue(rows, mask);
  }
  return { upperStates: states, chance, shift, yahtzee1, yahtzee2 };
}

const provided = new Map<
  RuleSetId,
  { table: StateValues; bytes: Uint8Array; rows: StateValues | null; chances: BonusChances | null }
>();

/**
 * Keeps a rule set's shipped bonus chances (the asset's bytes, checked now) for the models built on the
 * same table (`providedBonusChances`), instead of solving them. They are decoded when the first model
 * is built, with the table of its rows alone made by then (under `yatzy` in the same pass as the
 * remaining distributions, win-tables.ts).
 * @throws RangeError when the bytes are not this rule set's shipped bonus chances
 */
export function provideBonusAsset(table: StateValues, bytes: Uint8Array): void {
  checkedCount(table.rules, bytes, BONUS_ASSET_CHECKSUMS[table.rules] ?? null);
  provided.set(table.rules, { table, bytes, rows: null, chances: null });
}

/** Whether bonus chances are kept for this very table (`provideBonusAsset`). */
export function hasBonusChancesFor(table: StateValues): boolean {
  return provided.get(table.rules)?.table === table;
}

/**
 * The bonus chances kept for this very table (`provideBonusAsset`), decoded for these rows on first use;
 * else null.
 */
export function providedBonusChances(table: StateValues, rows: StateValues): BonusChances | null {
  const kept = provided.get(table.rules);
  if (!kept || kept.table !== table) return null;
  if (!kept.chances || kept.rows !== rows) {
    kept.chances = decodeBonusChances(table, rows, kept.bytes);
    kept.rows = rows;
  }
  return kept.chances;
}
