import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  apply,
  canHold,
  canRoll,
  freeRows,
  isRowId,
  newGame,
  refusal,
  replay,
  rollsLeft,
  setupOf,
  totals,
  RuleError,
  ROWS,
  MAX_HOLD_CHANGES,
  MAX_TURN_ACTIONS,
  type Action,
  type Game,
  type RuleErrorCode,
} from './index.js';

/** One legal action chosen by fast-check's picks. */
function legalAction(game: Game, pick: number): Action {
  const choice = pick % 4;
  if (game.rollsUsed === 0) return { type: 'roll' };
  if (choice === 0 && game.rollsUsed < 3) {
    const index = pick % 5;
    const hold: Action = { type: 'hold', index, held: !game.held[index] };
    if (refusal(game, hold) === null) return hold;
  }
  if (choice === 1 && game.rollsUsed < 3 && !game.held.every(Boolean)) return { type: 'roll' };
  const rows = freeRows(game);
  return { type: 'score', row: rows[pick % rows.length]! };
}

/**
 * The pick for step i. Each pass over the list shifts every pick by one, so no list can choose to hold
 * dice forever: two passes in a row cannot both be all holds. (Adding i instead left lists such as
 * [0, 3, 2, 1] choosing a hold at every step, and a game played with them never ended.)
 */
const pickAt = (picks: readonly number[], i: number): number =>
  picks[i % picks.length]! + Math.floor(i / picks.length);

