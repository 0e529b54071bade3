import * as CANNON from 'cannon-es';
import { DICE_COUNT } from '../engine/index.js';
import { AveragedFrictionNarrowphase } from './AveragedFrictionNarrowphase.js';
import { DiceBroadphase } from './DiceBroadphase.js';
import type { DiceWorldOptions } from './dice-world-options.js';
import { addTableBodies } from './table-bodies.js';
import { applyTorsionalFriction, torsionalDeceleration } from './torsional-friction.js';
import { DIE_SIZE } from './types.js';

/** A tuned cannon-es world holding the table and the dice. */
export interface CannonTable {
  /** The world: step it with `world.step(fixedStep)`. */
  world: CANNON.World;
  /** The dice, by index, each a box of DIE_SIZE with mass 1. */
  dice: CANNON.Body[];
}

/**
 * Builds the cannon-es world of the dice table with the settings that make it fast, stable and
 * believable (each measured with `npm run bench:dice`):
 * - Coulomb friction per step (`frictionGravity`, see below), averaged per body pair
 *   (AveragedFrictionNarrowphase) with the torsional part put back (torsional-friction.ts);
 * - a broadphase that knows the table (DiceBroadphase) and four solver iterations, plenty for five
 *   dice that never stack;
 * - dice that may sleep, so resting dice cost nothing.
 */
export function buildCannonTable(options: Readonly<DiceWorldOptions>): CannonTable {
  const o = options;
  const world = new CANNON.World({ gravity: new CANNON.Vec3(0, -o.gravity, 0), allowSleep: true });
  // cannon-es caps each friction impulse at μ·m·|frictionGravity| (frictionGravity: pmndrs/cannon-es#156),
  // yet GSSolver compares that cap with the impulse of one step (it clamps lambda, an impulse), so with
  // the default, gravity itself, friction is 1 / dt = 60 times too strong and a die can never slide.
  // Scaling by the step puts the cap at μ·m·g·dt, the impulse Coulomb friction allows in one step.
  world.frictionGravity = new CANNON.Vec3(0, o.gravity * o.fixedStep, 0);
  (world.solver as CANNON.GSSolver).iterations = o.solverIterations;
  if (o.frictionReduction) world.narrowphase = new AveragedFrictionNarrowphase(world);
  const { floor, walls, diceMaterial } = addTableBodies(world, o);

  const half = DIE_SIZE / 2;
  const dice: CANNON.Body[] = [];
  for (let i = 0; i < DICE_COUNT; i++) {
    const die = new CANNON.Body({
      mass: 1,
      material: diceMaterial,
      shape: new CANNON.Box(new CANNON.Vec3(half, half, half)),
      linearDamping: o.linearDamping,
      angularDamping: o.angularDamping,
      allowSleep: true,
      sleepSpeedLimit: o.sleepSpeedLimit,
      sleepTimeLimit: o.sleepTimeLimit,
    });
    world.addBody(die);
    dice.push(die);
  }
  world.broadphase = new DiceBroadphase(dice, floor, walls);

  if (o.frictionReduction) {
    const deceleration = torsionalDeceleration(o.feltFriction, o.gravity);
    world.addEventListener('postStep', () => {
      for (const die of dice) {
        if (die.type === CANNON.Body.DYNAMIC) applyTorsionalFriction(die, deceleration, o.fixedStep);
      }
    });
  }
  return { world, dice };
}
