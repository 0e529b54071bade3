import { describe, expect, it } from 'vitest';
import {
  apply,
  canRoll,
  newGame,
  replay,
  restoreGame,
  rollsLeft,
  scoreOptions,
  setupOf,
  throwSeed,
  toggleHold,
  totals,
  winners,
  ROWS,
  MAX_HOLD_CHANGES,
  type Game,
} from './index.js';

const roll = (game: Game, faces?: number[]) =>
  apply(game, faces ? { type: 'roll', faces } : { type: 'roll' });
const score = (game: Game, row: (typeof ROWS)[number]) => apply(game, { type: 'score', row });

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

describe('a game', () => {
  it('starts with an empty sheet, player 0 to act, three throws', () => {
    const game = newGame({ players: ['Mari', 'Jüri'], seed: 1 });
    expect(game.players).toEqual([
      { name: 'Mari', scores: {} },
      { name: 'Jüri', scores: {} },
    ]);
    expect([game.current, game.turn, game.rollsUsed, game.over]).toEqual([0, 0, 0, false]);
    expect(rollsLeft(game)).toBe(3);
    expect(game.rules).toBe('seed');
  });

  it('keeps held dice on the next throw and passes the turn after scoring', () => {
    let game = roll(newGame({ players: ['A', 'B'], seed: 7 }), [6, 6, 2, 3, 6]);
    game = toggleHold(toggleHold(toggleHold(game, 0), 1), 4);
    expect(game.held).toEqual([true, true, false, false, true]);
    game = roll(game);
    expect([game.dice[0], game.dice[1], game.dice[4]]).toEqual([6, 6, 6]);
    expect(scoreOptions(game).sixes).toBe(6 * game.dice.filter((d) => d === 6).length);
    game = score(game, 'sixes');
    expect(game.current).toBe(1);
    expect(game.rollsUsed).toBe(0);
    expect(game.held).toEqual([false, false, false, false, false]);
    expect(totals(game)[0]).toBe(game.players[0]!.scores.sixes);
  });

  it('takes faces from outside and consumes one draw, the throw seed', () => {
    const game = newGame({ players: ['A'], seed: 3 });
    const seed = throwSeed(game);
    const next = roll(game, [1, 2, 3, 4, 5]);
    expect(next.dice).toEqual([1, 2, 3, 4, 5]);
    expect(throwSeed(next)).not.toBe(seed);
  });

  it('is reproducible from a seed', () => {
    const play = () => roll(roll(newGame({ players: ['A'], seed: 42 })));
    expect(play()).toEqual(play());
    expect(roll(newGame({ players: ['A'], seed: 43 })).dice).not.toEqual(
      roll(newGame({ players: ['A'], seed: 42 })).dice,
    );
  });

  it('refuses each illegal action with its code and leaves the game as it was', () => {
    const fresh = newGame({ players: ['A', 'B'], seed: 5 });
    const rolled = roll(fresh, [1, 1, 1, 1, 1]);
    const thrice = roll(roll(rolled));
    const cases: [Game, () => unknown, string][] = [
      [fresh, () => score(fresh, 'ones'), 'no-roll-yet'],
      [fresh, () => toggleHold(fresh, 0), 'no-roll-yet'],
      [thrice, () => roll(thrice), 'no-rolls-left'],
      [thrice, () => toggleHold(thrice, 1), 'no-rolls-left'],
      [rolled, () => score(rolled, 'yahtzee' as 'ones'), 'unknown-row'],
      [rolled, () => toggleHold(rolled, 5), 'bad-die-index'],
      [rolled, () => toggleHold(rolled, -1), 'bad-die-index'],
      [rolled, () => toggleHold(rolled, 1.5), 'bad-die-index'],
      [rolled, () => roll(rolled, [1, 2, 3]), 'bad-dice'],
      [rolled, () => roll(rolled, [1, 2, 3, 4, 7]), 'bad-dice'],
      [rolled, () => apply(rolled, { type: 'jump' } as never), 'bad-action'],
      [rolled, () => roll(toggleHold(rolled, 0), [2, 1, 1, 1, 1]), 'held-die-changed'],
    ];
    for (const [game, act, code] of cases) {
      const before = JSON.stringify(game);
      expect(codeOf(act)).toBe(code);
      expect(JSON.stringify(game)).toBe(before);
    }
    // A scores ones, B plays a turn, then A tries ones again.
    const backToA = score(roll(score(rolled, 'ones'), [2, 2, 3, 4, 5]), 'twos');
    const mine = roll(backToA, [1, 2, 3, 4, 5]);
    expect(codeOf(() => score(mine, 'ones'))).toBe('row-filled');
  });

  it('refuses a hold that changes nothing, and more holds between throws than MAX_HOLD_CHANGES', () => {
    const rolled = roll(newGame({ players: ['A'], seed: 5 }), [1, 2, 3, 4, 5]);
    const held = toggleHold(rolled, 0);
    expect(codeOf(() => apply(held, { type: 'hold', index: 0, held: true }))).toBe('no-change');
    expect(codeOf(() => apply(rolled, { type: 'hold', index: 3, held: false }))).toBe('no-change');
    let fidgety = rolled;
    for (let i = 0; i < MAX_HOLD_CHANGES; i++) fidgety = toggleHold(fidgety, 0);
    const before = JSON.stringify(fidgety);
    expect(codeOf(() => toggleHold(fidgety, 2))).toBe('too-many-holds');
    expect(JSON.stringify(fidgety)).toBe(before);
    // A throw starts the count again.
    const next = toggleHold(roll(fidgety), 2);
    expect(next.log.filter((a) => a.type === 'hold')).toHaveLength(MAX_HOLD_CHANGES + 1);
  });

  it('replays and restores a log kept before holds that change nothing were refused', () => {
    const rolled = roll(newGame({ players: ['A'], seed: 5 }), [1, 2, 3, 4, 5]);
    const held = toggleHold(rolled, 0);
    const again: Game['log'][number] = { type: 'hold', index: 0, held: true };
    const old: Game = { ...held, log: [...held.log, again, again] };
    expect(replay(setupOf(old), old.log)).toStrictEqual(old);
    expect(restoreGame(JSON.parse(JSON.stringify(old)))).toStrictEqual(old);
  });

  it('refuses all five held, and the game after it is over', () => {
    let game = roll(newGame({ players: ['A'], seed: 9 }));
    for (let i = 0; i < 5; i++) game = toggleHold(game, i);
    expect(canRoll(game)).toBe(false);
    expect(codeOf(() => roll(game))).toBe('all-held');
    let solo = newGame({ players: ['Solo'], seed: 9 });
    for (const row of ROWS) solo = score(roll(solo), row);
    expect(solo.over).toBe(true);
    expect(winners(solo)).toEqual([0]);
    expect(codeOf(() => roll(solo))).toBe('game-over');
    expect(codeOf(() => score(solo, 'chance'))).toBe('game-over');
    expect(codeOf(() => toggleHold(solo, 0))).toBe('game-over');
  });

  it.each([
    [{ players: [] }, 'bad-player-count'],
    [{ players: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, 'bad-player-count'],
    [{ players: 'Mari' }, 'bad-player-count'],
    [{ players: ['  '] }, 'bad-name'],
    [{ players: ['x'.repeat(30)] }, 'bad-name'],
    [{ players: [42] }, 'bad-name'],
    [{ players: ['A'], rules: 'vegas' }, 'unknown-rules'],
    [{ players: ['A'], seed: 1.5 }, 'bad-seed'],
    [{ players: ['A'], seed: 'abc' }, 'bad-seed'],
  ])('refuses setup %j with %s', (setup, code) => {
    expect(codeOf(() => newGame(setup as never))).toBe(code);
  });

  it('shares the win on a draw', () => {
    let game = newGame({ players: ['A', 'B'], seed: 1 });
    for (const row of ROWS) for (let p = 0; p < 2; p++) game = score(roll(game, [2, 2, 2, 3, 3]), row);
    expect(game.over).toBe(true);
    expect(totals(game)[0]).toBe(totals(game)[1]);
    expect(winners(game)).toEqual([0, 1]);
  });

  it('adds the classic bonus for 63 or more in rows 1-6, and never under the default rules', () => {
    const upper: [(typeof ROWS)[number], number[]][] = [
      ['ones', [1, 1, 1, 2, 2]],
      ['twos', [2, 2, 2, 1, 1]],
      ['threes', [3, 3, 3, 1, 1]],
      ['fours', [4, 4, 4, 1, 1]],
      ['fives', [5, 5, 5, 1, 1]],
      ['sixes', [6, 6, 6, 1, 1]],
    ];
    const upperTotal = (rules: 'seed' | 'classic') => {
      let game = newGame({ players: ['A'], rules, seed: 1 });
      for (const [row, dice] of upper) game = score(roll(game, dice), row);
      return totals(game)[0];
    };
    expect(upperTotal('seed')).toBe(63);
    expect(upperTotal('classic')).toBe(63 + 35);
  });

  it('survives a JSON round trip, replays from its log and restores only untampered data', () => {
    let game = newGame({ players: ['A', 'B'], rules: 'classic', seed: 11 });
    game = toggleHold(roll(game), 2);
    game = score(roll(game), 'chance');
    const copy = JSON.parse(JSON.stringify(game)) as Game;
    expect(copy).toStrictEqual(game);
    expect(replay(setupOf(game), game.log)).toStrictEqual(game);
    expect(restoreGame(copy)).toStrictEqual(game);
    const tampered = { ...copy, players: [{ name: 'A', scores: { chance: 30 } }, copy.players[1]] };
    expect(codeOf(() => restoreGame(tampered))).toBe('bad-state');
    expect(codeOf(() => restoreGame('garbage'))).toBe('bad-state');
    expect(codeOf(() => restoreGame(null))).toBe('bad-state');
  });
});

describe('forfeit', () => {
  const forfeit = (game: Game) => apply(game, { type: 'forfeit' });
  /** Each player to act throws and scores `row` once. */
  const round = (game: Game, row: (typeof ROWS)[number]) => {
    const players = game.players.filter((p) => !p.out).length;
    for (let k = 0; k < players; k++) game = score(roll(game), row);
    return game;
  };

  it('of one of two ends the game at once: the other wins, whatever the totals', () => {
    let game = newGame({ players: ['Mari', 'Jüri'], seed: 5 });
    game = score(roll(game, [6, 6, 6, 6, 6]), 'fiveOfAKind');
    game = roll(game, [1, 1, 2, 3, 5]);
    game = forfeit(game);
    expect(game.over).toBe(true);
    expect(game.players[1]!.out).toBe(true);
    expect(winners(game)).toEqual([0]);
    // The other is out of turns too: a finished game takes nothing more.
    expect(codeOf(() => forfeit(game))).toBe('game-over');
    expect(codeOf(() => roll(game))).toBe('game-over');
  });

  it('of one of three: the others play on, the one out is passed over, and cannot win', () => {
    let game = newGame({ players: ['A', 'B', 'C'], seed: 7 });
    game = score(roll(game, [6, 6, 6, 6, 6]), 'fiveOfAKind'); // A: 50
    game = forfeit(roll(game)); // B is out mid-turn
    expect(game).toMatchObject({ current: 2, turn: 0, rollsUsed: 0, over: false });
    game = score(roll(game), 'chance');
    // Round 2 goes A, C: B never acts again.
    expect(game).toMatchObject({ current: 0, turn: 1 });
    game = score(roll(game), 'chance');
    expect(game.current).toBe(2);
    for (const row of ROWS.filter((r) => r !== 'fiveOfAKind' && r !== 'chance')) game = round(game, row);
    game = score(roll(game), 'fiveOfAKind'); // C's last row, after A's sheet is full
    expect(game.over).toBe(true);
    expect(Object.keys(game.players[1]!.scores)).toEqual([]);
    expect(winners(game)).not.toContain(1);
  });

  it('of the last one in a game alone ends it with no winner', () => {
    const game = forfeit(newGame({ players: ['Solo'], seed: 1 }));
    expect(game.over).toBe(true);
    expect(winners(game)).toEqual([]);
  });

  it('is kept in the log: the game replays and restores with it', () => {
    let game = newGame({ players: ['A', 'B', 'C'], seed: 9 });
    game = forfeit(score(roll(game), 'chance'));
    expect(game.log.at(-1)).toEqual({ type: 'forfeit' });
    const copy = JSON.parse(JSON.stringify(game)) as Game;
    expect(restoreGame(copy)).toStrictEqual(game);
    expect(replay(setupOf(game), game.log)).toStrictEqual(game);
  });
});
