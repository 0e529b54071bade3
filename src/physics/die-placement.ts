import * as CANNON from 'cannon-es';
import { levelRotation, squareRotation } from './level-rotations.js';
import { DIE_SIZE, HELD_SLOTS } from './types.js';

/**
 * Takes a die into play or out of it. A die out of play (held) is static and collides with nothing
 * (group and mask 0; DiceBroadphase skips static dice too), so no throw can move it; a die in play is
 * dynamic and collides with everything.
 */
export function setInPlay(die: CANNON.Body, inPlay: boolean): void {
  die.type = inPlay ? CANNON.Body.DYNAMIC : CANNON.Body.STATIC;
  die.collisionFilterGroup = inPlay ? 1 : 0;
  die.collisionFilterMask = inPlay ? -1 : 0;
}

/** Sets a die down at rest (asleep) with its centre over (x, z), sitting on the felt or the ledge. */
export function restAt(die: CANNON.Body, x: number, z: number): void {
  die.position.set(x, DIE_SIZE / 2, z);
  die.velocity.setZero();
  die.angularVelocity.setZero();
  die.force.setZero();
  die.torque.setZero();
  die.aabbNeedsUpdate = true;
  die.sleep();
}

/** Lifts die `index` out of play and sets it down square in its ledge slot, same face up. */
export function putOnLedge(die: CANNON.Body, index: number): void {
  squareRotation(die.quaternion, die.quaternion);
  setInPlay(die, false);
  restAt(die, HELD_SLOTS[index]!.x, HELD_SLOTS[index]!.z);
}

/** Brings a die into play and sets it down level, same face up, at rest over (x, z) on the felt. */
export function putOnFelt(die: CANNON.Body, x: number, z: number): void {
  levelRotation(die.quaternion, die.quaternion);
  setInPlay(die, true);
  restAt(die, x, z);
}

/**
 * Sets a die down at rest exactly at `pose` (a pose it came to rest at elsewhere, as a recorded
 * throw's last frame): in play on the felt, or out of play when `held`.
 */
export function restAtPose(
  die: CANNON.Body,
  pose: { x: number; y: number; z: number; qx: number; qy: number; qz: number; qw: number },
  held: boolean,
): void {
  setInPlay(die, !held);
  die.quaternion.set(pose.qx, pose.qy, pose.qz, pose.qw);
  restAt(die, pose.x, pose.z);
  die.position.y = pose.y;
}
