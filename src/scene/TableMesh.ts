import * as THREE from 'three';
import type { Lighting } from './Lighting.js';
import { DIE_SIZE, HELD_SLOTS, TABLE } from '../physics/types.js';
import { boxUvsInUnits, shapeGeometry, type ShapeArrays, type ShapeJob } from './shape-jobs.js';
import { shapeOf, TableWorker } from './TableWorker.js';
import { feltPicture, woodPicture, type TablePicture } from './table-textures.js';
import { VertexLitMaterial } from './VertexLitMaterial.js';

/** Height of the lip at the outer edge of the ledge (visual only: held dice never reach it). */
const LIP_HEIGHT = 0.3;
/** Thickness of the lip. */
const LIP_THICKNESS = 0.3;
/** How far the table body reaches below the felt. */
const BODY_DEPTH = 0.8;
/** Width of the table over its side walls (the long walls, the ledge and the lip run all of it). */
const OUTER_WIDTH = TABLE.width + 2 * TABLE.wallThickness;
/** Middle of the ledge, beyond the near wall. */
const LEDGE_Z = TABLE.depth / 2 + TABLE.wallThickness + TABLE.ledgeDepth / 2;

/**
 * The rounded wooden boards, each a shape (built on the table's worker) and where it stands: the four
 * walls (the long ones run the full outer width, the side ones fit between them), which cast shadows,
 * and the lip at the ledge's outer edge.
 */
const BOARDS: readonly { shape: ShapeJob; at: readonly [number, number, number]; castShadow: boolean }[] =
  (() => {
    const { width, depth, wallHeight: h, wallThickness: t, ledgeDepth } = TABLE;
    const board = (w: number, bh: number, d: number, uvOffset: number): ShapeJob => ({
      kind: 'board',
      width: w,
      height: bh,
      depth: d,
      radius: 0.1,
      unitsPerRepeat: 4,
      uvOffset,
    });
    const wall = (w: number, d: number, x: number, z: number) => ({
      shape: board(w, h, d, x * 0.13 + z * 0.07),
      at: [x, h / 2, z] as const,
      castShadow: true,
    });
    return [
      wall(OUTER_WIDTH, t, 0, -(depth + t) / 2),
      wall(OUTER_WIDTH, t, 0, (depth + t) / 2),
      wall(t, depth + 0.02, -(width + t) / 2, 0),
      wall(t, depth + 0.02, (width + t) / 2, 0),
      {
        shape: board(OUTER_WIDTH, LIP_HEIGHT + 0.2, LIP_THICKNESS, 0.5),
        at: [0, LIP_HEIGHT / 2 - 0.1, depth / 2 + t + ledgeDepth + LIP_THICKNESS / 2] as const,
        castShadow: false,
      },
    ];
  })();

/** Outer extent of the table (walls, ledge and lip included), for framing the camera. */
export const TABLE_BOUNDS = (() => {
  const halfX = TABLE.width / 2 + TABLE.wallThickness;
  const farZ = -(TABLE.depth / 2 + TABLE.wallThickness);
  const nearZ = TABLE.depth / 2 + TABLE.wallThickness + TABLE.ledgeDepth + LIP_THICKNESS;
  return new THREE.Box3(
    new THREE.Vector3(-halfX, -0.25, farZ),
    new THREE.Vector3(halfX, TABLE.wallHeight, nearZ),
  );
})();

/**
 * How the table is drawn: 'full', felt lit per pixel, varnished wood (physically based, with
 * highlights), full-size trilinear and anisotropic textures; or 'quick', for the first frame:
 * everything lit per vertex by the dice's own shader program (one texture read a pixel, no program of
 * its own to compile) from half-size bilinear textures (see TablePicture).
 */
export type TableLook = 'quick' | 'full';

/**
 * The dice table: green felt in a rim of four varnished wooden walls, the ledge for held dice beyond
 * the near wall (level with the felt, with a darker felt strip and a lip), on a wooden body. Built to
 * the physics' TABLE measures; the felt receives shadows, the walls cast them. Starts in the quick look.
 */
