/**
 * The physics dice (cannon-es only; runs in Node and the page): the world the dice are thrown in, the
 * recording of a throw that every screen plays, and the shapes they share.
 */
export { DiceWorld } from './DiceWorld.js';
export { DEFAULT_DICE_WORLD_OPTIONS, type DiceWorldOptions } from './dice-world-options.js';
export {
  MAX_TRAJECTORY_FRAMES,
  TrajectoryError,
  decodeTrajectory,
  encodeTrajectory,
  encodedFirstFrame,
  recordThrow,
  samplePose,
  trajectorySeconds,
  type Trajectory,
} from './trajectory.js';
export { topFace, type FaceReading, type QuaternionLike } from './face-reading.js';
export { DEFAULT_GESTURE, DIE_SIZE, TABLE, type DiePose, type Gesture, type ThrowResult } from './types.js';
