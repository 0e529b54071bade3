import * as CANNON from 'cannon-es';
import { nextUnit, type RngState } from '../engine/index.js';
import { randomRotation, randomUnitVector } from './rotations.js';
import { freeFeltSpot, type Spot } from './table-spots.js';
import { DEFAULT_GESTURE, DIE_SIZE, TABLE, type Gesture } from './types.js';

/** Slowest release speed a throw is given, in units per second (a gentle flick still crosses the felt). */
export const MIN_THROW_SPEED = 5;
/** Fastest release speed, in units per second (harder throws fly over the walls too often). */
export const MAX_THROW_SPEED = 18;
/** Widest angle from straight ahead (-Z) a throw may take, in degrees. */
export const MAX_THROW_ANGLE_DEG = 45;

/** A gesture made safe: a unit direction on the table and a speed within the allowed range. */
export interface ThrowAim {
  /** Unit direction on the table, x component. */
  dirX: number;
  /** Unit direction on the table, z component (negative: away from the player). */
  dirZ: number;
  /** Release speed, within MIN_THROW_SPEED..MAX_THROW_SPEED. */
  speed: number;
}

const MAX_ANGLE = (MAX_THROW_ANGLE_DEG * Math.PI) / 180;
/** Height of release: just above the rim, as from a hand over the table. */
const LAUNCH_HEIGHT = TABLE.wallHeight + 0.5;
/** Release line, one die in from the near wall. */
const LAUNCH_Z = TABLE.depth / 2 - 0.9 * DIE_SIZE;
/** Spacing of the dice along the release line; more than a cube diagonal, so no two start overlapping. */
const LAUNCH_SPACING = 2 * DIE_SIZE;
/** How far the release line shifts sideways, against the throw, for an angled throw. */
const LAUNCH_SHIFT = 1.2;
const LAUNCH_HALF_WIDTH = TABLE.width / 2 - 0.8 * DIE_SIZE;
/** Spin of a thrown die, radians per second: about what rolling across the felt gives. */
const SPIN_MIN = 18;
const SPIN_MAX = 34;
/** Per-die spread of direction (radians) and speed (share), so the dice do not fly in step. */
const ANGLE_SPREAD = 0.08;
const SPEED_SPREAD = 0.1;

const scratchAxis = new CANNON.Vec3();
const scratchSpot: Spot = { x: 0, z: 0 };

/** `lo + (hi - lo) * u` with the next draw; returns [value, next state]. */
function uniform(rng: RngState, lo: number, hi: number): [number, RngState] {
  const [u, next] = nextUnit(rng);
  return [lo + (hi - lo) * u, next];
}

/**
 * Turns a gesture into an aim: (0, 0) or a non-finite direction throws straight ahead, a backward
 * flick throws forward, the angle is clamped to ±MAX_THROW_ANGLE_DEG and the speed into range.
 */
export function aimOf(gesture: Gesture, out: ThrowAim = { dirX: 0, dirZ: -1, speed: 0 }): ThrowAim {
  const { dirX, dirZ } = gesture;
  const valid = Number.isFinite(dirX) && Number.isFinite(dirZ) && (dirX !== 0 || dirZ !== 0);
  const angle = valid ? Math.atan2(dirX, Math.abs(dirZ)) : 0;
  const clamped = Math.max(-MAX_ANGLE, Math.min(MAX_ANGLE, angle));
  out.dirX = Math.sin(clamped);
  out.dirZ = -Math.cos(clamped);
  const speed = Number.isFinite(gesture.speed) ? gesture.speed : DEFAULT_GESTURE.speed;
  out.speed = Math.max(MIN_THROW_SPEED, Math.min(MAX_THROW_SPEED, speed));
  return out;
}

/** Gives a die a random spin of SPIN_MIN..SPIN_MAX about a uniformly random axis. */
function spin(body: CANNON.Body, rng: RngState, lo: number, hi: number): RngState {
  let rate: number;
  rng = randomUnitVector(rng, scratchAxis);
  [rate, rng] = uniform(rng, lo, hi);
  body.angularVelocity.set(scratchAxis.x * rate, scratchAxis.y * rate, scratchAxis.z * rate);
  return rng;
}