export class TableMesh {
  /** Everything of the table, ready to add to a scene. */
  readonly group = new THREE.Group();
  /**
   * Depth-only twins of the parts that stand up from the felt (walls, lip): drawn with the dice over
   * the captured table so a die behind a wall stays hidden.
   */
  readonly occluders = new THREE.Group();
  private readonly geometries: THREE.BufferGeometry[] = [];
  private readonly materials: THREE.Material[] = [];
  private readonly textures: THREE.Texture[] = [];
  /** Paints the pictures and builds the shapes off the page's thread (the dice's too: TableView). */
  readonly worker = new TableWorker();
  /** Each lit mesh with its material in the full look and in the quick one. */
  private readonly looks: { mesh: THREE.Mesh; full: THREE.Material; quick: THREE.Material }[] = [];
  /** The quick look's stand-in for each material of the full look. */
  private readonly quickOf = new Map<THREE.Material, THREE.Material>();
  private currentLook: TableLook = 'quick';

  private readonly felt: TablePicture;
  private readonly ledgeFelt: TablePicture;
  private readonly wood: TablePicture;
  private built = false;

  /**
   * The table's pictures, blank (`paint` them before the first frame), and no meshes yet: `build` makes
   * them. Two steps so that a worker paints the pictures while this thread builds the rest.
   */
  constructor() {
    const { ledgeDepth } = TABLE;
    // The ledge felt: 1024 px across the outer width; the slots of the held dice pressed into it.
    const px = 1024 / OUTER_WIDTH;
    this.felt = feltPicture();
    this.ledgeFelt = feltPicture(
      1024,
      Math.round(ledgeDepth * px),
      0.2,
      HELD_SLOTS.map((slot) => [
        (slot.x + OUTER_WIDTH / 2) * px,
        (slot.z - (LEDGE_Z - ledgeDepth / 2)) * px,
        0.62 * DIE_SIZE * px,
      ]),
    );
    this.wood = woodPicture();
    for (const picture of this.pictures) this.textures.push(picture.quick.texture, picture.full.texture);
  }

  /**
   * The shapes of the wooden boards, for `build`: built on the table's worker (on this thread where
   * there is none); null once the table is disposed.
   */
  async shapes(): Promise<ShapeArrays[] | null> {
    const shapes = await Promise.all(BOARDS.map((board) => shapeOf(board.shape, this.worker)));
    return shapes.includes(null) ? null : (shapes as ShapeArrays[]);
  }

