/**
 * The physics workers: a throw made in a worker is the throw the main thread would make (same trajectory
 * and faces for the same game and gesture), whichever worker makes it; a throw's error is the main
 * thread's; a throw whose worker stops is made on the main thread, and the pool goes on with a new
 * worker; throws go on (on the main thread) once the workers are stopped, or when they cannot start.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Piscina } from 'piscina';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { apply, newGame, type Game } from '../../src/engine/index.js';
import { createThrower, throwInput, type ThrowInput } from '../../src/table/index.js';
import { ThrowPool } from './ThrowPool.js';

const pools: ThrowPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
});
afterEach(() => {
  vi.restoreAllMocks();
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

function cases(): ThrowInput[] {
  return games().flatMap((game, g) => GESTURES.map((gesture, k) => throwInput(game, gesture, 1000 * g + k)));
}

/** The pool's worker threads (piscina's). */
function threadsOf(pool: ThrowPool) {
  return (pool as unknown as { pool: Piscina }).pool.threads;
}

describe('physics workers', { timeout: 60_000 }, () => {
  it('throw exactly as the main thread would, in parallel, and on the main thread once stopped', async () => {
    const here = createThrower();
    const pool = new ThrowPool(2);
    pools.push(pool);
    expect(pool.size).toBe(2);
    // Every throw answered by a worker: one made on the main thread instead is warned of.
    const warn = vi.spyOn(console, 'warn');
    const inputs = cases();
    const expected = inputs.map((input) => here(input));
    const inWorkers = await Promise.all(inputs.map((input) => pool.throwDice(input)));
    expect(inWorkers).toEqual(expected);
    expect(warn).not.toHaveBeenCalled();
    // Held dice keep their faces.
    expect(inWorkers[2]!.faces.slice(0, 2)).toEqual([2, 2]);
    // A throw's error is the one the main thread would throw.
    const bad = { ...inputs[0]!, dice: null } as unknown as ThrowInput;
    let mainError: unknown;
    try {
      here(bad);
    } catch (error) {
      mainError = error;
    }
    expect(mainError).toBeInstanceOf(Error);
    warn.mockImplementation(() => {});
    await expect(pool.throwDice(bad)).rejects.toThrow((mainError as Error).message);
    await pool.close();
    expect(pool.size).toBe(0);
    expect(await pool.throwDice(inputs[1]!)).toEqual(expected[1]);
  });

  it('make on the main thread the throws of a worker that stops, and go on with a new one', async () => {
    const here = createThrower();
    const pool = new ThrowPool(2);
    pools.push(pool);
    const inputs = cases();
    const expected = inputs.map((input) => here(input));
    // The workers are up and have thrown once.
    expect(await Promise.all(inputs.map((input) => pool.throwDice(input)))).toEqual(expected);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [first] = threadsOf(pool);
    const answers = Promise.all([...inputs, ...inputs].map((input) => pool.throwDice(input)));
    await first!.terminate();
    expect(await answers).toEqual([...expected, ...expected]);
    expect(warn).toHaveBeenCalled();
    await vi.waitFor(() => expect(pool.size).toBe(2), { timeout: 30_000 });
    expect(threadsOf(pool)).not.toContain(first);
    warn.mockClear();
    expect(await Promise.all(inputs.map((input) => pool.throwDice(input)))).toEqual(expected);
    expect(warn).not.toHaveBeenCalled();
    // Closed while throwing: every throw still answered, on the main thread.
    const closing = Promise.all(inputs.map((input) => pool.throwDice(input)));
    await pool.close();
    expect(await closing).toEqual(expected);
  });

  it('throw on the main thread when their workers cannot start', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'throw-pool-'));
    const broken = join(folder, 'broken.mjs');
    writeFileSync(broken, "throw new Error('no physics here');\n");
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const pool = new ThrowPool(2, pathToFileURL(broken));
    pools.push(pool);
    const here = createThrower();
    const inputs = cases();
    try {
      expect(await Promise.all(inputs.map((input) => pool.throwDice(input)))).toEqual(
        inputs.map((input) => here(input)),
      );
      await vi.waitFor(() => expect(pool.size).toBe(0));
      expect(await pool.throwDice(inputs[0]!)).toEqual(here(inputs[0]!));
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('no physics here'));
    } finally {
      await pool.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('with no workers, throws on the main thread', async () => {
    const pool = new ThrowPool(0);
    expect(pool.size).toBe(0);
    const [game] = games();
    const input = throwInput(game!, GESTURES[0]!, 7);
    expect(await pool.throwDice(input)).toEqual(createThrower()(input));
  });
});
