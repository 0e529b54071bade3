/**
 * The 3D dice table: DiceScene and what its host needs to drive it.
 *
 * This module's declarations are part of the npm package's types (the element's `roll(gesture)` and
 * `tableProbe`, a session's throws), and those must not name three's: three ships no types and
 * @types/three is only a dev dependency, so an app that checks its libraries (strict, skipLibCheck off)
 * would fail on them. So the re-exports of the scene's classes and their options, whose declarations
 * import three's, are tagged internal in JSDoc: tsconfig.lib.json (stripInternal) leaves them out of the
 * emitted declarations; the code is unchanged. (That option drops any statement whose leading comment
 * holds the tag with its at sign, even in prose.) What the element shows of the drawn table, TableProbe
 * and GpuResources, is declared here without three and must stay the scene's own (the check below).
 * `npm run test:package` type-checks the packed package in such an app.
 */
import type { TableProbe as SceneTableProbe } from './DiceScene.js';
import type { GpuResources as SceneGpuResources } from './TableView.js';

/** @internal */
export { DiceScene, type DiceSceneOptions, type SceneQuality, type TableHandlers } from './DiceScene.js';
/** @internal */
export { DiceTable, FIRST_FRAME_MARK, type DiceTableHost, type TableState } from './DiceTable.js';
export { HeadlessDice, type DiceShow } from './HeadlessDice.js';
/** @internal */
export { nextTask } from './next-task.js';
export { SceneError, type SceneErrorCode } from './SceneError.js';
export { DEFAULT_GESTURE, type Gesture, type ThrowResult } from '../physics/types.js';
export { decodeTrajectory, TrajectoryError, type Trajectory } from '../physics/trajectory.js';

/** Live WebGL resources of the table's renderer (from three's `renderer.info`). */
export interface GpuResources {
  /** Geometries uploaded to the GPU (`info.memory.geometries`). */
  geometries: number;
  /** Textures uploaded to the GPU (`info.memory.textures`). */
  textures: number;
  /** Shader programs linked (`info.programs.length`). */
  programs: number;
}

/**
 * What a test or a tool may read of the table as drawn (never change): the one hook into the 3D
 * scene that the element exposes (`<dice-poker>.tableProbe`). Not for playing the game.
 */
export interface TableProbe {
  /** Frames actually drawn since the table was built. */
  readonly framesDrawn: number;
  /** Whether the full look has replaced the quick first frame's. */
  readonly fullLook: boolean;
  /** The look the table ends in: 'full' (upgraded after the first frame) or 'quick' (kept). */
  readonly look: 'full' | 'quick';
  /** Live WebGL resources (three's `renderer.info`). */
  readonly gpuResources: GpuResources;
  /** The face on top of each die in the frame last drawn, read from the meshes. */
  drawnFaces(): number[];
  /** Milliseconds between consecutive frames drawn during animated throws. */
  frameTimes(): number[];
  /** When (performance.now()) the first frame of the latest throw was drawn, its dice moving; 0 before any. */
  readonly throwShownAt: number;
}

/** `true` only when A and B are the same type (readonly and optional members included). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only for `true`. */
type Assert<T extends true> = T;

/**
 * Fails to compile when TableProbe or GpuResources above is no longer the scene's own (DiceScene.ts,
 * TableView.ts): change them together.
 * @internal
 */
export type ProbeIsTheScene = [
  Assert<Same<TableProbe, SceneTableProbe>>,
  Assert<Same<GpuResources, SceneGpuResources>>,
];