/** Plays a whole game with legal actions picked from `picks`. */
function play(setup: { players: string[]; seed: number; rules: 'seed' | 'classic' }, picks: number[]): Game {
  let game = newGame(setup);
  for (let i = 0; !game.over; i++) game = apply(game, legalAction(game, pickAt(picks, i)));
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
          for (let i = 0; i < steps && !game.over; i++) game = apply(game, legalAction(game, pickAt(p, i)));
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

/** Values that no action field accepts, each kind of mistake a caller can make. */
const face = fc.integer({ min: 1, max: 6 });
const fiveFaces = fc.array(face, { minLength: 5, maxLength: 5 });
const notAFace = fc.oneof(
  fc.integer({ max: 0 }),
  fc.integer({ min: 7 }),
  fc.constantFrom(1.5, NaN, Infinity, '3', null, undefined, true),
);
const badFaces: fc.Arbitrary<unknown> = fc.oneof(
  fc.tuple(fiveFaces, fc.nat(4)).map(([faces, hole]) => {
    const sparse: unknown[] = [...faces];
    delete sparse[hole];
    return sparse;
  }),
  fc.tuple(fiveFaces, fc.nat(4), notAFace).map(([faces, i, bad]) => faces.map((f, j) => (i === j ? bad : f))),
  fc.array(face, { maxLength: 10 }).filter((faces) => faces.length !== 5),
  fc.constantFrom(null, 12345, '12345', { length: 5, 0: 1, 1: 2, 2: 3, 3: 4, 4: 5 }),
);
const junk = fc.record({
  faces: badFaces,
  row: fc.oneof(
    fc.string().filter((row) => !isRowId(row)),
    fc.constantFrom('yahtzee', 'Ones', '', 'toString', '__proto__', null, undefined, 3),
  ),
  index: fc.oneof(
    fc.integer({ max: -1 }),
    fc.integer({ min: 5 }),
    fc.constantFrom(0.5, 4.5, NaN, Infinity, '0', null, undefined),
  ),
  held: fc.constantFrom('yes', 1, 0, null, undefined),
  type: fc.oneof(
    fc.string().filter((type) => !['roll', 'hold', 'score'].includes(type)),
    fc.constantFrom('Roll', null, undefined),
  ),
  notAnAction: fc.constantFrom(null, undefined, 42, 'roll', []),
  die: fc.nat(4),
  pick: fc.nat(),
});
type Junk = typeof junk extends fc.Arbitrary<infer T> ? T : never;

/** An action known to be illegal in a game, with the code the engine must refuse it with. */
interface Illegal {
  action: unknown;
  code: RuleErrorCode;
}

/** Every illegal action of each kind that applies to this game, its expected code read off the queries. */
function illegalActions(game: Game, j: Junk): Illegal[] {
  const die = j.die;
  const anyRow = ROWS[j.pick % ROWS.length]!;
  const cases: Illegal[] = [
    { action: { type: j.type }, code: 'bad-action' },
    { action: j.notAnAction, code: 'bad-action' },
  ];
  const refuse = (code: RuleErrorCode, ...actions: unknown[]) =>
    actions.forEach((action) => cases.push({ action, code }));
  if (game.over) {
    refuse(
      'game-over',
      { type: 'roll' },
      { type: 'roll', faces: j.faces },
      { type: 'hold', index: die, held: true },
      { type: 'hold', index: j.index, held: j.held },
      { type: 'score', row: anyRow },
      { type: 'score', row: j.row },
    );
    return cases;
  }
  refuse('unknown-row', { type: 'score', row: j.row });
  refuse('bad-die-index', { type: 'hold', index: j.index, held: true });
  refuse('bad-action', { type: 'hold', index: die, held: j.held });
  if (rollsLeft(game) === 0) refuse('no-rolls-left', { type: 'roll' }, { type: 'roll', faces: j.faces });
  else if (!canRoll(game)) refuse('all-held', { type: 'roll' }, { type: 'roll', faces: [...game.dice] });
  else refuse('bad-dice', { type: 'roll', faces: j.faces });
  if (canRoll(game) && game.rollsUsed > 0 && game.held[die]) {
    const changed = game.dice.map((f, i) => (i === die ? (f % 6) + 1 : f));
    refuse('held-die-changed', { type: 'roll', faces: changed });
  }
  if (game.rollsUsed === 0) {
    refuse('no-roll-yet', { type: 'hold', index: die, held: true }, { type: 'score', row: anyRow });
  } else {
    if (!canHold(game)) refuse('no-rolls-left', { type: 'hold', index: die, held: !game.held[die] });
    else {
      refuse('no-change', { type: 'hold', index: die, held: game.held[die] });
      if (holdsSinceThrow(game) >= MAX_HOLD_CHANGES)
        refuse('too-many-holds', { type: 'hold', index: die, held: !game.held[die] });
    }
    const filled = ROWS.filter((row) => !freeRows(game).includes(row));
    if (filled.length > 0) refuse('row-filled', { type: 'score', row: filled[j.pick % filled.length]! });
  }
  return cases;
}

/** The holds and releases in the log since the last throw. */
function holdsSinceThrow(game: Game): number {
  let n = 0;
  while (n < game.log.length && game.log[game.log.length - 1 - n]!.type === 'hold') n++;
  return n;
}

/**
 * A game reached by legal play: some steps, then in a fifth of the cases on to its end (a throw and the
 * first free row each turn), then, between throws, the dice of a bit mask held (all five in half the
 * cases, for `all-held`; some, for `held-die-changed`).
 */
const reachedGames = fc
  .record({
    setup: setups,
    picks,
    steps: fc.nat(60),
    toEnd: fc.oneof(
      { arbitrary: fc.constant(false), weight: 4 },
      { arbitrary: fc.constant(true), weight: 1 },
    ),
    holds: fc.oneof(fc.constant(0b11111), fc.integer({ min: 0, max: 0b11110 })),
    fidget: fc.oneof(
      { arbitrary: fc.constant(false), weight: 4 },
      { arbitrary: fc.constant(true), weight: 1 },
    ),
  })
  .map(({ setup, picks: p, steps, toEnd, holds, fidget }) => {
    let game = newGame(setup);
    for (let i = 0; i < steps && !game.over; i++) game = apply(game, legalAction(game, pickAt(p, i)));
    while (toEnd && !game.over) {
      game = apply(
        game,
        game.rollsUsed === 0 ? { type: 'roll' } : { type: 'score', row: freeRows(game)[0]! },
      );
    }
    if (canHold(game)) {
      for (let i = 0; i < 5; i++) {
        const held = (holds & (1 << i)) !== 0;
        if (game.held[i] !== held) game = apply(game, { type: 'hold', index: i, held });
      }
      // A player who changes their mind until the holds between throws run out.
      for (let i = 0; fidget && holdsSinceThrow(game) < MAX_HOLD_CHANGES; i++)
        game = apply(game, { type: 'hold', index: i % 5, held: !game.held[i % 5] });
    }
    return game;
  });

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) Object.values(value).forEach(deepFreeze);
  return Object.freeze(value);
}

/** Every code an action in a real game can be refused with. */
const actionCodes: RuleErrorCode[] = [
  'all-held',
  'bad-action',
  'bad-dice',
  'bad-die-index',
  'game-over',
  'held-die-changed',
  'no-change',
  'no-roll-yet',
  'no-rolls-left',
  'row-filled',
  'too-many-holds',
  'unknown-row',
];

