import type { Game, RowId, RuleSetId } from '../../engine/index.js';
import type { Gesture, Trajectory } from '../../scene/index.js';
import type { SeatKind } from '../coach/seats.js';

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

/** Plays a throw's recording on the table; resolves when the dice rest on `faces`. */
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
  | { type: 'held'; before: Game; game: Game; index: number }
  | { type: 'scored'; before: Game; game: Game; row: RowId; player: number; points: number }
  | { type: 'started'; game: Game }
  | { type: 'resumed'; game: Game }
  | { type: 'room'; game: Game | null }
  /** A person left the table for good; `host`: who is host now (named when it changed: `wasHost`). */
  | { type: 'left'; game: Game | null; name: string; wasHost: boolean; host: string; youAreHost: boolean }
  | { type: 'refused'; game: Game | null; error: Error };

/**
 * The game being played, as the page sees it: the one truth of the dice, the holds, whose turn it is and
 * the throw in flight. The element renders it and asks it to act; it never changes a game itself. One
 * of two kinds (SessionCore): a game on this screen (LocalSession) or an online room (OnlineSession). A refused action throws (or
 * rejects) a DicePokerError with a stable code and changes nothing.
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
  /** Holds a released die or releases a held one; settles once `game` shows it. */
  toggleHold(index: number): Promise<void>;
  /** Scores a free row with the dice on the table; resolves with the points once `game` shows it. */
  score(row: RowId): Promise<number>;
  /** Whether the person at this page may act in the game now (the one turn gate: see personMayAct). */
  readonly mayAct: boolean;
  /** Who plays each seat of the game: a person, or a computer (a stand-in shows as one). */
  readonly seatKinds: SeatKind[];
  /** Starts a new game (who plays each seat: `kinds`, people by default). */
  start(setup: GameSetup, kinds?: readonly SeatKind[]): void;
  /** Plays on from a game already under way (a saved one). */
  resume(game: Game, kinds?: readonly SeatKind[]): void;
  /** Resolves once every change so far is played (a throw in the air has come to rest). */
  settled(): Promise<void>;
  /** Calls `listener` on every change; returns the call that stops it. */
  subscribe(listener: (change: SessionChange) => void): () => void;
}
