import { describe, expect, it } from 'vitest';
import {
  apply,
  canRoll,
  newGame,
  refusal,
  RuleError,
  ROWS,
  throwSeed,
  type Action,
  type Game,
  type RuleErrorCode,
} from './index.js';

const play = (game: Game, ...actions: Action[]): Game => actions.reduce(apply, game);
const roll = (faces?: number[]): Action => (faces ? { type: 'roll', faces } : { type: 'roll' });
const hold = (index: number, held = true): Action => ({ type: 'hold', index, held });
const score = (row: (typeof ROWS)[number]): Action => ({ type: 'score', row });

const fresh = newGame({ players: ['A', 'B'], seed: 5 });
const rolled = play(fresh, roll([1, 1, 1, 1, 1]));
const heldFirst = play(rolled, hold(0));
const allHeld = play(rolled, hold(0), hold(1), hold(2), hold(3), hold(4));
const thrice = play(rolled, roll(), roll());
/** A has filled ones, B has played a turn, and A has thrown again. */
const onesFilled = play(rolled, score('ones'), roll([2, 2, 3, 4, 5]), score('twos'), roll([1, 2, 3, 4, 5]));
const over = ROWS.reduce(
  (game, row) => play(game, roll(), score(row)),
  newGame({ players: ['Solo'], seed: 9 }),
);

/** The error apply throws, or null when it accepts. */
function thrownBy(game: Game, action: Action): RuleError | null {
  try {
    apply(game, action);
  } catch (error) {
    return error as RuleError;
  }
  return null;
}

const refused: [string, Game, unknown, RuleErrorCode][] = [
  ['scoring before the first throw', fresh, score('ones'), 'no-roll-yet'],
  ['holding before the first throw', fresh, hold(0), 'no-roll-yet'],
  ['a fourth throw', thrice, roll(), 'no-rolls-left'],
  ['a fourth throw with faces', thrice, roll([1, 2, 3, 4, 5]), 'no-rolls-left'],
  ['holding after the third throw', thrice, hold(1), 'no-rolls-left'],
  ['a throw with all five held', allHeld, roll(), 'all-held'],
  ['scoring a filled row', onesFilled, score('ones'), 'row-filled'],
  ['an unknown row', rolled, { type: 'score', row: 'yahtzee' }, 'unknown-row'],
  ['a roll after the end', over, roll(), 'game-over'],
  ['a hold after the end', over, hold(0), 'game-over'],
  ['a score after the end', over, score('chance'), 'game-over'],
  ['four faces', rolled, roll([1, 2, 3, 4]), 'bad-dice'],
  ['a face of 7', rolled, roll([1, 2, 3, 4, 7]), 'bad-dice'],
  ['faces that are not a list', rolled, { type: 'roll', faces: '12345' }, 'bad-dice'],
  ['faces changing a held die', heldFirst, roll([2, 1, 1, 1, 1]), 'held-die-changed'],
  ['die index 5', rolled, hold(5), 'bad-die-index'],
  ['die index -1', rolled, hold(-1), 'bad-die-index'],
  ['die index 1.5', rolled, hold(1.5), 'bad-die-index'],
  ['held that is not a boolean', rolled, { type: 'hold', index: 0, held: 'yes' }, 'bad-action'],
  ['an unknown action type', rolled, { type: 'jump' }, 'bad-action'],
  ['no action at all', rolled, null, 'bad-action'],
  ['a game that is not a game', null as unknown as Game, roll(), 'bad-state'],
  ['a game without its lists', { players: 'A' } as unknown as Game, score('ones'), 'bad-state'],
];

describe('refusal', () => {
  it.each(refused)('refuses %s with the error apply throws', (_, game, action, code) => {
    const before = JSON.stringify(game);
    const said = refusal(game, action as Action);
    const thrown = thrownBy(game, action as Action);
    expect(said).toBeInstanceOf(RuleError);
    expect(said!.code).toBe(code);
    expect([said!.code, said!.message]).toEqual([thrown?.code, thrown?.message]);
    expect(JSON.stringify(game)).toBe(before);
  });

  it('checks in the order apply does: the game is over before anything else is wrong', () => {
    expect(refusal(over, { type: 'score', row: 'yahtzee' } as never)?.code).toBe('game-over');
    expect(refusal(over, hold(9))?.code).toBe('game-over');
    expect(refusal(thrice, roll([9]))?.code).toBe('no-rolls-left');
    expect(refusal(fresh, { type: 'score', row: 'yahtzee' } as never)?.code).toBe('unknown-row');
    expect(refusal(fresh, hold(7))?.code).toBe('bad-die-index');
  });

  it.each<[string, Game, Action]>([
    ['the first throw', fresh, roll()],
    ['the first throw with faces', fresh, roll([6, 6, 6, 6, 6])],
    ['a hold between throws', rolled, hold(2)],
    ['a release between throws', heldFirst, hold(0, false)],
    ['a throw keeping the held die', heldFirst, roll([1, 6, 5, 4, 3])],
    ['a score after one throw', rolled, score('fiveOfAKind')],
    ['a score after the third throw', thrice, score('chance')],
    ['a 0 in a free row', onesFilled, score('fiveOfAKind')],
  ])('accepts %s (null), as apply does', (_, game, action) => {
    expect(refusal(game, action)).toBeNull();
    expect(thrownBy(game, action)).toBeNull();
  });

  it('answers "may I throw now?" for a roll without faces, as canRoll does, without using a draw', () => {
    for (const game of [fresh, rolled, heldFirst, allHeld, thrice, onesFilled, over]) {
      const seed = throwSeed(game);
      expect(refusal(game, roll()) === null).toBe(canRoll(game));
      expect(throwSeed(game)).toBe(seed);
    }
  });

  it('leaves a frozen game as it was', () => {
    const frozen = Object.freeze({ ...rolled, held: Object.freeze([...rolled.held]) }) as Game;
    expect(refusal(frozen, hold(0))).toBeNull();
    expect(refusal(frozen, score('ones'))).toBeNull();
    expect(frozen.held).toEqual([false, false, false, false, false]);
    expect(frozen.log).toHaveLength(1);
  });
});

describe('the game generator', () => {
  it('gives the throw seed to a physics throw, whose faces consume that one draw whatever is held', () => {
    const next = apply(heldFirst, roll([1, 4, 4, 4, 4]));
    const own = apply(heldFirst, roll());
    expect(next.rng).not.toBe(heldFirst.rng);
    expect(next.rng).toBe(play(rolled, roll([6, 6, 6, 6, 6])).rng);
    // The engine's own throw takes one draw per released die: four here, so it ends elsewhere.
    expect(own.rng).not.toBe(next.rng);
  });

  it("draws the engine's own first face from the throw seed's draw", () => {
    for (let seed = 0; seed < 50; seed++) {
      const game = newGame({ players: ['A'], seed: seed * 7919 });
      const first = 1 + Math.floor((throwSeed(game) / 2 ** 32) * 6);
      expect(apply(game, roll()).dice[0]).toBe(first);
    }
  });
});
