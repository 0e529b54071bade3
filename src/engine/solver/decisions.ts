import { assertDice, DICE_COUNT, safeText, type Dice } from '../dice.js';
import { RuleError } from '../errors.js';
import { assertGame, ROLLS_PER_TURN, type Game } from '../game.js';
import { ROWS, type RowId } from '../rows.js';
import { playerTotal, type Scores } from '../rules.js';
import {
  FACE_KEY,
  facesOfKeep,
  keepOfFaces,
  keepOfKey,
  KEEP_SIZE,
  ROLL_COUNT,
  rollOfFaces,
} from './dice-tables.js';
import { ALL_FILLED, maskOf, ROW_COUNT, ROW_POINTS, trackedUpper, UPPER_MASK } from './sheet-model.js';
import { stateValue, type StateValues } from './table.js';
import { solveTurn, TurnWorkspace } from './turn.js';

/** A live position of the player to act: their sheet, the dice on the table, and the throws used. */
export interface Position {
  /** The player's filled rows with their points. */
  scores: Scores;
  /** The five faces on the table. */
  dice: Dice;
  /** Throws used this turn, 1..3. */
  rollsUsed: number;
}

/** Scoring the dice in one free row now. */
export interface RowChoice {
  row: RowId;
  /** Points the row gets. */
  points: number;
  /** Bonus this completes now (the classic upper bonus), else 0. */
  bonus: number;
  /** Expected final score: points so far, these points and bonus, and the optimal rest of the game. */
  expected: number;
}

/** Holding some dice and throwing the rest. */
export interface HoldChoice {
  /** Which of the five dice to hold, by position on the table. */
  held: boolean[];
  /** The held faces, ascending. */
  kept: number[];
  /**
   * False when all five are held: that is standing on these dice and scoring the best row now (the
   * engine refuses a throw with every die held), and `expected` is that row's.
   */
  rerolls: boolean;
  /** Expected final score of holding these dice and playing on optimally. */
  expected: number;
}

/** The optimal next move: score a row, or hold dice and throw the rest. */
export type BestAction =
  { type: 'score'; row: RowId; expected: number } | { type: 'hold'; held: boolean[]; expected: number };

/** Differences below this are rounding, not a better move. */
const TIE = 1e-9;

/** The position of the player to act in a game. */
export function positionOf(game: Game): Position {
  assertGame(game);
  return { scores: game.players[game.current]!.scores, dice: game.dice, rollsUsed: game.rollsUsed };
}

interface Prepared {
  mask: number;
  upper: number;
  soFar: number;
}

function prepare(table: StateValues, position: Position): Prepared {
  assertDice(position.dice);
  const { rollsUsed, scores } = position;
  if (rollsUsed === 0) throw new RuleError('no-roll-yet', 'Throw before deciding');
  if (!Number.isInteger(rollsUsed) || rollsUsed < 1 || rollsUsed > ROLLS_PER_TURN) {
    throw new RuleError(
      'bad-state',
      `Throws used must be 1 to ${ROLLS_PER_TURN}, got ${safeText(rollsUsed)}`,
    );
  }
  const mask = maskOf(scores);
  if (mask === ALL_FILLED) throw new RuleError('game-over', 'Every row is filled');
  const upper = trackedUpper(table.model, scores);
  if (Number.isNaN(stateValue(table, mask, upper))) {
    throw new RuleError('bad-state', 'The table has no value for this sheet (points no dice can score?)');
  }
  return { mask, upper, soFar: playerTotal(table.rules, scores) };
}

/** Turns solved per table and kept for reuse: the first turns of games repeat the same few states. */
const TURN_CACHE_SIZE = 64;
const turnCaches = new WeakMap<StateValues, Map<number, TurnWorkspace>>();

/** The solved turn of a state, from the table's cache (least recently used first out). */
function turnFor(table: StateValues, mask: number, upper: number): TurnWorkspace {
  let cache = turnCaches.get(table);
  if (!cache) {
    cache = new Map();
    turnCaches.set(table, cache);
  }
  const key = mask * table.model.upperStates + upper;
  let ws = cache.get(key);
  if (ws) {
    cache.delete(key);
  } else {
    if (cache.size >= TURN_CACHE_SIZE) {
      const oldest = cache.keys().next().value!;
      ws = cache.get(oldest);
      cache.delete(oldest);
    }
    ws ??= new TurnWorkspace();
    solveTurn(table.values, table.model, mask, upper, ws);
  }
  cache.set(key, ws);
  return ws;
}

/**
 * Every free row with its points and the exact expected final score of scoring it now, best first
 * (ties in sheet order).
 * @throws RuleError `bad-dice`, `no-roll-yet`, `game-over`, or `bad-state` (rollsUsed not 0..3, or a
 *   sheet the table cannot value)
 */
export function rankRows(table: StateValues, position: Position): RowChoice[] {
  return rowChoices(table, position, prepare(table, position));
}

