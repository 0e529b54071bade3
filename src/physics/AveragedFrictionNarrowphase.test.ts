import * as CANNON from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { AveragedFrictionNarrowphase } from './AveragedFrictionNarrowphase.js';

const GRAVITY = 100;
const FRICTION = 0.4;

/** Slides a die resting on a face at `speed` along +X and returns how far it went before stopping. */
function slideDistance(narrowphase: 'averaged' | 'stock' | 'per-point', speed: number): number {
  const world = new CANNON.World({ gravity: new CANNON.Vec3(0, -GRAVITY, 0) });
  if (narrowphase === 'averaged') world.narrowphase = new AveragedFrictionNarrowphase(world);
  if (narrowphase === 'stock') world.narrowphase.enableFrictionReduction = true;
  world.frictionGravity = new CANNON.Vec3(0, GRAVITY / 60, 0); // Coulomb cap per step, as DiceWorld sets it
  world.defaultContactMaterial.friction = FRICTION;
  world.defaultContactMaterial.restitution = 0;
  const floor = new CANNON.Body({ type: CANNON.Body.STATIC, shape: new CANNON.Plane() });
  floor.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
  world.addBody(floor);
  const die = new CANNON.Body({ mass: 1, shape: new CANNON.Box(new CANNON.Vec3(0.5, 0.5, 0.5)) });
  die.position.set(3, 0.5, -2); // away from the origin, where the stock lever-arm bug shows
  world.addBody(die);
  for (let i = 0; i < 30; i++) world.step(1 / 60); // let the contact settle
  die.velocity.set(speed, 0, 0);
  const start = die.position.x;
  for (let i = 0; i < 120; i++) world.step(1 / 60);
  return die.position.x - start;
}

describe('AveragedFrictionNarrowphase', () => {
  it('stops a sliding die about where Coulomb friction says (v² / 2μg)', () => {
    const expected = 5 ** 2 / (2 * FRICTION * GRAVITY);
    expect(slideDistance('averaged', 5)).toBeGreaterThan(expected * 0.7);
    expect(slideDistance('averaged', 5)).toBeLessThan(expected * 1.3);
  });

  it('fixes cannon-es 0.20 friction reduction, whose swapped lever arms send the die the wrong way', () => {
    const expected = 5 ** 2 / (2 * FRICTION * GRAVITY);
    expect(Math.abs(slideDistance('stock', 5) - expected)).toBeGreaterThan(expected * 0.5);
  });

  it('has the friction budget of one die (μ·m·g), not one per contact point', () => {
    // Stock per-point friction grips with up to four times μ·m·g and stops the die much sooner.
    expect(slideDistance('per-point', 5)).toBeLessThan(slideDistance('averaged', 5) * 0.5);
  });
});
