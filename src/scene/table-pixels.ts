import {
  blend,
  coverageOf,
  gradientAt,
  hex,
  roundedSquareDistance,
  type GradientStop,
  type Rgba,
} from './pixel-paint.js';

/**
 * The table's procedural pictures (felt, wood, room, halo, the ledge's slots) as plain RGBA bytes:
 * no DOM, no three.js, no 2D canvas (see pixel-paint.ts), so they cost little on the main thread at
 * start-up and can be checked in Node. Value noise is evaluated from lattice tables and per-column
 * weights worked out once, with exactly the arithmetic of a per-pixel evaluation (see
 * table-pixels.test.ts), so the pictures are the same on every load and screenshot.
 */

/** A small deterministic hash noise in 0..1 of integer lattice coordinates. */
export function hash(x: number, y: number, seed: number): number {
  let h = (x * 374761393 + y * 668265263 + seed * 982451653) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Which of a picture's rows comes first in the bytes. */
export type RowOrder = 'top-down' | 'bottom-up';

/**
 * Smooth value noise with cells of `cell` px wrapping every `period` cells, prepared for pixel
 * columns 0..width-1: each column's two lattice columns and smoothstep weight are kept, and the
 * lattice values in a table of `period` (at most `rows`) rows.
 */
class ValueNoise {
  private readonly left: Int32Array;
  private readonly right: Int32Array;
  private readonly weight: Float64Array;
  private readonly lattice: Float64Array;
  private readonly columns: number;
  private readonly rows: number;
  /** period - 1: the period is a power of two, so wrapping is a mask (the same as a modulo, for negatives too). */
  private readonly wrap: number;

  /** @param rows lattice rows needed when sampled rows stay in 0..rows-1 (fewer than `period`) */
  constructor(
    private readonly cell: number,
    period: number,
    seed: number,
    width: number,
    rows = period,
  ) {
    if (!Number.isInteger(period) || period < 1 || (period & (period - 1)) !== 0 || period > 1 << 30)
      throw new RangeError(`the noise period must be a power of two, not ${period}`);
    this.wrap = period - 1;
    this.left = new Int32Array(width);
    this.right = new Int32Array(width);
    this.weight = new Float64Array(width);
    let columns = 0;
    for (let x = 0; x < width; x++) {
      const gx = x / cell;
      const x0 = Math.floor(gx);
      const fx = gx - x0;
      this.weight[x] = fx * fx * (3 - 2 * fx);
      this.left[x] = x0 & this.wrap;
      this.right[x] = (x0 + 1) & this.wrap;
      columns = Math.max(columns, this.right[x]! + 1, this.left[x]! + 1);
    }
    this.columns = columns;
    this.rows = Math.min(rows, period);
    this.lattice = new Float64Array(this.columns * this.rows);
    for (let j = 0; j < this.rows; j++)
      for (let i = 0; i < columns; i++) this.lattice[j * columns + i] = hash(i, j, seed);
  }

  /** The noise at pixel column `x` (an integer) and any row `y`, in 0..1. */
  at(x: number, y: number): number {
    const gy = y / this.cell;
    const y0 = Math.floor(gy);
    const fy = gy - y0;
    const sy = fy * fy * (3 - 2 * fy);
    const top = (y0 & this.wrap) * this.columns;
    const bottom = ((y0 + 1) & this.wrap) * this.columns;
    const l = this.left[x]!;
    const r = this.right[x]!;
    const sx = this.weight[x]!;
    const lattice = this.lattice;
    const a = lattice[top + l]!;
    const c = lattice[bottom + l]!;
    const upper = a + (lattice[top + r]! - a) * sx;
    const lower = c + (lattice[bottom + r]! - c) * sx;
    return upper + (lower - upper) * sy;
  }
}

/**
 * The felt of the play area (`width` x `height` px for the whole felt): a fine grain of fibres over
 * a faint mottle, in grey around white so the material's colour tints it, darkening towards the walls
 * as felt does in the lee of a rim (by `edgeShade` at the very edge). `scale` < 1 draws the same felt
 * at a lower resolution (the grain then coarser). Written into `data` if given.
 */
export function feltPixels(
  width: number,
  height: number,
  edgeShade: number,
  order: RowOrder,
  scale = 1,
  data = new Uint8ClampedArray(width * height * 4),
): Uint8ClampedArray<ArrayBuffer> {
  const cell = 48 * scale;
  const mottle = new ValueNoise(cell, 1 << 20, 7, width, Math.floor((height - 1) / cell) + 2);
  // The shade depends only on the distance to the nearest edge, a whole number of pixels.
  const shades = new Float64Array(Math.ceil(Math.min(width, height) / 2) + 1);
  for (let d = 0; d < shades.length; d++) {
    const edge = d / height;
    shades[d] = 1 - edgeShade * Math.pow(1 - Math.min(1, edge / 0.22), 2);
  }
  for (let y = 0; y < height; y++) {
    let i = (order === 'top-down' ? y : height - 1 - y) * width * 4;
    const fromY = Math.min(y, height - 1 - y);
    for (let x = 0; x < width; x++, i += 4) {
      const m = mottle.at(x, y) - 0.5;
      const grain = hash(x, y, 3) - 0.5;
      const v = (226 + m * 20 + grain * 22) * shades[Math.min(x, width - 1 - x, fromY)]!;
      data[i] = v;
      data[i + 1] = v;
      data[i + 2] = v;
      data[i + 3] = 255;
    }
  }
  return data;
}

/**
 * Wood tileable along U (`width` 128 px times a power of two, times `scale`): long straight grain of
 * thin dark lines over broader bands, slightly wavy, in warm varnished mahogany. `scale` < 1 draws the
 * same wood at a lower resolution. Written into `data` if given.
 */
export function woodPixels(
  width: number,
  height: number,
  order: RowOrder,
  scale = 1,
  data = new Uint8ClampedArray(width * height * 4),
): Uint8ClampedArray<ArrayBuffer> {
  // Noise stretched along U: cells `long` px along the grain, squashed across it (rows scaled up).
  const noise = (long: number, seed: number): ValueNoise =>
    new ValueNoise(long * scale, width / (long * scale), seed, width);
  const wave = noise(128, 11);
  const bands = noise(128, 23);
  const lines = noise(64, 5);
  const pores = noise(16, 41);
  for (let y = 0; y < height; y++) {
    let i = (order === 'top-down' ? y : height - 1 - y) * width * 4;
    for (let x = 0; x < width; x++, i += 4) {
      const yy = y + (wave.at(x, y) - 0.5) * 12 * scale;
      const band = bands.at(x, yy * 8);
      const line = Math.pow(lines.at(x, yy * 24), 3);
      const pore = pores.at(x, yy * 8);
      const t = 0.35 + band * 0.45 - line * 0.35 + (pore - 0.5) * 0.12;
      data[i] = 70 + t * 120;
      data[i + 1] = 30 + t * 62;
      data[i + 2] = 14 + t * 32;
      data[i + 3] = 255;
    }
  }
  return data;
}

/** The lamplight of the room: warm in the middle, dark at the edges of the view. */
const ROOM_GLOW: readonly GradientStop[] = [
  [0, hex('#3b2b1f')],
  [0.6, hex('#1f1610')],
  [1, hex('#0c0907')],
];

/** The room behind the table (`size` px square): warm lamplight fading to dark at the edges of the view. */
export function roomPixels(size: number, order: RowOrder): Uint8ClampedArray<ArrayBuffer> {
  const data = new Uint8ClampedArray(size * size * 4);
  const color: number[] = [];
  const cx = size / 2;
  const cy = size * 0.45;
  const radius = size * 0.75;
  for (let y = 0; y < size; y++) {
    let i = (order === 'top-down' ? y : size - 1 - y) * size * 4;
    for (let x = 0; x < size; x++, i += 4) {
      gradientAt(ROOM_GLOW, Math.hypot(x + 0.5 - cx, y + 0.5 - cy) / radius, color);
      data[i] = color[0]!;
      data[i + 1] = color[1]!;
      data[i + 2] = color[2]!;
      data[i + 3] = 255;
    }
  }
  return data;
}

/** The halo's ring: transparent in the middle, brightest just outside a die's footprint. */
const HALO_RING: readonly GradientStop[] = [
  [0, [255, 255, 255, 0]],
  [0.55, [255, 255, 255, 0.15]],
  [0.72, [255, 255, 255, 0.9]],
  [0.82, [255, 255, 255, 0.45]],
  [1, [255, 255, 255, 0]],
];

/**
 * A soft halo ring (white on transparent, `size` px square) for the glow under a held die:
 * transparent in the middle, brightest just outside the die's footprint, fading out at the edge.
 */
export function haloPixels(size: number): Uint8ClampedArray<ArrayBuffer> {
  const data = new Uint8ClampedArray(size * size * 4);
  const color: number[] = [];
  const c = size / 2;
  for (let y = 0, i = 0; y < size; y++) {
    for (let x = 0; x < size; x++, i += 4) {
      gradientAt(HALO_RING, Math.hypot(x + 0.5 - c, y + 0.5 - c) / c, color);
      data[i] = 255;
      data[i + 1] = 255;
      data[i + 2] = 255;
      data[i + 3] = color[3]! * 255;
    }
  }
  return data;
}

const SLOT_SHADE: Rgba = [0, 0, 0, 0.16];
const SLOT_LIP: Rgba = [255, 255, 255, 0.1];

/**
 * Presses faint squares into a felt picture (`width` x `height`, rows in `order`) where held dice
 * wait: `slots` in pixels from the picture's top-left (centre x, centre y, half side), each a darker
 * inset with rounded corners and a lighter lower lip.
 */
export function pressSlots(
  data: Uint8ClampedArray,
  width: number,
  height: number,
  order: RowOrder,
  slots: readonly (readonly [number, number, number])[],
): void {
  for (const [cx, cy, half] of slots) {
    const r = half * 0.25;
    const line = Math.max(1, half * 0.06);
    const x0 = Math.max(0, Math.floor(cx - half - 2));
    const x1 = Math.min(width, Math.ceil(cx + half + 2));
    const y0 = Math.max(0, Math.floor(cy - half - 2));
    const y1 = Math.min(height, Math.ceil(cy + half + line + 2));
    for (let y = y0; y < y1; y++) {
      const row = (order === 'top-down' ? y : height - 1 - y) * width * 4;
      for (let x = x0; x < x1; x++) {
        const i = row + x * 4;
        blend(data, i, SLOT_SHADE, coverageOf(roundedSquareDistance(x + 0.5, y + 0.5, cx, cy, half, r)));
        // The lip: the same outline a line lower, stroked `line` px wide.
        const edge = roundedSquareDistance(x + 0.5, y + 0.5, cx, cy + line, half, r);
        blend(data, i, SLOT_LIP, coverageOf(Math.abs(edge) - line / 2));
      }
    }
  }
}

/**
 * A soft shadow for a die on the felt (`size` px square, the same in either row order): black, its
 * alpha a rounded square (superellipse) darkest in the middle and fading out to the picture's edge.
 */
export function blobPixels(size: number): Uint8ClampedArray<ArrayBuffer> {
  const data = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = Math.abs(((x + 0.5) / size) * 2 - 1);
      const v = Math.abs(((y + 0.5) / size) * 2 - 1);
      const d = Math.pow(u ** 4 + v ** 4, 0.25); // 0 in the middle, 1 at the edge midpoints
      const a = 1 - smoothstep(d, 0.45, 1);
      data[(y * size + x) * 4 + 3] = Math.round(255 * a * a);
    }
  }
  return data;
}

/** 0 below `low`, 1 above `high`, smooth between (as GLSL's and three's smoothstep). */
function smoothstep(x: number, low: number, high: number): number {
  const t = Math.min(1, Math.max(0, (x - low) / (high - low)));
  return t * t * (3 - 2 * t);
}
