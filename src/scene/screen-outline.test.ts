import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_POINTS, convexHull, distanceToPolygon } from './screen-outline.js';

function hullOf(points: number[]): number[] {
  const hull = new Float64Array(2 * (MAX_POINTS + 1));
  const n = convexHull(points, points.length / 2, hull);
  return [...hull.slice(0, 2 * n)];
}

describe('convexHull', () => {
  it('keeps the corners of a square and drops a point inside it', () => {
    const hull = hullOf([0, 0, 10, 0, 10, 10, 0, 10, 5, 5]);
    expect(hull.length / 2).toBe(4);
    const corners = new Set([0, 1, 2, 3].map((i) => `${hull[2 * i]},${hull[2 * i + 1]}`));
    expect(corners).toEqual(new Set(['0,0', '10,0', '10,10', '0,10']));
  });

  it('drops points on an edge', () => {
    expect(hullOf([0, 0, 5, 0, 10, 0, 10, 10]).length / 2).toBe(3);
  });

  it('refuses more than eight points', () => {
    expect(() => convexHull(new Array(18).fill(0), 9, new Float64Array(20))).toThrow(RangeError);
  });
});

describe('distanceToPolygon', () => {
  const square = hullOf([0, 0, 10, 0, 10, 10, 0, 10]);

  it.each([
    [5, 5, 0],
    [10, 5, 0],
    [15, 5, 5],
    [-3, 5, 3],
    [5, -8, 8],
    [13, 14, 5],
  ])('from (%d, %d) to a 10 px square is %d', (x, y, expected) => {
    expect(distanceToPolygon(square, 4, x, y)).toBeCloseTo(expected, 9);
  });

  it('is the distance to the nearest corner for a hull of projected box corners, whatever the order given', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 })), {
          minLength: 3,
          maxLength: 8,
        }),
        fc.integer({ min: -80, max: 80 }),
        fc.integer({ min: -80, max: 80 }),
        (pairs, x, y) => {
          const points = pairs.flat();
          const hull = hullOf(points);
          const d = distanceToPolygon(hull, hull.length / 2, x, y);
          // Never farther than the nearest input point, and 0 at every input point.
          const nearest = Math.min(...pairs.map(([px, py]) => Math.hypot(px - x, py - y)));
          expect(d).toBeLessThanOrEqual(nearest + 1e-9);
          for (const [px, py] of pairs)
            expect(distanceToPolygon(hull, hull.length / 2, px, py)).toBeCloseTo(0, 6);
        },
      ),
    );
  });
});
