import { describe, expect, it } from 'vitest';
import { HELD_SLOTS, TABLE, type DiePose } from '../physics/types.js';
import { blankPose, PoseTween } from './PoseTween.js';

const WALL_NEAR_FACE = TABLE.depth / 2;
const WALL_FAR_FACE = TABLE.depth / 2 + TABLE.wallThickness;
/** Half the diagonal of a die: how far below its centre a turned die can reach. */
const DIE_REACH = Math.sqrt(3) / 2;

function pose(x: number, z: number): DiePose {
  return { ...blankPose(), x, y: 0.5, z };
}

describe('PoseTween', () => {
  it.each([
    ['felt middle to ledge', pose(0, 0), pose(HELD_SLOTS[2]!.x, HELD_SLOTS[2]!.z)],
    ['felt by the wall to ledge', pose(-4, 2.8), pose(HELD_SLOTS[0]!.x, HELD_SLOTS[0]!.z)],
    ['ledge back to felt', pose(HELD_SLOTS[4]!.x, HELD_SLOTS[4]!.z), pose(4, 2.8)],
  ])('hops %s over the near wall and lands exactly', (_name, from, to) => {
    const tween = new PoseTween(1, 200);
    tween.start(0, from, to, 1000);
    const out = blankPose();
    for (let t = 1000; t <= 1200; t += 1) {
      expect(tween.sample(0, t, out)).toBeGreaterThanOrEqual(0);
      // Over the wall (die reaching into its span), the die's lowest point is above the wall top.
      if (out.z + 0.5 > WALL_NEAR_FACE && out.z - 0.5 < WALL_FAR_FACE) {
        expect(out.y - DIE_REACH).toBeGreaterThan(TABLE.wallHeight);
      }
    }
    expect(out).toEqual(to);
    expect(tween.running).toBe(false);
    expect(tween.sample(0, 1300, out)).toBe(-1);
  });
});
