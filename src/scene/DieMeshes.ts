import * as THREE from 'three';
import type { DiePose } from '../physics/types.js';
import { BLOB_MAX_HALF, blobCenter } from './blob-shadow.js';
import type { DieLayout } from './DirtyRegions.js';
import { dieCellPerUnit } from './die-geometry.js';
import { createDieAtlas } from './die-textures.js';
import { shapeOf, type PaintedTexture, type TableWorker } from './TableWorker.js';
import { DIE_SHAPE, shapeGeometry, type ShapeArrays } from './shape-jobs.js';
import { VertexLitMaterial } from './VertexLitMaterial.js';
import type { Lighting } from './Lighting.js';
import { blobPicture, haloPicture } from './table-textures.js';

/** Warm tint a held die glows with, and the colour of the halo under it. */
const HELD_COLOR = new THREE.Color(0xffb54a);
/** Emissive strength of a fully held die. */
const HELD_EMISSIVE = 0.05;
/** Side of the halo square under a held die, in die edges. */
const HALO_SIZE = 1.7;
/** Darkness of a blob shadow under a die at rest. */
const BLOB_OPACITY = 0.62;
/** Poses closer than this (position, and quaternion components) count as unchanged: nothing to redraw. */
const POSE_EPSILON = 1e-5;

/** Options for the dice meshes. */
export interface DieMeshesOptions {
  /** Number of dice. */
  count: number;
  /** Side of one face in the texture atlas, in pixels. */
  textureCell: number;
}

const DEFAULTS: DieMeshesOptions = { count: 5, textureCell: 256 };

/**
 * The five ivory dice: one rounded geometry and one pip atlas shared by all, one material each (so
 * a held die can glow on its own), a soft blob shadow under each (cheap: no shadow map while they
 * move) and a halo that shows while the die is held. Each die's parts are one group, hidden whole
 * when a scissored pass does not reach it.
 */
export class DieMeshes {
  /** Every die's group, ready to add to a scene. */
  readonly group = new THREE.Group();
  /** The die meshes by die index (for picking). */
  readonly meshes: THREE.Mesh[] = [];
  private readonly parts: THREE.Group[] = [];
  private readonly materials: VertexLitMaterial[] = [];
  private readonly blobs: THREE.Mesh[] = [];
  private readonly blobMaterials: THREE.MeshBasicMaterial[] = [];
  private readonly halos: THREE.Mesh[] = [];
  private readonly haloMaterials: THREE.MeshBasicMaterial[] = [];
  private readonly heldAmount: number[] = [];
  /** The dice's shape: empty until `build` (see there). */
  private geometry = new THREE.BufferGeometry();
  private readonly flatGeometry = new THREE.PlaneGeometry(1, 1).rotateX(-Math.PI / 2);
  private readonly atlas: PaintedTexture;
  private readonly halo: PaintedTexture;
  private readonly blob: PaintedTexture;
  private readonly axis = new THREE.Vector3();
  private readonly shadowAt = new THREE.Vector3();
  private readonly scratchLayout: { -readonly [K in keyof DieLayout]: DieLayout[K] } = {
    position: new THREE.Vector3(),
    quaternion: new THREE.Quaternion(),
    blobHalf: 0,
    halo: false,
  };

  private readonly towardsLight: THREE.Vector3;

  /** @param lighting the lights the dice are lit by; the blob shadows fall away from its key light */
  constructor(lighting: Lighting, options: Partial<DieMeshesOptions> = {}) {
    this.towardsLight = lighting.towardsKey;
    const o = { ...DEFAULTS, ...options };
    this.atlas = createDieAtlas(o.textureCell, dieCellPerUnit());
    this.halo = haloPicture();
    this.blob = blobPicture();
    for (let i = 0; i < o.count; i++) {
      const material = new VertexLitMaterial(this.atlas.texture, lighting);
      const mesh = new THREE.Mesh(this.geometry, material);
      mesh.name = `die-${i}`;
      const blobMaterial = new THREE.MeshBasicMaterial({
        map: this.blob.texture,
        color: 0x000000,
        transparent: true,
        opacity: BLOB_OPACITY,
        depthWrite: false,
      });
      const blob = new THREE.Mesh(this.flatGeometry, blobMaterial);
      blob.renderOrder = 1;
      const haloMaterial = new THREE.MeshBasicMaterial({
        map: this.halo.texture,
        color: HELD_COLOR,
        transparent: true,
        opacity: 0,
        depthWrite: false,
        blending: THREE.AdditiveBlending,
      });
      const halo = new THREE.Mesh(this.flatGeometry, haloMaterial);
      halo.scale.setScalar(HALO_SIZE);
      halo.visible = false;
      halo.renderOrder = 2;
      const parts = new THREE.Group();
      parts.add(mesh, blob, halo);
      this.materials.push(material);
      this.meshes.push(mesh);
      this.blobMaterials.push(blobMaterial);
      this.blobs.push(blob);
      this.haloMaterials.push(haloMaterial);
      this.halos.push(halo);
      this.parts.push(parts);
      this.heldAmount.push(0);
      this.group.add(parts);
    }
  }

