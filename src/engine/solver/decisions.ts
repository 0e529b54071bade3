import { assertDice, DICE_COUNT, safeText, type Dice } from '../dice.js';
import { RuleError } from '../errors.js';
import { assertGame, ROLLS_PER_TURN, type Game } from '../game.js';
import type { RowId } from '../rows.js';
import { playerTotal, type Scores } from '../rules.js';
import { allowedRows, earnsYahtzeeBonus, sheetRowPoints } from '../scoring.js';
import { facesOfKeep, keepOfFaces, KEEP_SIZE, ROLL_OFFSET, rollOfFaces } from './dice-tables.js';
import { flagOf, maskOf, trackedUpper } from './sheet-model.js';
import { stateIndex, stateValue, type StateValues } from './table.js';
import { KEEP_RANK, preferredKeep, preferredRow, TIE } from './ties.js';
import { rowValue, solveTurn, TurnWorkspace } from './turn.js';

/** A live position of the player to act: their sheet, the dice on the table, and the throws used. */
export interface Position {
  /** The player's filled rows with their points. */
  scores: Scores;
  /** The five faces on the table. */
  dice: Dice;
  /** Throws used this turn, 1..3. */
  rollsUsed: number;
  /** Yahtzee bonuses the player has earned (`yahtzee`; `PlayerSheet.yahtzeeBonuses`), 0 if left out. */
  yahtzeeBonuses?: number;
}

/** Scoring the dice in one free row now. */
export interface RowChoice {
  row: RowId;
  /** Points the row gets. */
  points: number;
  /** Bonus this earns now (the upper bonus it completes, a Yahtzee bonus), else 0. */
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

/** The position of the player to act in a game. */
export function positionOf(game: Game): Position {
  assertGame(game);
  const sheet = game.players[game.current]!;
  return {
    scores: sheet.scores,
    dice: game.dice,
    rollsUsed: game.rollsUsed,
    ...(sheet.yahtzeeBonuses ? { yahtzeeBonuses: sheet.yahtzeeBonuses } : {}),
  };
}

interface Prepared {
  mask: number;
  upper: number;
  /** Under `yahtzee`, 1 when the Yahtzee row holds 50. */
  flag: number;
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
  const mask = maskOf(scores, table.sheet);
  if (mask === table.sheet.allFilled) throw new RuleError('game-over', 'Every row is filled');
  const upper = trackedUpper(table.model, scores);
  const flag = flagOf(table.sheet, scores);
  if (Number.isNaN(stateValue(table, mask, upper, flag))) {
    throw new RuleError('bad-state', 'The table has no value for this sheet (points no dice can score?)');
  }
  return { mask, upper, flag, soFar: playerTotal(table.rules, scores, position.yahtzeeBonuses ?? 0) };
}

/** Turns solved per table and kept for reuse: the first turns of games repeat the same few states. */
const TURN_CACHE_SIZE = 64;
const turnCaches = new WeakMap<StateValues, Map<number, TurnWorkspace>>();

/** The solved turn of a state, from the table's cache (least recently used first out). */
function turnFor(table: StateValues, mask: number, upper: number, flag: number): TurnWorkspace {
  let cache = turnCaches.get(table);
  if (!cache) {
    cache = new Map();
    turnCaches.set(table, cache);
  }
  const key = stateIndex(table, mask, upper, flag);
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
    solveTurn(table.values, table.model, mask, upper, ws, table.sheet, flag);
  }
  cache.set(key, ws);
  return ws;
}

/**
 * Every free row with its points and the exact expected final score of scoring it now, best first
 * (ties in sheet order; the head is the row `bestAction` scores, see ties.ts).
 * @throws RuleError `bad-dice`, `no-roll-yet`, `game-over`, or `bad-state` (rollsUsed not 0..3, or a
 *   sheet the table cannot value)
 */
export function rankRows(table: StateValues, position: Position): RowChoice[] {
  return rowChoices(table, position, prepare(table, position));
}

function rowChoices(
  table: StateValues,
  position: Position,
  { mask, upper, flag, soFar }: Prepared,
): RowChoice[] {
  const { threshold, points: bonusPoints, upperStates } = table.model;
  const { sheet, rules } = table;
  const { scores, dice } = position;
  // The rows the dice may go in and what they score there are the engine's (a joker's included).
  const allowed = new Set(allowedRows(rules, scores, dice));
  const yahtzeeBonus = earnsYahtzeeBonus(rules, scores, dice) ? sheet.yahtzeeBonus : 0;
  const choices: RowChoice[] = [];
  for (let i = 0; i < sheet.rowCount; i++) {
    const bit = 1 << i;
    const row = sheet.rows[i]!;
    if (mask & bit || !allowed.has(row)) continue;
    const points = sheetRowPoints(rules, scores, row, dice);
    // The bonus model is the engine's own rule (see bonusModel), tracked on the capped upper total.
    const upperAfter = upperStates > 1 && bit & sheet.upperMask ? Math.min(threshold, upper + points) : upper;
    const gained = (upper < threshold && upperAfter >= threshold ? bonusPoints : 0) + yahtzeeBonus;
    const flagAfter = i === sheet.jokerRow ? (points > 0 ? 1 : 0) : flag;
    const rest = stateValue(table, mask | bit, upperAfter, flagAfter);
    choices.push({ row, points, bonus: gained, expected: soFar + (points + gained + rest) });
  }
  // Free rows come in sheet order: a stable sort keeps it among ties, and the head is the first row
  // tied for the best (ties.ts).
  const max = choices.reduce((m, c) => Math.max(m, c.expected), -Infinity);
  const head = choices.findIndex((c) => c.expected >= max - TIE);
  const [first] = choices.splice(head, 1);
  choices.sort((a, b) => (Math.abs(a.expected - b.expected) > TIE ? b.expected - a.expected : 0));
  return [first!, ...choices];
}

