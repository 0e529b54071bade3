/**
 * Index tables over dice multisets, built once at load. Order does not matter for any row, so a throw
 * of five dice is one of 252 multisets and a set of kept dice is one of 462 multisets of 0..5 dice.
 *
 * Every multiset of 0..5 dice has one index (a "keep"), in order of size, so the 252 full throws are
 * the last ones: throw `r` is keep `ROLL_OFFSET + r`. Moving one die in or out of a keep is a table
 * lookup, which lets the solver average over a re-roll one die at a time (6 terms per keep) instead of
 * over every outcome.
 */

/** Faces of a die. */
export const FACES = 6;
/** Dice in a throw. */
export const DICE = 5;
/** Distinct multisets of 0..5 dice: the distinct holds. */
export const KEEP_COUNT = 462;
/** Distinct multisets of exactly five dice: the distinct throws. */
export const ROLL_COUNT = 252;
/** Index of the first full throw among the keeps. */
export const ROLL_OFFSET = KEEP_COUNT - ROLL_COUNT;

/** `KEEP_FACE_COUNTS[k * 6 + f - 1]`: how many dice of face f keep k holds. */
export const KEEP_FACE_COUNTS = new Uint8Array(KEEP_COUNT * FACES);
/** Dice in each keep, 0..5. */
export const KEEP_SIZE = new Uint8Array(KEEP_COUNT);
/** `KEEP_ADD[k * 6 + f - 1]`: the keep with one more die of face f (keeps of fewer than five dice only). */
export const KEEP_ADD = new Int16Array(ROLL_OFFSET * FACES);
/**
 * The keeps with one die fewer, as compressed rows: those of keep k are
 * `KEEP_SUB[KEEP_SUB_START[k] .. KEEP_SUB_START[k + 1]]`, one per distinct face in k.
 */
export const KEEP_SUB_START = new Int32Array(KEEP_COUNT + 1);
export const KEEP_SUB = new Int16Array(KEEP_COUNT * DICE);
/** Probability of each throw of five dice: 5! / (c1! ... c6!) / 6^5. */
export const ROLL_PROBABILITY = new Float64Array(ROLL_COUNT);
/** The faces of each throw in ascending order, `ROLL_FACES[r * 5 + i]`. */
export const ROLL_FACES = new Uint8Array(ROLL_COUNT * DICE);

/** Lookup from a base-6 code of the face counts to the keep index. */
const KEY_TO_KEEP = new Int16Array(6 ** FACES).fill(-1);
const POWERS = [1, 6, 36, 216, 1296, 7776];

/**
 * `FACE_KEY[f]`: what one die of face f adds to a multiset's key, so that the key of any dice is the
 * sum over them and `keepOfKey` turns it into a keep index without building an array.
 */
export const FACE_KEY: readonly number[] = [0, ...POWERS];

/** The keep index of a multiset key (a sum of `FACE_KEY` over 0..5 dice). */
export function keepOfKey(key: number): number {
  return KEY_TO_KEEP[key]!;
}

function keyOfCounts(counts: ArrayLike<number>): number {
  let key = 0;
  for (let f = 0; f < FACES; f++) key += counts[f]! * POWERS[f]!;
  return key;
}

/** The keep index of any 0..5 faces, in any order. */
export function keepOfFaces(faces: readonly number[]): number {
  let key = 0;
  for (const face of faces) key += POWERS[face - 1]!;
  return KEY_TO_KEEP[key]!;
}

/** The throw index (0..251) of five faces in any order. */
export function rollOfFaces(faces: readonly number[]): number {
  return keepOfFaces(faces) - ROLL_OFFSET;
}

/** The faces a keep holds, ascending. */
export function facesOfKeep(keep: number): number[] {
  const faces: number[] = [];
  for (let f = 0; f < FACES; f++) {
    for (let c = KEEP_FACE_COUNTS[keep * FACES + f]!; c > 0; c--) faces.push(f + 1);
  }
  return faces;
}

function factorial(n: number): number {
  return n <= 1 ? 1 : n * factorial(n - 1);
}

function build(): void {
  // Every count vector with 0..5 dice, grouped by size so that full throws come last.
  const bySize: number[][][] = [[], [], [], [], [], []];
  const counts = [0, 0, 0, 0, 0, 0];
  const walk = (face: number, left: number): void => {
    if (face === FACES) {
      bySize[DICE - left]!.push([...counts]);
      return;
    }
    for (let c = left; c >= 0; c--) {
      counts[face] = c;
      walk(face + 1, left - c);
    }
    counts[face] = 0;
  };
  walk(0, DICE);
  const all = bySize.flat();
  all.forEach((keepCounts, k) => {
    KEY_TO_KEEP[keyOfCounts(keepCounts)] = k;
    KEEP_FACE_COUNTS.set(keepCounts, k * FACES);
    KEEP_SIZE[k] = keepCounts.reduce((a, b) => a + b, 0);
  });
  let subs = 0;
  all.forEach((keepCounts, k) => {
    KEEP_SUB_START[k] = subs;
    for (let f = 0; f < FACES; f++) {
      const changed = [...keepCounts];
      if (KEEP_SIZE[k]! < DICE) {
        changed[f]!++;
        KEEP_ADD[k * FACES + f] = KEY_TO_KEEP[keyOfCounts(changed)]!;
        changed[f]!--;
      }
      if (keepCounts[f]! > 0) {
        changed[f]!--;
        KEEP_SUB[subs++] = KEY_TO_KEEP[keyOfCounts(changed)]!;
      }
    }
  });
  KEEP_SUB_START[KEEP_COUNT] = subs;
  for (let r = 0; r < ROLL_COUNT; r++) {
    const keep = ROLL_OFFSET + r;
    let ways = factorial(DICE);
    for (let f = 0; f < FACES; f++) ways /= factorial(KEEP_FACE_COUNTS[keep * FACES + f]!);
    ROLL_PROBABILITY[r] = ways / FACES ** DICE;
    ROLL_FACES.set(facesOfKeep(keep), r * DICE);
  }
}

build();
