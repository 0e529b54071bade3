import { describe, expect, it } from 'vitest';
import { apply, newGame, toggleHold, type Game } from '../../engine/index.js';
import { getTable } from '../../engine/solver/index.js';
import { adviceFits, hintsView, positionKey, seatPlaysOf, winKey } from './hints-model.js';
import { adviseOn } from './solver-service.js';

const table = getTable('seed');

function thrown(faces: number[]): Game {
  return apply(newGame({ players: ['a', 'b'], seed: 1 }), { type: 'roll', faces });
}

function adviceFor(game: Game) {
  const { rules, dice, rollsUsed } = game;
  return adviseOn(table, { rules, scores: game.players[game.current]!.scores, dice, rollsUsed });
}

describe('positionKey', () => {
  it('changes with the dice and throws but not with the holds', () => {
    const game = thrown([6, 6, 6, 2, 1]);
    expect(positionKey(toggleHold(game, 0))).toBe(positionKey(game));
    expect(positionKey(thrown([6, 6, 6, 2, 2]))).not.toBe(positionKey(game));
    expect(positionKey(newGame({ players: ['a', 'b'], seed: 1 }))).not.toBe(positionKey(game));
  });
});

describe('adviceFits', () => {
  it('refuses advice made for other dice or another throw', () => {
    const game = thrown([6, 6, 6, 2, 1]);
    const advice = adviceFor(game);
    expect(adviceFits(advice, game)).toBe(true);
    expect(adviceFits(advice, thrown([6, 6, 6, 2, 2]))).toBe(false);
    expect(adviceFits(advice, newGame({ players: ['a'] }))).toBe(false);
  });
});

describe('hintsView', () => {
  it('lists the best few throwing holds and every free row, the best marked once', () => {
    const game = thrown([6, 6, 6, 2, 1]);
    const view = hintsView(adviceFor(game), game, 3);
    expect(view.holds).toHaveLength(3);
    expect(view.holds[0]).toMatchObject({
      kept: [6, 6, 6],
      held: [true, true, true, false, false],
      best: true,
    });
    expect(view.holds.filter((h) => h.best)).toHaveLength(1);
    expect(view.rows).toHaveLength(13);
    expect(view.rows.some((r) => r.best)).toBe(false);
    for (let i = 1; i < view.holds.length; i++) {
      expect(view.holds[i - 1]!.expected).toBeGreaterThanOrEqual(view.holds[i]!.expected);
    }
  });

  it("adds the player's own hold when it is not among the best", () => {
    let game = thrown([6, 6, 6, 2, 1]);
    game = toggleHold(game, 4); // keep the 1 alone: a poor hold
    const view = hintsView(adviceFor(game), game, 3);
    expect(view.yourHold).toMatchObject({
      kept: [1],
      held: [false, false, false, false, true],
      current: true,
    });
    expect(view.holds.every((h) => !h.current)).toBe(true);
    const best = toggleHold(toggleHold(toggleHold(thrown([6, 6, 6, 2, 1]), 0), 1), 2);
    const own = hintsView(adviceFor(best), best, 3);
    expect(own.yourHold).toBeNull();
    expect(own.holds[0]!.current).toBe(true);
  });

  it('marks a row when scoring now is best, and shows no holds after the last throw', () => {
    const five = thrown([3, 3, 3, 3, 3]);
    const view = hintsView(adviceFor(five), five);
    expect(view.rows[0]).toMatchObject({ row: 'fiveOfAKind', best: true });
    expect(view.holds.some((h) => h.best)).toBe(false);
    let last = five;
    last = apply(last, { type: 'roll', faces: [1, 2, 3, 3, 5] });
    last = apply(last, { type: 'roll', faces: [1, 2, 3, 4, 5] });
    const end = hintsView(adviceFor(last), last);
    expect(end.holds).toEqual([]);
    expect(end.rows.filter((r) => r.best)).toHaveLength(1);
  });
});

describe('seatPlaysOf', () => {
  it('judges the winner computer as playing to win, the others for points, a person as asked', () => {
    expect(seatPlaysOf(['human', 'winner', 'optimal', 'good', 'easy'], 5)).toEqual([
      'win',
      'win',
      'points',
      'points',
      'points',
    ]);
    expect(seatPlaysOf(['human', 'optimal'], 2, 'points')).toEqual(['points', 'points']);
    // Seats not named are people's (a game started without seats).
    expect(seatPlaysOf([], 3)).toEqual(['win', 'win', 'win']);
  });
});

describe('winKey', () => {
  it('changes with how the seats are judged, and not without them', () => {
    const game = thrown([6, 6, 6, 2, 1]);
    expect(winKey(game)).toBe(winKey(toggleHold(game, 0)));
    expect(winKey(game, ['win', 'points'])).not.toBe(winKey(game, ['points', 'points']));
    expect(winKey(game, ['win', 'points'])).not.toBe(winKey(game));
  });
});
