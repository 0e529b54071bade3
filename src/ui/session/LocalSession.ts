import {
  apply,
  newGame,
  refusal,
  throwSeed,
  toggleHold,
  type Action,
  type Game,
  type RowId,
} from '../../engine/index.js';
import type { Gesture } from '../../scene/index.js';
import { DicePokerError } from '../errors.js';
import type { GameSession, GameSetup, SessionChange, Thrower, ThrowInFlight } from './GameSession.js';

/**
 * The game played in the page: the engine's pure reducer holds the rules, the physics dice (`thrower`)
 * give the faces of every throw. An action is asked of the engine first (`refusal`), so a refused one
 * changes nothing; an accepted one replaces the game and is told to the listeners once.
 */
export class LocalSession implements GameSession {
  private current: Game | null = null;
  private flying: ThrowInFlight | null = null;
  private readonly listeners = new Set<(change: SessionChange) => void>();

  constructor(private readonly thrower: Thrower) {}

  get game(): Game | null {
    return this.current;
  }

  get inFlight(): ThrowInFlight | null {
    return this.flying;
  }

  /** A game in the page is not online. */
  get online(): null {
    return null;
  }

  async throw(gesture: Gesture): Promise<number[]> {
    const game = this.idleGame();
    this.check(game, { type: 'roll' });
    const flight: ThrowInFlight = { player: game.current, held: [...game.held] };
    this.flying = flight;
    this.tell({ type: 'throw-started', game, throw: flight });
    let faces: readonly number[];
    try {
      ({ faces } = await this.thrower(throwSeed(game), gesture, flight.held));
    } catch (error) {
      this.flying = null;
      this.tell({ type: 'throw-cancelled', game });
      throw new DicePokerError('throw-cancelled', `The throw did not finish: ${(error as Error).message}`);
    }
    this.flying = null;
    // The game cannot have changed meanwhile: every other action waits for the dice (idleGame).
    const next = this.ask(() => apply(game, { type: 'roll', faces: [...faces] }));
    this.current = next;
    this.tell({ type: 'thrown', before: game, game: next });
    return [...next.dice];
  }

  toggleHold(index: number): void {
    const game = this.idleGame();
    const next = this.ask(() => toggleHold(game, index));
    this.current = next;
    this.tell({ type: 'held', before: game, game: next, index });
  }

  score(row: RowId): number {
    const game = this.idleGame();
    const next = this.ask(() => apply(game, { type: 'score', row }));
    const player = game.current;
    const points = next.players[player]!.scores[row]!;
    this.current = next;
    this.tell({ type: 'scored', before: game, game: next, row, player, points });
    return points;
  }

  start(setup: GameSetup): void {
    this.refuseWhileThrowing();
    const game = this.ask(() => newGame(setup));
    this.current = game;
    this.tell({ type: 'started', game });
  }

  resume(game: Game): void {
    this.refuseWhileThrowing();
    this.current = game;
    this.tell({ type: 'resumed', game });
  }

  subscribe(listener: (change: SessionChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(change: SessionChange): void {
    for (const listener of this.listeners) listener(change);
  }

  private idleGame(): Game {
    if (!this.current) throw new DicePokerError('no-game', 'Start a game first');
    this.refuseWhileThrowing();
    return this.current;
  }

  private refuseWhileThrowing(): void {
    if (this.flying) throw new DicePokerError('throw-in-progress', 'Wait for the dice to stop');
  }

  /** Throws the engine's refusal of `action`, if it has one. */
  private check(game: Game, action: Action): void {
    const refused = refusal(game, action);
    if (refused) throw DicePokerError.from(refused);
  }

  /** Runs an engine call, turning its refusal into a DicePokerError. */
  private ask<T>(call: () => T): T {
    try {
      return call();
    } catch (error) {
      throw DicePokerError.from(error);
    }
  }
}
