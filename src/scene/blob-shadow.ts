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
