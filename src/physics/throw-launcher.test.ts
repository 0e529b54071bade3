import * as CANNON from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { seedRng } from '../engine/index.js';
import { aimOf, launchDie, MAX_THROW_ANGLE_DEG, MAX_THROW_SPEED, MIN_THROW_SPEED } from './throw-launcher.js';
import { TABLE } from './types.js';

const DEG = Math.PI / 180;

describe('throw launcher', () => {
  it('clamps speed and angle, and throws straight for no direction', () => {
    expect(MIN_THROW_SPEED).toBeLessThan(MAX_THROW_SPEED);
    expect(aimOf({ dirX: 0, dirZ: -1, speed: 1000 })).toEqual({ dirX: 0, dirZ: -1, speed: MAX_THROW_SPEED });
    expect(aimOf({ dirX: 0, dirZ: 0, speed: 0 })).toEqual({ dirX: 0, dirZ: -1, speed: MIN_THROW_SPEED });
    expect(aimOf({ dirX: Number.NaN, dirZ: -1, speed: Number.NaN }).dirX).toBe(0);
    const wide = aimOf({ dirX: 1, dirZ: 0, speed: 10 });
    expect(Math.atan2(wide.dirX, -wide.dirZ)).toBeCloseTo(MAX_THROW_ANGLE_DEG * DEG, 12);
    const slight = aimOf({ dirX: -0.5, dirZ: -2, speed: 10 });
    expect(Math.hypot(slight.dirX, slight.dirZ)).toBeCloseTo(1, 12);
    expect(slight.dirX / slight.dirZ).toBeCloseTo(0.25, 12);
    // A backward flick still throws away from the player.
    expect(aimOf({ dirX: 0.1, dirZ: 1, speed: 10 }).dirZ).toBeLessThan(0);
  });

  it('releases the dice apart, inside the near half of the table, heading along the aim', () => {
    for (const angle of [-MAX_THROW_ANGLE_DEG, -20, 0, 35, MAX_THROW_ANGLE_DEG]) {
      const aim = aimOf({ dirX: Math.sin(angle * DEG), dirZ: -Math.cos(angle * DEG), speed: 12 });
      const bodies = Array.from({ length: 5 }, () => new CANNON.Body({ mass: 1 }));
      let rng = seedRng(angle + 100);
      bodies.forEach((body, i) => (rng = launchDie(body, i, 5, aim, rng)));
      bodies.forEach((body, i) => {
        expect(Math.abs(body.position.x)).toBeLessThan(TABLE.width / 2 - 0.7);
        expect(body.position.z).toBeGreaterThan(0);
        expect(body.position.z).toBeLessThan(TABLE.depth / 2 - 0.5);
        expect(body.position.y).toBeGreaterThan(TABLE.wallHeight);
        const v = body.velocity;
        expect(Math.abs(Math.atan2(v.x, -v.z) / DEG - angle)).toBeLessThan(6);
        expect(body.angularVelocity.length()).toBeGreaterThan(10);
        for (let j = 0; j < i; j++) {
          // Farther apart than two bounding spheres: no die starts touching another.
          expect(body.position.distanceTo(bodies[j]!.position)).toBeGreaterThan(Math.sqrt(3));
        }
      });
    }
  });

  it('draws the same launch from the same generator state', () => {
    const aim = aimOf({ dirX: 0, dirZ: -1, speed: 12 });
    const a = new CANNON.Body({ mass: 1 });
    const b = new CANNON.Body({ mass: 1 });
    expect(launchDie(a, 2, 5, aim, seedRng(9))).toBe(launchDie(b, 2, 5, aim, seedRng(9)));
    expect(a.quaternion).toEqual(b.quaternion);
    expect(a.angularVelocity).toEqual(b.angularVelocity);
  });
});
