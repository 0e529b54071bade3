import * as THREE from 'three';
import { paintOnce, type PaintedTexture } from './TableWorker.js';
import type { PictureJob } from './picture-jobs.js';

/** Resolution of a quick texture, as a share of the full one's. */
const QUICK_SCALE = 0.5;

/**
 * A picture of the table as two textures, made blank and painted when first needed: a quick one for
 * the first frame, at half the resolution (a quarter of the pixels to work out) holding sRGB bytes as
 * they are (for VertexLitMaterial), filtered bilinearly (no mipmaps to make, one lookup a sample);
 * and the full one, decoded from sRGB, trilinear and anisotropic.
 */
export interface TablePicture {
  readonly quick: PaintedTexture;
  readonly full: PaintedTexture;
}

/**
 * The two textures of a `width` x `height` picture of `job` (data textures are not flipped on upload,
 * hence rows bottom-up), wrapping as `wrap`.
 */
function picture(
  width: number,
  height: number,
  anisotropy: number,
  wrap: THREE.Wrapping,
  job: PictureJob,
): TablePicture {
  const texture = (scale: number): THREE.DataTexture => {
    const w = Math.round(width * scale);
    const h = Math.round(height * scale);
    const made = new THREE.DataTexture(new Uint8Array(w * h * 4), w, h);
    made.wrapS = wrap;
    made.wrapT = wrap;
    made.magFilter = THREE.LinearFilter;
    return made;
  };
  const quick = texture(QUICK_SCALE);
  quick.minFilter = THREE.LinearFilter;
  const full = texture(1);
  full.colorSpace = THREE.SRGBColorSpace;
  full.minFilter = THREE.LinearMipmapLinearFilter;
  full.generateMipmaps = true;
  // Only drawn on full frames (then kept as the backdrop), so filtering can be generous.
  full.anisotropy = anisotropy;
  return {
    quick: { texture: quick, paint: paintOnce(quick, job, QUICK_SCALE) },
    full: { texture: full, paint: paintOnce(full, job, 1) },
  };
}

/**
 * The felt of the play area as one picture (`width` x `height` px for the whole felt): see
 * feltPixels; `slots` (pixels from the top-left: centre x, centre y, half side) pressed into it.
 */
export function feltPicture(
  width = 1024,
  height = 683,
  edgeShade = 0.32,
  slots: readonly (readonly [number, number, number])[] = [],
): TablePicture {
  return picture(width, height, 4, THREE.ClampToEdgeWrapping, { kind: 'felt', edgeShade, slots });
}

/**
 * Tileable wood along U (see woodPixels), in warm varnished mahogany. Meant to be mapped with
 * boxUvsInUnits so the grain keeps one scale.
 */
export function woodPicture(width = 512, height = 256): TablePicture {
  return picture(width, height, 2, THREE.RepeatWrapping, { kind: 'wood' });
}

/** A square picture of `job`, `size` px a side, made blank now and painted later. */
function squarePicture(
  size: number,
  job: PictureJob,
  setUp: (texture: THREE.DataTexture) => void,
): PaintedTexture {
  const texture = new THREE.DataTexture(new Uint8Array(size * size * 4), size, size);
  texture.magFilter = THREE.LinearFilter;
  texture.generateMipmaps = true;
  setUp(texture);
  return { texture, paint: paintOnce(texture, job, 1) };
}

/** The room behind the table (see roomPixels), for RoomBackground. */
export function roomPicture(size = 128): PaintedTexture {
  return squarePicture(size, { kind: 'room' }, (texture) => {
    texture.colorSpace = THREE.SRGBColorSpace;
    texture.minFilter = THREE.LinearMipmapLinearFilter;
  });
}

/** The halo under a held die (see haloPixels): white and alpha only, nothing to decode. */
export function haloPicture(size = 128): PaintedTexture {
  // The nearest mip level: it is drawn while dice move.
  return squarePicture(size, { kind: 'halo' }, (texture) => {
    texture.minFilter = THREE.LinearMipmapNearestFilter;
  });
}

/** A die's blob shadow (see blobPixels): black, alpha only. */
export function blobPicture(size = 64): PaintedTexture {
  // Drawn every frame a die moves: the nearest mip level keeps it cheap.
  return squarePicture(size, { kind: 'blob' }, (texture) => {
    texture.minFilter = THREE.LinearMipmapNearestFilter;
  });
}
