import * as CANNON from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { DIE_CLEARANCE, FELT_SPOTS, freeFeltSpot, isSpotFree } from './table-spots.js';
import { TABLE } from './types.js';

function diceAt(...points: [number, number][]): CANNON.Body[] {
  return points.map(([x, z]) => {
    const body = new CANNON.Body({ mass: 1 });
    body.position.set(x, 0.5, z);
    return body;
  });
}

describe('table spots', () => {
  it('offers spots inside the felt, at least a clearance apart', () => {
    expect(FELT_SPOTS.length).toBeGreaterThanOrEqual(10);
    for (const spot of FELT_SPOTS) {
      expect(Math.abs(spot.x)).toBeLessThanOrEqual(TABLE.width / 2 - 1);
      expect(Math.abs(spot.z)).toBeLessThanOrEqual(TABLE.depth / 2 - 1);
    }
    for (let i = 0; i < FELT_SPOTS.length; i++) {
      for (let j = 0; j < i; j++) {
        const a = FELT_SPOTS[i]!;
        const b = FELT_SPOTS[j]!;
        expect(Math.hypot(a.x - b.x, a.z - b.z)).toBeGreaterThanOrEqual(DIE_CLEARANCE - 1e-9);
      }
    }
  });

  it('keeps the preferred spot when it is free, else takes the nearest free one', () => {
    const dice = diceAt([0, 0], [3, 3], [-2, 1]);
    expect(freeFeltSpot(dice, 1, 2, -1, { x: 0, z: 0 })).toEqual({ x: 2, z: -1 });
    const spot = freeFeltSpot(dice, 1, 0.2, 0.1, { x: 0, z: 0 });
    expect(isSpotFree(spot.x, spot.z, dice, 1)).toBe(true);
    expect(Math.hypot(spot.x, spot.z)).toBeGreaterThanOrEqual(DIE_CLEARANCE);
    // A die does not block itself, and static (held) dice do not block the felt.
    expect(isSpotFree(0, 0, dice, 0)).toBe(true);
    dice[0]!.type = CANNON.Body.STATIC;
    expect(isSpotFree(0, 0, dice, 1)).toBe(true);
  });
});
