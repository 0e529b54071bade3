import * as CANNON from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { DiceBroadphase } from './DiceBroadphase.js';
import { DEFAULT_DICE_WORLD_OPTIONS } from './dice-world-options.js';
import { addTableBodies } from './table-bodies.js';
import { TABLE } from './types.js';

function setup(...positions: [number, number, number][]) {
  const world = new CANNON.World();
  const { floor, walls } = addTableBodies(world, DEFAULT_DICE_WORLD_OPTIONS);
  const dice = positions.map(([x, y, z]) => {
    const body = new CANNON.Body({ mass: 1, shape: new CANNON.Box(new CANNON.Vec3(0.5, 0.5, 0.5)) });
    body.position.set(x, y, z);
    world.addBody(body);
    return body;
  });
  const broadphase = new DiceBroadphase(dice, floor, walls);
  const pairs = (): string[] => {
    const a: CANNON.Body[] = [];
    const b: CANNON.Body[] = [];
    broadphase.collisionPairs(world, a, b);
    const name = (body: CANNON.Body): string =>
      body === floor
        ? 'floor'
        : walls.includes(body)
          ? `wall${walls.indexOf(body)}`
          : `die${dice.indexOf(body)}`;
    return a.map((body, i) => `${name(body)}-${name(b[i]!)}`);
  };
  return { dice, pairs };
}

describe('DiceBroadphase', () => {
  it('pairs low dice with the floor, dice near a wall with it, and close dice with each other', () => {
    const far = -(TABLE.depth / 2) + 0.6;
    const { pairs } = setup([0, 0.5, 0], [0, 0.5, far], [1.2, 0.5, 0], [0, 3, 0]);
    expect(pairs()).toEqual(['floor-die0', 'floor-die1', 'wall0-die1', 'floor-die2', 'die0-die2']);
  });

  it('finds every pair cannon-es NaiveBroadphase finds that could really touch', () => {
    const { dice, pairs } = setup(
      [0, 0.5, 0],
      [0.9, 1.3, 0.2],
      [TABLE.width / 2 - 0.4, 0.6, 1],
      [-2, 0.5, -2],
    );
    const found = pairs();
    expect(found).toContain('die0-die1');
    expect(found).toContain('wall3-die2');
    expect(found).not.toContain('die1-die3');
    expect(dice).toHaveLength(4);
  });

  it('skips held (static) dice and pairs of resting (asleep) dice', () => {
    const { dice, pairs } = setup([0, 0.5, 0], [1.2, 0.5, 0], [5, 0.5, 3]);
    dice[0]!.sleep();
    dice[1]!.sleep();
    dice[2]!.type = CANNON.Body.STATIC;
    expect(pairs()).toEqual([]);
    dice[1]!.wakeUp();
    expect(pairs()).toEqual(['floor-die1', 'die0-die1']);
  });
});
