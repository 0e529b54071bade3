import * as CANNON from 'cannon-es';
import { DICE_COUNT, isFace, seedRng, type RngState } from '../../engine/index.js';
import { AveragedFrictionNarrowphase } from './averaged-friction-narrowphase.js';
import { DiceBroadphase } from './dice-broadphase.js';
import { DEFAULT_DICE_WORLD_OPTIONS, type DiceWorldOptions } from './dice-world-options.js';
import { topFace, type FaceReading } from './face-reading.js';
import { faceUpRotation, levelRotation } from './rotations.js';
import { SettleWatcher } from './settle-watcher.js';
import { addTableBodies } from './table-bodies.js';
import { applyTorsionalFriction, torsionalDeceleration } from './torsional-friction.js';
import { freeFeltSpot, type Spot } from './table-spots.js';
import { aimOf, launchDie, nudgeDie, redropDie, type ThrowAim } from './throw-launcher.js';
import { DIE_SIZE, HELD_SLOTS, TABLE, type DiePose, type Gesture, type ThrowResult } from './types.js';

/** A cocked die is nudged in place this many times before it is picked up and thrown again instead. */
const NUDGES_BEFORE_REDROP = 2;

/** Where a released die prefers to go back to: in front of its ledge slot, one die in from the near wall. */
const RELEASE_Z = TABLE.depth / 2 - 1.2 * DIE_SIZE;

/** Spacing of the row in which `place` lays the dice that are not held. */
const PLACE_SPACING = 2 * DIE_SIZE;

/** The `collide` event cannon-es dispatches on a body at the first contact with another. */
interface CollideEvent {
  body: CANNON.Body;
  contact: CANNON.ContactEquation;
}

/**
 * The dice table in cannon-es: felt, four walls, a ledge for held dice and five dice. Deterministic:
 * `step()` advances exactly one fixed step, and all randomness of a throw comes from its seed through
 * the engine's generator, so the same seed, gesture and held dice always give the same faces.
 *
 * Tuning (measured with `npm run bench:dice`): cannon-es's own sleep test is the rest detection, so a
 * die at rest costs nothing; the broadphase is naive over axis-aligned boxes (ten bodies; bounding
 * spheres would pair every die with the long walls); damping and restitution are set so a throw still
 * bounces and tumbles but settles in about a second of simulated time.
 */
export class DiceWorld {
  /** The cannon-es world (for debugging views; drive it through this class). */
  readonly world: CANNON.World;
  /** The five dice, by index. */
  readonly bodies: CANNON.Body[] = [];
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
    const o = this.options;
    this.watcher = new SettleWatcher(DICE_COUNT, o);
    this.world = new CANNON.World({ gravity: new CANNON.Vec3(0, -o.gravity, 0), allowSleep: true });
    (this.world.solver as CANNON.GSSolver).iterations = o.solverIterations;
    if (o.frictionReduction) this.world.narrowphase = new AveragedFrictionNarrowphase(this.world);
    const { floor, walls, diceMaterial } = addTableBodies(this.world, o);
    const half = DIE_SIZE / 2;
    for (let i = 0; i < DICE_COUNT; i++) {
      const body = new CANNON.Body({
        mass: 1,
        material: diceMaterial,
        shape: new CANNON.Box(new CANNON.Vec3(half, half, half)),
        linearDamping: o.linearDamping,
        angularDamping: o.angularDamping,
        allowSleep: true,
        sleepSpeedLimit: o.sleepSpeedLimit,
        sleepTimeLimit: o.sleepTimeLimit,
      });
      body.addEventListener('collide', (event: CollideEvent) => this.reportImpact(i, event));
      this.world.addBody(body);
      this.bodies.push(body);
    }
    this.world.broadphase = new DiceBroadphase(this.bodies, floor, walls);
    if (o.frictionReduction) {
      const deceleration = torsionalDeceleration(o.feltFriction, o.gravity);
      this.world.addEventListener('postStep', () => {
        for (const body of this.bodies) {
          if (body.type === CANNON.Body.DYNAMIC) applyTorsionalFriction(body, deceleration, o.fixedStep);
        }
      });
    }
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
    const { position: p, quaternion: q } = body;
    out.x = p.x;
    out.y = p.y;
    out.z = p.z;
    out.qx = q.x;
    out.qy = q.y;
    out.qz = q.z;
    out.qw = q.w;
    return out;
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
      if (held[i]) {
        this.moveToLedge(i);
      } else {
        this.setInPlay(body, true);
        this.restAt(body, (i - (DICE_COUNT - 1) / 2) * PLACE_SPACING, 0);
      }
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
    // A throw depends on nothing but its inputs: not on how long the world has run before.
    this.world.time = 0;
    this.world.stepnumber = 0;
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

  private applyHeld(held: readonly boolean[]): void {
    for (let i = 0; i < DICE_COUNT; i++) if (held[i] && !this.held[i]) this.moveToLedge(i);
    // Released dice go down after the newly held ones have left the felt, in index order.
    for (let i = 0; i < DICE_COUNT; i++) {
      if (held[i] || !this.held[i]) continue;
      const body = this.bodies[i]!;
      this.setInPlay(body, true);
      const spot = freeFeltSpot(this.bodies, i, HELD_SLOTS[i]!.x, RELEASE_Z, this.spot);
      levelRotation(body.quaternion, body.quaternion);
      this.restAt(body, spot.x, spot.z);
    }
    for (let i = 0; i < DICE_COUNT; i++) this.held[i] = held[i]!;
  }

  /** Sets a die down level in its ledge slot, out of the simulation. */
  private moveToLedge(index: number): void {
    const body = this.bodies[index]!;
    levelRotation(body.quaternion, body.quaternion);
    this.setInPlay(body, false);
    this.restAt(body, HELD_SLOTS[index]!.x, HELD_SLOTS[index]!.z);
  }

  /**
   * A held die is static and collides with nothing, so it cannot move while others roll; a die in
   * play is dynamic and collides with everything.
   */
  private setInPlay(body: CANNON.Body, inPlay: boolean): void {
    body.type = inPlay ? CANNON.Body.DYNAMIC : CANNON.Body.STATIC;
    body.collisionFilterGroup = inPlay ? 1 : 0;
    body.collisionFilterMask = inPlay ? -1 : 0;
  }

  /** Puts a die at rest with its centre over (x, z), sitting on the felt or ledge. */
  private restAt(body: CANNON.Body, x: number, z: number): void {
    body.position.set(x, DIE_SIZE / 2, z);
    body.velocity.setZero();
    body.angularVelocity.setZero();
    body.force.setZero();
    body.torque.setZero();
    body.aabbNeedsUpdate = true;
    body.sleep();
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
