import * as THREE from 'three';
import { Backdrop } from './Backdrop.js';
import { RENDERER_PARAMETERS, pixelRatio, sizeDrawingBuffer } from './scene-canvas.js';
import { SceneError } from './SceneError.js';
import type { ScreenRect } from './DirtyRegions.js';

/** Options for the renderer. */
export interface SceneRendererOptions {
  /** Highest device pixel ratio rendered at (a 3x phone renders at this). */
  maxPixelRatio: number;
  /**
   * The CSS size the canvas is expected to get (its container's): the drawing buffer is made this
   * size with the context, so the first `setSize` finds it right. Resizing a fresh context's buffer
   * is a round trip to the GPU process, which at start-up waits behind the page's own painting.
   */
  size?: { width: number; height: number };
}

/** How often `gpuDone` looks at its fence, in ms. */
const POLL_MS = 16;
/** Longest wait of `gpuDone`, in ms. */
const MAX_WAIT_MS = 3000;

/** Names software renderers give: Chrome's SwiftShader, Mesa's llvmpipe, softpipe, Windows' basic driver. */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/**
 * The renderer's name: Firefox and Safari give it as RENDERER, Chrome only through
 * WEBGL_debug_renderer_info (asked only there: Firefox warns that it is deprecated).
 */
function rendererName(gl: WebGLRenderingContext | WebGL2RenderingContext): string {
  const name = String(gl.getParameter(gl.RENDERER) ?? '');
  if (name !== 'WebKit WebGL') return name;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL) ?? '') : name;
}

/** What a frame is made of. */
export interface SceneLayers {
  /** What never moves (the table): drawn whole only on full frames, then kept as the backdrop. */
  still: THREE.Scene;
  /** What moves (dice), drawn over the backdrop. Must hold `backdrop.mesh` and `occluders`. */
  moving: THREE.Scene;
  /** Depth-only stand-ins of still things that may hide moving ones (the walls). */
  occluders: THREE.Object3D;
}

/**
 * The WebGL renderer of the table, drawing on demand in two layers. A full frame draws the still
 * layer with every nicety (lights, shadow map, textures), keeps its pixels as the backdrop, then
 * draws the moving layer over it. Afterwards frames are drawn only inside a few screen rectangles
 * (scissored passes over the kept drawing buffer): backdrop pixels back, walls' depth, then dice.
 * Software WebGL (SwiftShader) spends its time per shaded pixel, so this is what keeps it smooth.
 */
export class SceneRenderer {
  /** The canvas drawn into. */
  readonly canvas: HTMLCanvasElement;
  /** The three.js renderer. */
  readonly three: THREE.WebGLRenderer;
  /** The captured still layer; add `backdrop.mesh` to the moving layer. */
  readonly backdrop = new Backdrop();
  /** Set when the drawing buffer no longer holds the last frame (resize, lost context): draw whole next. */
  needsFullFrame = true;
  /** Called after a lost context came back (the host should request a frame). */
  onContextRestored?: () => void;
  /** Whether the CPU draws this context (a software renderer such as SwiftShader or llvmpipe): no GPU. */
  readonly software: boolean;
  private width = 0;
  private height = 0;
  private readonly maxPixelRatio: number;
  private readonly bufferSize = new THREE.Vector2();

  constructor(canvas: HTMLCanvasElement, options: SceneRendererOptions) {
    this.canvas = canvas;
    this.maxPixelRatio = options.maxPixelRatio;
    sizeDrawingBuffer(canvas, options);
    try {
      // Three finds the context made where the canvas was prepared (prepareSceneCanvas), else makes it.
      this.three = new THREE.WebGLRenderer({ canvas, ...RENDERER_PARAMETERS });
    } catch (cause) {
      const error = new SceneError('no-webgl', 'WebGL is not available in this browser');
      (error as Error & { cause?: unknown }).cause = cause;
      throw error;
    }
    const r = this.three;
    this.software = SOFTWARE_RENDERER.test(rendererName(r.getContext()));
    r.outputColorSpace = THREE.SRGBColorSpace;
    r.toneMapping = THREE.NoToneMapping;
    r.shadowMap.type = THREE.PCFShadowMap;
    // The still layer's shadows are drawn once per full frame, never per pass.
    r.shadowMap.autoUpdate = false;
    // Three asks for this extension at the first texture upload: a round trip to the GPU process
    // that, in the middle of the first frame, waits behind all of the frame's work. Asked now.
    r.capabilities.getMaxAnisotropy();
    canvas.addEventListener('webglcontextrestored', this.onRestored);
  }

  /** Current size in CSS pixels. */
  get size(): { width: number; height: number } {
    return { width: this.width, height: this.height };
  }

  /** Resizes the drawing buffer to `width` x `height` CSS pixels; returns whether anything changed. */
  setSize(width: number, height: number): boolean {
    const ratio = this.pixelRatio();
    if (width === this.width && height === this.height && ratio === this.three.getPixelRatio()) return false;
    this.width = width;
    this.height = height;
    // One assignment of the canvas size (setPixelRatio then setSize would make two, resizing twice).
    this.three.setDrawingBufferSize(width, height, ratio);
    this.needsFullFrame = true;
    return true;
  }

  /**
   * Sends the shader programs `object` needs in `scene` off to compile, waiting for nothing: the
   * commands are flushed to the GPU process now, so it compiles them while this thread goes on (see
   * `settlePrograms`).
   */
  precompile(object: THREE.Object3D, camera: THREE.Camera, scene: THREE.Scene): void {
    this.three.compile(object, camera, scene);
    this.three.getContext().flush();
  }

