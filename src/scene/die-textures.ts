import * as THREE from 'three';

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

const DEFAULT_COLORS: DieColors = { body: '#f4ecdc', pip: '#1d1a22' };

/**
 * Draws the six faces of a die into one canvas atlas (see ATLAS_COLUMNS/ATLAS_ROWS), so a die is one
 * draw call with one texture. `cellPerUnit` is the share of a cell that one die edge of the flat face
 * covers: RoundedBoxGeometry stretches the flat face over the middle of its UV square and the rounded
 * edges over the border, so pips are placed in face units around the centre and the border stays ivory.
 */
export function createDieAtlas(
  cell: number,
  cellPerUnit: number,
  colors: DieColors = DEFAULT_COLORS,
): THREE.CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = cell * ATLAS_COLUMNS;
  canvas.height = cell * ATLAS_ROWS;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas unavailable');
  for (let face = 1; face <= 6; face++) {
    const x0 = ((face - 1) % ATLAS_COLUMNS) * cell;
    const y0 = Math.floor((face - 1) / ATLAS_COLUMNS) * cell;
    drawFace(ctx, face, x0, y0, cell, cell * cellPerUnit, colors);
  }
  // sRGB bytes kept as they are (DieMaterial lights them in sRGB); trilinear and anisotropic filtering
  // and per-texel decoding cost dearly in software WebGL, where a rolling die is redrawn every frame.
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.NoColorSpace;
  texture.minFilter = THREE.LinearMipmapNearestFilter;
  return texture;
}

function drawFace(
  ctx: CanvasRenderingContext2D,
  face: number,
  x0: number,
  y0: number,
  cell: number,
  unit: number,
  colors: DieColors,
): void {
  ctx.fillStyle = colors.body;
  ctx.fillRect(x0, y0, cell, cell);
  const cx = x0 + cell / 2;
  const cy = y0 + cell / 2;
  // A faint darkening towards the edge of the flat part, as an ivory die shows under a warm lamp.
  const shade = ctx.createRadialGradient(cx, cy, unit * 0.25, cx, cy, unit * 0.75);
  shade.addColorStop(0, 'rgba(255,255,255,0.06)');
  shade.addColorStop(1, 'rgba(120,90,50,0.10)');
  ctx.fillStyle = shade;
  ctx.fillRect(x0, y0, cell, cell);

  const radius = unit * (face === 1 ? 0.115 : 0.085);
  for (const [px, py] of PIPS[face]!) {
    const x = cx + px * unit;
    const y = cy + py * unit;
    // A drilled pip: dark, with a lighter lower rim where the lamp catches the hollow.
    const pip = ctx.createRadialGradient(x - radius * 0.25, y - radius * 0.3, radius * 0.1, x, y, radius);
    pip.addColorStop(0, colors.pip);
    pip.addColorStop(0.8, colors.pip);
    pip.addColorStop(1, '#5a5148');
    ctx.fillStyle = pip;
    ctx.beginPath();
    ctx.arc(x, y, radius, 0, Math.PI * 2);
    ctx.fill();
  }
}
