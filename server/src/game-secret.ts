/**
 * The secret of one online game and what it has made (src/online/fairness.ts): the seed of each throw,
 * from the secret and the throw's number, and the gesture each throw was made with. The room shows the
 * commitment from the start and the rest once the game is over.
 */
import {
  isHex,
  proofGesture,
  SECRET_BYTES,
  type GameProof,
  type ProofGesture,
} from '../../src/online/fairness.js';
import type { GameSeeds, SeedSource } from '../../src/table/index.js';
import type { Gesture } from '../../src/physics/types.js';
import { commitment, newSecret, throwSeed } from './throw-secret.js';

export class GameSecret implements GameSeeds {
  /** SHA-256 of the secret, shown from the start. */
  readonly commitment: string;
  private readonly gestures: ProofGesture[];

  /** A game's secret (hex), with the gestures of the throws made so far. */
  constructor(
    private readonly secret: string,
    gestures: readonly ProofGesture[] = [],
  ) {
    this.commitment = commitment(secret);
    this.gestures = gestures.map((g) => [...g] as ProofGesture);
  }

  /** The seed of the next throw. */
  nextSeed(): number {
    return throwSeed(this.secret, this.gestures.length);
  }

  /** The next throw was made with `gesture`: its number, and the gesture as the proof lists it. */
  thrown(gesture: Gesture): { number: number; gesture: ProofGesture } {
    const listed = proofGesture(gesture);
    this.gestures.push(listed);
    return { number: this.gestures.length - 1, gesture: [...listed] as ProofGesture };
  }

  /** What the room shows: the commitment; the secret and the gestures once the game is `over`. */
  proof(over: boolean): GameProof {
    return {
      commitment: this.commitment,
      secret: over ? this.secret : null,
      gestures: over ? this.gestures.map((g) => [...g] as ProofGesture) : null,
    };
  }

  /** What the room's record keeps of it (the store is the server's own). */
  record(): { secret: string; gestures: ProofGesture[] } {
    return { secret: this.secret, gestures: this.gestures.map((g) => [...g] as ProofGesture) };
  }
}

/**
 * The seeds of online games: each new game a new secret (`secret`, newSecret by default); a recorded
 * game its own, or, recorded before games had secrets, a new one (its earlier throws cannot be proven).
 */
export function secretSeeds(secret: () => string = newSecret): SeedSource {
  return {
    newGame: () => new GameSecret(secret()),
    restore: ({ secret: kept, gestures }) =>
      isHex(kept, SECRET_BYTES)
        ? new GameSecret(kept, Array.isArray(gestures) ? (gestures as ProofGesture[]) : [])
        : new GameSecret(secret()),
  };
}
