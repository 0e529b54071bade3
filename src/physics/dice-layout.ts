import { DICE_COUNT, isFace } from '../engine/index.js';
import { faceUpRotation, levelRotation, squareRotation, type Quat } from './level-rotations.js';
import { freeFeltSpot, IN_PLAY, type Spot } from './table-spots.js';
import { DIE_SIZE, HELD_SLOTS, TABLE, writePose, type DiePose } from './types.js';

/** Where a released die prefers to go back to: in front of its ledge slot, one die in from the near wall. */
export const RELEASE_Z = TABLE.depth / 2 - 1.2 * DIE_SIZE;

/** Spacing of the row in which `place` lays the dice that are not held. */
export const PLACE_SPACING = 2 * DIE_SIZE;

/** Any type but IN_PLAY: a die on the ledge, which takes no spot on the felt. */
const ON_LEDGE = 2;

/** One die as laid out: where it lies, which way up, and whether it is in play. */
interface LaidDie {
  position: { x: number; y: number; z: number };
  quaternion: Quat;
  type: number;
}

/**
 * The dice at rest between throws, as the physics lays them (DiceWorld's `place`, `lay` and `setHeld`
 * make the same moves with the same arithmetic on its bodies), in plain numbers: the page shows them
 * without loading cannon-es: held dice square in their ledge slots,
 * the others level on the felt. What the table shows while nothing is thrown; a throw itself is a
 * recording made by the table's authority (src/table), played on top.
 */
export class DiceLayout {
  private readonly dice: LaidDie[] = Array.from({ length: DICE_COUNT }, () => ({
    position: { x: 0, y: DIE_SIZE / 2, z: 0 },
    quaternion: { x: 0, y: 0, z: 0, w: 1 },
    type: IN_PLAY,
  }));
  private readonly held: boolean[] = new Array<boolean>(DICE_COUNT).fill(false);
  private readonly spot: Spot = { x: 0, z: 0 };

  /** The dice as a new world lays them: 1 to 5 in a row across the felt, none held. */
  constructor() {
    this.place([1, 2, 3, 4, 5], [false, false, false, false, false]);
  }

  /** Position and orientation of die `index`, written into `out` when given. */
  pose(index: number, out: DiePose = { x: 0, y: 0, z: 0, qx: 0, qy: 0, qz: 0, qw: 1 }): DiePose {
    const die = this.dice[index];
    if (!die) throw new RangeError(`No die ${index}: dice are numbered 0..${DICE_COUNT - 1}`);
    return writePose(die.position, die.quaternion, out);
  }

  /** Lays the dice showing `faces`: held ones in their ledge slots, the others in a row across the felt. */
  place(faces: readonly number[], held: readonly boolean[]): void {
    checkHeld(held);
    if (faces.length !== DICE_COUNT || !faces.every(isFace)) {
      throw new RangeError(`place needs ${DICE_COUNT} faces from 1 to 6, got [${faces.join(', ')}]`);
    }
    for (let i = 0; i < DICE_COUNT; i++) {
      faceUpRotation(faces[i]!, 0, this.dice[i]!.quaternion);
      if (held[i]) this.toLedge(i);
      else this.toFelt(i, (i - (DICE_COUNT - 1) / 2) * PLACE_SPACING, 0);
      this.held[i] = held[i]!;
    }
  }

  /** Lays the dice exactly at `poses` (where a throw's recording left them), held ones out of play. */
  lay(poses: readonly DiePose[], held: readonly boolean[]): void {
    checkHeld(held);
    if (poses.length !== DICE_COUNT) throw new RangeError(`lay needs ${DICE_COUNT} poses`);
    for (let i = 0; i < DICE_COUNT; i++) {
      const die = this.dice[i]!;
      const { x, y, z, qx, qy, qz, qw } = poses[i]!;
      Object.assign(die.quaternion, { x: qx, y: qy, z: qz, w: qw });
      die.position.x = x;
      die.position.y = y;
      die.position.z = z;
      die.type = held[i] ? ON_LEDGE : IN_PLAY;
      this.held[i] = held[i]!;
    }
  }

  /**
   * Newly held dice go to their ledge slots, then newly released ones back to a free spot on the felt
   * in front of their slot, in index order. The face on top never changes.
   */
  setHeld(held: readonly boolean[]): void {
    checkHeld(held);
    for (let i = 0; i < DICE_COUNT; i++) if (held[i] && !this.held[i]) this.toLedge(i);
    for (let i = 0; i < DICE_COUNT; i++) {
      if (held[i] || !this.held[i]) continue;
      const spot = freeFeltSpot(this.dice, i, HELD_SLOTS[i]!.x, RELEASE_Z, this.spot);
      this.toFelt(i, spot.x, spot.z);
    }
    for (let i = 0; i < DICE_COUNT; i++) this.held[i] = held[i]!;
  }

  /** Die `index` set square in its ledge slot, same face up (DiceWorld's putOnLedge). */
  private toLedge(index: number): void {
    const die = this.dice[index]!;
    squareRotation(die.quaternion, die.quaternion);
    die.type = ON_LEDGE;
    this.setDown(die, HELD_SLOTS[index]!.x, HELD_SLOTS[index]!.z);
  }

  /** Die `index` set down level on the felt over (x, z), same face up (DiceWorld's putOnFelt). */
  private toFelt(index: number, x: number, z: number): void {
    const die = this.dice[index]!;
    levelRotation(die.quaternion, die.quaternion);
    die.type = IN_PLAY;
    this.setDown(die, x, z);
  }

  private setDown(die: LaidDie, x: number, z: number): void {
    die.position.x = x;
    die.position.y = DIE_SIZE / 2;
    die.position.z = z;
  }
}

function checkHeld(held: readonly boolean[]): void {
  if (held.length !== DICE_COUNT) {
    throw new RangeError(`Expected ${DICE_COUNT} held flags, got ${held.length}`);
  }
}