function rowChoices(table: StateValues, position: Position, { mask, upper, soFar }: Prepared): RowChoice[] {
  const { threshold, points: bonusPoints, upperStates } = table.model;
  const roll = rollOfFaces(position.dice);
  const choices: RowChoice[] = [];
  for (let i = 0; i < ROW_COUNT; i++) {
    const bit = 1 << i;
    if (mask & bit) continue;
    const points = ROW_POINTS[i * ROLL_COUNT + roll]!;
    // The bonus model is the engine's own rule (see bonusModel), tracked on the capped upper total.
    const upperAfter = upperStates > 1 && bit & UPPER_MASK ? Math.min(threshold, upper + points) : upper;
    const gained = upper < threshold && upperAfter >= threshold ? bonusPoints : 0;
    const rest = stateValue(table, mask | bit, upperAfter);
    choices.push({ row: ROWS[i]!, points, bonus: gained, expected: soFar + (points + gained + rest) });
  }
  return choices.sort((a, b) => b.expected - a.expected);
}

/**
 * Every distinct hold of the dice on the table with the exact expected final score of making it and
 * playing on optimally, best first (near-ties: more dice held first). Holds that keep the same faces
 * are one hold, shown on the first dice of each face. Empty when no throw is left.
 * @throws RuleError `bad-dice`, `no-roll-yet`, `game-over`, or `bad-state` (rollsUsed not 0..3, or a
 *   sheet the table cannot value)
 */
export function rankHolds(table: StateValues, position: Position): HoldChoice[] {
  const { mask, upper, soFar } = prepare(table, position);
  if (position.rollsUsed === ROLLS_PER_TURN) return [];
  const ws = turnFor(table, mask, upper);
  const keepValues = position.rollsUsed === 1 ? ws.keep2 : ws.keep1;
  const dice = position.dice;
  const seen = new Set<number>();
  const choices: HoldChoice[] = [];
  for (let bits = 0; bits < 1 << DICE_COUNT; bits++) {
    const kept: number[] = [];
    for (let i = 0; i < DICE_COUNT; i++) if (bits & (1 << i)) kept.push(dice[i]!);
    const keep = keepOfFaces(kept);
    if (seen.has(keep)) continue;
    seen.add(keep);
    const rerolls = KEEP_SIZE[keep]! < DICE_COUNT;
    // Holding all five: the dice's value with no throw left, i.e. the best row now.
    const value = rerolls ? keepValues[keep]! : ws.keep1[keep]!;
    choices.push({ held: heldFor(dice, keep), kept: facesOfKeep(keep), rerolls, expected: soFar + value });
  }
  return choices.sort((a, b) =>
    Math.abs(a.expected - b.expected) > TIE ? b.expected - a.expected : b.kept.length - a.kept.length,
  );
}

/** Holds the first dice of each face that a keep needs. */
function heldFor(dice: Dice, keep: number): boolean[] {
  const need = [0, 0, 0, 0, 0, 0, 0];
  for (const face of facesOfKeep(keep)) need[face]!++;
  return dice.map((face) => (need[face]! > 0 ? (need[face]!--, true) : false));
}

/**
 * The optimal move: the best hold while throws remain and it beats scoring now, else the best row.
 * The same choice as the heads of `rankHolds` and `rankRows`, without building their lists.
 * @throws RuleError `bad-dice`, `no-roll-yet`, `game-over`, or `bad-state` (rollsUsed not 0..3, or a
 *   sheet the table cannot value)
 */
export function bestAction(table: StateValues, position: Position): BestAction {
  const prepared = prepare(table, position);
  const { mask, upper, soFar } = prepared;
  const dice = position.dice;
  if (position.rollsUsed < ROLLS_PER_TURN) {
    const ws = turnFor(table, mask, upper);
    const keepValues = position.rollsUsed === 1 ? ws.keep2 : ws.keep1;
    let fullKey = 0;
    for (let i = 0; i < DICE_COUNT; i++) fullKey += FACE_KEY[dice[i]!]!;
    const full = keepOfKey(fullKey);
    let bestKeep = full;
    let bestValue = ws.keep1[full]!;
    // Proper subsets, more dice first, so that a near-tie keeps the larger hold (as rankHolds does).
    for (const bits of SUBSETS_BY_SIZE) {
      let key = 0;
      for (let i = 0; i < DICE_COUNT; i++) if (bits & (1 << i)) key += FACE_KEY[dice[i]!]!;
      const keep = keepOfKey(key);
      const value = keepValues[keep]!;
      if (value > bestValue + TIE) {
        bestValue = value;
        bestKeep = keep;
      }
    }
    if (bestKeep !== full)
      return { type: 'hold', held: heldFor(dice, bestKeep), expected: soFar + bestValue };
  }
  const row = rowChoices(table, position, prepared)[0]!;
  return { type: 'score', row: row.row, expected: row.expected };
}

/** The 31 proper subsets of the five dice positions as bit masks, larger subsets first. */
const SUBSETS_BY_SIZE = Array.from({ length: (1 << DICE_COUNT) - 1 }, (_, bits) => bits).sort(
  (a, b) => popcount(b) - popcount(a),
);

function popcount(bits: number): number {
  let count = 0;
  for (; bits; bits &= bits - 1) count++;
  return count;
}
