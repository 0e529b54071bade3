import type { RuleSetId } from '../rules.js';
import { ROLL_COUNT } from './dice-tables.js';
import { bonusModel, sheetModel, type BonusModel, type SheetModel } from './sheet-model.js';
import { solveTurn, TurnWorkspace } from './turn.js';

/**
 * The optimal value of every sheet state at the start of a turn, for solitaire play that maximises the
 * expected final score. A state is the set of filled rows (a mask, bit i = `rowsOf(rules)[i]`: 13 bits,
 * 15 under `yatzy`), for a rule set with an upper bonus the upper rows' total so far capped at the
 * threshold (0..63), and under `yahtzee` whether the Yahtzee row holds 50 (the flag).
 */
export interface StateValues {
  readonly rules: RuleSetId;
  /** The rule set's upper bonus as the solver tracks it. */
  readonly model: BonusModel;
  /** The rule set's rows, points, joker and Yahtzee bonus as the solver reads them. */
  readonly sheet: SheetModel;
  /**
   * Expected future points (rows still to fill plus any bonus still to earn) under optimal play,
   * `values[(flag * (sheet.allFilled + 1) + mask) * model.upperStates + upper]` (see `stateIndex`).
   * NaN for states no game can reach.
   */
  readonly values: Float64Array;
}

/** Where a state's value is in `StateValues.values`. */
export function stateIndex(table: StateValues, mask: number, upper = 0, flag = 0): number {
  return (flag * (table.sheet.allFilled + 1) + mask) * table.model.upperStates + upper;
}

/**
 * Which capped upper totals a set of filled upper rows can show: `reach[upperMask * states + upper]`
 * (the mask of the upper rows alone, bits 0..5), from the points each upper row can take.
 */
function reachableUppers(model: BonusModel, sheet: SheetModel): Uint8Array {
  const states = model.upperStates;
  const reach = new Uint8Array(64 * states);
  reach[0] = 1;
  for (let upperMask = 1; upperMask < 64; upperMask++) {
    const row = 31 - Math.clz32(upperMask);
    const before = (upperMask & ~(1 << row)) * states;
    const options = new Set<number>();
    for (let r = 0; r < ROLL_COUNT; r++) options.add(sheet.rowPoints[row * ROLL_COUNT + r]!);
    // A joker scores its own upper row as five dice do, which the row's points already include.
    for (let upper = 0; upper < states; upper++) {
      if (!reach[before + upper]) continue;
      for (const points of options) reach[upperMask * states + Math.min(states - 1, upper + points)] = 1;
    }
  }
  return reach;
}

/** Options for `solveTable`. */
export interface SolveOptions {
  /**
   * Solve only the states whose filled rows include these (a mask): enough for decisions from a sheet
   * with these rows filled, much faster late in a game. The other states are NaN. 0 (all) by default.
   */
  from?: number;
  /** See `SheetOptions.unforcedJoker`: for checking the solver against Verhoeff's reading only. */
  unforcedJoker?: boolean;
}

/**
 * Solves a rule set by backward induction over the sheet states, last turn first. Takes about 0.1 s
 * for `seed` (8,192 states) and seconds for the rule sets with an upper bonus (their reachable states
 * with upper totals; `yahtzee` also with its flag, `yatzy` with 32,768 sets of rows): see
 * `npm run bench:solver`.
 */
export function solveTable(rules: RuleSetId, { from = 0, unforcedJoker }: SolveOptions = {}): StateValues {
  const model = bonusModel(rules);
  const sheet = sheetModel(rules, { unforcedJoker });
  const ws = new TurnWorkspace();
  const values = fillStates(model, sheet, from, (values, mask, upper, flag) =>
    solveTurn(values, model, mask, upper, ws, sheet, flag),
  );
  return { rules, model, sheet, values };
}

/**
 * The values of a rule set's states, filled in the order of backward induction (every mask from the
 * last down, each Yahtzee flag, each reachable upper total): `valueOf` gives the value of each state
 * that has its own, the others are NaN (no game reaches them) or share the value of their mask's
 * settled states (the upper bonus banked or out of reach). The order in which `valueOf` is asked is the
 * order of a table's asset (table-asset.ts).
 */
