import * as CANNON from 'cannon-es';
import { DICE_COUNT, isFace, seedRng, type RngState } from '../engine/index.js';
import { buildCannonTable } from './cannon-table.js';
import { PLACE_SPACING, RELEASE_Z } from './dice-layout.js';
import { DEFAULT_DICE_WORLD_OPTIONS, type DiceWorldOptions } from './dice-world-options.js';
import { topFace, type FaceReading } from './face-reading.js';
import { putOnFelt, putOnLedge, restAtPose } from './die-placement.js';
import { faceUpRotation } from './level-rotations.js';
import { SettleWatcher } from './settle-watcher.js';
import { freeFeltSpot, type Spot } from './table-spots.js';
import { aimOf, launchDie, nudgeDie, redropDie, type ThrowAim } from './throw-launcher.js';
import { HELD_SLOTS, type DiePose, type Gesture, type ThrowResult, writePose } from './types.js';

/** A cocked die is nudged in place this many times before it is picked up and thrown again instead. */
const NUDGES_BEFORE_REDROP = 2;

/** The `collide` event cannon-es dispatches on a body at the first contact with another. */
interface CollideEvent {
  body: CANNON.Body;
  contact: CANNON.ContactEquation;
}

/**
 * The dice table in cannon-es: felt, four walls, a ledge for held dice and five dice. Runs in Node.
 *
 * Deterministic: `step()` advances exactly one fixed step, every random draw of a throw (each thrown
 * die's uniformly random start orientation and spin, every nudge and rethrow) comes from its seed
 * through the engine's generator, and a throw does not depend on what the world did before it. So
 * the same seed, gesture and held dice give the same faces and the same poses, bit for bit.
 *
 * Fair: a die's start orientation is uniform over all rotations and independent of the gesture, and a
 * cube's physics is the same whichever face is which, so each face is equally likely.
 *
 * Honest: a throw ends only when every thrown die lies flat (FLAT_TOLERANCE_DEG) and at rest on the
 * felt. A die that comes to rest cocked is nudged (twice, then picked up and thrown again); one that
 * leaves the play area or is still moving after `settleCapSeconds` is thrown again. Faces are read
 * by geometry and never guessed. Held dice wait on the ledge as static bodies that collide with
 * nothing, so they cannot move during a throw.
 */
export class DiceWorld {
  /** The cannon-es world (for debugging views; drive it through this class). */
  readonly world: CANNON.World;
  /** The five dice, by index. */
  readonly bodies: CANNON.Body[];
  /** The options in use, defaults filled in. */
  readonly options: Readonly<DiceWorldOptions>;
  /** Called on the first contact of a die with something, with the impact speed along the contact normal. */
  onImpact?: (speed: number, dieIndex: number) => void;

  private isThrowing = false;
  private result: ThrowResult | null = null;
  private readonly held: boolean[] = new Array<boolean>(DICE_COUNT).fill(false);
  private readonly inThrow: boolean[] = new Array<boolean>(DICE_COUNT).fill(false);
  private readonly launchedAtStep: number[] = new Array<number>(DICE_COUNT).fill(0);
  private readonly nudges: number[] = new Array<number>(DICE_COUNT).fill(0);
  private rng: RngState = 0;
  private steps = 0;
  private rethrows = 0;
  private readonly watcher: SettleWatcher;
  private readonly aim: ThrowAim = { dirX: 0, dirZ: -1, speed: 0 };
  private readonly reading: FaceReading = { face: 1, angleDeg: 0 };
  private readonly spot: Spot = { x: 0, z: 0 };

  /** Builds the table and lays the dice showing 1..5 on the felt. */
  constructor(options: Partial<DiceWorldOptions> = {}) {
    this.options = { ...DEFAULT_DICE_WORLD_OPTIONS, ...options };
    this.watcher = new SettleWatcher(DICE_COUNT, this.options);
    const { world, dice } = buildCannonTable(this.options);
    this.world = world;
    this.bodies = dice;
    dice.forEach((die, i) =>
      die.addEventListener('collide', (event: CollideEvent) => this.reportImpact(i, event)),
    );
    this.place([1, 2, 3, 4, 5], [false, false, false, false, false]);
  }

