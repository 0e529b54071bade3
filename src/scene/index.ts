/** The 3D dice table: DiceScene and what its host needs to drive it. */
export {
  DiceScene,
  type DiceSceneOptions,
  type SceneQuality,
  type TableHandlers,
  type TableProbe,
} from './DiceScene.js';
export type { GpuResources } from './TableView.js';
export { DiceTable, FIRST_FRAME_MARK, type DiceTableHost, type TableState } from './DiceTable.js';
export { HeadlessThrower, type DiceThrower } from './HeadlessThrower.js';
export { SceneError, type SceneErrorCode } from './SceneError.js';
export { DEFAULT_GESTURE, type Gesture, type ThrowResult } from './physics/types.js';
export { decodeTrajectory, TrajectoryError, type Trajectory } from './physics/trajectory.js';
