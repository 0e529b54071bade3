import type { Game, RowId, RuleSetId } from '../../engine/index.js';
import type { Gesture, ThrowResult, Trajectory } from '../../scene/index.js';

/** A new game: who plays, under which rules, from which seed (a random one when left out). */
export interface GameSetup {
  players: string[];
  rules?: RuleSetId;
  seed?: number;
}

/** A throw under way: the dice not held are in the air and the turn waits for them to rest. */
export interface ThrowInFlight {
  /** The player who threw. */
  readonly player: number;
  /** The dice held (they stay on the ledge). */
  readonly held: readonly boolean[];
}

/** An online room as the page sees it: null in a game played in the page. */
export interface OnlineState {
  roomId: string;
  /** This page's seat. */
  seat: number;
  /** Whether this page's player is the host (who starts the game). */
  host: boolean;
  /** One flag per seat: its player's connection is up (a computer's always is). */
  connected: boolean[];
}

/** Runs a throw of the physics dice and resolves with the faces they came to rest on. */
export type Thrower = (seed: number, gesture: Gesture, held: readonly boolean[]) => Promise<ThrowResult>;

/** Plays back a throw made elsewhere; resolves when the dice rest on `faces`. */
export type ThrowPlayer = (
  trajectory: Trajectory,
  faces: readonly number[],
  held: readonly boolean[],
) => Promise<void>;

/**
 * What a session tells its listeners: an action it accepted (with the game before and after), a
 * change of what is in flight, of the room around the game (online: seats, connections), or a request
 * of this page's that the room refused later. Each accepted action is told exactly once.
 */
export type SessionChange =
  | { type: 'throw-started'; game: Game; throw: ThrowInFlight }
  | { type: 'thrown'; before: Game; game: Game }
  | { type: 'throw-cancelled'; game: Game }
  | { type: 'held'; before: Game; game: Game; index: number }
  | { type: 'scored'; before: Game; game: Game; row: RowId; player: number; points: number }
  | { type: 'started'; game: Game }
  | { type: 'resumed'; game: Game }
  | { type: 'room'; game: Game | null }
  | { type: 'refused'; game: Game | null; error: Error };

/**
 * A game being played: the one truth of the dice, the holds, whose turn it is and the throw in flight.
 * The element renders it and asks it to act; it never changes a game itself. Two kinds: the engine in
 * the page (`LocalSession`), and an online room. A refused action throws (or rejects) a
 * DicePokerError with a stable code and changes nothing.
 */
export interface GameSession {
  /** The game now (null before the first one). */
  readonly game: Game | null;
  /** The throw under way, if any. */
  readonly inFlight: ThrowInFlight | null;
  /** The room, when the game is played online; else null. */
  readonly online: OnlineState | null;
  /** Throws the dice not held; resolves with the five faces once they rest. */
  throw(gesture: Gesture): Promise<number[]>;
  /** Holds a released die or releases a held one. */
  toggleHold(index: number): void;
  /** Scores a free row with the dice on the table; returns the points. */
  score(row: RowId): number;
  /** Starts a new game. */
  start(setup: GameSetup): void;
  /** Plays on from a game already under way (a saved one). */
  resume(game: Game): void;
  /** Calls `listener` on every change; returns the call that stops it. */
  subscribe(listener: (change: SessionChange) => void): () => void;
}
