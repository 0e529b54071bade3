/** The 3D dice table: DiceScene and what its host needs to drive it. */
export { DiceScene, type DiceSceneOptions, type SceneQuality } from './DiceScene.js';
export type { GpuResources } from './TableView.js';
export { SceneError, type SceneErrorCode } from './SceneError.js';
export { DEFAULT_GESTURE, type Gesture, type ThrowResult } from './physics/types.js';
