/**
 * How far a point on the screen is from the outline a die is drawn with. The outline of a convex body
 * (a die) on the screen is the convex hull of its projected corners; a tap is measured against it in
 * CSS pixels, so "near a die" means the same on any screen and at any zoom.
 */

/** The most points a hull is taken of: the 8 corners of a box. */
export const MAX_POINTS = 8;

/**
 * Writes into `hull` (room for MAX_POINTS + 1 pairs) the convex hull of the first `count` points of
 * `points` ([x0, y0, x1, y1, ...]), in order around it, and returns how many points it has. Andrew's
 * monotone chain on at most MAX_POINTS points; no allocation.
 */
export function convexHull(points: ArrayLike<number>, count: number, hull: Float64Array): number {
  if (count > MAX_POINTS) throw new RangeError(`at most ${MAX_POINTS} points`);
  const order = ORDER;
  for (let i = 0; i < count; i++) order[i] = i;
  // Insertion sort by x, then y: eight items.
  for (let i = 1; i < count; i++) {
    const k = order[i]!;
    let j = i - 1;
    while (j >= 0 && before(points, k, order[j]!)) {
      order[j + 1] = order[j]!;
      j--;
    }
    order[j + 1] = k;
  }
  if (count < 3) {
    for (let i = 0; i < count; i++) {
      hull[2 * i] = points[2 * order[i]!]!;
      hull[2 * i + 1] = points[2 * order[i]! + 1]!;
    }
    return count;
  }
  let n = 0;
  const push = (index: number, floor: number): void => {
    const x = points[2 * index]!;
    const y = points[2 * index + 1]!;
    while (n >= floor + 2 && cross(hull, n, x, y) <= 0) n--;
    hull[2 * n] = x;
    hull[2 * n + 1] = y;
    n++;
  };
  for (let i = 0; i < count; i++) push(order[i]!, 0);
  const lower = n - 1;
  for (let i = count - 2; i >= 0; i--) push(order[i]!, lower);
  return n - 1; // the last point repeats the first
}

/**
 * Distance from (x, y) to the convex polygon of the first `count` points of `hull` (in hull order):
 * 0 inside or on it, else the distance to its nearest edge. A polygon of 1 or 2 points is a point or
 * a segment.
 */
export function distanceToPolygon(hull: ArrayLike<number>, count: number, x: number, y: number): number {
  if (count === 0) return Infinity;
  let inside = count >= 3;
  let sign = 0;
  let nearest = Infinity;
  for (let i = 0; i < count; i++) {
    const ax = hull[2 * i]!;
    const ay = hull[2 * i + 1]!;
    const j = (i + 1) % count;
    const bx = hull[2 * j]!;
    const by = hull[2 * j + 1]!;
    const side = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    if (side !== 0) {
      const s = Math.sign(side);
      if (sign === 0) sign = s;
      else if (s !== sign) inside = false;
    }
    nearest = Math.min(nearest, distanceToSegment(ax, ay, bx, by, x, y));
  }
  return inside ? 0 : nearest;
}

const ORDER = new Int32Array(MAX_POINTS);

function before(points: ArrayLike<number>, a: number, b: number): boolean {
  const ax = points[2 * a]!;
  const bx = points[2 * b]!;
  return ax < bx || (ax === bx && points[2 * a + 1]! < points[2 * b + 1]!);
}

/** Cross product of (hull[n-2] -> hull[n-1]) and (hull[n-2] -> (x, y)). */
function cross(hull: Float64Array, n: number, x: number, y: number): number {
  const ox = hull[2 * (n - 2)]!;
  const oy = hull[2 * (n - 2) + 1]!;
  return (hull[2 * (n - 1)]! - ox) * (y - oy) - (hull[2 * (n - 1) + 1]! - oy) * (x - ox);
}

function distanceToSegment(ax: number, ay: number, bx: number, by: number, x: number, y: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 > 0 ? Math.min(1, Math.max(0, ((x - ax) * dx + (y - ay) * dy) / length2)) : 0;
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}
