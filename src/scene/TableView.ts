import * as THREE from 'three';
import { topFace } from '../physics/face-reading.js';
import { writePose, type DiePose } from '../physics/types.js';
import { CameraRig } from './CameraRig.js';
import { DieMeshes } from './DieMeshes.js';
import { DirtyRegions, type ScreenRect } from './DirtyRegions.js';
import { Lighting } from './Lighting.js';
import { LookUpgrade } from './LookUpgrade.js';
import { nextTask } from './next-task.js';
import { RoomBackground } from './RoomBackground.js';
import { SceneRenderer, type SceneLayers } from './SceneRenderer.js';
import { TABLE_BOUNDS, TableMesh } from './TableMesh.js';

/** Longest wait for the first frame's programs in the GPU process (see `prepareFirstFrame`), ms. */
const FIRST_FRAME_WAIT_MS = 500;

/** Options of a TableView. */
export interface TableViewOptions {
  /** Number of dice. */
  dieCount: number;
  /** Highest device pixel ratio drawn at. */
  maxPixelRatio: number;
  /**
   * The look after the first frame: 'full' (shadow map, per-pixel felt, physically based wood),
   * 'quick' (the first frame's, kept), or 'auto': full where a GPU draws, quick where the CPU does
   * (software WebGL pays for every shaded pixel and program on the CPU, in the page's time).
   */
  look: 'full' | 'quick' | 'auto';
  /** The CSS size the canvas will get (its container's), so its drawing buffer is made that size. */
  size: { width: number; height: number };
}

/** Live WebGL resources of a renderer (from three's `renderer.info`). */
export interface GpuResources {
  /** Geometries uploaded to the GPU (`info.memory.geometries`). */
  geometries: number;
  /** Textures uploaded to the GPU (`info.memory.textures`). */
  textures: number;
  /** Shader programs linked (`info.programs.length`). */
  programs: number;
}

/**
 * What the dice table looks like on the canvas, and drawing it: the table, room and lights, the dice
 * over them, the camera framing it all. Two layers: the table (drawn on full frames only, lit, with
 * a shadow map) and the dice over the captured table (cheap: lit per vertex by the same lights, blob
 * shadows); once drawn whole, a frame draws again only the pixels around dice that moved. The first
 * frame is drawn in a quick look, the full look right after where it is wanted (see LookUpgrade). It
 * draws only when told; `requestFrame` asks the host for a frame when the view needs one (a restored
 * context, the full look ready).
 */
