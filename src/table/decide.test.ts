/**
 * The table's pure functions, as any sequence of requests from anyone drives them: a state is never
 * changed in place, a refusal is a coded error and nothing else, every change is one version, and a
 * request that would change nothing is refused and logs nothing.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CodedError, MAX_TURN_ACTIONS, ROWS } from '../engine/index.js';
import { computerToAct, decide, land, type Context, type Request } from './decide.js';
import { join, left } from './seating.js';
import { PLAIN_NAMES } from './seats.js';
import { EMPTY_TABLE, settle, type TableState } from './table-state.js';

let keys = 0;
const context = (now = 0): Context => ({
  timed: true,
  now,
  names: PLAIN_NAMES,
  keys: { newKey: () => `key${keys++}`.padEnd(22, 'x'), hash: (key) => `#${key}` },
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) Object.values(value).forEach(deepFreeze);
  return Object.freeze(value);
}

/** A table of two people, `a` (the host) and `b`, in the lobby. */
function lobby(): TableState {
  let state = EMPTY_TABLE;
  for (const [holder, name] of [
    ['a', 'Mari'],
    ['b', 'Jüri'],
  ] as const) {
    const [next, change] = join(state, holder, { name }, PLAIN_NAMES, context().keys, 0);
    state = settle(next, change, context()).state;
  }
  return state;
}

const request = <K extends Request['type']>(
  type: K,
  message: fc.Arbitrary<Extract<Request, { type: K }>['message']>,
) => fc.record({ type: fc.constant(type), message }) as fc.Arbitrary<Request>;

/** Requests, the game's most often (so that games get played, not only refused). */
const requests: fc.Arbitrary<Request> = fc.oneof(
  { weight: 6, arbitrary: request('throw', fc.constant({ gesture: { dirX: 0, dirZ: -1, speed: 10 } })) },
  { weight: 4, arbitrary: request('hold', fc.record({ index: fc.nat(4), held: fc.boolean() })) },
  { weight: 4, arbitrary: request('score', fc.record({ row: fc.constantFrom(...ROWS) })) },
  { weight: 1, arbitrary: request('start', fc.constant({})) },
  { weight: 1, arbitrary: request('nudge', fc.constant({})) },
  { weight: 1, arbitrary: request('rematch', fc.constant({})) },
  { weight: 1, arbitrary: request('add-bot', fc.constant({ kind: 'easy' as const })) },
  { weight: 1, arbitrary: request('remove-seat', fc.record({ seat: fc.nat(5) })) },
);

describe('decide', () => {
  it('never changes the state it is given: refuses with a coded error, or makes the next version', () => {
    const made = { throws: 0, scores: 0, refused: 0 };
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom('a', 'b', 'c'),
            requests,
            fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 5, maxLength: 5 }),
          ),
          { minLength: 60, maxLength: 250 },
        ),
        (asks) => {
          let state = deepFreeze(lobby());
          let turnStart = 0;
          for (const [holder, request, faces] of asks) {
            const before = JSON.stringify(state);
            let decision: ReturnType<typeof decide>;
            try {
              decision = decide(state, holder, request, context());
            } catch (error) {
              expect(error).toBeInstanceOf(CodedError);
              expect(JSON.stringify(state)).toBe(before);
              made.refused++;
              continue;
            }
            expect(JSON.stringify(state)).toBe(before);
            if ('throwing' in decision) {
              const throwing = decision.throwing;
              const { held, dice } = throwing.game;
              const rested = faces.map((face, i) => (held[i] ? dice[i]! : face));
              const outcome = { faces: rested, trajectory: '', seconds: 1 };
              decision = land(state, throwing, outcome, { number: 0, gesture: [0, -1, 10] }, context());
            }
            expect(decision.state.version).toBe(state.version + 1);
            if (decision.change.acted?.action.type === 'roll') made.throws++;
            if (decision.change.acted?.action.type === 'score') made.scores++;
            state = deepFreeze(decision.state);
            const log = state.game?.log ?? [];
            if (log.at(-1)?.type === 'score' || log.length === 0) turnStart = log.length;
            // Whatever is asked, a turn's log stays within its bound.
            expect(log.length - turnStart).toBeLessThanOrEqual(MAX_TURN_ACTIONS);
          }
        },
      ),
      { numRuns: 150 },
    );
    // The requests reached games under way, not only refusals.
    expect(made.throws).toBeGreaterThan(50);
    expect(made.scores).toBeGreaterThan(10);
    expect(made.refused).toBeGreaterThan(100);
  });

  it('refuses a hold that changes nothing, and logs nothing for it', () => {
    const started = decide(lobby(), 'a', { type: 'start', message: {} }, context());
    if ('throwing' in started) throw new Error('not a throw');
    const asked = decide(
      started.state,
      'a',
      { type: 'throw', message: { gesture: { dirX: 0, dirZ: -1, speed: 9 } } },
      context(),
    );
    if (!('throwing' in asked)) throw new Error('a throw');
    const thrown = land(
      started.state,
      asked.throwing,
      { faces: [1, 2, 3, 4, 5], trajectory: '', seconds: 1 },
      { number: 0, gesture: [0, -1, 9] },
      context(),
    );
    const hold = { type: 'hold', message: { index: 0, held: false } } as const;
    expect(() => decide(thrown.state, 'a', hold, context())).toThrow(
      expect.objectContaining({ code: 'no-change' }),
    );
  });

  it('tells who left and whether they were host; the next person is host, and the clock times a person only', () => {
    const state = lobby();
    const [after, change] = left(state, 'a')!;
    expect(change.left).toEqual({ name: 'Mari', wasHost: true });
    expect(after.host).toBe(0);
    expect(after.seats.map((s) => s.name)).toEqual(['Jüri']);
    const withBot = decide(state, 'a', { type: 'add-bot', message: { kind: 'easy' } }, context());
    if ('throwing' in withBot) throw new Error('not a throw');
    const started = decide(withBot.state, 'a', { type: 'start', message: {} }, context(1000));
    if ('throwing' in started) throw new Error('not a throw');
    expect(started.change.newGame).toBe(true);
    expect(started.state.clock.endsAt).toBe(1000 + started.state.clock.seconds * 1000);
    expect(computerToAct(started.state)).toBeNull();
  });
});
