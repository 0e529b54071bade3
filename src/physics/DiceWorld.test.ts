import * as CANNON from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { chiSquarePValue, chiSquareUniform } from './chi-square.js';
import { DiceWorld } from './DiceWorld.js';
import { DEFAULT_DICE_WORLD_OPTIONS } from './dice-world-options.js';
import { FLAT_TOLERANCE_DEG, topFace, upFaceByAxis } from './face-reading.js';
import { DIE_CLEARANCE } from './table-spots.js';
import { DEFAULT_GESTURE, DIE_SIZE, HELD_SLOTS, TABLE, type DiePose, type Gesture } from './types.js';

const NONE_HELD = [false, false, false, false, false];
const ANGLED: Gesture = { dirX: 0.4, dirZ: -1, speed: 15 };

function poses(world: DiceWorld): DiePose[] {
  return world.bodies.map((_, i) => world.pose(i));
}

/** Bitwise equality of two poses (Object.is on every number). */
function samePose(a: DiePose, b: DiePose): boolean {
  return (Object.keys(a) as (keyof DiePose)[]).every((key) => Object.is(a[key], b[key]));
}

/** Every die lies flat on the felt inside the walls (or on its ledge slot when held) and reads a face. */
function expectRestingOnTable(world: DiceWorld, held: readonly boolean[] = NONE_HELD): void {
  world.bodies.forEach((body, i) => {
    const reading = upFaceByAxis(body.quaternion);
    expect(reading.angleDeg).toBeLessThanOrEqual(FLAT_TOLERANCE_DEG);
    expect(body.position.y).toBeCloseTo(DIE_SIZE / 2, 1);
    if (held[i]) {
      expect(body.position.x).toBe(HELD_SLOTS[i]!.x);
      expect(body.position.z).toBe(HELD_SLOTS[i]!.z);
    } else {
      expect(Math.abs(body.position.x)).toBeLessThan(TABLE.width / 2);
      expect(Math.abs(body.position.z)).toBeLessThan(TABLE.depth / 2);
    }
  });
  expect(world.readFaces()).toEqual(world.bodies.map((body) => upFaceByAxis(body.quaternion).face));
}

/** No two dice on the felt closer than a die's diagonal (they cannot overlap). */
function expectApart(world: DiceWorld, held: readonly boolean[]): void {
  const onFelt = world.bodies.filter((_, i) => !held[i]);
  for (let i = 0; i < onFelt.length; i++) {
    for (let j = 0; j < i; j++) {
      const a = onFelt[i]!.position;
      const b = onFelt[j]!.position;
      expect(Math.hypot(a.x - b.x, a.z - b.z)).toBeGreaterThanOrEqual(DIE_SIZE * Math.SQRT2);
    }
  }
}

