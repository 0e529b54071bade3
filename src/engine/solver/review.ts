import { apply, type Action } from '../actions.js';
import { newGame, ROLLS_PER_TURN, totals, type Game, type GameSetup } from '../game.js';
import type { RowId } from '../rows.js';
import { rankHolds, rankRows, positionOf, type HoldChoice, type RowChoice } from './decisions.js';
import { stateValue, type StateValues } from './table.js';

/** One option of a decision with the exact expected final score of taking it and playing on optimally. */
export type ReviewOption =
  | { type: 'row'; row: RowId; points: number; expected: number }
  | { type: 'hold'; held: boolean[]; kept: number[]; expected: number };

/**
 * One decision a player made: after a throw, either holding some dice and throwing again, or scoring a
 * row. The first throw of a turn is not a decision.
 */
export interface ReviewedDecision {
  /** Seat of the player who decided. */
  player: number;
  /** 0-based round. */
  turn: number;
  /** Throws seen when deciding, 1..3. */
  rollsUsed: number;
  /** The dice on the table. */
  dice: number[];
  /** What the player did. */
  chosen: ReviewOption;
  /** The optimal option (the chosen one itself when it was optimal). */
  best: ReviewOption;
  /** Expected points given away: `best.expected - chosen.expected`, never below 0. */
  loss: number;
}

/** One player's decisions against optimal solitaire play. */
export interface PlayerReview {
  player: number;
  name: string;
  /** Every decision in the order played. */
  decisions: ReviewedDecision[];
  /** Sum of the decisions' losses. */
  totalLoss: number;
  /** The player's total (rows and any bonus) when the log ends. */
  score: number;
  /** Optimal play's expected final score from an empty sheet, for scale. */
  expectedAtStart: number;
}

/** A game's review: each player's expected points lost decision by decision. */
export interface GameReview {
  rules: GameSetup['rules'];
  players: PlayerReview[];
}

/** Differences below this are rounding, not a better option (the solver's own tie). */
const TIE = 1e-9;

function rowOption(choice: RowChoice): ReviewOption {
  return { type: 'row', row: choice.row, points: choice.points, expected: choice.expected };
}

function holdOption(choice: HoldChoice, held = choice.held): ReviewOption {
  return { type: 'hold', held: [...held], kept: [...choice.kept], expected: choice.expected };
}

function keptOf(dice: readonly number[], held: readonly boolean[]): string {
  return dice
    .filter((_, i) => held[i])
    .sort((a, b) => a - b)
    .join(',');
}

/**
 * The best option at a decision: the best hold-and-throw while throws remain and it beats scoring now,
 * else the best row. (`rankHolds` also lists holding all five, which is the best row; the row is named.)
 */
function bestOption(rows: RowChoice[], holds: HoldChoice[]): ReviewOption {
  const hold = holds.find((choice) => choice.rerolls);
  const row = rows[0]!;
  return hold && hold.expected > row.expected + TIE ? holdOption(hold) : rowOption(row);
}

/** The decision an action makes in a game, or undefined for the first throw of a turn and for holds. */
function decisionOf(game: Game, action: Action, table: StateValues): ReviewedDecision | undefined {
  // A hold is no decision of its own; a forfeit is no choice of a row or a hold.
  if (action.type === 'hold' || action.type === 'forfeit' || game.rollsUsed === 0) return undefined;
  const position = positionOf(game);
  const rows = rankRows(table, position);
  const holds = game.rollsUsed < ROLLS_PER_TURN ? rankHolds(table, position) : [];
  const best = bestOption(rows, holds);
  let chosen: ReviewOption;
  if (action.type === 'score') {
    chosen = rowOption(rows.find((choice) => choice.row === action.row)!);
  } else {
    // Holds keeping the same faces are one option; keep the player's own dice in the picture.
    const kept = keptOf(game.dice, game.held);
    chosen = holdOption(
      holds.find((choice) => choice.kept.join(',') === kept)!,
      game.held,
    );
  }
  return {
    player: game.current,
    turn: game.turn,
    rollsUsed: game.rollsUsed,
    dice: [...game.dice],
    chosen,
    best,
    loss: Math.max(0, best.expected - chosen.expected),
  };
}

/**
 * Reviews a game against optimal solitaire play: replays its log from its setup with the engine and,
 * at every decision (each throw after the first of a turn, made with the dice held then, and each row
 * scored), compares the expected final score of the option chosen with the best one. Every player is
 * judged as if alone: the solver maximises the expected score, not the chance of winning.
 * @param table the solved table of the game's rule set
 * @throws RuleError when the log holds an illegal action (as `replay` would)
 * @throws RangeError when the table is of another rule set
 */
export function reviewGame(setup: GameSetup, log: readonly Action[], table: StateValues): GameReview {
  let game = newGame(setup);
  if (table.rules !== game.rules) {
    throw new RangeError(`A ${table.rules} table cannot review a ${game.rules} game`);
  }
  const players: PlayerReview[] = game.players.map((p, player) => ({
    player,
    name: p.name,
    decisions: [],
    totalLoss: 0,
    score: 0,
    expectedAtStart: stateValue(table, 0, 0),
  }));
  for (const action of log) {
    const next = apply(game, action); // refuses an illegal action before it is judged
    const decision = decisionOf(game, action, table);
    game = next;
    if (!decision) continue;
    const review = players[decision.player]!;
    review.decisions.push(decision);
    review.totalLoss += decision.loss;
  }
  totals(game).forEach((score, player) => (players[player]!.score = score));
  return { rules: game.rules, players };
}

/** A player's decisions that lost the most, worst first, leaving out those within `minLoss` of the best. */
export function worstDecisions(review: PlayerReview, count: number, minLoss = 0.005): ReviewedDecision[] {
  return review.decisions
    .filter((decision) => decision.loss >= minLoss)
    .sort((a, b) => b.loss - a.loss)
    .slice(0, Math.max(0, count));
}

/**
 * The luck of a player's dice: the expected final score of the dice they were dealt, against the
 * average (optimal play's expected score from an empty sheet), in points; above 0 when the dice were
 * kind. Every throw moves the expected final score of optimal play from here by what it brings (luck),
 * and every decision by minus what it gave away (the review's loss); at the end the expected final
 * score is the score. So `score = expectedAtStart + luck - totalLoss`, and the luck is what is left
 * when the skill is taken out: `score + totalLoss - expectedAtStart`.
 */
export function diceLuck(review: PlayerReview): number {
  return review.score + review.totalLoss - review.expectedAtStart;
}
