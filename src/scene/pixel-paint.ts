/**
 * The little 2D drawing the scene's pictures need, straight into RGBA bytes (no DOM): gradients
 * and anti-aliased shapes composited as a 2D canvas does (source-over, colours interpolated in sRGB,
 * coverage from the distance to the shape's edge). A canvas is dearer at start-up than its drawing:
 * Chrome gives the page a GPU context for its first one, a round trip to the GPU process.
 */

/** An sRGB colour with alpha: r, g, b in 0..255, a in 0..1. */
export type Rgba = readonly [number, number, number, number];

/** A gradient stop: offset in 0..1 and its colour. */
export type GradientStop = readonly [number, Rgba];

/** `#rrggbb` as an opaque colour. */
export function hex(color: string, alpha = 1): Rgba {
  const n = parseInt(color.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, alpha];
}

/** The colour of a gradient at `t` (padded past its ends), interpolated unpremultiplied, into `out`. */
export function gradientAt(stops: readonly GradientStop[], t: number, out: number[]): number[] {
  const last = stops.length - 1;
  let i = 0;
  while (i < last && t > stops[i + 1]![0]) i++;
  const from = stops[i]!;
  const to = stops[i < last ? i + 1 : last]!;
  const span = to[0] - from[0];
  const f = span > 0 ? Math.min(1, Math.max(0, (t - from[0]) / span)) : 0;
  const c0 = from[1];
  const c1 = to[1];
  out[0] = c0[0] + (c1[0] - c0[0]) * f;
  out[1] = c0[1] + (c1[1] - c0[1]) * f;
  out[2] = c0[2] + (c1[2] - c0[2]) * f;
  out[3] = c0[3] + (c1[3] - c0[3]) * f;
  return out;
}

/**
 * Composites `color` over the pixel at byte `i`, covering `coverage` (0..1) of it (source-over;
 * the bytes are unpremultiplied, as ImageData's).
 */
export function blend(data: Uint8ClampedArray, i: number, color: ArrayLike<number>, coverage: number): void {
  const a = color[3]! * coverage;
  if (a <= 0) return;
  const below = data[i + 3]!;
  if (below === 255) {
    data[i] = data[i]! + (color[0]! - data[i]!) * a;
    data[i + 1] = data[i + 1]! + (color[1]! - data[i + 1]!) * a;
    data[i + 2] = data[i + 2]! + (color[2]! - data[i + 2]!) * a;
    return;
  }
  const under = (below / 255) * (1 - a);
  const outA = a + under;
  for (let k = 0; k < 3; k++) data[i + k] = (color[k]! * a + data[i + k]! * under) / outA;
  data[i + 3] = outA * 255;
}

/** Signed distance from (px, py) to a square of half side `half` with corners rounded by `r` (negative inside). */
export function roundedSquareDistance(
  px: number,
  py: number,
  cx: number,
  cy: number,
  half: number,
  r: number,
): number {
  const qx = Math.abs(px - cx) - (half - r);
  const qy = Math.abs(py - cy) - (half - r);
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside + Math.min(Math.max(qx, qy), 0) - r;
}

/** Share of a pixel inside a shape whose edge is `distance` px away (negative inside), as canvas anti-aliasing gives. */
export function coverageOf(distance: number): number {
  return Math.min(1, Math.max(0, 0.5 - distance));
}

/**
 * Where (px, py) lies on a two-point conical gradient from circle (x0, y0, r0) to (x1, y1, r1), as
 * createRadialGradient defines it: the largest t whose circle passes through the point (with a
 * radius of at least 0), or -Infinity when none does.
 */
export function conicalT(
  px: number,
  py: number,
  x0: number,
  y0: number,
  r0: number,
  x1: number,
  y1: number,
  r1: number,
): number {
  const cdx = x1 - x0;
  const cdy = y1 - y0;
  const dr = r1 - r0;
  const pdx = px - x0;
  const pdy = py - y0;
  const a = cdx * cdx + cdy * cdy - dr * dr;
  const b = pdx * cdx + pdy * cdy + r0 * dr;
  const c = pdx * pdx + pdy * pdy - r0 * r0;
  if (Math.abs(a) < 1e-12) {
    const t = b !== 0 ? c / (2 * b) : -Infinity;
    return r0 + t * dr >= 0 ? t : -Infinity;
  }
  const disc = b * b - a * c;
  if (disc < 0) return -Infinity;
  const root = Math.sqrt(disc);
  const t1 = (b + root) / a;
  const t2 = (b - root) / a;
  const ok1 = r0 + t1 * dr >= 0;
  const ok2 = r0 + t2 * dr >= 0;
  if (ok1 && ok2) return Math.max(t1, t2);
  return ok1 ? t1 : ok2 ? t2 : -Infinity;
}