/**
 * Every distinct hold of the dice on the table with the exact expected final score of making it and
 * playing on optimally, best first (near-ties: more dice held first, then the higher faces; the first
 * hold that throws is the one `bestAction` makes when it throws, see ties.ts). Holds that keep the same
 * faces are one hold, shown on the first dice of each face. Empty when no throw is left.
 * @throws RuleError `bad-dice`, `no-roll-yet`, `game-over`, or `bad-state` (rollsUsed not 0..3, or a
 *   sheet the table cannot value)
 */
export function rankHolds(table: StateValues, position: Position): HoldChoice[] {
  const { mask, upper, flag, soFar } = prepare(table, position);
  if (position.rollsUsed === ROLLS_PER_TURN) return [];
  const ws = turnFor(table, mask, upper, flag);
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
    // Holding all five: standing on the dice, i.e. the preferred row now.
    const value = rerolls ? keepValues[keep]! : standValue(ws, keep - ROLL_OFFSET);
    choices.push({ held: heldFor(dice, keep), kept: facesOfKeep(keep), rerolls, expected: soFar + value });
  }
  const rank = (choice: HoldChoice): number => KEEP_RANK[keepOfFaces(choice.kept)]!;
  choices.sort((a, b) =>
    Math.abs(a.expected - b.expected) > TIE ? b.expected - a.expected : rank(a) - rank(b),
  );
  // The comparison is not transitive across a chain of near-ties: put the preferred hold that throws
  // (ties.ts) first among those that throw, as `bestAction` would choose it.
  const throwing = choices.filter((choice) => choice.rerolls);
  if (throwing.length > 0) {
    const max = throwing.reduce((m, c) => Math.max(m, c.expected), -Infinity);
    const preferred = throwing
      .filter((c) => c.expected >= max - TIE)
      .reduce((a, b) => (rank(b) < rank(a) ? b : a));
    const at = choices.indexOf(throwing[0]!);
    if (preferred !== throwing[0]) {
      choices.splice(choices.indexOf(preferred), 1);
      choices.splice(at, 0, preferred);
    }
  }
  return choices;
}

/**
 * The value of standing on throw r: scoring it now in the preferred row (ties.ts) of those it may go in
 * (a joker's row is forced: the others are -Infinity).
 */
function standValue(ws: TurnWorkspace, r: number): number {
  const values = new Float64Array(ws.freeCount);
  for (let i = 0; i < ws.freeCount; i++) values[i] = rowValue(ws, ws.freeRows[i]!, r);
  return values[preferredRow(values, ws.freeCount)]!;
}

/** Holds the first dice of each face that a keep needs. */
function heldFor(dice: Dice, keep: number): boolean[] {
  const need = [0, 0, 0, 0, 0, 0, 0];
  for (const face of facesOfKeep(keep)) need[face]!++;
  return dice.map((face) => (need[face]! > 0 ? (need[face]!--, true) : false));
}

/**
 * The optimal move: the best hold while throws remain and it beats scoring now, else the best row,
 * ties broken as ties.ts says (standing, then more dice, then higher faces; rows in sheet order).
 * The same choice as the heads of `rankHolds` and `rankRows`, without building their lists.
 * @throws RuleError `bad-dice`, `no-roll-yet`, `game-over`, or `bad-state` (rollsUsed not 0..3, or a
 *   sheet the table cannot value)
 */
export function bestAction(table: StateValues, position: Position): BestAction {
  const prepared = prepare(table, position);
  const { mask, upper, flag, soFar } = prepared;
  const dice = position.dice;
  if (position.rollsUsed < ROLLS_PER_TURN) {
    const ws = turnFor(table, mask, upper, flag);
    const keepValues = position.rollsUsed === 1 ? ws.keep2 : ws.keep1;
    const r = rollOfFaces(dice);
    const keep = preferredKeep(r, standValue(ws, r), keepValues);
    if (keep !== ROLL_OFFSET + r) {
      return { type: 'hold', held: heldFor(dice, keep), expected: soFar + keepValues[keep]! };
    }
  }
  const row = rowChoices(table, position, prepared)[0]!;
  return { type: 'score', row: row.row, expected: row.expected };
}
