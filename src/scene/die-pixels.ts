import { blend, conicalT, coverageOf, gradientAt, hex, type GradientStop } from './pixel-paint.js';
import type { RowOrder } from './table-pixels.js';

/*
 * The dice's picture as plain pixels (no three.js), so that it is painted alike on the page's thread
 * and on the table's worker (table-pixels.worker.ts); die-textures.ts makes it a texture.
 */

/** Atlas layout: faces 1..6 in a 3 x 2 grid of square cells, face f in cell f - 1 (row-major, top row first). */
export const ATLAS_COLUMNS = 3;
/** Rows of the atlas grid. */
export const ATLAS_ROWS = 2;

/** Pip centres of each face in face units (-0.5..0.5 across the face), standard Western layouts. */
const PIPS: readonly (readonly [number, number][])[] = (() => {
  const o = 0.25;
  const c: [number, number] = [0, 0];
  const tl: [number, number] = [-o, -o];
  const tr: [number, number] = [o, -o];
  const bl: [number, number] = [-o, o];
  const br: [number, number] = [o, o];
  const ml: [number, number] = [-o, 0];
  const mr: [number, number] = [o, 0];
  return [[], [c], [tl, br], [tl, c, br], [tl, tr, bl, br], [tl, tr, c, bl, br], [tl, tr, ml, mr, bl, br]];
})();

/** Colours of the die body and its pips (sRGB). */
export interface DieColors {
  body: string;
  pip: string;
}

export const DEFAULT_COLORS: DieColors = { body: '#f4ecdc', pip: '#1d1a22' };

/** A face's faint darkening towards the edge of its flat part, as an ivory die shows under a warm lamp. */
const FACE_SHADE: readonly GradientStop[] = [
  [0, [255, 255, 255, 0.06]],
  [1, [120, 90, 50, 0.1]],
];

/** The atlas of `createDieAtlas` as RGBA bytes, rows in `order`. */
export function dieAtlasPixels(
  cell: number,
  cellPerUnit: number,
  colors: DieColors,
  order: RowOrder,
): Uint8ClampedArray<ArrayBuffer> {
  const width = cell * ATLAS_COLUMNS;
  const height = cell * ATLAS_ROWS;
  const data = new Uint8ClampedArray(width * height * 4);
  const unit = cell * cellPerUnit;
  const color: number[] = [];
  // Every face is the same shaded ivory under its pips: one cell worked out, copied to all six. The
  // shade is round, so a quarter of the cell is worked out and mirrored into the others.
  const face = new Uint8ClampedArray(cell * cell * 4);
  const body = hex(colors.body);
  const c = cell / 2;
  const row = cell * 4;
  for (let y = 0; y < Math.ceil(c); y++) {
    for (let x = 0; x < Math.ceil(c); x++) {
      const t = (Math.hypot(x + 0.5 - c, y + 0.5 - c) - unit * 0.25) / (unit * 0.5);
      gradientAt(FACE_SHADE, t, color);
      const a = color[3]!;
      const r = body[0] + (color[0]! - body[0]) * a;
      const g = body[1] + (color[1]! - body[1]) * a;
      const b = body[2] + (color[2]! - body[2]) * a;
      const left = x * 4;
      const right = (cell - 1 - x) * 4;
      for (const i of [
        y * row + left,
        y * row + right,
        (cell - 1 - y) * row + left,
        (cell - 1 - y) * row + right,
      ]) {
        face[i] = r;
        face[i + 1] = g;
        face[i + 2] = b;
        face[i + 3] = 255;
      }
    }
  }
  // A drilled pip: dark, with a lighter lower rim where the lamp catches the hollow.
  const pipStops: GradientStop[] = [
    [0, hex(colors.pip)],
    [0.8, hex(colors.pip)],
    [1, hex('#5a5148')],
  ];
  for (let f = 1; f <= 6; f++) {
    const left = ((f - 1) % ATLAS_COLUMNS) * cell;
    const top = Math.floor((f - 1) / ATLAS_COLUMNS) * cell;
    const rowOf = (y: number): number => (order === 'top-down' ? y : height - 1 - y) * width * 4;
    for (let y = 0; y < cell; y++)
      data.set(face.subarray(y * cell * 4, (y + 1) * cell * 4), rowOf(top + y) + left * 4);
    const r = unit * (f === 1 ? 0.115 : 0.085);
    for (const [u, v] of PIPS[f]!) {
      const px = left + c + u * unit;
      const py = top + c + v * unit;
      for (let y = Math.floor(py - r - 1); y <= Math.ceil(py + r + 1); y++) {
        for (let x = Math.floor(px - r - 1); x <= Math.ceil(px + r + 1); x++) {
          const coverage = coverageOf(Math.hypot(x + 0.5 - px, y + 0.5 - py) - r);
          if (coverage === 0) continue;
          const t = conicalT(x + 0.5, y + 0.5, px - r * 0.25, py - r * 0.3, r * 0.1, px, py, r);
          blend(data, rowOf(y) + x * 4, gradientAt(pipStops, t, color), coverage);
        }
      }
    }
  }
  return data;
}
