import * as THREE from 'three';

/** Half side of a die's blob shadow at its largest (DirtyRegions redraws this much around it). */
export const BLOB_MAX_HALF = 0.86;

/**
 * Where a die's shadow falls: the point of the felt (y = 0) hit by the ray from the die's centre away
 * from the light; written into `out` (its y is 0).
 */
export function blobCenter(
  center: THREE.Vector3,
  towardsLight: THREE.Vector3,
  out: THREE.Vector3,
): THREE.Vector3 {
  const t = towardsLight.y > 1e-3 ? center.y / towardsLight.y : 0;
  return out.set(center.x - towardsLight.x * t, 0, center.z - towardsLight.z * t);
}

/**
 * A soft shadow for a die on the felt: black, its alpha a rounded square (superellipse) darkest in
 * the middle and fading out to the edge of the texture.
 */
export function createBlobTexture(size = 64): THREE.DataTexture {
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = Math.abs(((x + 0.5) / size) * 2 - 1);
      const v = Math.abs(((y + 0.5) / size) * 2 - 1);
      const d = Math.pow(u ** 4 + v ** 4, 0.25); // 0 in the middle, 1 at the edge midpoints
      const a = 1 - THREE.MathUtils.smoothstep(d, 0.45, 1);
      data[(y * size + x) * 4 + 3] = Math.round(255 * a * a);
    }
  }
  const texture = new THREE.DataTexture(data, size, size);
  texture.generateMipmaps = true;
  texture.minFilter = THREE.LinearMipmapNearestFilter; // drawn every frame a die moves: keep it cheap
  texture.magFilter = THREE.LinearFilter;
  texture.needsUpdate = true;
  return texture;
}