export class TableView {
  /** The camera the table is seen through (for picking). */
  readonly camera: THREE.PerspectiveCamera;
  private readonly renderer: SceneRenderer;
  private readonly layers: SceneLayers;
  private readonly rig = new CameraRig(TABLE_BOUNDS);
  private readonly table: TableMesh;
  private readonly room = new RoomBackground();
  private readonly dice: DieMeshes;
  private readonly lighting: Lighting;
  private readonly regions: DirtyRegions;
  /** The upgrade to the full look, or undefined where the quick look stays. */
  private readonly upgrade: LookUpgrade | undefined;
  private readonly scratch = new THREE.Vector3();
  private readonly drawnQuaternion = new THREE.Quaternion();
  private readonly drawnScale = new THREE.Vector3();
  private drawn = 0;
  private disposed = false;
  /** The first frame's programs are linked and its pictures painted: frames may be drawn. */
  private ready = false;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    options: TableViewOptions,
    requestFrame: () => void,
  ) {
    this.camera = this.rig.camera;
    this.renderer = new SceneRenderer(canvas, {
      maxPixelRatio: options.maxPixelRatio,
      size: options.size,
    });
    this.renderer.onContextRestored = requestFrame;
    const upgrades = options.look === 'full' || (options.look === 'auto' && !this.renderer.software);
    this.renderer.three.shadowMap.enabled = upgrades;
    this.lighting = new Lighting({ shadowMapSize: upgrades ? 1024 : 0, tableBounds: TABLE_BOUNDS });
    this.table = new TableMesh();
    // The first frame quick (see TableLook; no shadow map), the full look right after where it upgrades.
    this.lighting.shadows = false;
    this.dice = new DieMeshes(this.lighting, { count: options.dieCount });
    const still = new THREE.Scene();
    still.add(this.table.group, this.room.mesh, this.lighting.group);
    const moving = new THREE.Scene();
    moving.add(this.renderer.backdrop.mesh, this.table.occluders, this.dice.group);
    // Drawn in several passes a frame: world matrices are brought up to date once, by `draw`.
    moving.matrixWorldAutoUpdate = false;
    moving.updateMatrixWorld(true);
    this.layers = { still, moving, occluders: this.table.occluders };
    this.regions = new DirtyRegions(this.camera, this.lighting.towardsKey, this.dice.count);
    this.upgrade = upgrades ? this.lookUpgrade(still, requestFrame) : undefined;
    void this.prepareFirstFrame(requestFrame);
  }

  /**
   * The first frame asked for once the table is built, its programs linked (their results are read
   * only then: read before, each read waits for its link) and a worker has built its rounded shapes and
   * painted its pictures: until then none is drawn. The rest is split into tasks (the dice given their
   * shape, the table's meshes made, each part's programs sent off to compile in the GPU process, each
   * program read back, each picture uploaded), each short enough not to hold up a tap or the page's
   * first paints. The GPU is waited for FIRST_FRAME_WAIT_MS at most (a GPU process slower than that
   * keeps the table from showing no longer: a throw made at once is seen). The frame is drawn on a
   * canvas not yet shown, so the GPU's work for it (software WebGL builds a program's drawing code at
   * its first draw) keeps off this thread: DiceScene shows it once done.
   */
  private async prepareFirstFrame(requestFrame: () => void): Promise<void> {
    const worker = this.table.worker;
    // The shapes asked for first: the worker builds them before it paints.
    const shapes = Promise.all([this.dice.shape(worker), this.table.shapes()]);
    const pictures = Promise.all([
      this.table.paint('quick'),
      this.dice.paint(worker),
      this.room.paint(worker),
    ]);
    const [die, boards] = await shapes;
    if (!die || !boards || this.disposed) return;
    const { still, moving } = this.layers;
    const build = [
      () => this.dice.build(die),
      () => {
        this.table.build(this.lighting, boards);
        // The moving layer's world matrices are brought up to date by hand (see the constructor).
        moving.updateMatrixWorld(true);
      },
    ];
    if (!(await this.inSteps(build))) return;
    // Each part's programs sent off to compile on their own (the backdrop's and the walls' wait for a
    // throw): the first part with a program builds its code, the others find it made.
    const compile = (scene: THREE.Scene) => (part: THREE.Object3D) => () =>
      this.renderer.precompile(part, this.camera, scene);
    const programs = [
      ...[...this.table.group.children, this.room.mesh].map(compile(still)),
      ...this.dice.group.children.map(compile(moving)),
    ];
    if (!(await this.inSteps(programs))) return;
    await this.renderer.gpuDone(FIRST_FRAME_WAIT_MS);
    if (this.disposed) return;
    const settle = [still, this.dice.group].flatMap((object) => this.renderer.programSettlers(object));
    if (!(await this.inSteps(settle))) return;
    await pictures;
    // The pictures go to the GPU one a task, not all in the first frame's.
    const textures = [...this.renderer.texturesOf(still), ...this.renderer.texturesOf(this.dice.group)];
    if (!(await this.inSteps(textures.map((texture) => () => this.renderer.upload(texture))))) return;
    this.ready = true;
    requestFrame();
  }

  /** Runs `steps` one a task; false when the view was disposed meanwhile (the rest not run). */
  private async inSteps(steps: readonly (() => void)[]): Promise<boolean> {
    for (const step of steps) {
      await nextTask();
      if (this.disposed) return false;
      step();
    }
    return true;
  }

  private lookUpgrade(still: THREE.Scene, requestFrame: () => void): LookUpgrade {
    return new LookUpgrade({
      gpuDone: () => this.renderer.gpuDone(),
      applyFullLook: () => {
        this.lighting.shadows = true;
        this.table.setLook('full');
      },
      prepare: async () => {
        // As for the first frame: programs off to the GPU process, pictures painted meanwhile (on a
        // worker: these are full size).
        this.renderer.precompile(still, this.camera, still);
        await Promise.all([this.table.paint('full'), this.renderer.gpuDone()]);
        if (!this.disposed) this.renderer.settlePrograms(still);
      },
      redraw: () => {
        this.renderer.needsFullFrame = true;
        requestFrame();
      },
    });
  }

  /** Settles once the GPU has carried out every command given so far (at most 3 s). */
  gpuDone(): Promise<void> {
    return this.renderer.gpuDone();
  }

  /** Frames actually drawn since creation. */
  get framesDrawn(): number {
    return this.drawn;
  }

  /** Whether the full look (shadow map, per-pixel felt, wood) has replaced the quick first one. */
  get fullLook(): boolean {
    return this.upgrade?.done ?? false;
  }

  /** The look this table ends in: 'full' once upgraded, or 'quick' for good. */
  get look(): 'full' | 'quick' {
    return this.upgrade ? 'full' : 'quick';
  }

  /** The die meshes by die index (for picking; their pose is the one last drawn or about to be). */
  get dieMeshes(): readonly THREE.Mesh[] {
    return this.dice.meshes;
  }

  /**
   * The face on top of each die mesh in the frame last drawn: read from the world matrix each mesh was
   * drawn with (brought up to date only by `draw`), so neither the physics nor a pose set since counts.
   */
  drawnFaces(): number[] {
    return this.dice.meshes.map((mesh) => {
      mesh.matrixWorld.decompose(this.scratch, this.drawnQuaternion, this.drawnScale);
      return topFace(this.drawnQuaternion).face;
    });
  }

  /** Live WebGL resources of the renderer: geometries and textures on the GPU, shader programs. */
  get gpuResources(): GpuResources {
    const { memory, programs } = this.renderer.three.info;
    return { geometries: memory.geometries, textures: memory.textures, programs: programs?.length ?? 0 };
  }

  /** Writes into `out` the pose die `index` is drawn at (or is about to be, once set) and returns it. */
  diePose(index: number, out: DiePose): DiePose {
    const { position, quaternion } = this.dice.meshes[index]!;
    return writePose(position, quaternion, out);
  }

  /** Where die `index` is on the canvas now, in CSS pixels from its top-left corner. */
  dieScreenPoint(index: number): { x: number; y: number } {
    const { width, height } = this.renderer.size;
    const p = this.scratch.copy(this.dice.position(index)).project(this.camera);
    return { x: ((p.x + 1) / 2) * width, y: ((1 - p.y) / 2) * height };
  }

  /**
   * Puts die `index` at `pose`, held look from 0 (in play) to 1 (held); what changed is drawn by the
   * next `draw`.
   */
  setDie(index: number, pose: DiePose, heldLook: number): void {
    const moved = this.dice.setPose(index, pose);
    const looks = this.dice.setHeldLook(index, heldLook);
    if (moved || looks) {
      const { width, height } = this.renderer.size;
      this.regions.moved(index, this.dice.layout(index), width, height);
    }
  }

  /** Draws what changed; returns whether anything was drawn. */
  draw(): boolean {
    const { width, height } = this.renderer.size;
    if (width === 0 || height === 0 || !this.ready) return false;
    const rects = this.renderer.needsFullFrame ? null : this.regions.take(width, height);
    if (rects !== null && rects.length === 0) return false;
    if (rects === null) {
      this.regions.clear();
      for (let i = 0; i < this.dice.count; i++) this.regions.placed(i, this.dice.layout(i), width, height);
    }
    this.dice.group.updateMatrixWorld();
    if (this.renderer.draw(this.layers, this.camera, rects, this.cull)) this.upgrade?.fullFrameDrawn();
    this.drawn++;
    return true;
  }

  /** Fits the drawing buffer and the camera to the canvas's size; draws at once when it changed. */
  resize(): void {
    const width = this.canvas.clientWidth;
    const height = this.canvas.clientHeight;
    if (!this.renderer.setSize(width, height)) return;
    this.rig.frame(width, height);
    // Drawn now, not on the next frame: resizing cleared the canvas and it must not flash empty.
    this.draw();
  }

  /** Stops a pending look upgrade and frees every GPU resource (the canvas stays). */
  dispose(): void {
    this.disposed = true;
    this.upgrade?.dispose();
    this.table.dispose();
    this.room.dispose();
    this.dice.dispose();
    this.lighting.dispose();
    this.renderer.dispose();
    this.layers.still.clear();
    this.layers.moving.clear();
  }

  /** Before each scissored pass: only the dice that reach into it are drawn. */
  private readonly cull = (rect: ScreenRect | null): void => {
    for (let i = 0; i < this.dice.count; i++) {
      this.dice.setVisible(i, rect === null || this.regions.reaches(i, rect));
    }
  };
}
