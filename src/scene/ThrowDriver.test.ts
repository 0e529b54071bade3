import { describe, expect, it } from 'vitest';
import { DiceWorld } from '../physics/DiceWorld.js';
import { DEFAULT_GESTURE } from '../physics/types.js';
import { ThrowDriver } from './ThrowDriver.js';

const NONE_HELD = [false, false, false, false, false];

describe('ThrowDriver', () => {
  it('gives the same throw as throwToRest whatever the frame times', () => {
    const expected = new DiceWorld().throwToRest(42, DEFAULT_GESTURE, NONE_HELD);
    for (const frames of [[1 / 60], [1 / 144], [1 / 30, 0.007, 0.05], [0.25]]) {
      const world = new DiceWorld();
      const driver = new ThrowDriver(world);
      world.startThrow(42, DEFAULT_GESTURE, NONE_HELD);
      driver.reset();
      let done = false;
      for (let i = 0; !done && i < 10_000; i++) done = driver.advance(frames[i % frames.length]!);
      expect(done).toBe(true);
      expect(world.lastResult).toEqual(expected);
    }
  });

  it('runs a throw under way to rest at once, with the same result', () => {
    const expected = new DiceWorld().throwToRest(7, DEFAULT_GESTURE, NONE_HELD);
    const world = new DiceWorld();
    const driver = new ThrowDriver(world);
    world.startThrow(7, DEFAULT_GESTURE, NONE_HELD);
    driver.advance(0.1);
    expect(world.throwing).toBe(true);
    expect(driver.finish()).toBe(true);
    expect(world.lastResult).toEqual(expected);
  });

  it('slows down rather than jumps after a long frame', () => {
    const world = new DiceWorld();
    const driver = new ThrowDriver(world);
    world.startThrow(3, DEFAULT_GESTURE, NONE_HELD);
    let steps = 0;
    const step = world.step.bind(world);
    world.step = () => {
      steps++;
      return step();
    };
    driver.advance(5);
    expect(steps).toBeLessThanOrEqual(6);
  });
});
