import * as CANNON from 'cannon-es';
import { nextUnit, type RngState } from '../engine/index.js';

const TWO_PI = 2 * Math.PI;

/**
 * A rotation drawn uniformly from all rotations (Shoemake's subgroup algorithm, Graphics Gems III),
 * so every face is equally likely to start on top whatever else the throw does.
 * Returns the generator state after the three draws.
 */
export function randomRotation(rng: RngState, out: CANNON.Quaternion): RngState {
  let u1: number, u2: number, u3: number;
  [u1, rng] = nextUnit(rng);
  [u2, rng] = nextUnit(rng);
  [u3, rng] = nextUnit(rng);
  const a = Math.sqrt(1 - u1);
  const b = Math.sqrt(u1);
  out.set(
    a * Math.sin(TWO_PI * u2),
    a * Math.cos(TWO_PI * u2),
    b * Math.sin(TWO_PI * u3),
    b * Math.cos(TWO_PI * u3),
  );
  return rng;
}

/** A direction drawn uniformly from the unit sphere. Returns the generator state after two draws. */
export function randomUnitVector(rng: RngState, out: CANNON.Vec3): RngState {
  let u: number, v: number;
  [u, rng] = nextUnit(rng);
  [v, rng] = nextUnit(rng);
  const y = 2 * u - 1;
  const r = Math.sqrt(Math.max(0, 1 - y * y));
  out.set(r * Math.cos(TWO_PI * v), y, r * Math.sin(TWO_PI * v));
  return rng;
}
