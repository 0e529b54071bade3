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

/** A seed for a new game when none is given: the one place the engine asks the platform for entropy. */
export function randomSeed(): number {
  const buffer = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buffer);
  return buffer[0]!;
}
