import { describe, expect, it } from 'vitest';
import {
  blobPixels,
  feltPixels,
  haloPixels,
  hash,
  pressSlots,
  roomPixels,
  woodPixels,
} from './table-pixels.js';

// The pictures as they were first drawn, one noise evaluation per pixel: the fast versions must give
// exactly these bytes, so the table looks the same as in every earlier screenshot.
function valueNoise(x: number, y: number, cell: number, period: number, seed: number): number {
  const gx = x / cell;
  const gy = y / cell;
  const x0 = Math.floor(gx);
  const y0 = Math.floor(gy);
  const fx = gx - x0;
  const fy = gy - y0;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const at = (i: number, j: number): number =>
    hash(((i % period) + period) % period, ((j % period) + period) % period, seed);
  const top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * sx;
  const bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * sx;
  return top + (bottom - top) * sy;
}

function referenceFelt(width: number, height: number, edgeShade: number): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const mottle = valueNoise(x, y, 48, 1 << 20, 7) - 0.5;
      const grain = hash(x, y, 3) - 0.5;
      const edge = Math.min(x, y, width - 1 - x, height - 1 - y) / height;
      const shade = 1 - edgeShade * Math.pow(1 - Math.min(1, edge / 0.22), 2);
      const v = (226 + mottle * 20 + grain * 22) * shade;
      const i = (y * width + x) * 4;
      data[i] = v;
      data[i + 1] = v;
      data[i + 2] = v;
      data[i + 3] = 255;
    }
  }
  return data;
}

function referenceWood(width: number, height: number): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * height * 4);
  const streak = (x: number, y: number, long: number, squash: number, seed: number): number =>
    valueNoise(x, y * squash, long, width / long, seed);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const yy = y + (valueNoise(x, y, 128, width / 128, 11) - 0.5) * 12;
      const bands = streak(x, yy, 128, 8, 23);
      const lines = Math.pow(streak(x, yy, 64, 24, 5), 3);
      const pores = streak(x, yy, 16, 8, 41);
      const t = 0.35 + bands * 0.45 - lines * 0.35 + (pores - 0.5) * 0.12;
      const i = (y * width + x) * 4;
      data[i] = 70 + t * 120;
      data[i + 1] = 30 + t * 62;
      data[i + 2] = 14 + t * 32;
      data[i + 3] = 255;
    }
  }
  return data;
}

/** The rows of an RGBA picture in the opposite order. */
function flipped(data: Uint8ClampedArray, width: number, height: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(data.length);
  const row = width * 4;
  for (let y = 0; y < height; y++) out.set(data.subarray(y * row, (y + 1) * row), (height - 1 - y) * row);
  return out;
}

/** Index of the first byte where the two differ, or -1 (a readable failure for large arrays). */
function firstDifference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  if (a.length !== b.length) return 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

describe('table pictures', () => {
  it('draws the play felt byte for byte as the per-pixel noise does', () => {
    expect(firstDifference(feltPixels(1024, 683, 0.32, 'top-down'), referenceFelt(1024, 683, 0.32))).toBe(-1);
  });

  it('draws the ledge felt and odd sizes byte for byte too', () => {
    expect(firstDifference(feltPixels(1024, 126, 0.2, 'top-down'), referenceFelt(1024, 126, 0.2))).toBe(-1);
    expect(firstDifference(feltPixels(97, 50, 0.5, 'top-down'), referenceFelt(97, 50, 0.5))).toBe(-1);
  });

  it('draws the wood byte for byte as the per-pixel noise does', () => {
    expect(firstDifference(woodPixels(512, 256, 'top-down'), referenceWood(512, 256))).toBe(-1);
  });

  it('lays rows bottom-up when asked, for textures uploaded without flipping', () => {
    const top = woodPixels(256, 40, 'top-down');
    expect(firstDifference(woodPixels(256, 40, 'bottom-up'), flipped(top, 256, 40))).toBe(-1);
    const felt = feltPixels(64, 30, 0.3, 'top-down');
    expect(firstDifference(feltPixels(64, 30, 0.3, 'bottom-up'), flipped(felt, 64, 30))).toBe(-1);
  });

  it('refuses a wood width that does not tile', () => {
    expect(() => woodPixels(500, 8, 'top-down')).toThrow(RangeError);
  });

  it('lights the room warmest just above the middle and darkest in the corners', () => {
    const size = 64;
    const room = roomPixels(size, 'top-down');
    const at = (x: number, y: number): number[] => [
      ...room.subarray((y * size + x) * 4, (y * size + x) * 4 + 4),
    ];
    at(32, 29).forEach((v, k) => expect(Math.abs(v - [0x3b, 0x2b, 0x1f, 255][k]!)).toBeLessThanOrEqual(2));
    const corner = at(0, 63);
    expect(corner[0]).toBeLessThanOrEqual(0x0c + 1);
    expect(corner[3]).toBe(255);
    expect(at(32, 29)[0]!).toBeGreaterThan(at(32, 0)[0]!);
  });

  it('rings the halo: clear in the middle and at the edge, brightest between', () => {
    const size = 100;
    const halo = haloPixels(size);
    const alpha = (x: number, y: number): number => halo[(y * size + x) * 4 + 3]!;
    expect(alpha(50, 50)).toBeLessThanOrEqual(1);
    expect(alpha(50, 0)).toBeLessThan(10);
    expect(alpha(0, 0)).toBe(0);
    expect(alpha(50 + 36, 50)).toBeGreaterThan(200);
    expect(halo[(50 * size + 86) * 4]).toBe(255);
  });

  it('shades the blob darkest in the middle, clear at the edge, black throughout, the same both ways up', () => {
    const size = 64;
    const blob = blobPixels(size);
    const alpha = (x: number, y: number): number => blob[(y * size + x) * 4 + 3]!;
    expect(alpha(32, 32)).toBe(255);
    expect(alpha(0, 0)).toBe(0);
    expect(alpha(32, 0)).toBeLessThan(5);
    expect(alpha(32, 16)).toBeGreaterThan(alpha(32, 8));
    expect(blob.every((value, i) => i % 4 === 3 || value === 0)).toBe(true);
    expect(firstDifference(blob, flipped(blob, size, size))).toBe(-1);
  });

  it('presses slots in: darker inside, a lighter lip below, the felt untouched around', () => {
    const [w, h] = [80, 60];
    const grey = (): Uint8ClampedArray =>
      new Uint8ClampedArray(w * h * 4).map((_, i) => (i % 4 === 3 ? 255 : 200));
    const data = grey();
    pressSlots(data, w, h, 'top-down', [[40, 28, 15]]);
    const at = (x: number, y: number): number => data[(y * w + x) * 4]!;
    expect(at(40, 28)).toBe(Math.round(200 * 0.84));
    expect(at(40, 28 + 15 + 1)).toBeGreaterThan(200);
    expect(at(5, 5)).toBe(200);
    expect(data[(28 * w + 40) * 4 + 3]).toBe(255);
    // Bottom-up rows hold the same picture upside down.
    const flippedData = grey();
    pressSlots(flippedData, w, h, 'bottom-up', [[40, 28, 15]]);
    expect(firstDifference(flippedData, flipped(data, w, h))).toBe(-1);
  });
});