  /**
   * The dice's shape, for `build`: built on `worker` (on this thread where there is none); null once
   * the worker is disposed.
   */
  shape(worker?: TableWorker): Promise<ShapeArrays | null> {
    return shapeOf(DIE_SHAPE, worker);
  }

  /**
   * Gives the dice their rounded shape, `arrays` from `shape` (once; later calls do nothing). Apart
   * from the constructor, which places, holds and paints dice that have no shape yet: the shape is
   * built on a worker meanwhile (see TableView), and a frame is drawn only after both.
   */
  build(arrays: ShapeArrays): void {
    if (this.geometry.hasAttribute('position')) return;
    this.geometry.dispose();
    this.geometry = shapeGeometry(arrays);
    for (const mesh of this.meshes) mesh.geometry = this.geometry;
  }

  /**
   * Works out the dice's pictures (the pips, the halo, the blob shadow), left blank by the
   * constructor: on `worker` when there is one; settles when they are in place.
   */
  async paint(worker?: TableWorker): Promise<void> {
    await Promise.all([this.atlas, this.halo, this.blob].map((picture) => picture.paint(worker)));
  }

  /** Number of dice. */
  get count(): number {
    return this.meshes.length;
  }

  /** Moves die `index` (and its shadow and halo) to `pose`; returns false when it was already there. */
  setPose(index: number, pose: DiePose): boolean {
    const mesh = this.meshes[index]!;
    const p = mesh.position;
    const q = mesh.quaternion;
    const same =
      Math.abs(p.x - pose.x) < POSE_EPSILON &&
      Math.abs(p.y - pose.y) < POSE_EPSILON &&
      Math.abs(p.z - pose.z) < POSE_EPSILON &&
      Math.abs(q.x - pose.qx) < POSE_EPSILON &&
      Math.abs(q.y - pose.qy) < POSE_EPSILON &&
      Math.abs(q.z - pose.qz) < POSE_EPSILON &&
      Math.abs(q.w - pose.qw) < POSE_EPSILON;
    if (same) return false;
    p.set(pose.x, pose.y, pose.z);
    q.set(pose.qx, pose.qy, pose.qz, pose.qw);
    this.placeBlob(index);
    this.halos[index]!.position.set(pose.x, 0.004, pose.z);
    return true;
  }

  /**
   * How held die `index` looks, from 0 (in play) to 1 (held: warm glow and a halo on the ledge);
   * returns false when nothing changed.
   */
  setHeldLook(index: number, amount: number): boolean {
    if (this.heldAmount[index] === amount) return false;
    this.heldAmount[index] = amount;
    this.materials[index]!.emissive.copy(HELD_COLOR).multiplyScalar(HELD_EMISSIVE * amount);
    this.haloMaterials[index]!.opacity = amount;
    this.halos[index]!.visible = amount > 0;
    return true;
  }

  /** Shows or hides all of die `index` (die, shadow, halo) for the next pass. */
  setVisible(index: number, visible: boolean): void {
    this.parts[index]!.visible = visible;
  }

  /** Where die `index`, its blob shadow and halo are (a view valid until the next call). */
  layout(index: number): DieLayout {
    const mesh = this.meshes[index]!;
    const l = this.scratchLayout;
    l.position = mesh.position;
    l.quaternion = mesh.quaternion;
    l.blobHalf = this.blobs[index]!.scale.x / 2;
    l.halo = this.halos[index]!.visible;
    return l;
  }

  /** Centre of die `index` in world space (its mesh position). */
  position(index: number): THREE.Vector3 {
    return this.meshes[index]!.position;
  }

  /** Frees the geometry, materials and textures of the dice. */
  dispose(): void {
    this.geometry.dispose();
    this.flatGeometry.dispose();
    for (const material of [...this.materials, ...this.blobMaterials, ...this.haloMaterials])
      material.dispose();
    this.atlas.texture.dispose();
    this.halo.texture.dispose();
    this.blob.texture.dispose();
    this.group.clear();
  }

  /** The blob falls away from the light, turns with the die, and grows fainter as the die rises. */
  private placeBlob(index: number): void {
    const mesh = this.meshes[index]!;
    const blob = this.blobs[index]!;
    const lift = Math.max(0, mesh.position.y - 0.5);
    blobCenter(mesh.position, this.towardsLight, this.shadowAt);
    blob.position.set(this.shadowAt.x, 0.002, this.shadowAt.z);
    // Any local axis of the die that lies near the felt gives the square's turn.
    this.axis.set(1, 0, 0).applyQuaternion(mesh.quaternion);
    if (Math.abs(this.axis.y) > 0.7) this.axis.set(0, 0, 1).applyQuaternion(mesh.quaternion);
    blob.rotation.set(0, Math.atan2(-this.axis.z, this.axis.x), 0);
    blob.scale.setScalar(Math.min(2 * BLOB_MAX_HALF, 1.45 + lift * 0.12));
    this.blobMaterials[index]!.opacity = BLOB_OPACITY * Math.max(0.2, 1 - lift / 3);
  }
}