/** Clears forces and wakes a die after it was moved or given a velocity by hand. */
function release(body: CANNON.Body): void {
  body.force.setZero();
  body.torque.setZero();
  body.aabbNeedsUpdate = true;
  body.wakeUp();
}

/**
 * Puts die number `slot` of `count` thrown dice in the thrower's hand and lets it go along `aim`:
 * a uniformly random orientation and a random spin (so the faces are fair whatever the gesture), with
 * a small spread of position, direction and speed. Always takes the same number of draws.
 */
export function launchDie(
  body: CANNON.Body,
  slot: number,
  count: number,
  aim: ThrowAim,
  rng: RngState,
): RngState {
  let jitterX: number, jitterZ: number, jitterY: number, turn: number, speedShare: number, rise: number;
  [jitterX, rng] = uniform(rng, -0.1, 0.1);
  [jitterZ, rng] = uniform(rng, -0.2, 0.2);
  [jitterY, rng] = uniform(rng, 0, 0.4);
  [turn, rng] = uniform(rng, -ANGLE_SPREAD, ANGLE_SPREAD);
  [speedShare, rng] = uniform(rng, 1 - SPEED_SPREAD, 1 + SPEED_SPREAD);
  [rise, rng] = uniform(rng, -1, 1.5);
  const x = -aim.dirX * LAUNCH_SHIFT + (slot - (count - 1) / 2) * LAUNCH_SPACING + jitterX;
  body.position.set(
    Math.max(-LAUNCH_HALF_WIDTH, Math.min(LAUNCH_HALF_WIDTH, x)),
    LAUNCH_HEIGHT + jitterY,
    LAUNCH_Z + jitterZ,
  );
  rng = randomRotation(rng, body.quaternion);
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  const speed = aim.speed * speedShare;
  body.velocity.set(
    (aim.dirX * cos - aim.dirZ * sin) * speed,
    rise,
    (aim.dirX * sin + aim.dirZ * cos) * speed,
  );
  rng = spin(body, rng, SPIN_MIN, SPIN_MAX);
  release(body);
  return rng;
}

/**
 * Nudges a die that came to rest cocked: a tap from below that lifts it a little, pushes it towards
 * the middle of the table (away from the wall or die it leans on) and sets it spinning at random.
 */
export function nudgeDie(body: CANNON.Body, rng: RngState): RngState {
  let lift: number;
  [lift, rng] = uniform(rng, 3, 4);
  const { x, z } = body.position;
  const distance = Math.hypot(x, z) || 1;
  body.velocity.set((-x / distance) * 1.5, lift, (-z / distance) * 1.5);
  rng = spin(body, rng, 8, 14);
  release(body);
  return rng;
}

/**
 * Throws a die again as a player would: picks it up and drops it over a free spot of the felt (chosen
 * at random among those clear of the other dice) with a fresh uniformly random orientation and spin.
 */
export function redropDie(dice: readonly CANNON.Body[], index: number, rng: RngState): RngState {
  const body = dice[index]!;
  let preferX: number, preferZ: number, vx: number, vz: number;
  [preferX, rng] = uniform(rng, -TABLE.width / 2 + 1.5, TABLE.width / 2 - 1.5);
  [preferZ, rng] = uniform(rng, -TABLE.depth / 2 + 1.5, TABLE.depth / 2 - 1.5);
  [vx, rng] = uniform(rng, -1.5, 1.5);
  [vz, rng] = uniform(rng, -1.5, 1.5);
  const spot = freeFeltSpot(dice, index, preferX, preferZ, scratchSpot);
  body.position.set(spot.x, LAUNCH_HEIGHT, spot.z);
  rng = randomRotation(rng, body.quaternion);
  body.velocity.set(vx, 0, vz);
  rng = spin(body, rng, 8, 16);
  release(body);
  return rng;
}
