import { describe, expect, it } from 'vitest';
import {
  apply,
  canRoll,
  createBot,
  freeRows,
  newGame,
  playGame,
  rankRows,
  replay,
  rollsLeft,
  RuleError,
  scoreOptions,
  scoreRow,
  solveTable,
  toggleHold,
  totals,
  MAX_NAME_LENGTH,
  type Action,
  type Game,
} from './index.js';

/** The RuleError code a call throws, or the name of any other error it throws. */
function refusal(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof RuleError ? error.code : (error as Error).name;
  }
  return undefined;
}

/** A copy of `values` with a hole at `index`: what `[1, , 3]` gives, which callers can pass. */
function withHole<T>(values: readonly T[], index: number): T[] {
  const copy = [...values];
  delete copy[index];
  return copy;
}

describe('arrays with holes from callers', () => {
  it('refuses thrown faces with a hole, and the game stays as it was', () => {
    const game = newGame({ players: ['A'], seed: 1 });
    const before = JSON.stringify(game);
    for (let hole = 0; hole < 5; hole++) {
      const faces = withHole([1, 2, 3, 4, 5], hole);
      expect(refusal(() => apply(game, { type: 'roll', faces }))).toBe('bad-dice');
    }
    expect(JSON.stringify(game)).toBe(before);
  });

  it('refuses to score dice with a hole', () => {
    expect(refusal(() => scoreRow('chance', withHole([1, 2, 3, 4, 5], 1)))).toBe('bad-dice');
    const table = solveTable('seed');
    const dice = withHole([1, 2, 3, 4, 5], 4);
    expect(refusal(() => rankRows(table, { scores: {}, dice, rollsUsed: 1 }))).toBe('bad-dice');
  });

  it('refuses a player list with a hole, which names no one', () => {
    expect(refusal(() => newGame({ players: withHole(['A', 'B', 'C'], 1) }))).toBe('bad-name');
  });

  it('refuses a log with a hole instead of skipping it', () => {
    const log: Action[] = [{ type: 'roll' }, { type: 'roll' }, { type: 'score', row: 'chance' }];
    expect(refusal(() => replay({ players: ['A'], seed: 1 }, withHole(log, 1)))).toBe('bad-action');
  });

  it('refuses a bot list with a hole', () => {
    const bots = withHole([createBot('easy'), createBot('easy')], 0);
    expect(refusal(() => playGame({ players: ['A', 'B'], seed: 1 }, bots))).toBe('RangeError');
  });
});

describe('a game setup', () => {
  it('refuses null for the rule set or the seed; leaving them out picks the defaults', () => {
    expect(refusal(() => newGame({ players: ['A'], rules: null as never }))).toBe('unknown-rules');
    expect(refusal(() => newGame({ players: ['A'], seed: null as never }))).toBe('bad-seed');
    expect(newGame({ players: ['A'], rules: undefined, seed: undefined }).rules).toBe('seed');
  });

  it.each([-1, 2 ** 32, 2 ** 53 - 1, -(2 ** 31), 1.5, NaN, Infinity])('refuses seed %d', (seed) => {
    expect(refusal(() => newGame({ players: ['A'], seed }))).toBe('bad-seed');
  });

  // Recorded before seeds outside 0..2^32-1 were refused: every valid seed plays the same game as before.
  it.each([
    [0, [4, 4, 4, 3, 4]],
    [42, [4, 2, 4, 6, 3]],
    [2 ** 31, [3, 6, 6, 5, 3]],
    [2 ** 32 - 1, [4, 5, 3, 1, 6]],
  ])('plays seed %d as it always has', (seed, dice) => {
    const game = newGame({ players: ['A'], seed });
    expect([game.seed, game.rng]).toEqual([seed, seed]);
    expect(apply(apply(game, { type: 'roll' }), { type: 'roll' }).dice).toEqual(dice);
  });

  it('stores seed -0 as 0, so a JSON round trip gives an equal game', () => {
    const game = newGame({ players: ['A'], seed: -0 });
    expect(JSON.parse(JSON.stringify(game))).toStrictEqual(game);
  });

  it('counts a name in characters, not UTF-16 units', () => {
    const longest = '😀'.repeat(MAX_NAME_LENGTH);
    expect(newGame({ players: [longest] }).players[0]!.name).toBe(longest);
    expect(refusal(() => newGame({ players: [longest + '😀'] }))).toBe('bad-name');
    expect(refusal(() => newGame({ players: ['x'.repeat(MAX_NAME_LENGTH + 1)] }))).toBe('bad-name');
  });
});

describe('a game that is not a game', () => {
  const notGames: unknown[] = [null, undefined, 42, 'game', [], {}, { players: 'A' }];
  const calls: [string, (game: Game) => unknown][] = [
    ['apply', (game) => apply(game, { type: 'roll' })],
    ['toggleHold', (game) => toggleHold(game, 0)],
    ['rollsLeft', rollsLeft],
    ['canRoll', canRoll],
    ['freeRows', (game) => freeRows(game)],
    ['totals', totals],
    ['scoreOptions', scoreOptions],
    ['a bot', (game) => createBot('good').next(game)],
  ];
  it.each(calls)('is refused by %s with bad-state', (_, call) => {
    for (const game of notGames) expect(refusal(() => call(game as Game))).toBe('bad-state');
  });
});
