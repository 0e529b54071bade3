import * as CANNON from 'cannon-es';
import { DIE_SIZE } from './types.js';

/** Radius of the sphere around a die: half its space diagonal. */
const DIE_RADIUS = (DIE_SIZE * Math.sqrt(3)) / 2;
const TWO_RADII_SQUARED = 4 * DIE_RADIUS * DIE_RADIUS;
const { SLEEPING, STATIC } = CANNON.Body;

/**
 * A broadphase that knows the table: a few dice on a floor inside four axis-aligned walls. It pairs
 * each die in play with the floor when it is low enough to touch it, with a wall when its bounding
 * sphere reaches the wall's box, and with another die when their spheres overlap: a handful of
 * subtractions per pair, where cannon-es's NaiveBroadphase recomputes every die's rotated bounding box
 * each step and tests every pair of bodies. Pairs come out in a fixed order, so results stay
 * deterministic. Held dice (static) and resting dice (asleep) add no pairs of their own.
 */
export class DiceBroadphase extends CANNON.Broadphase {
  private readonly wallBoxes: Float64Array;

  /** A broadphase over `dice`, resting on the plane `floor` (y = 0) and boxed in by `walls`. */
  constructor(
    private readonly dice: readonly CANNON.Body[],
    private readonly floor: CANNON.Body,
    private readonly walls: readonly CANNON.Body[],
  ) {
    super();
    // Walls are static and axis-aligned: keep their boxes as min/max x, y, z.
    this.wallBoxes = new Float64Array(walls.length * 6);
    walls.forEach((wall, i) => {
      wall.updateAABB();
      const { lowerBound: lo, upperBound: hi } = wall.aabb;
      this.wallBoxes.set([lo.x, lo.y, lo.z, hi.x, hi.y, hi.z], i * 6);
    });
  }

  /** Fills `pairs1` / `pairs2` with the pairs of bodies that may touch. */
  override collisionPairs(_world: CANNON.World, pairs1: CANNON.Body[], pairs2: CANNON.Body[]): void {
    const { dice, walls, wallBoxes: w } = this;
    for (let i = 0; i < dice.length; i++) {
      const a = dice[i]!;
      if (a.type === STATIC) continue;
      const awake = a.sleepState !== SLEEPING;
      const { x, y, z } = a.position;
      if (awake) {
        if (y < DIE_RADIUS) {
          pairs1.push(this.floor);
          pairs2.push(a);
        }
        for (let k = 0; k < walls.length; k++) {
          const o = k * 6;
          // Distance from the die's centre to the wall's box.
          const dx = Math.max(w[o]! - x, 0, x - w[o + 3]!);
          const dy = Math.max(w[o + 1]! - y, 0, y - w[o + 4]!);
          const dz = Math.max(w[o + 2]! - z, 0, z - w[o + 5]!);
          if (dx * dx + dy * dy + dz * dz < DIE_RADIUS * DIE_RADIUS) {
            pairs1.push(walls[k]!);
            pairs2.push(a);
          }
        }
      }
      for (let j = 0; j < i; j++) {
        const b = dice[j]!;
        if (b.type === STATIC || (!awake && b.sleepState === SLEEPING)) continue;
        const dx = b.position.x - x;
        const dy = b.position.y - y;
        const dz = b.position.z - z;
        if (dx * dx + dy * dy + dz * dz < TWO_RADII_SQUARED) {
          pairs1.push(b);
          pairs2.push(a);
        }
      }
    }
  }

  /** Bodies whose bounding boxes overlap `aabb` (used by cannon-es ray casts). */
  override aabbQuery(world: CANNON.World, aabb: CANNON.AABB, result: CANNON.Body[] = []): CANNON.Body[] {
    for (const body of world.bodies) {
      if (body.aabbNeedsUpdate) body.updateAABB();
      if (body.aabb.overlaps(aabb)) result.push(body);
    }
    return result;
  }
}
