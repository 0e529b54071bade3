import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROWS, replay, setupOf, throwSeed, type RowId } from '../../engine/index.js';
import { DEFAULT_GESTURE } from '../../scene/index.js';
import type { SessionChange, Thrower } from './GameSession.js';
import { LocalSession } from './LocalSession.js';

/** A thrower that lands on given faces (held dice keep theirs), as the physics would, and records its calls. */
function fakeThrower(next: () => number[]) {
  const calls: { seed: number; held: readonly boolean[] }[] = [];
  let release: (() => void) | null = null;
  const thrower: Thrower = async (seed, _gesture, held) => {
    calls.push({ seed, held });
    await new Promise<void>((resolve) => (release = resolve));
    return { faces: next(), settleSeconds: 1, rethrows: 0 } as never;
  };
  return { thrower, calls, land: () => release?.() };
}

function session(faces: () => number[] = () => [2, 3, 4, 5, 6]) {
  const fake = fakeThrower(faces);
  const s = new LocalSession(fake.thrower);
  const changes: SessionChange[] = [];
  s.subscribe((change) => changes.push(change));
  return { s, fake, changes, types: () => changes.map((c) => c.type) };
}

async function throwNow(t: ReturnType<typeof session>): Promise<number[]> {
  const thrown = t.s.throw(DEFAULT_GESTURE);
  await Promise.resolve();
  t.fake.land();
  return thrown;
}

describe('LocalSession', () => {
  it('a throw is in flight until the physics lands it, then the game takes its faces, told once each', async () => {
    const t = session();
    t.s.start({ players: ['Mari'], seed: 7 });
    const game = t.s.game!;
    const thrown = t.s.throw(DEFAULT_GESTURE);
    expect(t.s.inFlight).toEqual({ player: 0, held: game.held });
    expect(t.fake.calls).toEqual([{ seed: throwSeed(game), held: game.held }]);
    // Nothing else is taken while the dice are in the air.
    expect(() => t.s.toggleHold(0)).toThrow(expect.objectContaining({ code: 'throw-in-progress' }));
    expect(() => t.s.score('chance')).toThrow(expect.objectContaining({ code: 'throw-in-progress' }));
    await expect(t.s.throw(DEFAULT_GESTURE)).rejects.toMatchObject({ code: 'throw-in-progress' });
    expect(() => t.s.start({ players: ['Jüri'] })).toThrow(
      expect.objectContaining({ code: 'throw-in-progress' }),
    );
    t.fake.land();
    expect(await thrown).toEqual([2, 3, 4, 5, 6]);
    expect(t.s.inFlight).toBeNull();
    expect(t.s.game!.dice).toEqual([2, 3, 4, 5, 6]);
    expect(t.types()).toEqual(['started', 'throw-started', 'thrown']);
  });

  it('holds and scores are each told once, with the game before and after', async () => {
    const t = session();
    t.s.start({ players: ['Mari', 'Jüri'], seed: 3 });
    await throwNow(t);
    t.s.toggleHold(1);
    expect(t.s.game!.held).toEqual([false, true, false, false, false]);
    expect(t.s.score('chance')).toBe(20);
    const scored = t.changes.at(-1)!;
    expect(scored).toMatchObject({ type: 'scored', row: 'chance', player: 0, points: 20 });
    expect(scored.type === 'scored' && scored.before.current).toBe(0);
    expect(t.s.game!.current).toBe(1);
    expect(t.types()).toEqual(['started', 'throw-started', 'thrown', 'held', 'scored']);
  });

  it('a refused action throws its code, tells nobody and leaves the game as it was', async () => {
    const t = session();
    expect(() => t.s.toggleHold(0)).toThrow(expect.objectContaining({ code: 'no-game' }));
    await expect(t.s.throw(DEFAULT_GESTURE)).rejects.toMatchObject({ code: 'no-game' });
    expect(() => t.s.start({ players: [] })).toThrow(expect.objectContaining({ code: 'bad-player-count' }));
    t.s.start({ players: ['Mari'], seed: 1 });
    const game = t.s.game;
    expect(() => t.s.toggleHold(0)).toThrow(expect.objectContaining({ code: 'no-roll-yet' }));
    expect(() => t.s.score('chance')).toThrow(expect.objectContaining({ code: 'no-roll-yet' }));
    for (let i = 0; i < 3; i++) await throwNow(t);
    const spent = t.s.game;
    await expect(t.s.throw(DEFAULT_GESTURE)).rejects.toMatchObject({ code: 'no-rolls-left' });
    expect(() => t.s.score('nope' as RowId)).toThrow(expect.objectContaining({ code: 'unknown-row' }));
    expect(t.s.game).toBe(spent);
    expect(t.s.inFlight).toBeNull();
    expect(game).not.toBe(spent);
    expect(t.fake.calls).toHaveLength(3);
    expect(t.types()).toEqual(['started', ...Array(3).fill(['throw-started', 'thrown']).flat()]);
  });

  it('a throw the physics never finishes is cancelled: the game keeps its dice', async () => {
    const s = new LocalSession(() => Promise.reject(new Error('context lost')));
    const changes: string[] = [];
    s.subscribe((change) => changes.push(change.type));
    s.start({ players: ['Mari'], seed: 5 });
    const before = s.game;
    await expect(s.throw(DEFAULT_GESTURE)).rejects.toMatchObject({ code: 'throw-cancelled' });
    expect(s.game).toBe(before);
    expect(s.inFlight).toBeNull();
    expect(changes).toEqual(['started', 'throw-started', 'throw-cancelled']);
  });

  it('whatever is asked, the game is always the replay of its own log', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.constant({ kind: 'throw' as const }),
            fc.record({ kind: fc.constant('hold' as const), index: fc.integer({ min: -1, max: 5 }) }),
            fc.record({ kind: fc.constant('score' as const), row: fc.constantFrom(...ROWS) }),
          ),
          { maxLength: 40 },
        ),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 5, maxLength: 5 }),
        async (asks, faces) => {
          // Held dice keep their faces, as the physics keeps them on the ledge.
          const next = () => t.s.game!.dice.map((face, i) => (t.s.game!.held[i] ? face : faces[i]!));
          const t = session(next);
          t.s.start({ players: ['Mari', 'Jüri'], seed: 11 });
          for (const ask of asks) {
            try {
              if (ask.kind === 'throw') await throwNow(t);
              else if (ask.kind === 'hold') t.s.toggleHold(ask.index);
              else t.s.score(ask.row);
            } catch (error) {
              expect((error as { code?: string }).code).toEqual(expect.any(String));
            }
          }
          const game = t.s.game!;
          expect(replay(setupOf(game), game.log)).toEqual(game);
        },
      ),
      { numRuns: 60 },
    );
  });
});
