import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DICE_COUNT } from '../engine/index.js';
import { DiceLayout } from './dice-layout.js';
import { DiceWorld } from './DiceWorld.js';
import { IN_PLAY } from './table-spots.js';
import * as CANNON from 'cannon-es';
import { DEFAULT_GESTURE } from './types.js';

const poses = (of: { pose(i: number): unknown }) => Array.from({ length: DICE_COUNT }, (_, i) => of.pose(i));
const faces = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 5, maxLength: 5 });
const holds = fc.array(fc.boolean(), { minLength: 5, maxLength: 5 });

describe('the dice laid out without the physics', () => {
  it('lie exactly where the physics lays them: placed, then held and released in any order', () => {
    fc.assert(
      fc.property(faces, holds, fc.array(holds, { maxLength: 6 }), (shown, held, changes) => {
        const world = new DiceWorld();
        const layout = new DiceLayout();
        world.place(shown, held);
        layout.place(shown, held);
        expect(poses(layout)).toEqual(poses(world));
        for (const next of changes) {
          world.setHeld(next);
          layout.setHeld(next);
          expect(poses(layout)).toEqual(poses(world));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('take up a thrown world’s rest exactly, and hold and release from there as it does', () => {
    const world = new DiceWorld();
    world.place([1, 2, 3, 4, 5], [false, true, false, false, false]);
    world.throwToRest(99, DEFAULT_GESTURE, [false, true, false, false, false]);
    const layout = new DiceLayout();
    layout.lay(poses(world) as never, [false, true, false, false, false]);
    expect(poses(layout)).toEqual(poses(world));
    for (const held of [
      [true, true, false, false, true],
      [false, false, false, true, false],
    ]) {
      world.setHeld(held);
      layout.setHeld(held);
      expect(poses(layout)).toEqual(poses(world));
    }
  });

  it('start as a new world does', () => {
    expect(poses(new DiceLayout())).toEqual(poses(new DiceWorld()));
  });

  it('names a die in play as cannon-es does', () => {
    expect(IN_PLAY).toBe(CANNON.Body.DYNAMIC);
  });

  it('refuses what the physics refuses', () => {
    const layout = new DiceLayout();
    expect(() => layout.place([1, 2, 3, 4, 7], [false, false, false, false, false])).toThrow(RangeError);
    expect(() => layout.setHeld([true])).toThrow(RangeError);
    expect(() => layout.pose(5)).toThrow(RangeError);
  });
});
