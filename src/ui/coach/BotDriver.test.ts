import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apply,
  newGame,
  totals,
  winners,
  type Action,
  type Game,
  type GameSetup,
  type RowId,
  type RuleSetId,
} from '../../engine/index.js';
import { createBot } from '../../engine/bots/index.js';
import { getTable, type StateValues } from '../../engine/solver/index.js';
import { snapshotOf, type DicePokerState } from '../state-snapshot.js';
import { gameFromState, planDecision, sameSpot } from './bot-plan.js';
import { BotDriver, type BotHost, type BotPhase } from './BotDriver.js';
import type { SeatKind } from './seats.js';
import { WinService } from './win-service.js';

/** Throws take this long on the fake table, ms. */
const THROW_MS = 5;

/**
 * A stand-in for <dice-poker> with the same public API and events, over the real engine. It records
 * every action and every refusal, and throws a refusal back as the element does.
 */
class FakeElement extends EventTarget implements BotHost {
  game: Game;
  isConnected = true;
  actions: Action[] = [];
  refused: unknown[] = [];
  private rolling = false;

  constructor(setup: GameSetup) {
    super();
    this.game = newGame(setup);
  }

  get state(): DicePokerState {
    return snapshotOf(this.game);
  }

  start(setup?: GameSetup): void {
    if (setup) this.game = newGame(setup);
    this.emit('dp-turn', { player: 0, turn: 0 });
  }

  async roll(): Promise<number[]> {
    if (this.rolling) throw new Error('throw-in-progress');
    this.rolling = true;
    await new Promise((resolve) => setTimeout(resolve, THROW_MS));
    this.rolling = false;
    this.act({ type: 'roll' });
    return [...this.game.dice];
  }

  toggleHold(index: number): void {
    this.act({ type: 'hold', index, held: !this.game.held[index] });
  }

  score(row: RowId): number {
    const player = this.game.current;
    this.act({ type: 'score', row });
    if (this.game.over) this.emit('dp-game-over', { totals: totals(this.game), winners: winners(this.game) });
    else this.emit('dp-turn', { player: this.game.current, turn: this.game.turn });
    return this.game.players[player]!.scores[row]!;
  }

  private act(action: Action): void {
    if (this.rolling) throw new Error('throw-in-progress');
    try {
      this.game = apply(this.game, action);
      this.actions.push(action);
    } catch (error) {
      this.refused.push(error);
      throw error;
    }
  }

