import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apply, freeRows, newGame, replay, setupOf, totals, ROWS, type Action, type Game } from './index.js';

/** One legal action chosen by fast-check's picks. */
function legalAction(game: Game, pick: number): Action {
  const choice = pick % 4;
  if (game.rollsUsed === 0) return { type: 'roll' };
  if (choice === 0 && game.rollsUsed < 3) {
    const index = pick % 5;
    return { type: 'hold', index, held: !game.held[index] };
  }
  if (choice === 1 && game.rollsUsed < 3 && !game.held.every(Boolean)) return { type: 'roll' };
  const rows = freeRows(game);
  return { type: 'score', row: rows[pick % rows.length]! };
}

/** Plays a whole game with legal actions picked from `picks`. */
function play(setup: { players: string[]; seed: number; rules: 'seed' | 'classic' }, picks: number[]): Game {
  let game = newGame(setup);
  // Adding i varies the choice even for a one-pick list, so every game moves on to its end.
  for (let i = 0; !game.over; i++) game = apply(game, legalAction(game, picks[i % picks.length]! + i));
  return game;
}

const setups = fc.record({
  players: fc.array(fc.constantFrom('Mari', 'Jüri', 'Ann', 'Bot'), { minLength: 1, maxLength: 6 }),
  seed: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
  rules: fc.constantFrom('seed' as const, 'classic' as const),
});
const picks = fc.array(fc.nat(1000), { minLength: 1, maxLength: 40 });

describe('any legal game', () => {
  it('ends after 13 turns per player, every row filled once, totals equal to the rows (plus bonus)', () => {
    fc.assert(
      fc.property(setups, picks, (setup, p) => {
        const game = play(setup, p);
        const scored = game.log.filter((a) => a.type === 'score').length;
        expect(scored).toBe(13 * setup.players.length);
        game.players.forEach((player, i) => {
          expect(Object.keys(player.scores).sort()).toEqual([...ROWS].sort());
          const rows = Object.values(player.scores).reduce((a, b) => a + b, 0);
          const upper = ROWS.slice(0, 6).reduce((a, row) => a + player.scores[row]!, 0);
          const bonus = setup.rules === 'classic' && upper >= 63 ? 35 : 0;
          expect(totals(game)[i]).toBe(rows + bonus);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('replays from its log to the same game', () => {
    fc.assert(
      fc.property(setups, picks, (setup, p) => {
        const game = play(setup, p);
        expect(replay(setupOf(game), game.log)).toStrictEqual(game);
      }),
      { numRuns: 40 },
    );
  });
});

const anyAction: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({
    type: fc.constant('roll'),
    faces: fc.option(fc.array(fc.integer({ min: -1, max: 8 })), { nil: undefined }),
  }),
  fc.record({
    type: fc.constant('hold'),
    index: fc.integer({ min: -2, max: 7 }),
    held: fc.oneof(fc.boolean(), fc.constant('yes')),
  }),
  fc.record({ type: fc.constant('score'), row: fc.oneof(fc.constantFrom(...ROWS), fc.string()) }),
  fc.record({ type: fc.string() }),
  fc.anything(),
);

describe('any action', () => {
  it('either is accepted, or is refused with a coded error and changes nothing', () => {
    fc.assert(
      fc.property(
        setups,
        picks,
        fc.nat(60),
        fc.array(anyAction, { maxLength: 20 }),
        (setup, p, steps, actions) => {
          let game = newGame(setup);
          for (let i = 0; i < steps && !game.over; i++)
            game = apply(game, legalAction(game, p[i % p.length]! + i));
          for (const action of actions) {
            const before = JSON.stringify(game);
            try {
              game = apply(game, action as Action);
            } catch (error) {
              expect(error).toHaveProperty('code');
              expect(JSON.stringify(game)).toBe(before);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