  /** True from `startThrow` until the step on which every thrown die lies flat and at rest. */
  get throwing(): boolean {
    return this.isThrowing;
  }

  /** What the last finished throw gave; null while a throw is under way and after `place`. */
  get lastResult(): ThrowResult | null {
    return this.result;
  }

  /** Position and orientation of die `index` as plain numbers, written into `out` when given. */
  pose(index: number, out: DiePose = { x: 0, y: 0, z: 0, qx: 0, qy: 0, qz: 0, qw: 1 }): DiePose {
    const body = this.bodies[index];
    if (!body) throw new RangeError(`No die ${index}: dice are numbered 0..${DICE_COUNT - 1}`);
    return writePose(body.position, body.quaternion, out);
  }

  /**
   * Lays the dice at rest showing `faces` (no throw): held ones in their ledge slots, the others in a
   * row across the middle of the felt. Ends any throw under way.
   */
  place(faces: readonly number[], held: readonly boolean[]): void {
    checkHeld(held);
    if (faces.length !== DICE_COUNT || !faces.every(isFace)) {
      throw new RangeError(`place needs ${DICE_COUNT} faces from 1 to 6, got [${faces.join(', ')}]`);
    }
    this.isThrowing = false;
    this.result = null;
    for (let i = 0; i < DICE_COUNT; i++) {
      const body = this.bodies[i]!;
      faceUpRotation(faces[i]!, 0, body.quaternion);
      if (held[i]) putOnLedge(body, i);
      else putOnFelt(body, (i - (DICE_COUNT - 1) / 2) * PLACE_SPACING, 0);
      this.held[i] = held[i]!;
    }
  }

  /**
   * Lays the dice at rest exactly at `poses` (where a throw made elsewhere left them: an online room's
   * server), held ones out of play. Ends any throw under way.
   */
  lay(poses: readonly DiePose[], held: readonly boolean[]): void {
    checkHeld(held);
    if (poses.length !== DICE_COUNT) throw new RangeError(`lay needs ${DICE_COUNT} poses`);
    this.isThrowing = false;
    this.result = null;
    for (let i = 0; i < DICE_COUNT; i++) {
      restAtPose(this.bodies[i]!, poses[i]!, held[i]!);
      this.held[i] = held[i]!;
    }
  }

  /**
   * Between throws: newly held dice go to their ledge slots, newly released ones back to a free spot
   * on the felt in front of their slot. The face on top never changes (a moved die is set down level).
   */
  setHeld(held: readonly boolean[]): void {
    checkHeld(held);
    if (this.isThrowing) throw new Error('Dice cannot be held or released while they are rolling');
    this.applyHeld(held);
  }

  /**
   * Throws every die that is not held, from the near side towards the gesture's direction. Held dice
   * go to (or stay in) their ledge slots and take no part. A throw under way is abandoned.
   */
  startThrow(seed: number, gesture: Gesture, held: readonly boolean[]): void {
    checkHeld(held);
    this.isThrowing = false;
    this.applyHeld(held);
    // A throw depends on nothing but its inputs: not on how long the world has run before, nor on
    // which bodies touched then (that decides which contacts count as new impacts).
    this.world.time = 0;
    this.world.stepnumber = 0;
    this.world.collisionMatrix.reset();
    this.world.collisionMatrixPrevious.reset();
    this.steps = 0;
    this.rethrows = 0;
    this.result = null;
    this.rng = seedRng(seed);
    aimOf(gesture, this.aim);
    const count = held.filter((h) => !h).length;
    let slot = 0;
    for (let i = 0; i < DICE_COUNT; i++) {
      this.inThrow[i] = !held[i];
      this.launchedAtStep[i] = 0;
      this.nudges[i] = 0;
      this.watcher.reset(i);
      if (!held[i]) this.rng = launchDie(this.bodies[i]!, slot++, count, this.aim, this.rng);
    }
    this.isThrowing = true;
  }

