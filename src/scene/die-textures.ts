import * as THREE from 'three';
import { paintOnce, type PaintedTexture } from './TableWorker.js';
import { ATLAS_COLUMNS, ATLAS_ROWS, DEFAULT_COLORS, type DieColors } from './die-pixels.js';

/**
 * The six faces of a die as one atlas (see ATLAS_COLUMNS/ATLAS_ROWS), so a die is one draw call with
 * one texture. `cellPerUnit` is the share of a cell that one die edge of the flat face covers:
 * RoundedBoxGeometry stretches the flat face over the middle of its UV square and the rounded edges
 * over the border, so pips are placed in face units around the centre and the border stays ivory.
 */
export function createDieAtlas(
  cell: number,
  cellPerUnit: number,
  colors: DieColors = DEFAULT_COLORS,
): PaintedTexture {
  const width = cell * ATLAS_COLUMNS;
  const height = cell * ATLAS_ROWS;
  const texture = new THREE.DataTexture(new Uint8Array(width * height * 4), width, height);
  // sRGB bytes kept as they are (VertexLitMaterial lights them in sRGB); trilinear and anisotropic filtering
  // and per-texel decoding cost dearly in software WebGL, where a rolling die is redrawn every frame.
  texture.colorSpace = THREE.NoColorSpace;
  texture.magFilter = THREE.LinearFilter;
  texture.minFilter = THREE.LinearMipmapNearestFilter;
  texture.generateMipmaps = true;
  // Bottom-up rows (drawPicture's): the texture is not flipped on upload, as a canvas' would be.
  return { texture, paint: paintOnce(texture, { kind: 'dice', cellPerUnit, colors }, 1) };
}