describe('any known illegal action', () => {
  it('is refused with the RuleError code its rule gives, and the game is deep-equal and JSON-equal to before', () => {
    const seen = new Set<RuleErrorCode>();
    fc.assert(
      fc.property(reachedGames, junk, (reached, j) => {
        const before = structuredClone(reached);
        const json = JSON.stringify(reached);
        // Frozen, so that even an attempt to change the game in place fails loudly.
        const game = deepFreeze(reached);
        for (const { action, code } of illegalActions(game, j)) {
          let thrown: unknown;
          try {
            apply(game, action as Action);
          } catch (error) {
            thrown = error;
          }
          expect(thrown, `${JSON.stringify(action)} should be refused`).toBeInstanceOf(RuleError);
          expect((thrown as RuleError).code, JSON.stringify(action)).toBe(code);
          expect(game).toStrictEqual(before);
          expect(JSON.stringify(game)).toBe(json);
          seen.add(code);
        }
      }),
      // Seeded: the check below that every kind of refusal was met must not hang on chance.
      { numRuns: 150, seed: 20261130 },
    );
    // Every kind of illegal action was tried, so the property cannot pass by never meeting one.
    expect([...seen].sort()).toEqual([...actionCodes].sort());
  });
});

/** What `apply` does with an action: the game it returns, or the error it throws. */
function outcome(game: Game, action: unknown): { game: Game } | { error: unknown } {
  try {
    return { game: apply(game, action as Action) };
  } catch (error) {
    return { error };
  }
}

describe('refusal', () => {
  it('is null exactly when apply accepts, else the error apply throws (code and message), and changes nothing', () => {
    let accepted = 0;
    const seen = new Set<RuleErrorCode>();
    fc.assert(
      fc.property(reachedGames, junk, fc.array(anyAction, { maxLength: 8 }), (reached, j, more) => {
        const json = JSON.stringify(reached);
        const game = deepFreeze(reached);
        const before = structuredClone(reached);
        const legal = game.over ? [] : [legalAction(game, j.pick), { type: 'roll' }];
        const actions = [...legal, ...illegalActions(game, j).map((c) => c.action), ...more];
        for (const action of actions) {
          const said = refusal(game, action as Action);
          const done = outcome(game, action);
          const what = JSON.stringify(action) ?? String(action);
          if ('game' in done) {
            expect(said, what).toBeNull();
            accepted++;
          } else {
            expect(said, what).toBeInstanceOf(RuleError);
            expect(done.error).toBeInstanceOf(RuleError);
            const error = done.error as RuleError;
            expect([said?.code, said?.message], what).toEqual([error.code, error.message]);
            seen.add(error.code);
          }
          expect(game).toStrictEqual(before);
          expect(JSON.stringify(game)).toBe(json);
        }
      }),
      { numRuns: 200 },
    );
    expect(accepted).toBeGreaterThan(0);
    expect([...seen].sort()).toEqual([...actionCodes].sort());
  });

  it('answers "may I throw now?" for a roll without faces as canRoll does', () => {
    fc.assert(
      fc.property(reachedGames, (game) => {
        expect(refusal(game, { type: 'roll' }) === null).toBe(canRoll(game));
      }),
      { numRuns: 100 },
    );
  });
});

describe('a turn’s log', () => {
  it('is bounded whatever holds a player sends: refused ones are never logged', () => {
    const anyHold = fc.record({ index: fc.nat(4), held: fc.boolean() });
    fc.assert(
      fc.property(
        setups,
        fc.array(fc.oneof(anyHold, fc.constant('throw' as const)), { maxLength: 300 }),
        (setup, asks) => {
          let game = newGame(setup);
          let turnStart = 0;
          for (const ask of asks) {
            const action: Action = ask === 'throw' ? { type: 'roll' } : { type: 'hold', ...ask };
            if (refusal(game, action) === null) game = apply(game, action);
            else if (ask === 'throw' && game.rollsUsed === 3) {
              game = apply(game, { type: 'score', row: freeRows(game)[0]! });
              turnStart = game.log.length;
            }
            expect(holdsSinceThrow(game)).toBeLessThanOrEqual(MAX_HOLD_CHANGES);
            expect(game.log.length - turnStart).toBeLessThanOrEqual(MAX_TURN_ACTIONS);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
