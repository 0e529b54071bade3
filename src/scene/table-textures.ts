import * as THREE from 'three';

/** A small deterministic hash noise in 0..1, so the table looks the same on every load and screenshot. */
function hash(x: number, y: number, seed: number): number {
  let h = (x * 374761393 + y * 668265263 + seed * 982451653) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth value noise in 0..1 at (x, y) with cells of `cell` pixels, wrapping along x every `period` cells. */
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

function textureOf(canvas: HTMLCanvasElement, anisotropy: number): THREE.CanvasTexture {
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.wrapS = THREE.RepeatWrapping;
  texture.wrapT = THREE.RepeatWrapping;
  // Only drawn on full frames (then kept as the backdrop), so filtering can be generous.
  texture.anisotropy = anisotropy;
  return texture;
}

/**
 * The felt of the play area as one picture (`width` x `height` px for the whole felt): a fine grain
 * of fibres over a faint mottle, in grey around white so the material's colour tints it, darkening
 * towards the walls as felt does in the lee of a rim. `decorate` may draw on it before it is used.
 */
export function createFeltTexture(
  width = 1024,
  height = 683,
  edgeShade = 0.32,
  decorate?: (ctx: CanvasRenderingContext2D) => void,
): THREE.CanvasTexture {
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
  decorate?.(ctx);
  const texture = textureOf(canvas, 4);
  texture.wrapS = THREE.ClampToEdgeWrapping;
  texture.wrapT = THREE.ClampToEdgeWrapping;
  return texture;
}

/**
 * Tileable wood along U: long straight grain of thin dark lines over broader bands, slightly wavy,
 * in warm varnished mahogany. Meant to be mapped with boxUvsInUnits so the grain keeps one scale.
 */
export function createWoodTexture(width = 512, height = 256): THREE.CanvasTexture {
  const [canvas, ctx] = canvasOf(width, height);
  const image = ctx.createImageData(width, height);
  // Noise stretched along U: cells `long` px along the grain and long / squash px across it.
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
      image.data[i] = 70 + t * 120;
      image.data[i + 1] = 30 + t * 62;
      image.data[i + 2] = 14 + t * 32;
      image.data[i + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
  return textureOf(canvas, 2);
}

/** The room behind the table: warm lamplight fading to dark at the edges of the view. */
export function createRoomTexture(size = 256): THREE.CanvasTexture {
  const [canvas, ctx] = canvasOf(size, size);
  const glow = ctx.createRadialGradient(size / 2, size * 0.45, 0, size / 2, size * 0.45, size * 0.75);
  glow.addColorStop(0, '#3b2b1f');
  glow.addColorStop(0.6, '#1f1610');
  glow.addColorStop(1, '#0c0907');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, size, size);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
}

/**
 * Faint pressed squares on the ledge felt where held dice wait: `slots` in texture pixels (centre
 * x, centre y, half side), drawn as a darker inset with a lighter lower lip.
 */
export function drawSlots(ctx: CanvasRenderingContext2D, slots: readonly [number, number, number][]): void {
  for (const [x, y, half] of slots) {
    ctx.fillStyle = 'rgba(0,0,0,0.16)';
    roundedSquare(ctx, x, y, half, half * 0.25);
    ctx.fill();
    ctx.strokeStyle = 'rgba(255,255,255,0.10)';
    ctx.lineWidth = Math.max(1, half * 0.06);
    roundedSquare(ctx, x, y + ctx.lineWidth, half, half * 0.25);
    ctx.stroke();
  }
}

function roundedSquare(ctx: CanvasRenderingContext2D, x: number, y: number, half: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x - half, y - half, 2 * half, 2 * half, r);
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
  // White and alpha only: nothing to decode; nearest mip level, as it is drawn while dice move.
  const texture = new THREE.CanvasTexture(canvas);
  texture.minFilter = THREE.LinearMipmapNearestFilter;
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