export function fillStates(
  model: BonusModel,
  sheet: SheetModel,
  from: number,
  valueOf: (values: Float64Array, mask: number, upper: number, flag: number) => number,
): Float64Array {
  const { upperStates: states, threshold } = model;
  const { allFilled, rowCount, upperMask, flagStates, jokerRow } = sheet;
  const plane = (allFilled + 1) * states;
  const values = new Float64Array(flagStates * plane).fill(NaN);
  for (let flag = 0; flag < flagStates; flag++)
    values.fill(0, flag * plane + allFilled * states, (flag + 1) * plane);
  const reach = reachableUppers(model, sheet);
  // The upper rows are rows 0..5 of every sheet: a mask's upper part is its low six bits.
  if (upperMask !== 63) throw new Error('The solver expects the upper rows first');
  for (let mask = allFilled - 1; mask >= 0; mask--) {
    if ((mask & from) !== from) continue;
    const reachOffset = (mask & upperMask) * states;
    let upperLeft = 0;
    for (let row = 0; row < rowCount; row++) {
      if (upperMask & ~mask & (1 << row)) upperLeft += sheet.maxPoints[row]!;
    }
    // The flag is 1 only once the Yahtzee row is filled (with 50).
    const flags = jokerRow >= 0 && mask & (1 << jokerRow) ? flagStates : 1;
    for (let flag = 0; flag < flags; flag++) {
      const base = flag * plane + mask * states;
      // Once the bonus is banked or out of reach the upper total no longer matters: every such state
      // of this mask has the same value, found once.
      let settledValue = NaN;
      for (let upper = 0; upper < states; upper++) {
        if (!reach[reachOffset + upper]) continue;
        const settled = states > 1 && (upper >= threshold || upper + upperLeft < threshold);
        if (settled && !Number.isNaN(settledValue)) {
          values[base + upper] = settledValue;
          continue;
        }
        values[base + upper] = valueOf(values, mask, upper, flag);
        if (settled) settledValue = values[base + upper]!;
      }
    }
  }
  return values;
}

const solved = new Map<RuleSetId, StateValues>();

/**
 * Keeps a rule set's table made elsewhere (decoded from its shipped asset, or solved in another
 * thread) as the one `getTable` gives, instead of solving it.
 */
export function provideTable(table: StateValues): void {
  if (table.sheet.forcedJoker === false) throw new RangeError('Only tables of the rules as played');
  solved.set(table.rules, table);
}

/** Whether `getTable` has a rule set's table at hand (solved or provided), so that it will not solve. */
export function hasTable(rules: RuleSetId): boolean {
  return solved.has(rules);
}

/** The table of a rule set, solved on first use and kept for later calls. */
export function getTable(rules: RuleSetId): StateValues {
  let table = solved.get(rules);
  if (!table) {
    table = solveTable(rules);
    solved.set(rules, table);
  }
  return table;
}

/** Expected future points of a state at the start of a turn (NaN if no game can reach it). */
export function stateValue(table: StateValues, mask: number, upper = 0, flag = 0): number {
  return table.values[stateIndex(table, mask, upper, flag)] ?? NaN;
}

/** The optimal expected final score of a rule set from an empty sheet. */
export function expectedScoreFromStart(rules: RuleSetId | StateValues): number {
  const table = typeof rules === 'string' ? getTable(rules) : rules;
  return stateValue(table, 0, 0);
}

/**
 * A table that values every state at 0: decisions made with it maximise the expected points of the
 * current turn alone (its row and any bonus it completes), with exact holds for that aim.
 */
export function myopicTable(rules: RuleSetId): StateValues {
  const model = bonusModel(rules);
  const sheet = sheetModel(rules);
  return {
    rules,
    model,
    sheet,
    values: new Float64Array(sheet.flagStates * (sheet.allFilled + 1) * model.upperStates),
  };
}
