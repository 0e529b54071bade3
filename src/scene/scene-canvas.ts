import type { DiceSceneOptions, SceneQuality } from './DiceScene.js';
import type { SceneRendererOptions } from './SceneRenderer.js';
import type { TableViewOptions } from './TableView.js';

// The table's canvas: its drawing buffer and WebGL context as SceneRenderer wants them, which the
// element's first start makes a task ahead of the renderer (prepareSceneCanvas).

/** What the renderer asks three for. */
export const RENDERER_PARAMETERS = {
  antialias: false,
  alpha: false,
  stencil: false,
  powerPreference: 'high-performance',
  // Kept between frames so a frame can redraw only what moved.
  preserveDrawingBuffer: true,
} as const;

/**
 * The context three makes for RENDERER_PARAMETERS: its own defaults, and alpha always on (it clears to
 * opaque itself when alpha is off). A canvas prepared with these is one three takes as it is.
 */
const CONTEXT_ATTRIBUTES: WebGLContextAttributes = {
  ...RENDERER_PARAMETERS,
  alpha: true,
  depth: true,
  premultipliedAlpha: true,
  failIfMajorPerformanceCaveat: false,
};

/** Device pixels per CSS pixel drawn at, at most `max`. */
export function pixelRatio(max: number): number {
  return Math.min(window.devicePixelRatio || 1, max);
}

/**
 * Gives `canvas` the drawing buffer of the size `options` expect, unless it has it: resizing the
 * buffer of a context is a round trip to the GPU process, which at start-up waits behind the page's
 * own painting.
 */
export function sizeDrawingBuffer(canvas: HTMLCanvasElement, options: SceneRendererOptions): void {
  if (!options.size || options.size.width <= 0 || options.size.height <= 0) return;
  // As three's setDrawingBufferSize rounds it (a canvas given the size it has keeps its buffer).
  const ratio = pixelRatio(options.maxPixelRatio);
  const width = Math.floor(options.size.width * ratio);
  const height = Math.floor(options.size.height * ratio);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
}

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
  // The drawing buffer and the context as SceneRenderer makes them: three then finds them made.
  sizeDrawingBuffer(canvas, viewOptions(container, options.quality, options.maxPixelRatio));
  return canvas.getContext('webgl2', CONTEXT_ATTRIBUTES) ? canvas : null;
}

/** Frees the WebGL context of a canvas from prepareSceneCanvas that no scene took (browsers limit them). */
export function releaseSceneCanvas(canvas: HTMLCanvasElement): void {
  canvas.getContext('webgl2')?.getExtension('WEBGL_lose_context')?.loseContext();
}
