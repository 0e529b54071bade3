import { describe, expect, it } from 'vitest';
import { ATLAS_COLUMNS, ATLAS_ROWS, dieAtlasPixels } from './die-pixels.js';

const COLORS = { body: '#f4ecdc', pip: '#1d1a22' };

/** Dark connected blobs in a cell of the atlas (a flood fill over dark pixels). */
function pipsIn(data: Uint8ClampedArray, width: number, cell: number, face: number): number {
  const left = ((face - 1) % ATLAS_COLUMNS) * cell;
  const top = Math.floor((face - 1) / ATLAS_COLUMNS) * cell;
  const seen = new Set<number>();
  const dark = (x: number, y: number): boolean => data[(y * width + x) * 4]! < 100;
  let blobs = 0;
  for (let y = top; y < top + cell; y++) {
    for (let x = left; x < left + cell; x++) {
      if (!dark(x, y) || seen.has(y * width + x)) continue;
      blobs++;
      const stack = [[x, y]];
      while (stack.length) {
        const [px, py] = stack.pop()!;
        const key = py! * width + px!;
        if (px! < left || px! >= left + cell || py! < top || py! >= top + cell) continue;
        if (seen.has(key) || !dark(px!, py!)) continue;
        seen.add(key);
        stack.push([px! + 1, py!], [px! - 1, py!], [px!, py! + 1], [px!, py! - 1]);
      }
    }
  }
  return blobs;
}

describe('die atlas', () => {
  it('shows each face with its number of pips on ivory', () => {
    const cell = 64;
    const width = cell * ATLAS_COLUMNS;
    const data = dieAtlasPixels(cell, 0.8, COLORS, 'top-down');
    expect(data.length).toBe(width * cell * ATLAS_ROWS * 4);
    for (let face = 1; face <= 6; face++) expect(pipsIn(data, width, cell, face)).toBe(face);
    // The corner of a cell is the body colour under the outer shade (10 % of a warm brown).
    expect(data[0]).toBe(Math.round(0xf4 * 0.9 + 120 * 0.1));
    expect(data[3]).toBe(255);
  });

  it('puts face 1 in the top-left cell, the way the die geometry reads it (rows bottom-up on upload)', () => {
    const cell = 32;
    const width = cell * ATLAS_COLUMNS;
    const height = cell * ATLAS_ROWS;
    const topDown = dieAtlasPixels(cell, 0.8, COLORS, 'top-down');
    const bottomUp = dieAtlasPixels(cell, 0.8, COLORS, 'bottom-up');
    const centreOfFace1 = (cell / 2) * width + cell / 2;
    expect(topDown[centreOfFace1 * 4]).toBeLessThan(100);
    expect(bottomUp[((height - 1 - cell / 2) * width + cell / 2) * 4]).toBeLessThan(100);
  });
});