  /** The textures the materials in `object` sample (their maps and texture uniforms), each once. */
  texturesOf(object: THREE.Object3D): THREE.Texture[] {
    const found = new Set<THREE.Texture>();
    object.traverse((child) => {
      const material = (child as Partial<THREE.Mesh>).material;
      if (!material || Array.isArray(material)) return;
      const uniforms = (material as Partial<THREE.ShaderMaterial>).uniforms ?? {};
      const values = [...Object.values(material), ...Object.values(uniforms).map((u) => u.value)];
      for (const value of values) if (value instanceof THREE.Texture) found.add(value);
    });
    return [...found];
  }

  /** Uploads `texture` to the GPU now, not in the middle of the next frame that draws with it. */
  upload(texture: THREE.Texture): void {
    this.three.initTexture(texture);
  }

  /**
   * Makes three read back what it needs of the programs `precompile` sent off for `object` (link
   * status, uniform and attribute locations), as drawing with them first would. Each is a round trip
   * to the GPU process, which answers once it has linked the program; made while drawing a frame, in
   * between its texture uploads and draws, each also waits behind all that work (software WebGL runs
   * it first), so they are made before, best once `gpuDone` says the links are done.
   */
  settlePrograms(object: THREE.Object3D): void {
    for (const settle of this.programSettlers(object)) settle();
  }

  /** `settlePrograms` as one call per program (each program once), to be made a task apart. */
  programSettlers(object: THREE.Object3D): (() => void)[] {
    const programs = new Set<{ getUniforms(): unknown }>();
    object.traverse((child) => {
      const material = (child as Partial<THREE.Mesh>).material;
      if (!material || Array.isArray(material)) return;
      // The program three picked for the material, read as WebGLRenderer.compileAsync reads it.
      const state = this.three.properties.get(material) as { currentProgram?: { getUniforms(): unknown } };
      if (state.currentProgram) programs.add(state.currentProgram);
    });
    return [...programs].map((program) => () => program.getUniforms());
  }

  /**
   * Settles once the GPU has carried out every command given so far: a fence, looked at every
   * POLL_MS without waiting for it (browsers update its status between tasks). Settles at once
   * without a context, and after `maxWaitMs` whatever the fence says.
   */
  gpuDone(maxWaitMs = MAX_WAIT_MS): Promise<void> {
    const gl = this.three.getContext() as WebGL2RenderingContext;
    const fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    gl.flush();
    const since = performance.now();
    return new Promise((resolve) => {
      const look = (): void => {
        // null once the context is lost (or the renderer disposed): nothing to wait for then.
        const status: unknown = fence ? gl.getSyncParameter(fence, gl.SYNC_STATUS) : null;
        if (status === gl.UNSIGNALED && performance.now() - since < maxWaitMs) {
          setTimeout(look, POLL_MS);
          return;
        }
        if (fence) gl.deleteSync(fence);
        resolve();
      };
      setTimeout(look, POLL_MS);
    });
  }

  /**
   * Draws a frame: whole when `rects` is null or a full frame is due, else only inside `rects` (CSS
   * pixels, origin bottom-left), calling `beforePass` with each so the host can hide what lies outside.
   * Returns whether the frame was drawn whole.
   */
  draw(
    layers: SceneLayers,
    camera: THREE.Camera,
    rects: readonly ScreenRect[] | null,
    beforePass?: (rect: ScreenRect | null) => void,
  ): boolean {
    const r = this.three;
    if (rects === null || this.needsFullFrame) {
      r.setScissorTest(false);
      r.shadowMap.needsUpdate = true;
      this.drawLayers(layers, camera, () => {
        r.getDrawingBufferSize(this.bufferSize);
        this.backdrop.capture(r, this.bufferSize.x, this.bufferSize.y);
        beforePass?.(null);
      });
      this.needsFullFrame = false;
      return true;
    }
    r.setScissorTest(true);
    // The backdrop covers every pixel of a pass: only depth needs clearing.
    r.autoClearColor = false;
    for (const rect of rects) {
      r.setScissor(rect.x0, rect.y0, rect.x1 - rect.x0, rect.y1 - rect.y0);
      beforePass?.(rect);
      r.render(layers.moving, camera);
    }
    r.autoClearColor = true;
    r.setScissorTest(false);
    return false;
  }

  /**
   * The still layer, then (after `between`) the moving one straight over it: the still layer is on
   * screen with its depth, so the moving layer's backdrop and the walls' depth stand-ins are left out.
   */
  private drawLayers(layers: SceneLayers, camera: THREE.Camera, between: () => void): void {
    const r = this.three;
    r.render(layers.still, camera);
    between();
    this.backdrop.mesh.visible = false;
    layers.occluders.visible = false;
    r.autoClear = false;
    r.render(layers.moving, camera);
    r.autoClear = true;
    this.backdrop.mesh.visible = true;
    layers.occluders.visible = true;
  }

  /** Device pixels per CSS pixel drawn at. */
  private pixelRatio(): number {
    return pixelRatio(this.maxPixelRatio);
  }

  /** Frees the renderer and drops the WebGL context at once (browsers limit live contexts). */
  dispose(): void {
    this.canvas.removeEventListener('webglcontextrestored', this.onRestored);
    this.backdrop.dispose();
    this.three.dispose();
    this.three.forceContextLoss();
  }

  private readonly onRestored = (): void => {
    this.needsFullFrame = true;
    this.onContextRestored?.();
  };
}