  /**
   * Makes the table's meshes, in the quick look (once; later calls do nothing).
   * @param lighting the lights of the quick look (the full one is lit by the scene's lights)
   * @param boards the wooden boards' shapes (see `shapes`)
   */
  build(lighting: Lighting, boards: readonly ShapeArrays[]): void {
    if (this.built) return;
    this.built = true;
    const { felt, ledgeFelt, wood } = this;
    const { width, depth, ledgeDepth } = TABLE;
    const feltMaterial = new THREE.MeshLambertMaterial({ color: 0x1f7a45, map: felt.full.texture });
    const ledgeFeltMaterial = new THREE.MeshLambertMaterial({ color: 0x2f5a3c, map: ledgeFelt.full.texture });
    // Depth only, with the least a shader can do: the occluders are drawn in every pass while dice move.
    const hidden = new THREE.ShaderMaterial({
      vertexShader: 'void main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }',
      fragmentShader: 'void main() { gl_FragColor = vec4(0.0); }',
      colorWrite: false,
    });
    const woodMaterial = new THREE.MeshStandardMaterial({
      color: 0xffffff,
      map: wood.full.texture,
      roughness: 0.45,
    });
    const bodyMaterial = new THREE.MeshStandardMaterial({
      color: 0x9a8070,
      map: wood.full.texture,
      roughness: 0.6,
    });
    // The quick look's stand-ins: the same colours, lit per vertex, on the quick textures.
    const quickTexture = new Map(
      this.pictures.map((picture) => [picture.full.texture as THREE.Texture, picture.quick.texture]),
    );
    const quick = (material: THREE.MeshLambertMaterial | THREE.MeshStandardMaterial): THREE.Material =>
      new VertexLitMaterial(quickTexture.get(material.map!)!, lighting, {
        color: material.color.getHex(),
        specular: 0,
      });
    this.materials.push(feltMaterial, ledgeFeltMaterial, woodMaterial, bodyMaterial, hidden);
    for (const material of [feltMaterial, ledgeFeltMaterial, woodMaterial, bodyMaterial])
      this.quickOf.set(material, quick(material));
    this.materials.push(...this.quickOf.values());

    const feltPlane = this.mesh(new THREE.PlaneGeometry(width, depth), feltMaterial);
    feltPlane.rotation.x = -Math.PI / 2;
    feltPlane.receiveShadow = true;

    // The walls and the lip, each with a depth-only twin.
    BOARDS.forEach((board, i) => {
      const mesh = this.mesh(shapeGeometry(boards[i]!), woodMaterial);
      mesh.position.set(...board.at);
      mesh.castShadow = board.castShadow;
      mesh.receiveShadow = true;
      this.occluder(mesh, hidden);
    });

    // The ledge: a felt strip level with the play felt, before the lip.
    const ledge = this.mesh(new THREE.PlaneGeometry(OUTER_WIDTH, ledgeDepth), ledgeFeltMaterial);
    ledge.rotation.x = -Math.PI / 2;
    ledge.position.set(0, 0, LEDGE_Z);
    ledge.receiveShadow = true;

    // Body under everything; only its sides show, below the rim and the lip.
    const bodyDepth = TABLE_BOUNDS.max.z - TABLE_BOUNDS.min.z;
    const bodyGeometry = new THREE.BoxGeometry(OUTER_WIDTH - 0.02, BODY_DEPTH, bodyDepth - 0.02);
    boxUvsInUnits(bodyGeometry, 4, 0.25);
    const body = this.mesh(bodyGeometry, bodyMaterial);
    body.position.set(0, -BODY_DEPTH / 2 - 0.001, (TABLE_BOUNDS.max.z + TABLE_BOUNDS.min.z) / 2);

    this.setLook('quick');
    // The table never moves: compute its matrices once.
    for (const child of this.group.children) child.updateMatrix();
    for (const child of this.occluders.children) child.updateMatrix();
  }

  /** The felt, the ledge's felt and the wood. */
  private get pictures(): TablePicture[] {
    return [this.felt, this.ledgeFelt, this.wood];
  }

  /**
   * Works out the pixels of the felt and the wood that `look` draws with (once), on a worker: settles
   * when they are in place, so that neither the table's build nor its upgrade blocks a tap.
   */
  paint(look: TableLook): Promise<void> {
    return Promise.all(this.pictures.map((picture) => picture[look].paint(this.worker))).then(() => {});
  }

  /** The look the table is drawn with now. */
  get look(): TableLook {
    return this.currentLook;
  }

  /** Draws the table in `look` from the next full frame on (`paint` it first). */
  setLook(look: TableLook): void {
    this.currentLook = look;
    for (const { mesh, full, quick } of this.looks) mesh.material = look === 'full' ? full : quick;
  }

  /** Frees every geometry, material and texture of the table. */
  dispose(): void {
    this.worker.dispose();
    for (const geometry of this.geometries) geometry.dispose();
    for (const material of this.materials) material.dispose();
    for (const texture of this.textures) texture.dispose();
    this.group.clear();
    this.occluders.clear();
  }

  private occluder(source: THREE.Mesh, material: THREE.Material): void {
    const twin = new THREE.Mesh(source.geometry, material);
    twin.position.copy(source.position);
    twin.matrixAutoUpdate = false;
    twin.renderOrder = -5;
    this.occluders.add(twin);
  }

  private mesh(geometry: THREE.BufferGeometry, material: THREE.Material): THREE.Mesh {
    this.geometries.push(geometry);
    const mesh = new THREE.Mesh(geometry, material);
    const quick = this.quickOf.get(material);
    if (quick) this.looks.push({ mesh, full: material, quick });
    mesh.matrixAutoUpdate = false;
    this.group.add(mesh);
    return mesh;
  }
}
