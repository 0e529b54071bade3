import { describe, expect, it } from 'vitest';
import { summarize } from '../../scripts/sim.js';

describe('npm run sim: the summary of the scores', () => {
  it('gives the count, mean, sample standard deviation, min and max', () => {
    expect(summarize([200, 100, 300])).toEqual({ n: 3, mean: 200, sd: 100, min: 100, max: 300 });
    expect(summarize([42])).toEqual({ n: 1, mean: 42, sd: 0, min: 42, max: 42 });
  });

  it('summarises 200,000 games without overflowing the call stack', () => {
    // Math.min(...scores) threw "Maximum call stack size exceeded" from about 130,000 games.
    const scores = Array.from({ length: 200_000 }, (_, i) => 50 + ((i * 7919) % 250));
    const { n, min, max } = summarize(scores);
    expect([n, min, max]).toEqual([200_000, 50, 299]);
  });
});
