import type * as THREE from 'three';
import { PointerInput, type TableInputHandlers } from './PointerInput.js';
import { ScenePicker } from './ScenePicker.js';

/**
 * The pointer on the table (flicks, taps, picking dice by their drawn outline), a chunk of its own:
 * nothing of it is needed to draw the first frame, so the page's first load stays small and the table
 * takes presses a moment after it shows.
 */
export function attachTableInput(
  canvas: HTMLCanvasElement,
  camera: THREE.Camera,
  dice: readonly THREE.Mesh[],
  handlers: TableInputHandlers,
): PointerInput {
  return new PointerInput(canvas, new ScenePicker(camera, dice), handlers);
}