  /**
   * Advances the world by exactly one fixed step (`world.step(fixedStep)`, no accumulator), then
   * judges each thrown die: cocked ones are nudged, lost or stuck ones thrown again. Returns true on
   * the step the throw finishes; does nothing and returns false when no throw is under way.
   */
  step(): boolean {
    if (!this.isThrowing) return false;
    const dt = this.options.fixedStep;
    this.world.step(dt);
    this.steps++;
    let settled = true;
    for (let i = 0; i < this.bodies.length; i++) {
      if (!this.inThrow[i]) continue;
      const verdict = this.watcher.judge(i, this.bodies[i]!, (this.steps - this.launchedAtStep[i]!) * dt);
      if (verdict === 'settled') continue;
      settled = false;
      if (verdict === 'moving') continue;
      if (verdict === 'cocked' && this.nudges[i]! < NUDGES_BEFORE_REDROP) {
        this.rng = nudgeDie(this.bodies[i]!, this.rng);
        this.nudges[i]!++;
      } else {
        this.rng = redropDie(this.bodies, i, this.rng);
        this.nudges[i] = 0;
      }
      this.launchedAtStep[i] = this.steps;
      this.watcher.reset(i);
      this.rethrows++;
    }
    if (!settled) return false;
    this.isThrowing = false;
    this.result = { faces: this.faces(), settleSeconds: this.steps * dt, rethrows: this.rethrows };
    return true;
  }

  /** Headless throw: `startThrow`, then `step` until every die rests; returns the result. */
  throwToRest(seed: number, gesture: Gesture, held: readonly boolean[]): ThrowResult {
    this.startThrow(seed, gesture, held);
    const maxSteps = Math.ceil(this.options.maxThrowSeconds / this.options.fixedStep);
    while (!this.step()) {
      if (this.steps > maxSteps) {
        this.isThrowing = false;
        throw new Error(`Dice still rolling after ${this.options.maxThrowSeconds} simulated seconds`);
      }
    }
    return this.result!;
  }

  /** The face on top of each die, or null for a die that is not flat (in the air, cocked). */
  readFaces(): (number | null)[] {
    return this.bodies.map((body) => {
      const reading = topFace(body.quaternion, this.reading);
      return reading.angleDeg <= this.options.flatToleranceDeg ? reading.face : null;
    });
  }

  /** Faces of all five dice as read now (used when a throw finishes, when all are flat). */
  private faces(): number[] {
    return this.bodies.map((body) => topFace(body.quaternion, this.reading).face);
  }

  /** Moves newly held dice to the ledge, then newly released ones to free spots on the felt. */
  private applyHeld(held: readonly boolean[]): void {
    for (let i = 0; i < DICE_COUNT; i++) if (held[i] && !this.held[i]) putOnLedge(this.bodies[i]!, i);
    // Released dice go down after the newly held ones have left the felt, in index order; each one
    // avoids the dice on the felt, including those released before it (held dice are static: ignored).
    for (let i = 0; i < DICE_COUNT; i++) {
      if (held[i] || !this.held[i]) continue;
      const spot = freeFeltSpot(this.bodies, i, HELD_SLOTS[i]!.x, RELEASE_Z, this.spot);
      putOnFelt(this.bodies[i]!, spot.x, spot.z);
    }
    for (let i = 0; i < DICE_COUNT; i++) this.held[i] = held[i]!;
  }

  private reportImpact(index: number, event: CollideEvent): void {
    const onImpact = this.onImpact;
    if (!onImpact) return;
    // A die-to-die contact reaches both dice; report it once, for the lower index.
    const other = this.bodies.indexOf(event.body);
    if (other !== -1 && other < index) return;
    const speed = Math.abs(event.contact.getImpactVelocityAlongNormal());
    if (speed >= this.options.minImpactSpeed) onImpact(speed, index);
  }
}

function checkHeld(held: readonly boolean[]): void {
  if (held.length !== DICE_COUNT) {
    throw new RangeError(`Expected ${DICE_COUNT} held flags, got ${held.length}`);
  }
}