  private emit(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

const seedTable = getTable('seed');
const tables = {
  table: async (rules: RuleSetId): Promise<StateValues> => (rules === 'seed' ? seedTable : getTable(rules)),
};
const drivers: BotDriver[] = [];

function drive(
  element: FakeElement,
  seats: SeatKind[],
  delay = 0,
  onPhase?: (p: BotPhase, player: number) => void,
) {
  const driver = new BotDriver(element, { seats, delay, solver: tables, seed: 3, onPhase });
  drivers.push(driver);
  return driver;
}

function gameOver(element: FakeElement): Promise<void> {
  return new Promise((resolve) => element.addEventListener('dp-game-over', () => resolve(), { once: true }));
}

afterEach(() => {
  drivers.splice(0).forEach((d) => d.dispose());
  vi.useRealTimers();
});

describe('planDecision', () => {
  it('spells a decision out as single holds then the throw, each legal where it is taken', () => {
    let game = newGame({ players: ['a'], seed: 5 });
    expect(planDecision(createBot('optimal', { table: seedTable }), game).map((s) => s.action)).toEqual([
      { type: 'roll' },
    ]);
    game = apply(game, { type: 'roll', faces: [6, 6, 6, 2, 1] });
    const steps = planDecision(
      createBot('optimal', { table: seedTable }),
      gameFromState(snapshotOf(game), 1),
    );
    expect(steps.map((s) => s.action)).toEqual([
      { type: 'hold', index: 0, held: true },
      { type: 'hold', index: 1, held: true },
      { type: 'hold', index: 2, held: true },
      { type: 'roll' },
    ]);
    expect(sameSpot(snapshotOf(game), steps[0]!.before)).toBe(true);
    expect(sameSpot(snapshotOf(game), steps[1]!.before)).toBe(false);
  });
});

describe('BotDriver', () => {
  it('plays three computer seats to the end with no refused move', async () => {
    const element = new FakeElement({ players: ['o', 'g', 'e'], seed: 11 });
    const over = gameOver(element);
    drive(element, ['optimal', 'good', 'easy']);
    element.start();
    await over;
    expect(element.game.over).toBe(true);
    expect(element.refused).toEqual([]);
    expect(element.actions.filter((a) => a.type === 'score')).toHaveLength(39);
  });

  it('plays a winner seat with the moves its worker computes, as optimal before its model is ready', async () => {
    const service = new WinService(async () => null); // no target tables: late ones, as the engine's tests
    const asked: Game[] = [];
    let ready = false;
    const solver = {
      ...tables,
      winReady: (rules: RuleSetId) => {
        expect(rules).toBe('seed');
        const was = ready;
        ready = true;
        return was;
      },
      winPlan: async (game: Game) => {
        asked.push(game);
        const response = await service.answer({ id: 1, kind: 'win-plan', game });
        if (!response.ok || response.kind !== 'win-plan') throw new Error('refused');
        return response.plan;
      },
    };
    const element = new FakeElement({ players: ['w', 'o'], seed: 4 });
    const over = gameOver(element);
    drivers.push(new BotDriver(element, { seats: ['winner', 'optimal'], delay: 0, solver, seed: 3 }));
    element.start();
    await over;
    expect(element.refused).toEqual([]);
    expect(element.actions.filter((a) => a.type === 'score')).toHaveLength(26);
    // Asked for every decision of the winner's after a throw; its seat only.
    expect(asked.length).toBeGreaterThan(13);
    expect(asked.every((game) => game.current === 0 && game.rollsUsed > 0)).toBe(true);
  }, 30_000);

  it('plays a winner seat as optimal when there is no worker to win', async () => {
    const element = new FakeElement({ players: ['w'], seed: 6 });
    const over = gameOver(element);
    drive(element, ['winner']);
    element.start();
    await over;
    expect(element.refused).toEqual([]);
    expect(element.actions.filter((a) => a.type === 'score')).toHaveLength(13);
  });

  it("starts on a game already standing on a computer seat, and waits at a person's", async () => {
    const element = new FakeElement({ players: ['bot', 'me'], seed: 8 });
    const phases: string[] = [];
    const turnOfMe = new Promise<void>((resolve) =>
      element.addEventListener('dp-turn', (e) => (e as CustomEvent).detail.player === 1 && resolve()),
    );
    drive(element, ['easy', 'human'], 0, (phase, player) => phases.push(`${phase}:${player}`));
    await turnOfMe;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const taken = element.actions.length;
    expect(element.game.current).toBe(1);
    expect(element.game.rollsUsed).toBe(0);
    expect(phases.at(-1)).toBe('idle:1');
    // The person plays; then the computer takes its seat again.
    const back = new Promise<void>((resolve) =>
      element.addEventListener('dp-turn', (e) => (e as CustomEvent).detail.player === 1 && resolve()),
    );
    await element.roll();
    element.score('chance');
    expect(element.actions.length).toBe(taken + 2);
    await back;
    expect(element.game.players[0]!.scores).toSatisfy((s: object) => Object.keys(s).length === 2);
    expect(element.refused).toEqual([]);
  });

  describe("at a person's pace", () => {
    beforeEach(() => vi.useFakeTimers());

    it('pauses `delay` ms before each action; skip() plays the rest of the turn at once', async () => {
      const element = new FakeElement({ players: ['bot', 'me'], seed: 2 });
      const driver = drive(element, ['optimal', 'human'], 600);
      element.start();
      await vi.advanceTimersByTimeAsync(599);
      expect(element.actions).toEqual([]);
      await vi.advanceTimersByTimeAsync(1 + THROW_MS);
      expect(element.actions).toEqual([{ type: 'roll' }]);
      expect(driver.active).toBe(true);
      driver.skip();
      await vi.advanceTimersByTimeAsync(3 * THROW_MS);
      expect(element.game.current).toBe(1);
      expect(driver.active).toBe(false);
      expect(element.refused).toEqual([]);
    });

    it('stops at once on dispose, and when the element leaves the page', async () => {
      const element = new FakeElement({ players: ['bot'], seed: 2 });
      const driver = drive(element, ['easy'], 600);
      element.start();
      await vi.advanceTimersByTimeAsync(600 + THROW_MS);
      expect(element.actions).toHaveLength(1);
      driver.dispose();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(element.actions).toHaveLength(1);

      const other = new FakeElement({ players: ['bot'], seed: 2 });
      drive(other, ['easy'], 600);
      other.start();
      await vi.advanceTimersByTimeAsync(600 + THROW_MS);
      other.isConnected = false;
      await vi.advanceTimersByTimeAsync(10_000);
      expect(other.actions).toHaveLength(1);
    });

    it('waits while paused, and plays on after resume()', async () => {
      const element = new FakeElement({ players: ['bot'], seed: 2 });
      const phases: BotPhase[] = [];
      const driver = drive(element, ['easy'], 600, (phase) => phases.push(phase));
      element.start();
      await vi.advanceTimersByTimeAsync(600 + THROW_MS);
      expect(element.actions).toHaveLength(1);
      driver.pause();
      expect(driver.active).toBe(false);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(element.actions).toHaveLength(1);
      driver.resume();
      await vi.advanceTimersByTimeAsync(600);
      expect(element.actions.length).toBeGreaterThan(1);
      expect(phases).toContain('idle');
      expect(element.refused).toEqual([]);
    });

    it('drops its plan when a new game starts mid-turn, and plays the new one', async () => {
      const element = new FakeElement({ players: ['bot'], seed: 2 });
      drive(element, ['optimal'], 600);
      element.start();
      await vi.advanceTimersByTimeAsync(600 + THROW_MS + 300);
      element.start({ players: ['bot'], seed: 99 });
      const before = element.actions.length;
      await vi.advanceTimersByTimeAsync(600 + THROW_MS);
      expect(element.actions.length).toBe(before + 1);
      expect(element.game.log).toEqual([{ type: 'roll' }]);
      expect(element.refused).toEqual([]);
    });

    it('plans again when a person changes the holds under it', async () => {
      const element = new FakeElement({ players: ['bot'], seed: 2 });
      drive(element, ['good'], 600);
      element.start();
      await vi.advanceTimersByTimeAsync(600 + THROW_MS);
      element.toggleHold(0);
      element.toggleHold(1);
      await vi.advanceTimersByTimeAsync(20 * 600);
      expect(element.refused).toEqual([]);
      expect(element.game.current === 0 && element.game.turn > 0).toBe(true);
    });
  });
});
