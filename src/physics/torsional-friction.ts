import type * as CANNON from 'cannon-es';
import { DIE_SIZE } from './types.js';

/**
 * Mean distance of a square face's points from its centre, per unit of edge: ∫|r| dA / A for a unit
 * square is (√2 + ln(1 + √2)) / 6 ≈ 0.3826.
 */
const FACE_MEAN_RADIUS = (Math.SQRT2 + Math.log(1 + Math.SQRT2)) / 6;

/** A die whose centre is at most this high above the felt is lying on a face. */
const FACE_DOWN_Y = DIE_SIZE / 2 + 0.03 * DIE_SIZE;

/**
 * Angular deceleration (rad/s²) that Coulomb friction over a whole face gives a die spinning flat on
 * the felt: torque μ·m·g·r̄ over the moment of inertia m·s²/6.
 */
export function torsionalDeceleration(friction: number, gravity: number): number {
  return (6 * friction * gravity * FACE_MEAN_RADIUS) / DIE_SIZE;
}

/**
 * Slows a die's spin about the vertical while it lies face down on the felt (y ≈ DIE_SIZE / 2).
 *
 * Why: with cannon-es's `enableFrictionReduction` (two friction equations per body pair at the
 * averaged contact point instead of two per contact point, about three times cheaper), friction has no
 * lever arm about the contact normal, so a die spinning flat would spin on for ever. This puts back
 * the torsional part of face friction as a Coulomb deceleration that stops at zero.
 */
export function applyTorsionalFriction(body: CANNON.Body, deceleration: number, dt: number): void {
  if (body.position.y > FACE_DOWN_Y) return;
  const w = body.angularVelocity;
  const slow = deceleration * dt;
  w.y = w.y > slow ? w.y - slow : w.y < -slow ? w.y + slow : 0;
}
