import { DICE, KEEP_COUNT, KEEP_FACE_COUNTS, KEEP_SIZE, ROLL_COUNT, ROLL_OFFSET } from './dice-tables.js';

/*
 * How a tie is broken, in one place: the `optimal` bot (`bestAction`), the coach's lists (`rankHolds`,
 * `rankRows`), the model of a player who plays for points (`TurnFollower`, behind every chance to win)
 * and the player that plays to win (`bestWinAction`) all choose by these rules, so that the model of a
 * seat plays exactly as the bot in it.
 *
 * - Options whose values differ by less than `TIE` are tied (rounding, not a better move), counted
 *   against the best value: an option is tied for best when it is within `TIE` of the largest.
 * - Of the holds tied for best, the one that keeps the most dice; standing on the dice (scoring the
 *   best row now) keeps all five and goes first. Of tied holds of as many dice, the one with the higher
 *   faces (compared from the highest down): a multiset, so where the dice lie on the table never
 *   matters.
 * - Of the rows tied for best, the first in sheet order.
 */

/** Differences of expected points below this are rounding, not a better move. */
export const TIE = 1e-9;

/**
 * `KEEP_RANK[k]`: the place of keep k in the order of preference among tied holds (0 first): more dice
 * first, then the higher faces.
 */
export const KEEP_RANK = new Int16Array(KEEP_COUNT);

/**
 * The distinct holds of fewer than five dice that a throw allows (its proper sub-multisets), in order of
 * preference: those of throw r are `ROLL_SUBKEEPS[ROLL_SUBKEEPS_START[r] .. ROLL_SUBKEEPS_START[r + 1]]`.
 */
export const ROLL_SUBKEEPS_START = new Int32Array(ROLL_COUNT + 1);
export const ROLL_SUBKEEPS = build();

/** Faces of a keep from the highest down, for comparing two keeps of as many dice. */
function descending(keep: number): number[] {
  const faces: number[] = [];
  for (let f = 5; f >= 0; f--) for (let c = KEEP_FACE_COUNTS[keep * 6 + f]!; c > 0; c--) faces.push(f + 1);
  return faces;
}

function compareKeeps(a: number, b: number): number {
  if (KEEP_SIZE[a] !== KEEP_SIZE[b]) return KEEP_SIZE[b]! - KEEP_SIZE[a]!;
  const fa = descending(a);
  const fb = descending(b);
  for (let i = 0; i < fa.length; i++) if (fa[i] !== fb[i]) return fb[i]! - fa[i]!;
  return 0;
}

function build(): Int16Array {
  const order = Array.from({ length: KEEP_COUNT }, (_, k) => k).sort(compareKeeps);
  order.forEach((keep, rank) => (KEEP_RANK[keep] = rank));
  const subs: number[] = [];
  for (let r = 0; r < ROLL_COUNT; r++) {
    ROLL_SUBKEEPS_START[r] = subs.length;
    const counts = Array.from(KEEP_FACE_COUNTS.subarray((ROLL_OFFSET + r) * 6, (ROLL_OFFSET + r + 1) * 6));
    const found: number[] = [];
    // Every count vector at most the throw's, face by face: each distinct hold once.
    const walk = (face: number, taken: number[]): void => {
      if (face === 6) {
        const size = taken.reduce((a, b) => a + b, 0);
        if (size < DICE) found.push(keepOfCounts(taken));
        return;
      }
      for (let c = 0; c <= counts[face]!; c++) walk(face + 1, [...taken, c]);
    };
    walk(0, []);
    found.sort((a, b) => KEEP_RANK[a]! - KEEP_RANK[b]!);
    subs.push(...found);
  }
  ROLL_SUBKEEPS_START[ROLL_COUNT] = subs.length;
  return Int16Array.from(subs);
}

/** The keep index of a count vector (a linear search: built once, at load). */
function keepOfCounts(counts: readonly number[]): number {
  for (let k = 0; k < KEEP_COUNT; k++) {
    let same = true;
    for (let f = 0; f < 6 && same; f++) same = KEEP_FACE_COUNTS[k * 6 + f] === counts[f];
    if (same) return k;
  }
  throw new Error('No such keep');
}

/**
 * The preferred choice for throw r (0..251) on the table: `ROLL_OFFSET + r` to stand on the dice (score
 * the best row now), else the hold to throw the rest from. `stand` is the value of standing, `keeps[k]`
 * the value of holding keep k and throwing the rest.
 */
export function preferredKeep(r: number, stand: number, keeps: Float64Array): number {
  const start = ROLL_SUBKEEPS_START[r]!;
  const end = ROLL_SUBKEEPS_START[r + 1]!;
  let max = stand;
  for (let i = start; i < end; i++) {
    const v = keeps[ROLL_SUBKEEPS[i]!]!;
    if (v > max) max = v;
  }
  return preferredKeepUpTo(r, stand, keeps, max);
}

/**
 * `preferredKeep` given the largest of `stand` and the values of the throw's holds (`max`), where it is
 * known already (the solver's best sub-keeps give it): the same choice, without a pass to find it.
 */
export function preferredKeepUpTo(r: number, stand: number, keeps: Float64Array, max: number): number {
  if (stand >= max - TIE) return ROLL_OFFSET + r;
  const end = ROLL_SUBKEEPS_START[r + 1]!;
  for (let i = ROLL_SUBKEEPS_START[r]!; i < end; i++) {
    const keep = ROLL_SUBKEEPS[i]!;
    if (keeps[keep]! >= max - TIE) return keep;
  }
  return ROLL_OFFSET + r; // only where the values are NaN (a state no game reaches)
}

/**
 * The preferred of options valued by two numbers, the first deciding and the second breaking its ties
 * (the chance to win, then the expected score): the index, in `order`, of the first option tied for the
 * best first value and, among those, for the best second value.
 * @param first the first value of each option
 * @param second the second value of each option
 * @param firstTie the tie of the first value
 */
export function preferredOf(
  order: ArrayLike<number>,
  first: (option: number) => number,
  second: (option: number) => number,
  firstTie: number,
): number {
  let maxFirst = -Infinity;
  for (let i = 0; i < order.length; i++) maxFirst = Math.max(maxFirst, first(order[i]!));
  let maxSecond = -Infinity;
  for (let i = 0; i < order.length; i++) {
    const option = order[i]!;
    if (first(option) >= maxFirst - firstTie) maxSecond = Math.max(maxSecond, second(option));
  }
  for (let i = 0; i < order.length; i++) {
    const option = order[i]!;
    if (first(option) >= maxFirst - firstTie && second(option) >= maxSecond - TIE) return i;
  }
  return 0; // only where the values are NaN
}

/**
 * The preferred of `count` rows valued `values[0 .. count]`, given in sheet order: the index of the
 * first tied for the best.
 */
export function preferredRow(values: Float64Array, count: number): number {
  let max = -Infinity;
  for (let i = 0; i < count; i++) if (values[i]! > max) max = values[i]!;
  for (let i = 0; i < count; i++) if (values[i]! >= max - TIE) return i;
  return 0; // only where the values are NaN (a state no game reaches)
}
