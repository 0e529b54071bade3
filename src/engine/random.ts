import { DICE_COUNT } from './dice.js';

/**
 * A small seeded generator (mulberry32) whose whole state is one uint32, so it lives in the game state
 * as plain data and every draw is a pure function: `[value, nextState] = nextUint32(state)`.
 */
export type RngState = number;

/** A generator state from any integer seed. */
export function seedRng(seed: number): RngState {
  return seed >>> 0;
}

/** The next 32-bit unsigned integer and the generator state after it. */
export function nextUint32(state: RngState): [number, RngState] {
  const next = (state + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return [(t ^ (t >>> 14)) >>> 0, next];
}

/** The next value in [0, 1) and the generator state after it. */
export function nextUnit(state: RngState): [number, RngState] {
  const [value, next] = nextUint32(state);
  return [value / 4294967296, next];
}

/** The next die face 1..6 and the generator state after it. */
export function nextFace(state: RngState): [number, RngState] {
  const [unit, next] = nextUnit(state);
  return [1 + Math.floor(unit * 6), next];
}

/**
 * The throw seed's draw: the seed of the next physics throw and the generator state once that throw's
 * faces are applied. One generator, two ways to throw: a game's `rng` state (seeded from `Game.seed`) is
 * the only source of chance in a game, and every throw starts from it in one of two ways.
 *
 * - A physics throw: `throwSeed(game)` (game.ts) returns `drawThrowSeed(game.rng)[0]`, the generator's
 *   next uint32. The physics world seeds a generator of its own with it (`seedRng`), so the same throw
 *   seed, gesture and held dice come to rest on the same faces. Applying those faces (`roll` with
 *   faces) consumes exactly this one draw, however many the physics made: the game's state becomes
 *   `drawThrowSeed(game.rng)[1]`.
 * - The engine's own throw (`roll` without faces): {@link drawFaces} draws from the same state, one face
 *   per released die in die order, so its first face is this same draw read as a face,
 *   `1 + floor(seed / 2^32 * 6)`; it consumes one step per released die (1 to 5).
 *
 * The log tells the two apart (a roll with or without faces) and a replay takes the logged faces rather
 * than throwing again, so replaying a log from its setup takes the same steps and gives the same game.
 */
export function drawThrowSeed(state: RngState): [seed: number, next: RngState] {
  return nextUint32(state);
}

/**
 * The engine's own throw: `dice` with every released die given a new face, one draw each in die order,
 * and the generator state after them. It starts from the same state as a physics throw: see
 * {@link drawThrowSeed} for how the two share the game's generator.
 */
export function drawFaces(
  state: RngState,
  dice: readonly number[],
  held: readonly boolean[],
): [faces: number[], next: RngState] {
  const faces = [...dice];
  let next = state;
  for (let i = 0; i < DICE_COUNT; i++) {
    if (held[i]) continue;
    [faces[i], next] = nextFace(next);
  }
  return [faces, next];
}

/** A seed for a new game when none is given: the one place the engine asks the platform for entropy. */
export function randomSeed(): number {
  const buffer = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buffer);
  return buffer[0]!;
}
