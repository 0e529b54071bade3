/**
 * Where a table's throws get their seeds. Online, from the game's secret (the server's GameSecret:
 * HMAC of the secret and the throw's number, see src/online/fairness.ts), proven once the game is over.
 * In the page, from the engine's own generator (`throwSeed(game)`), so that a game with a `seed` plays
 * the same throws every time: there is no one to hide them from.
 */
import { throwSeed, type Game } from '../engine/index.js';
import { proofGesture, type GameProof, type ProofGesture } from '../online/fairness.js';
import type { Gesture } from '../physics/types.js';

/** The seeds of one game's throws, and what it has thrown so far. */
export interface GameSeeds {
  /** The seed of the game's next throw. */
  nextSeed(game: Game): number;
  /** The next throw was made with `gesture`: its number, and the gesture as the proof lists it. */
  thrown(gesture: Gesture): { number: number; gesture: ProofGesture };
  /** What every screen is shown of the seeds (the commitment; all of it once `over`), or null. */
  proof(over: boolean): GameProof | null;
  /** What the table's record keeps, to restore them. */
  record(): { secret: string; gestures: ProofGesture[] };
}

/** Makes the seeds of a new game, or those of a recorded one again. */
export interface SeedSource {
  newGame(): GameSeeds;
  /** The seeds of a game from its record; a record it cannot use gives a new game's. */
  restore(record: { secret: unknown; gestures: unknown }): GameSeeds;
}

/** The engine's own seeds (see the top of this file): nothing to prove, nothing kept but the gestures. */
export const ENGINE_SEEDS: SeedSource = {
  newGame: () => engineSeeds([]),
  restore: ({ gestures }) => engineSeeds(Array.isArray(gestures) ? (gestures as ProofGesture[]) : []),
};

function engineSeeds(gestures: ProofGesture[]): GameSeeds {
  const made = gestures.map((g) => [...g] as ProofGesture);
  return {
    nextSeed: (game) => throwSeed(game),
    thrown(gesture) {
      const listed = proofGesture(gesture);
      made.push(listed);
      return { number: made.length - 1, gesture: [...listed] as ProofGesture };
    },
    proof: () => null,
    record: () => ({ secret: '', gestures: made.map((g) => [...g] as ProofGesture) }),
  };
}
