import * as CANNON from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { applyTorsionalFriction, torsionalDeceleration } from './torsional-friction.js';

describe('torsional friction', () => {
  it('matches Coulomb friction over a square face: 6·μ·g·r̄/s with r̄ ≈ 0.3826 s', () => {
    expect(torsionalDeceleration(0.5, 100)).toBeCloseTo(6 * 0.5 * 100 * 0.3826, 2);
  });

  it('slows a die spinning flat on the felt to a stop, and stops at zero', () => {
    const body = new CANNON.Body({ mass: 1 });
    body.position.set(0, 0.5, 0);
    body.angularVelocity.set(0.3, 10, 0);
    const deceleration = torsionalDeceleration(0.4, 100);
    let steps = 0;
    while (body.angularVelocity.y > 0) {
      applyTorsionalFriction(body, deceleration, 1 / 60);
      steps++;
    }
    expect(body.angularVelocity.y).toBe(0);
    expect(steps).toBe(Math.ceil(10 / (deceleration / 60)));
    expect(body.angularVelocity.x).toBe(0.3); // only the spin about the face normal
  });

  it('leaves a die alone when it is not lying on a face', () => {
    const body = new CANNON.Body({ mass: 1 });
    body.position.set(0, 0.7, 0);
    body.angularVelocity.set(0, -4, 0);
    applyTorsionalFriction(body, 50, 1 / 60);
    expect(body.angularVelocity.y).toBe(-4);
  });
});
