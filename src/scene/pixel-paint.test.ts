import { describe, expect, it } from 'vitest';
import { blend, conicalT, coverageOf, gradientAt, hex, roundedSquareDistance } from './pixel-paint.js';

describe('pixel paint', () => {
  it('reads #rrggbb colours', () => {
    expect(hex('#3b2b1f')).toEqual([0x3b, 0x2b, 0x1f, 1]);
    expect(hex('#ffffff', 0.5)).toEqual([255, 255, 255, 0.5]);
  });

  it('interpolates gradient stops in sRGB and pads past the ends, as a canvas gradient does', () => {
    const stops = [
      [0.2, [0, 0, 0, 1]],
      [0.6, [200, 100, 40, 0.5]],
    ] as const;
    const out: number[] = [];
    expect(gradientAt(stops, -3, out)).toEqual([0, 0, 0, 1]);
    gradientAt(stops, 0.4, out).forEach((value, k) => expect(value).toBeCloseTo([100, 50, 20, 0.75][k]!));
    expect(gradientAt(stops, 9, out)).toEqual([200, 100, 40, 0.5]);
  });

  it('composites source-over on opaque and on clear pixels', () => {
    const data = new Uint8ClampedArray([100, 100, 100, 255, 0, 0, 0, 0]);
    blend(data, 0, [200, 0, 0, 0.5], 1);
    expect([...data.subarray(0, 4)]).toEqual([150, 50, 50, 255]);
    blend(data, 4, [255, 255, 255, 0.5], 0.5);
    expect([...data.subarray(4, 8)]).toEqual([255, 255, 255, 64]);
    blend(data, 4, [0, 0, 0, 1], 0);
    expect([...data.subarray(4, 8)]).toEqual([255, 255, 255, 64]);
  });

  it('measures rounded squares and covers pixels by their distance to the edge', () => {
    expect(roundedSquareDistance(0, 0, 0, 0, 10, 2)).toBe(-10);
    expect(roundedSquareDistance(12, 0, 0, 0, 10, 2)).toBe(2);
    // Past a rounded corner: the distance to the corner's circle.
    expect(roundedSquareDistance(11, 11, 0, 0, 10, 2)).toBeCloseTo(Math.hypot(3, 3) - 2);
    expect(coverageOf(-3)).toBe(1);
    expect(coverageOf(0)).toBe(0.5);
    expect(coverageOf(3)).toBe(0);
  });

  it('finds where a point lies on a two-point conical gradient', () => {
    // Concentric circles: t grows linearly with the distance from r0 to r1.
    expect(conicalT(0, 5, 0, 0, 2, 0, 0, 8)).toBeCloseTo(0.5);
    // The start circle off centre inside the end circle: its centre side is t 0, the rim t 1.
    expect(conicalT(-1, 0, -1, 0, 0, 0, 0, 4)).toBeCloseTo(0);
    expect(conicalT(4, 0, -1, 0, 0, 0, 0, 4)).toBeCloseTo(1);
    expect(conicalT(-4, 0, -1, 0, 0, 0, 0, 4)).toBeCloseTo(1);
  });
});
