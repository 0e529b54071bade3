import { faceCounts } from '../dice.js';
import { freeRows, ROLLS_PER_TURN, scoringRows, type Game } from '../game.js';
import { nextUnit, seedRng, type RngState } from '../random.js';
import type { RowId } from '../rows.js';
import { rowPoints, sheetRowPoints } from '../scoring.js';
import { lastPlan, stepTowards, type Bot, type TurnPlan } from './bot.js';

/** The rows a beginner gives up first when the dice score nothing anywhere. */
const SACRIFICE_ORDER: readonly RowId[] = [
  'ones',
  'fiveOfAKind',
  'twos',
  'largeStraight',
  'fourOfAKind',
  'threes',
  'fullHouse',
  'smallStraight',
  'fours',
  'threeOfAKind',
  'fives',
  'sixes',
  'chance',
];

/** Hands a beginner scores at once when their row is free. */
const MADE_HANDS: readonly RowId[] = ['fiveOfAKind', 'largeStraight', 'fullHouse'];

/** Chance that the beginner stops early on a decent score instead of throwing again. */
const IMPATIENCE = 0.15;

/**
 * The row the dice may go in with the most points now (first in sheet order on a tie); a weak row for a
 * zero (the first the dice may go in when no row of `SACRIFICE_ORDER` is free).
 */
export function greedyRow(game: Game): RowId {
  const free = scoringRows(game);
  const scores = game.players[game.current]!.scores;
  let best = free[0]!;
  let bestPoints = -1;
  for (const row of free) {
    const points = sheetRowPoints(game.rules, scores, row, game.dice);
    if (points > bestPoints) [best, bestPoints] = [row, points];
  }
  if (bestPoints > 0) return best;
  return SACRIFICE_ORDER.find((row) => free.includes(row)) ?? free[0]!;
}

/** Holds one die of each given face. */
function holdFaces(dice: readonly number[], faces: readonly number[]): boolean[] {
  const left = new Set(faces);
  return dice.map((face) => left.delete(face));
}

/**
 * A plausible beginner's plan: score a made hand at once, sometimes stop on a decent score, else keep
 * the most common face (a random one on a tie) and throw the rest; with five different faces, keep a
 * run toward a straight or the highest die. Scores greedily. Randomness comes from `rng`.
 */
export function easyPlan(game: Game, rng: RngState): [TurnPlan, RngState] {
  const dice = game.dice;
  const free = freeRows(game);
  const score = (): TurnPlan => ({ type: 'score', row: greedyRow(game) });
  if (game.rollsUsed >= ROLLS_PER_TURN) return [score(), rng];
  if (MADE_HANDS.some((row) => free.includes(row) && rowPoints(game.rules, row, dice) > 0))
    return [score(), rng];
  let unit: number;
  [unit, rng] = nextUnit(rng);
  if (unit < IMPATIENCE && free.some((row) => rowPoints(game.rules, row, dice) >= 20)) return [score(), rng];

  const counts = faceCounts(dice);
  const most = Math.max(...counts);
  let held: boolean[];
  if (most >= 2) {
    const tied = [1, 2, 3, 4, 5, 6].filter((face) => counts[face] === most);
    [unit, rng] = nextUnit(rng);
    const face = tied[Math.floor(unit * tied.length)]!;
    held = dice.map((d) => d === face);
  } else if (free.includes('smallStraight') || free.includes('largeStraight')) {
    held = holdFaces(dice, longestRun(counts));
  } else {
    held = holdFaces(dice, [Math.max(...dice)]);
  }
  return [held.every(Boolean) ? score() : { type: 'hold', held }, rng];
}

/** The faces of the longest run of consecutive faces among the dice (the higher one on a tie). */
function longestRun(counts: readonly number[]): number[] {
  let best: number[] = [];
  let run: number[] = [];
  for (let face = 1; face <= 6; face++) {
    run = counts[face]! > 0 ? [...run, face] : [];
    if (run.length >= best.length) best = run;
  }
  return best;
}

/**
 * A beginner: legal, sensible, greedy moves with a little randomness from its own seeded generator
 * (never `Math.random`), so the same seed and the same games give the same play.
 */
export function createEasyBot(seed = 1): Bot {
  let rng = seedRng(seed);
  const remember = lastPlan();
  return {
    id: 'easy',
    next(game: Game) {
      // The game's generator state tells apart two decisions with equal sheets and dice.
      return stepTowards(game, () =>
        remember(game, game.rng, () => {
          let plan: TurnPlan;
          [plan, rng] = easyPlan(game, rng);
          return plan;
        }),
      );
    },
  };
}
