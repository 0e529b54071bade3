import type { RuleSetId } from '../rules.js';
import { ROLL_COUNT } from './dice-tables.js';
import { ALL_FILLED, bonusModel, ROW_COUNT, ROW_POINTS, UPPER_MASK, type BonusModel } from './sheet-model.js';
import { solveTurn, TurnWorkspace } from './turn.js';

/**
 * The optimal value of every sheet state at the start of a turn, for solitaire play that maximises the
 * expected final score. A state is the set of filled rows (a 13-bit mask, bit i = `ROWS[i]`) and, for a
 * rule set with an upper bonus, the upper rows' total so far capped at the threshold (0..63).
 */
export interface StateValues {
  readonly rules: RuleSetId;
  /** The rule set's upper bonus as the solver tracks it. */
  readonly model: BonusModel;
  /**
   * Expected future points (rows still to fill plus any bonus still to earn) under optimal play,
   * `values[mask * model.upperStates + upper]`. NaN for states no game can reach.
   */
  readonly values: Float64Array;
}

/**
 * Which capped upper totals a set of filled upper rows can show: `reach[(mask & UPPER_MASK) * states
 * + upper]`, from the points each upper row can take.
 */
function reachableUppers(model: BonusModel): Uint8Array {
  const states = model.upperStates;
  const reach = new Uint8Array((UPPER_MASK + 1) * states);
  reach[0] = 1;
  for (let upperMask = 1; upperMask <= UPPER_MASK; upperMask++) {
    if ((upperMask & UPPER_MASK) !== upperMask) continue;
    const row = 31 - Math.clz32(upperMask);
    const before = (upperMask & ~(1 << row)) * states;
    const options = new Set<number>();
    for (let r = 0; r < ROLL_COUNT; r++) options.add(ROW_POINTS[row * ROLL_COUNT + r]!);
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
}

/**
 * Solves a rule set by backward induction over the sheet states, last turn first. Takes about 0.2 s
 * for `seed` (8,192 states) and several seconds for `classic` (its reachable states with upper totals).
 */
export function solveTable(rules: RuleSetId, { from = 0 }: SolveOptions = {}): StateValues {
  const model = bonusModel(rules);
  const { upperStates: states, threshold } = model;
  const values = new Float64Array((ALL_FILLED + 1) * states).fill(NaN);
  values.fill(0, ALL_FILLED * states);
  const reach = reachableUppers(model);
  const maxPoints = Array.from({ length: ROW_COUNT }, (_, row) =>
    ROW_POINTS.subarray(row * ROLL_COUNT, (row + 1) * ROLL_COUNT).reduce((a, b) => Math.max(a, b), 0),
  );
  const ws = new TurnWorkspace();
  for (let mask = ALL_FILLED - 1; mask >= 0; mask--) {
    if ((mask & from) !== from) continue;
    const reachOffset = (mask & UPPER_MASK) * states;
    const base = mask * states;
    let upperLeft = 0;
    for (let row = 0; row < ROW_COUNT; row++) {
      if (UPPER_MASK & ~mask & (1 << row)) upperLeft += maxPoints[row]!;
    }
    // Once the bonus is banked or out of reach the upper total no longer matters: every such state of
    // this mask has the same value, solved once.
    let settledValue = NaN;
    for (let upper = 0; upper < states; upper++) {
      if (!reach[reachOffset + upper]) continue;
      const settled = states > 1 && (upper >= threshold || upper + upperLeft < threshold);
      if (settled && !Number.isNaN(settledValue)) {
        values[base + upper] = settledValue;
        continue;
      }
      values[base + upper] = solveTurn(values, model, mask, upper, ws);
      if (settled) settledValue = values[base + upper]!;
    }
  }
  return { rules, model, values };
}

const solved = new Map<RuleSetId, StateValues>();

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
export function stateValue(table: StateValues, mask: number, upper = 0): number {
  return table.values[mask * table.model.upperStates + upper] ?? NaN;
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
  return { rules, model, values: new Float64Array((ALL_FILLED + 1) * model.upperStates) };
}
