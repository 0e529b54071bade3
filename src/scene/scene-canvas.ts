import type { DiceSceneOptions, SceneQuality } from './DiceScene.js';
import { prepareCanvas } from './SceneRenderer.js';
import type { TableViewOptions } from './TableView.js';

/** How a scene in `container` is drawn: the look, the highest pixel ratio, the size (read now). */
export function viewOptions(
  container: HTMLElement,
  quality: SceneQuality | undefined,
  maxPixelRatio = 1.5,
): Omit<TableViewOptions, 'dieCount'> {
  return {
    maxPixelRatio: quality === 'low' ? Math.min(1, maxPixelRatio) : maxPixelRatio,
    look: quality === 'high' ? 'full' : quality === 'low' ? 'quick' : 'auto',
    // The canvas will fill the container: its drawing buffer is made that size from the start.
    size: { width: container.clientWidth, height: container.clientHeight },
  };
}

/**
 * A canvas for a DiceScene in `container` with `options` (pass it as `options.canvas`), its drawing
 * buffer and WebGL context made: the longest single step of a table's start, done a task before the
 * scene is built. Null where there is no WebGL; `releaseSceneCanvas` frees one never used.
 */
export function prepareSceneCanvas(
  container: HTMLElement,
  options: DiceSceneOptions = {},
): HTMLCanvasElement | null {
  const canvas = document.createElement('canvas');
  return prepareCanvas(canvas, viewOptions(container, options.quality, options.maxPixelRatio))
    ? canvas
    : null;
}

/** Frees the WebGL context of a canvas from prepareSceneCanvas that no scene took (browsers limit them). */
export function releaseSceneCanvas(canvas: HTMLCanvasElement): void {
  canvas.getContext('webgl2')?.getExtension('WEBGL_lose_context')?.loseContext();
}
