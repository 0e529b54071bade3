import * as THREE from 'three';
import { BLOB_MAX_HALF, blobCenter } from './blob-shadow.js';

/** A rectangle of the canvas in CSS pixels, origin bottom-left (as WebGL's scissor), x1/y1 exclusive. */
export interface ScreenRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Radius of the sphere around a die's centre that holds the die whatever its turn. */
const DIE_RADIUS = Math.sqrt(3) / 2;
/** Half side of the square around a die's foot that its held halo may cover. */
const HALO_HALF = 0.86;
/** Pixels added around each rectangle: shadow softening and rounding. */
const PAD = 4;
/** Past this share of the canvas, one whole frame is cheaper than several scissored ones. */
const FULL_FRAME_SHARE = 0.55;
/** Two rectangles merge when their union wastes no more than this share of their own areas. */
const MERGE_SLACK = 0.15;

/**
 * Works out which parts of the canvas must be drawn again when dice move: for each die, the screen
 * rectangle around the die, its halo and its shadows (the die's bounding box swept along the key light
 * down to the felt, and the blob), plus where it was drawn last. Rectangles that overlap a lot are merged.
 */
export class DirtyRegions {
  private readonly drawn: ScreenRect[] = [];
  private readonly pending: ScreenRect[] = [];
  private readonly point = new THREE.Vector3();
  private readonly projected = new THREE.Vector3();
  private readonly shadow = new THREE.Vector3();
  private readonly rect: ScreenRect = { x0: 0, y0: 0, x1: 0, y1: 0 };

  constructor(
    private readonly camera: THREE.Camera,
    private readonly towardsLight: THREE.Vector3,
    count: number,
  ) {
    for (let i = 0; i < count; i++) this.drawn.push({ x0: 0, y0: 0, x1: 0, y1: 0 });
  }

  /** Records that die `index` is now centred at `center` (and must be redrawn where it was and is). */
  moved(index: number, center: THREE.Vector3, width: number, height: number): void {
    const old = this.drawn[index]!;
    if (old.x1 > old.x0) this.pending.push({ ...old });
    this.rectOf(center, width, height, old);
    if (old.x1 > old.x0) this.pending.push({ ...old });
  }

  /** Records where die `index` is after a whole frame (nothing pending for it). */
  placed(index: number, center: THREE.Vector3, width: number, height: number): void {
    this.rectOf(center, width, height, this.drawn[index]!);
  }

  /** Where die `index` was last drawn (empty when off screen). */
  drawnRect(index: number): Readonly<ScreenRect> {
    return this.drawn[index]!;
  }

  /** Forgets what is pending (a whole frame covers it). */
  clear(): void {
    this.pending.length = 0;
  }

  /**
   * The rectangles to redraw, merged, and forgets them; null when a whole frame is the better deal.
   * An empty list means nothing moved.
   */
  take(width: number, height: number): ScreenRect[] | null {
    const rects = this.pending.splice(0);
    let merged = true;
    while (merged) {
      merged = false;
      for (let a = 0; a < rects.length && !merged; a++) {
        for (let b = a + 1; b < rects.length && !merged; b++) {
          const ra = rects[a]!;
          const rb = rects[b]!;
          const union = unionOf(ra, rb);
          if (area(union) <= (area(ra) + area(rb)) * (1 + MERGE_SLACK)) {
            rects[a] = union;
            rects.splice(b, 1);
            merged = true;
          }
        }
      }
    }
    let total = 0;
    for (const r of rects) total += area(r);
    return total > FULL_FRAME_SHARE * width * height ? null : rects;
  }

  private rectOf(center: THREE.Vector3, width: number, height: number, out: ScreenRect): void {
    const r = this.rect;
    r.x0 = Infinity;
    r.y0 = Infinity;
    r.x1 = -Infinity;
    r.y1 = -Infinity;
    const light = this.towardsLight;
    for (let i = 0; i < 8; i++) {
      const p = this.point.set(
        center.x + (i & 1 ? DIE_RADIUS : -DIE_RADIUS),
        center.y + (i & 2 ? DIE_RADIUS : -DIE_RADIUS),
        center.z + (i & 4 ? DIE_RADIUS : -DIE_RADIUS),
      );
      this.include(p, width, height);
      // Its shadow on the felt, along the light.
      if (p.y > 0 && light.y > 0) this.include(p.addScaledVector(light, -p.y / light.y), width, height);
    }
    blobCenter(center, light, this.shadow);
    for (let i = 0; i < 4; i++) {
      const sx = i & 1 ? 1 : -1;
      const sz = i & 2 ? 1 : -1;
      this.include(this.point.set(center.x + sx * HALO_HALF, 0, center.z + sz * HALO_HALF), width, height);
      this.include(this.point.set(this.shadow.x + sx * BLOB_MAX_HALF, 0, this.shadow.z + sz * BLOB_MAX_HALF), width, height);
    }
    out.x0 = Math.max(0, Math.floor(r.x0) - PAD);
    out.y0 = Math.max(0, Math.floor(r.y0) - PAD);
    out.x1 = Math.min(width, Math.ceil(r.x1) + PAD);
    out.y1 = Math.min(height, Math.ceil(r.y1) + PAD);
    if (out.x1 <= out.x0 || out.y1 <= out.y0) out.x0 = out.y0 = out.x1 = out.y1 = 0;
  }

  private include(source: THREE.Vector3, width: number, height: number): void {
    const p = this.projected.copy(source).project(this.camera);
    const r = this.rect;
    // Behind the camera: give up on precision and take the whole canvas.
    const x = p.z > 1 ? (p.x > 0 ? width : 0) : ((p.x + 1) / 2) * width;
    const y = p.z > 1 ? (p.y > 0 ? height : 0) : ((p.y + 1) / 2) * height;
    r.x0 = Math.min(r.x0, x);
    r.y0 = Math.min(r.y0, y);
    r.x1 = Math.max(r.x1, x);
    r.y1 = Math.max(r.y1, y);
  }
}

/** True when the two rectangles share any pixel. */
export function overlaps(a: ScreenRect, b: ScreenRect): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

function area(r: ScreenRect): number {
  return (r.x1 - r.x0) * (r.y1 - r.y0);
}

function unionOf(a: ScreenRect, b: ScreenRect): ScreenRect {
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
}
