import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  calibrateLine,
  FREE,
  fitGains,
  fitOf,
  gainFactor,
  MAX_GAIN,
  SIZES,
  tempered,
  temperSlope,
  type GainSums,
  type SeatFeatures,
} from './win-calibration.js';

/** A line of n chances that sum to 1, some of them 0. */
const lineArb = fc
  .array(fc.oneof(fc.constant(0), fc.double({ min: 0.001, max: 1, noNaN: true })), {
    minLength: 2,
    maxLength: 6,
  })
  .filter((weights) => weights.some((w) => w > 0))
  .map((weights) => {
    const sum = weights.reduce((a, b) => a + b, 0);
    return weights.map((w) => w / sum);
  });

const seatArb: fc.Arbitrary<SeatFeatures> = fc.record({
  free: fc.integer({ min: 1, max: FREE }),
  thrown: fc.boolean(),
  last: fc.boolean(),
});

describe('calibrateLine', () => {
  it('sums to 1, keeps a player who cannot win at 0, and gives a seat that plays to win its gain', () => {
    fc.assert(
      fc.property(
        lineArb,
        fc.array(fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }), { maxLength: 6 }),
        fc.array(seatArb, { minLength: 6, maxLength: 6 }),
        fc.constantFrom('seed' as const, 'classic' as const),
        (raw, asked, seats, rules) => {
          // A seat's own value is at least its points chance (the bound is above any one way of playing).
          const values = raw.map((q, i) => (asked[i] === undefined ? NaN : q + (1 - q) * asked[i]!));
          const line = calibrateLine(rules, raw, values, seats.slice(0, raw.length));
          expect(line.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
          raw.forEach((q, i) => {
            expect(line[i]).toBeGreaterThanOrEqual(0);
            if (q === 0 && !(values[i]! > 0)) expect(line[i]).toBe(0);
          });
          // Alone at playing to win, a seat gains what its λ says, less what the temper moves.
          const only = raw.map(() => NaN);
          only[0] = values[0]!;
          if (Number.isNaN(only[0]) || only[0] >= 1) return;
          const alone = calibrateLine(rules, raw, only, seats.slice(0, raw.length));
          const base = calibrateLine(
            rules,
            raw,
            raw.map(() => NaN),
            seats.slice(0, raw.length),
          );
          const gain = gainFactor(rules, raw.length, seats[0]!) * (only[0] - raw[0]!);
          if (base[0]! + gain <= 1) expect(alone[0]).toBeCloseTo(base[0]! + gain, 9);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('makes a sure win or loss of the bound sure, and leaves a line of two with no seat playing to win as tempered', () => {
    const seats: SeatFeatures[] = [
      { free: 5, thrown: true, last: false },
      { free: 5, thrown: false, last: true },
    ];
    expect(calibrateLine('seed', [0.8, 0.2], [1, NaN], seats)).toEqual([1, 0]);
    expect(calibrateLine('seed', [0.3, 0.7], [0, NaN], seats)).toEqual([0, 1]);
    for (const rules of ['seed', 'classic'] as const) {
      const line = calibrateLine(rules, [0.9, 0.1], [NaN, NaN], seats);
      expect(line[0]! + line[1]!).toBeCloseTo(1, 12);
      expect(line[0]).toBeLessThanOrEqual(0.9 + 1e-12);
    }
  });
});

describe('the temper of the points line', () => {
  it('is a power made to sum to 1: the logit scaled for two players', () => {
    fc.assert(
      fc.property(lineArb, fc.double({ min: 0.8, max: 1.2, noNaN: true }), (raw, power) => {
        const line = tempered(raw, power);
        expect(line.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
        raw.forEach((q, i) => q === 0 && expect(line[i]).toBe(0));
      }),
    );
    const logit = (p: number): number => Math.log(p / (1 - p));
    const [p] = tempered([0.8, 0.2], 0.9);
    expect(logit(p!)).toBeCloseTo(0.9 * logit(0.8), 12);
    expect(tempered([0.3, 0.7], 1)).toEqual([0.3, 0.7]);
  });

  it('moves each chance as its slope says', () => {
    fc.assert(
      fc.property(lineArb, fc.nat(5), (raw, pick) => {
        const i = pick % raw.length;
        const d = 1e-6;
        const slope = (tempered(raw, 1 + d)[i]! - tempered(raw, 1 - d)[i]!) / (2 * d);
        expect(temperSlope(raw, i)).toBeCloseTo(slope, 5);
      }),
    );
  });
});

describe('the fit', () => {
  const shaped = (value: (thrown: number, last: number, f: number) => number): number[][][][] =>
    Array.from({ length: SIZES }, () =>
      [0, 1].map((thrown) =>
        [0, 1].map((last) => Array.from({ length: FREE }, (_, f) => value(thrown, last, f))),
      ),
    );

  it('finds the gains and the temper that made the data, and keeps the gains within [0, MAX_GAIN]', () => {
    // Data made exactly by λ = 0.2 + 0.05 f (and 0.7 for thrown, last) and a temper of 0.95.
    const lambda = (thrown: number, last: number, f: number): number =>
      thrown && last ? 0.7 : 0.2 + 0.05 * f;
    const xx = shaped((t, l, f) => 10 + t + l + f);
    const xh = shaped((t, l, f) => 0.5 * (1 + f + t - l));
    const tau = -0.05;
    const xy = xx.map((bySize, s) =>
      bySize.map((byThrown, t) =>
        byThrown.map((cells, l) => cells.map((x, f) => lambda(t, l, f) * x + tau * xh[s]![t]![l]![f]!)),
      ),
    );
    // hh at least Σ xh² / xx, as it is for real points (Cauchy-Schwarz).
    const hh = [400, 400];
    const hy = xh.map((bySize) => {
      let sum = tau * 400;
      bySize.forEach((byThrown, t) =>
        byThrown.forEach((cells, l) => cells.forEach((x, f) => (sum += lambda(t, l, f) * x))),
      );
      return sum;
    });
    const sums: GainSums = { xy, xx, xh, n: shaped(() => 100), hy, hh };
    const { gain, temper } = fitOf(sums);
    expect(temper).toEqual([0.95, 0.95]);
    gain.forEach((bySize) =>
      bySize.forEach((byThrown, t) =>
        byThrown.forEach((cells, l) => cells.forEach((g, f) => expect(g).toBeCloseTo(lambda(t, l, f), 2))),
      ),
    );
    expect(fitGains(new Array(FREE).fill(-5), new Array(FREE).fill(1))).toEqual(new Array(FREE).fill(0));
    expect(fitGains(new Array(FREE).fill(9), new Array(FREE).fill(1))).toEqual(
      new Array(FREE).fill(MAX_GAIN),
    );
    expect(fitGains(new Array(FREE).fill(0), new Array(FREE).fill(0))).toEqual(new Array(FREE).fill(0));
  });
});
