import { DIE_SIZE, TABLE } from './types.js';

/** A point on the table plane. */
export interface Spot {
  x: number;
  z: number;
}

/** Horizontal distance between die centres below which two dice could touch (cube diagonal plus a margin). */
export const DIE_CLEARANCE = DIE_SIZE * Math.SQRT2 + 0.2;

/** Distance kept between a spot and the inner face of the walls. */
const WALL_MARGIN = DIE_SIZE;

/** Candidate spots on the felt: a grid one clearance apart, clear of the walls, in a fixed order. */
export const FELT_SPOTS: readonly Spot[] = (() => {
  const spots: Spot[] = [];
  const halfW = TABLE.width / 2 - WALL_MARGIN;
  const halfD = TABLE.depth / 2 - WALL_MARGIN;
  const columns = Math.floor((2 * halfW) / DIE_CLEARANCE);
  const rows = Math.floor((2 * halfD) / DIE_CLEARANCE);
  for (let row = 0; row <= rows; row++) {
    for (let column = 0; column <= columns; column++) {
      spots.push({ x: -halfW + (column * 2 * halfW) / columns, z: -halfD + (row * 2 * halfD) / rows });
    }
  }
  return spots;
})();

/** cannon-es's `Body.DYNAMIC`: a die in play (written out, so that the page needs no cannon-es body). */
export const IN_PLAY = 1;

/** A die as the spots see it: where it lies, and whether it is in play (only those take up felt). */
export interface FeltDie {
  readonly position: { readonly x: number; readonly z: number };
  /** IN_PLAY for a die on the felt; anything else (a held die) takes no spot. */
  readonly type: number;
}

/** True when no other die in the throw (dynamic bodies other than `self`) is within DIE_CLEARANCE of (x, z). */
export function isSpotFree(x: number, z: number, dice: readonly FeltDie[], self: number): boolean {
  for (let i = 0; i < dice.length; i++) {
    const other = dice[i]!;
    if (i === self || other.type !== IN_PLAY) continue;
    const dx = other.position.x - x;
    const dz = other.position.z - z;
    if (dx * dx + dz * dz < DIE_CLEARANCE * DIE_CLEARANCE) return false;
  }
  return true;
}

/**
 * The free felt spot nearest to (preferX, preferZ), for die `self` among `dice`; the preferred point
 * itself when it is free and inside the felt. Deterministic: ties go to the earlier grid spot.
 */
export function freeFeltSpot(
  dice: readonly FeltDie[],
  self: number,
  preferX: number,
  preferZ: number,
  out: Spot,
): Spot {
  const insideX = Math.abs(preferX) <= TABLE.width / 2 - WALL_MARGIN;
  const insideZ = Math.abs(preferZ) <= TABLE.depth / 2 - WALL_MARGIN;
  if (insideX && insideZ && isSpotFree(preferX, preferZ, dice, self)) {
    out.x = preferX;
    out.z = preferZ;
    return out;
  }
  let best: Spot | null = null;
  let bestDistance = Infinity;
  for (const spot of FELT_SPOTS) {
    const distance = (spot.x - preferX) ** 2 + (spot.z - preferZ) ** 2;
    if (distance < bestDistance && isSpotFree(spot.x, spot.z, dice, self)) {
      best = spot;
      bestDistance = distance;
    }
  }
  // Five dice can never fill the grid, but fall back to the middle rather than fail.
  out.x = best ? best.x : 0;
  out.z = best ? best.z : 0;
  return out;
}
