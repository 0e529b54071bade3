import { describe, expect, it } from 'vitest';
import { chiSquarePValue, chiSquareUniform, lnGamma, regularizedGammaQ } from './chi-square.js';

describe('chi-square', () => {
  it('computes Pearson statistics against equal counts', () => {
    expect(chiSquareUniform([10, 10, 10, 10, 10, 10])).toBe(0);
    expect(chiSquareUniform([20, 0, 10, 10, 10, 10])).toBeCloseTo(20, 12);
    expect(chiSquareUniform([0, 0, 0])).toBe(0);
  });

  it('matches tabulated critical values for 5 degrees of freedom', () => {
    expect(chiSquarePValue(11.0705, 5)).toBeCloseTo(0.05, 4);
    expect(chiSquarePValue(15.0863, 5)).toBeCloseTo(0.01, 4);
    expect(chiSquarePValue(1.1455, 5)).toBeCloseTo(0.95, 4);
    expect(chiSquarePValue(4.3515, 5)).toBeCloseTo(0.5, 4);
    expect(chiSquarePValue(0, 5)).toBe(1);
  });

  it('has the right gamma functions underneath', () => {
    expect(lnGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(lnGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
    for (const x of [0.1, 1, 3, 20]) expect(regularizedGammaQ(1, x)).toBeCloseTo(Math.exp(-x), 12);
  });
});