describe('DiceWorld', () => {
  it('has five dice and starts at rest, not throwing', () => {
    const world = new DiceWorld();
    expect(world.bodies).toHaveLength(5);
    expect(world.throwing).toBe(false);
    expect(world.lastResult).toBeNull();
    expect(world.step()).toBe(false);
    expect(world.options.fixedStep).toBe(1 / 60);
  });

  it('place() shows the given faces, held dice in their ledge slots, the others apart on the felt', () => {
    const world = new DiceWorld();
    const held = [false, true, false, true, false];
    world.place([6, 5, 4, 3, 2], held);
    expect(world.readFaces()).toEqual([6, 5, 4, 3, 2]);
    expectRestingOnTable(world, held);
    expectApart(world, held);
    for (const [i, slot] of HELD_SLOTS.entries()) {
      expect(slot.z).toBeGreaterThan(TABLE.depth / 2 + TABLE.wallThickness);
      expect(slot.z).toBeLessThan(TABLE.depth / 2 + TABLE.wallThickness + TABLE.ledgeDepth);
      if (i > 0) expect(slot.x - HELD_SLOTS[i - 1]!.x).toBeGreaterThanOrEqual(DIE_CLEARANCE);
    }
  });

  it('refuses bad input and changes nothing', () => {
    const world = new DiceWorld();
    world.place([1, 1, 1, 1, 1], NONE_HELD);
    const before = poses(world);
    expect(() => world.place([1, 2, 3, 4, 7], NONE_HELD)).toThrow(RangeError);
    expect(() => world.place([1, 2, 3, 4], NONE_HELD)).toThrow(RangeError);
    expect(() => world.setHeld([true])).toThrow(RangeError);
    expect(() => world.pose(5)).toThrow(RangeError);
    expect(poses(world)).toEqual(before);
    world.startThrow(1, DEFAULT_GESTURE, NONE_HELD);
    expect(() => world.setHeld([true, false, false, false, false])).toThrow(/rolling/);
  });

  it('throws to rest: five flat faces, read the same way twice, and reports the time it took', () => {
    const world = new DiceWorld();
    const result = world.throwToRest(12345, DEFAULT_GESTURE, NONE_HELD);
    expect(world.throwing).toBe(false);
    expect(world.lastResult).toBe(result);
    expect(result.faces).toHaveLength(5);
    expect(world.readFaces()).toEqual(result.faces);
    expectRestingOnTable(world);
    expect(result.settleSeconds).toBeGreaterThan(0.2);
    expect(result.settleSeconds).toBeLessThan(DEFAULT_DICE_WORLD_OPTIONS.settleCapSeconds * 2);
  });

  it('step() advances one fixed step and returns true exactly once, on the step the throw finishes', () => {
    const world = new DiceWorld();
    world.startThrow(99, ANGLED, NONE_HELD);
    expect(world.throwing).toBe(true);
    expect(world.lastResult).toBeNull();
    let steps = 0;
    while (!world.step()) steps++;
    steps++;
    expect(world.world.time).toBeCloseTo(steps / 60, 9);
    expect(world.lastResult!.settleSeconds).toBeCloseTo(steps / 60, 9);
    expect(world.throwing).toBe(false);
    expect(world.step()).toBe(false);
  });

  it('is deterministic: same seed and gesture give the same faces and bitwise the same poses', () => {
    const a = new DiceWorld();
    const b = new DiceWorld();
    // b has a different history first: another throw, dice held and released.
    b.throwToRest(7, { dirX: -1, dirZ: -1, speed: 6 }, NONE_HELD);
    b.setHeld([true, false, true, false, false]);
    b.setHeld(NONE_HELD);
    const ra = a.throwToRest(2024, ANGLED, NONE_HELD);
    const rb = b.throwToRest(2024, ANGLED, NONE_HELD);
    expect(rb).toEqual(ra);
    const pa = poses(a);
    const pb = poses(b);
    pa.forEach((pose, i) => expect(samePose(pose, pb[i]!)).toBe(true));
  });

  it('gives different faces for different seeds', () => {
    const world = new DiceWorld();
    const outcomes = new Set<string>();
    for (let seed = 1; seed <= 8; seed++)
      outcomes.add(world.throwToRest(seed, ANGLED, NONE_HELD).faces.join());
    expect(outcomes.size).toBeGreaterThanOrEqual(6);
  });

  it('never moves a held die during a throw, and keeps its face', () => {
    const world = new DiceWorld();
    world.place([3, 3, 6, 6, 1], NONE_HELD);
    const held = [true, false, true, false, true];
    world.setHeld(held);
    const before = poses(world);
    world.startThrow(555, { dirX: 0.2, dirZ: -1, speed: 18 }, held);
    // A thrown die landing right on a held one (as if it flew over the near wall) passes through it.
    world.step();
    world.bodies[1]!.position.set(HELD_SLOTS[0]!.x, DIE_SIZE * 1.02, HELD_SLOTS[0]!.z);
    world.bodies[1]!.velocity.set(0, -5, 0);
    let finished = false;
    while (!finished) {
      finished = world.step();
      for (const i of [0, 2, 4]) expect(samePose(world.pose(i), before[i]!)).toBe(true);
    }
    expect(world.lastResult!.faces.filter((_, i) => held[i])).toEqual([3, 6, 1]);
    expect(world.lastResult!.rethrows).toBeGreaterThanOrEqual(1); // the die that flew onto the ledge
    expectRestingOnTable(world, held);
  });

  it('setHeld moves dice to the ledge and back without changing a face', () => {
    const world = new DiceWorld();
    const { faces } = world.throwToRest(31, DEFAULT_GESTURE, NONE_HELD);
    const held = [false, true, true, false, true];
    world.setHeld(held);
    expect(world.readFaces()).toEqual(faces);
    expectRestingOnTable(world, held);
    world.setHeld([true, false, false, false, true]);
    expect(world.readFaces()).toEqual(faces);
    expectRestingOnTable(world, [true, false, false, false, true]);
    expectApart(world, [true, false, false, false, true]);
    world.setHeld(NONE_HELD);
    expect(world.readFaces()).toEqual(faces);
    expectApart(world, NONE_HELD);
    // Deterministic: the same sequence elsewhere lands the dice in the same spots.
    const other = new DiceWorld();
    other.throwToRest(31, DEFAULT_GESTURE, NONE_HELD);
    other.setHeld(held);
    other.setHeld([true, false, false, false, true]);
    other.setHeld(NONE_HELD);
    expect(poses(other)).toEqual(poses(world));
  });

  it('throws a die again that has left the table, never guessing its face', () => {
    const world = new DiceWorld();
    world.startThrow(8, DEFAULT_GESTURE, NONE_HELD);
    for (let i = 0; i < 10; i++) world.step();
    // A die knocked over the right-hand wall onto the floor beyond it.
    world.bodies[2]!.position.set(TABLE.width / 2 + 2, DIE_SIZE / 2, 0);
    world.bodies[2]!.velocity.setZero();
    let steps = 0;
    while (!world.step()) expect(++steps).toBeLessThan(600);
    expect(world.lastResult!.rethrows).toBeGreaterThanOrEqual(1);
    expectRestingOnTable(world);
  });

  it('nudges a die that stays balanced on an edge until it lies flat', () => {
    const world = new DiceWorld();
    const held = [false, true, true, true, true];
    world.startThrow(1, DEFAULT_GESTURE, held);
    const die = world.bodies[0]!;
    die.position.set(0, DIE_SIZE * Math.SQRT1_2, 0);
    die.quaternion.setFromAxisAngle(new CANNON.Vec3(1, 0, 0), Math.PI / 4);
    die.velocity.setZero();
    die.angularVelocity.setZero();
    // It stays on its edge by itself...
    for (let i = 0; i < DEFAULT_DICE_WORLD_OPTIONS.cockedSteps - 2; i++) expect(world.step()).toBe(false);
    expect(topFace(die.quaternion).angleDeg).toBeGreaterThan(40);
    // ...until the table nudges it.
    let steps = 0;
    while (!world.step()) expect(++steps).toBeLessThan(600);
    expect(world.lastResult!.rethrows).toBeGreaterThanOrEqual(1);
    expectRestingOnTable(world, held);
  });

  it('calls onImpact with the die and a positive speed', () => {
    const world = new DiceWorld();
    const impacts: [number, number][] = [];
    world.onImpact = (speed, index) => impacts.push([speed, index]);
    world.throwToRest(4, { dirX: 0, dirZ: -1, speed: 18 }, NONE_HELD);
    expect(impacts.length).toBeGreaterThan(5);
    for (const [speed, index] of impacts) {
      expect(speed).toBeGreaterThanOrEqual(DEFAULT_DICE_WORLD_OPTIONS.minImpactSpeed);
      expect([0, 1, 2, 3, 4]).toContain(index);
    }
    expect(new Set(impacts.map(([, index]) => index)).size).toBe(5);
  });

  it('finishes at once when every die is held', () => {
    const world = new DiceWorld();
    world.place([2, 2, 2, 5, 5], NONE_HELD);
    const all = [true, true, true, true, true];
    world.startThrow(3, DEFAULT_GESTURE, all);
    expect(world.step()).toBe(true);
    expect(world.lastResult!.faces).toEqual([2, 2, 2, 5, 5]);
  });

  it('looks fair over a small sample of throws (loose chi-square)', () => {
    const world = new DiceWorld();
    const counts = [0, 0, 0, 0, 0, 0];
    let rethrown = 0;
    for (let seed = 0; seed < 400; seed++) {
      const angle = (((seed * 37) % 71) / 70 - 0.5) * 1.2;
      const gesture = { dirX: Math.sin(angle), dirZ: -Math.cos(angle), speed: 5 + (seed % 14) };
      const result = world.throwToRest(seed * 7919 + 1, gesture, NONE_HELD);
      for (const face of result.faces) counts[face - 1]!++;
      if (result.rethrows > 0) rethrown++;
    }
    expect(chiSquarePValue(chiSquareUniform(counts), 5)).toBeGreaterThan(0.001);
    expect(rethrown).toBeLessThan(400 * 0.05);
  });
});

