/**
 * The physics workers: a throw made in a worker is the throw the main thread would make (same trajectory
 * and faces for the same game and gesture), whichever worker makes it, and throws go on (on the main
 * thread) once the workers are stopped.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { apply, newGame, type Game } from '../../src/engine/index.js';
import { createThrower, throwInput } from '../../src/table/index.js';
import { ThrowPool } from './ThrowPool.js';

const pools: ThrowPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
});

/** A few games to throw: the first throw of a turn, and one with dice held. */
function games(): Game[] {
  const start = newGame({ players: ['Mari', 'Jüri'], seed: 42 });
  const thrown = apply(start, { type: 'roll', faces: [2, 2, 5, 6, 1] });
  const holding = apply(apply(thrown, { type: 'hold', index: 0, held: true }), {
    type: 'hold',
    index: 1,
    held: true,
  });
  return [start, holding];
}

const GESTURES = [
  { dirX: 0.1, dirZ: -1, speed: 12 },
  { dirX: -0.3, dirZ: -0.8, speed: 20 },
];

describe('physics workers', { timeout: 60_000 }, () => {
  it('throw exactly as the main thread would, in parallel, and on the main thread once stopped', async () => {
    const here = createThrower();
    const pool = new ThrowPool(2);
    pools.push(pool);
    expect(pool.size).toBe(2);
    const cases = games().flatMap((game, g) =>
      GESTURES.map((gesture, k) => throwInput(game, gesture, 1000 * g + k)),
    );
    const expected = cases.map((input) => here(input));
    const inWorkers = await Promise.all(cases.map((input) => pool.throwDice(input)));
    expect(inWorkers).toEqual(expected);
    // Held dice keep their faces.
    expect(inWorkers[2]!.faces.slice(0, 2)).toEqual([2, 2]);
    await pool.close();
    expect(pool.size).toBe(0);
    expect(await pool.throwDice(cases[1]!)).toEqual(expected[1]);
  });

  it('with no workers, throws on the main thread', async () => {
    const pool = new ThrowPool(0);
    const [game] = games();
    const input = throwInput(game!, GESTURES[0]!, 7);
    expect(await pool.throwDice(input)).toEqual(createThrower()(input));
  });
});
