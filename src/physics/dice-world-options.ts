import { FLAT_TOLERANCE_DEG } from './face-reading.js';

/** Everything a DiceWorld can be tuned by. Every field has a default in DEFAULT_DICE_WORLD_OPTIONS. */
export interface DiceWorldOptions {
  /** Seconds advanced by one `step()`. */
  fixedStep: number;
  /** Downward acceleration in units (die edges) per second squared. */
  gravity: number;
  /** Gauss-Seidel iterations per step. */
  solverIterations: number;
  /**
   * Friction at the averaged contact point of each body pair (AveragedFrictionNarrowphase: about three
   * times cheaper per resting die than friction at every contact point); the torsional part it loses
   * is put back by torsional-friction.ts.
   */
  frictionReduction: boolean;
  /** Share of linear velocity lost per second (cannon-es damping). */
  linearDamping: number;
  /** Share of angular velocity lost per second (cannon-es damping). */
  angularDamping: number;
  /** A flat die on the felt slower than this (|v|² + |ω|² below its square) is calm. */
  restSpeed: number;
  /** Consecutive calm steps after which a flat die on the felt is at rest. */
  restSteps: number;
  /**
   * Steps a die must stay still (within a small distance and turn, however it jitters) to be at rest:
   * cocked if it is not flat on the felt.
   */
  cockedSteps: number;
  /**
   * cannon-es's own sleep test, a second way to rest (a die it puts to sleep is judged like any
   * other): slower than this (|v|² + |ω|² below its square)... A resting die is woken by a die
   * touching it faster than √2 times this.
   */
  sleepSpeedLimit: number;
  /** ...for this many seconds. */
  sleepTimeLimit: number;
  /** A die is flat only when its top face leans less than this many degrees. */
  flatToleranceDeg: number;
  /** Seconds after its (re)launch past which a die still moving is taken as stuck and thrown again. */
  settleCapSeconds: number;
  /** `throwToRest` gives up with an error past this many simulated seconds (never reached in practice). */
  maxThrowSeconds: number;
  /** Impacts slower than this (units per second along the contact normal) are not reported. */
  minImpactSpeed: number;
  /** Friction between a die and the felt. */
  feltFriction: number;
  /** Restitution (bounce) between a die and the felt. */
  feltRestitution: number;
  /** Friction between a die and a wall. */
  wallFriction: number;
  /** Restitution between a die and a wall. */
  wallRestitution: number;
  /** Friction between two dice. */
  diceFriction: number;
  /** Restitution between two dice. */
  diceRestitution: number;
}

/**
 * The defaults, tuned with `npm run bench:dice`. Gravity is 100 units/s² (a die edge is the unit):
 * throws stay lively but settle in under a second of simulated time. Felt friction is real Coulomb
 * friction (see cannon-table.ts) with μ = 0.6, so a landing die both slides and tumbles; walls and
 * dice are slicker and bouncier, so dice rarely stay wedged against them. Four solver iterations are
 * plenty for dice that never stack. A flat die is at rest after 3 calm steps; a tilted one is called
 * cocked only after half a second without moving.
 */
export const DEFAULT_DICE_WORLD_OPTIONS: Readonly<DiceWorldOptions> = {
  fixedStep: 1 / 60,
  gravity: 100,
  solverIterations: 4,
  frictionReduction: true,
  linearDamping: 0.1,
  angularDamping: 0.2,
  restSpeed: 0.35,
  restSteps: 3,
  cockedSteps: 30,
  sleepSpeedLimit: 0.1,
  sleepTimeLimit: 0.3,
  flatToleranceDeg: FLAT_TOLERANCE_DEG,
  settleCapSeconds: 4,
  maxThrowSeconds: 60,
  minImpactSpeed: 0.5,
  feltFriction: 0.6,
  feltRestitution: 0.3,
  wallFriction: 0.2,
  wallRestitution: 0.5,
  diceFriction: 0.2,
  diceRestitution: 0.4,
};
