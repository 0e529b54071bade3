/**
 * The contract between the physics (cannon-es, runs in Node) and everything that shows or drives it.
 * Units: one die edge is 1 unit; +Y is up; the player sits at +Z and throws toward -Z.
 */

/** Edge length of a die. */
export const DIE_SIZE = 1;

/** The felt play area: a rectangle centred on the origin, walled on all four sides. */
export const TABLE = {
  /** Inner width of the play area along X. */
  width: 12,
  /** Inner depth of the play area along Z. */
  depth: 8,
  /** Height of the walls around the play area. */
  wallHeight: 1.4,
  /** Thickness of the walls (the rim). */
  wallThickness: 0.5,
  /** Depth of the ledge beyond the near wall (+Z) where held dice wait, out of the throw. */
  ledgeDepth: 1.6,
} as const;

/**
 * Local outward normal of each face, indexed by face value 1..6 (index 0 unused). Opposite faces add
 * up to 7. Renderers draw the pips of face f on the side whose normal is FACE_NORMALS[f].
 */
export const FACE_NORMALS: readonly (readonly [number, number, number])[] = [
  [0, 0, 0],
  [0, 1, 0], // 1 up
  [1, 0, 0], // 2
  [0, 0, 1], // 3
  [0, 0, -1], // 4
  [-1, 0, 0], // 5
  [0, -1, 0], // 6
];

/** A flick, already turned from screen space into the table plane. */
export interface Gesture {
  /** Direction of the throw on the table (x, z); need not be normalised; (0, 0) means straight ahead (-Z). */
  dirX: number;
  dirZ: number;
  /** Release speed in units per second; clamped to the physics' sensible range. */
  speed: number;
}

/** The throw used for a tap or the roll button. */
export const DEFAULT_GESTURE: Gesture = { dirX: 0, dirZ: -1, speed: 12 };

/** What a finished throw reports. */
export interface ThrowResult {
  /** Five faces (held dice keep theirs). */
  faces: number[];
  /** Simulated seconds from release until every thrown die was flat and at rest. */
  settleSeconds: number;
  /** How many times a die had to be nudged or thrown again (cocked, stuck, off the table). */
  rethrows: number;
}

/** Position and orientation of one die, as plain numbers (for renderers and tests). */
export interface DiePose {
  x: number;
  y: number;
  z: number;
  qx: number;
  qy: number;
  qz: number;
  qw: number;
}

/**
 * Writes a position and an orientation (a cannon-es body's, a three.js object's: any x/y/z and
 * x/y/z/w) into `out` as a DiePose, and returns it.
 */
export function writePose(
  position: { x: number; y: number; z: number },
  quaternion: { x: number; y: number; z: number; w: number },
  out: DiePose,
): DiePose {
  out.x = position.x;
  out.y = position.y;
  out.z = position.z;
  out.qx = quaternion.x;
  out.qy = quaternion.y;
  out.qz = quaternion.z;
  out.qw = quaternion.w;
  return out;
}

/** Z of the held-dice slots: the middle of the ledge beyond the near wall. */
const HELD_SLOT_Z = TABLE.depth / 2 + TABLE.wallThickness + TABLE.ledgeDepth / 2;

/**
 * Where each held die waits, by die index: five fixed slots along the ledge beyond the near wall. The
 * ledge surface is level with the felt (y = 0), so a held die rests with its centre at y = DIE_SIZE / 2.
 */
export const HELD_SLOTS: readonly { readonly x: number; readonly z: number }[] = [-4, -2, 0, 2, 4].map(
  (x) => ({ x, z: HELD_SLOT_Z }),
);