describe('DiceWorld friction', () => {
  it('lets a die slide as Coulomb friction says (cannon-es caps friction per step, scaled by the step here)', () => {
    const world = new DiceWorld();
    world.place([1, 1, 1, 1, 1], NONE_HELD);
    const die = world.bodies[2]!;
    // Only die 2 in play: start a throw with the others held, then slide die 2 flat along the felt.
    world.startThrow(1, DEFAULT_GESTURE, [true, true, false, true, true]);
    die.position.set(-3, DIE_SIZE / 2, 0);
    die.quaternion.set(0, 0, 0, 1);
    die.angularVelocity.setZero();
    die.velocity.set(6, 0, 0);
    while (!world.step());
    const { gravity, feltFriction, linearDamping } = world.options;
    const coulomb = 6 ** 2 / (2 * feltFriction * gravity);
    const travelled = die.position.x + 3;
    expect(travelled).toBeGreaterThan(coulomb * 0.7 * (1 - linearDamping));
    expect(travelled).toBeLessThan(coulomb * 1.3);
  });
});

describe('DiceWorld impacts', () => {
  it('reports the same impacts for the same throw, whatever came before', () => {
    const record = (world: DiceWorld): string[] => {
      const impacts: string[] = [];
      world.onImpact = (speed, index) => impacts.push(`${index}:${speed}`);
      world.throwToRest(77, ANGLED, NONE_HELD);
      return impacts;
    };
    const fresh = new DiceWorld();
    const used = new DiceWorld();
    used.throwToRest(5, DEFAULT_GESTURE, NONE_HELD);
    expect(record(used)).toEqual(record(fresh));
  });
});
