import * as THREE from 'three';

/** A small deterministic hash noise in 0..1, so the table looks the same on every load and screenshot. */
function hash(x: number, y: number, seed: number): number {
  let h = (x * 374761393 + y * 668265263 + seed * 982451653) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth value noise in 0..1 at (x, y) with cells of `cell` pixels, wrapping every `period` cells. */
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

function canvasOf(width: number, height: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas unavailable');
  return [canvas, ctx];
}

function textureOf(canvas: HTMLCanvasElement): THREE.CanvasTexture {
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.wrapS = THREE.RepeatWrapping;
  texture.wrapT = THREE.RepeatWrapping;
  // Only drawn on full frames (then kept as the backdrop), so filtering can be generous.
  texture.anisotropy = 8;
  return texture;
}

/**
 * The felt of the play area as one picture (`width` x `height` px for the whole felt): a fine grain
 * of fibres over a faint mottle, in grey around white so the material's colour tints it, darkening
 * towards the walls as felt does in the lee of a rim.
 */
export function createFeltTexture(width = 1024, height = 683, edgeShade = 0.32): THREE.CanvasTexture {
  const [canvas, ctx] = canvasOf(width, height);
  const image = ctx.createImageData(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const mottle = valueNoise(x, y, 48, 1 << 20, 7) - 0.5;
      const grain = hash(x, y, 3) - 0.5;
      // Distance to the nearest wall, as a share of the shorter side.
      const edge = Math.min(x, y, width - 1 - x, height - 1 - y) / height;
      const shade = 1 - edgeShade * Math.pow(1 - Math.min(1, edge / 0.22), 2);
      const v = (226 + mottle * 20 + grain * 22) * shade;
      const i = (y * width + x) * 4;
      image.data[i] = v;
      image.data[i + 1] = v;
      image.data[i + 2] = v;
      image.data[i + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
  const texture = textureOf(canvas);
  texture.wrapS = THREE.ClampToEdgeWrapping;
  texture.wrapT = THREE.ClampToEdgeWrapping;
  return texture;
}

/**
 * Tileable wood along U: long, slightly wavy grain lines and pores in warm varnished mahogany, with a
 * faint figure. Meant to be mapped with boxUvsInUnits so the grain keeps one scale on every board.
 */
export function createWoodTexture(width = 512, height = 256): THREE.CanvasTexture {
  const [canvas, ctx] = canvasOf(width, height);
  const image = ctx.createImageData(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Grain lines run along U; slow noise bends them a little so they are not ruled.
      const bend = (valueNoise(x, y, 128, width / 128, 11) - 0.5) * 10;
      const lines = valueNoise(x, (y + bend) * 6, 96, width / 96, 23); // long streaks, thin across
      const fine = valueNoise(x, (y + bend) * 24, 24, width / 24, 5);
      const figure = valueNoise(x, y, 64, width / 64, 31);
      const t = 0.55 + (lines - 0.5) * 0.55 + (fine - 0.5) * 0.25 + (figure - 0.5) * 0.2;
      const i = (y * width + x) * 4;
      image.data[i] = 96 + t * 84;
      image.data[i + 1] = 46 + t * 44;
      image.data[i + 2] = 24 + t * 22;
      image.data[i + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
  return textureOf(canvas);
}

/**
 * A soft halo ring (white on transparent) for the glow under a held die: transparent in the middle,
 * brightest just outside the die's footprint, fading out at the edge of the square.
 */
export function createHaloTexture(size = 128): THREE.CanvasTexture {
  const [canvas, ctx] = canvasOf(size, size);
  const c = size / 2;
  const glow = ctx.createRadialGradient(c, c, 0, c, c, c);
  glow.addColorStop(0, 'rgba(255,255,255,0)');
  glow.addColorStop(0.55, 'rgba(255,255,255,0.15)');
  glow.addColorStop(0.72, 'rgba(255,255,255,0.9)');
  glow.addColorStop(0.82, 'rgba(255,255,255,0.45)');
  glow.addColorStop(1, 'rgba(255,255,255,0)');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, size, size);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
}

/**
 * Replaces a box-like geometry's UVs by its positions in world units divided by `unitsPerRepeat`,
 * projected along the dominant axis of each vertex normal, so a tiling texture keeps one scale on
 * boards of any size (grain along X on X-long boards, along Z on Z-long ones).
 */
export function boxUvsInUnits(geometry: THREE.BufferGeometry, unitsPerRepeat: number, offset = 0): void {
  const position = geometry.getAttribute('position');
  const normal = geometry.getAttribute('normal');
  const uv = geometry.getAttribute('uv');
  geometry.computeBoundingBox();
  const size = geometry.boundingBox!.getSize(new THREE.Vector3());
  const alongX = size.x >= size.z;
  for (let i = 0; i < position.count; i++) {
    const x = position.getX(i);
    const y = position.getY(i);
    const z = position.getZ(i);
    const ax = Math.abs(normal.getX(i));
    const ay = Math.abs(normal.getY(i));
    const az = Math.abs(normal.getZ(i));
    const along = alongX ? x : z;
    let across: number;
    if (ay >= ax && ay >= az) across = alongX ? z : x;
    else across = y + (alongX ? z : x) * 0.37; // sides and ends: height, shifted so faces do not match up
    uv.setXY(i, along / unitsPerRepeat + offset, across / unitsPerRepeat);
  }
  uv.needsUpdate = true;
}
