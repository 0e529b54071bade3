import * as CANNON from 'cannon-es';

const averageNormal = new CANNON.Vec3();
const averagePointA = new CANNON.Vec3();
const averagePointB = new CANNON.Vec3();

/**
 * cannon-es's narrowphase with a working `enableFrictionReduction`: two friction equations per body
 * pair, at the average of its contact points, instead of two per contact point. For a die lying on a
 * face that is 6 equations instead of 12, the largest single saving per step, and the friction budget
 * becomes μ·m·g per die rather than four times that.
 *
 * Workaround: cannon-es 0.20.0 `Narrowphase.createFrictionFromAverage` tests `c.bi !== bodyA` where
 * cannon.js 0.6.2 tested the non-existent `c.bodyA`; the renamed test takes the other branch, so the
 * averaged lever arms come out swapped (the die gets the floor's arm, i.e. its own world position) and
 * a sliding die barely feels friction. This override keeps each body's own arm.
 */
export class AveragedFrictionNarrowphase extends CANNON.Narrowphase {
  /** Builds the narrowphase with friction reduction switched on. */
  constructor(world: CANNON.World) {
    super(world);
    this.enableFrictionReduction = true;
  }

  /** Replaces the last `numContacts` contacts' friction with two equations at their average point. */
  override createFrictionFromAverage(numContacts: number): void {
    let c = this.result[this.result.length - 1]!;
    if (!this.createFrictionEquationsFromContact(c, this.frictionResult) || numContacts === 1) return;
    const f1 = this.frictionResult[this.frictionResult.length - 2]!;
    const f2 = this.frictionResult[this.frictionResult.length - 1]!;
    averageNormal.setZero();
    averagePointA.setZero();
    averagePointB.setZero();
    const bodyA = c.bi;
    for (let i = 0; i !== numContacts; i++) {
      c = this.result[this.result.length - 1 - i]!;
      if (c.bi === bodyA) {
        averageNormal.vadd(c.ni, averageNormal);
        averagePointA.vadd(c.ri, averagePointA);
        averagePointB.vadd(c.rj, averagePointB);
      } else {
        averageNormal.vsub(c.ni, averageNormal);
        averagePointA.vadd(c.rj, averagePointA);
        averagePointB.vadd(c.ri, averagePointB);
      }
    }
    const inverse = 1 / numContacts;
    averagePointA.scale(inverse, f1.ri);
    averagePointB.scale(inverse, f1.rj);
    f2.ri.copy(f1.ri);
    f2.rj.copy(f1.rj);
    averageNormal.normalize();
    averageNormal.tangents(f1.t, f2.t);
  }
}
