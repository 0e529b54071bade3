import * as THREE from 'three';
import { blobCenter } from './blob-shadow.js';
import { DIE_SIZE } from '../physics/types.js';

/** A rectangle of the canvas in CSS pixels, origin bottom-left (as WebGL's scissor), x1/y1 exclusive. */
export interface ScreenRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Where a die and what it casts on the felt are, as DirtyRegions needs them. */
export interface DieLayout {
  /** Centre of the die. */
  readonly position: THREE.Vector3;
  /** Turn of the die. */
  readonly quaternion: THREE.Quaternion;
  /** Half side of its blob shadow's square (centred where `blobCenter` says). */
  readonly blobHalf: number;
  /** Whether its held halo shows. */
  readonly halo: boolean;
}

/** Half a die edge. */
const DIE_HALF = DIE_SIZE / 2;
/** Half side of the square around a die's foot that its held halo may cover. */
const HALO_HALF = 0.86;
/** Pixels added around each rectangle: rounding, and the soft edges of shadows. */
const PAD = 3;
/** Past this share of the canvas, one whole frame is cheaper than several scissored ones. */
const FULL_FRAME_SHARE = 0.6;
/**
 * Pixels one more scissored pass is worth: a pass costs a scene traversal and its draw calls
 * whatever its size, so two rectangles merge when their union adds fewer wasted pixels than this.
 */
const PASS_COST_PX = 30_000;

/**
 * Works out which parts of the canvas must be drawn again when dice move. Each die has two screen
 * rectangles, tight around what is drawn: the die itself (its turned cube) and what it casts on the
 * felt (blob shadow, held halo), apart while it flies. A moved die needs both redrawn where they were
 * and where they are; rectangles close enough that one pass is cheaper than two are merged.
 */
export class DirtyRegions {
  private readonly dieRects: ScreenRect[] = [];
  private readonly floorRects: ScreenRect[] = [];
  private readonly pending: ScreenRect[] = [];
  private readonly point = new THREE.Vector3();
  private readonly projected = new THREE.Vector3();
  private readonly shadow = new THREE.Vector3();
  private readonly rect: ScreenRect = { x0: 0, y0: 0, x1: 0, y1: 0 };
  private readonly floorRect: ScreenRect = { x0: 0, y0: 0, x1: 0, y1: 0 };

  /** @param towardsLight unit vector towards the light the blob shadows fall away from */
  constructor(
    private readonly camera: THREE.Camera,
    private readonly towardsLight: THREE.Vector3,
    count: number,
  ) {
    for (let i = 0; i < count; i++) {
      this.dieRects.push({ x0: 0, y0: 0, x1: 0, y1: 0 });
      this.floorRects.push({ x0: 0, y0: 0, x1: 0, y1: 0 });
    }
  }

  /** Records that die `index` is now laid out as `layout`: redraw where it was and where it is. */
  moved(index: number, layout: DieLayout, width: number, height: number): void {
    const die = this.dieRects[index]!;
    const floor = this.floorRects[index]!;
    this.push(die);
    this.push(floor);
    this.rectOf(layout, width, height, die);
    copyRect(this.floorRect, floor);
    this.push(die);
    this.push(floor);
  }

  /** Records where die `index` is after a whole frame (nothing pending for it). */
  placed(index: number, layout: DieLayout, width: number, height: number): void {
    this.rectOf(layout, width, height, this.dieRects[index]!);
    copyRect(this.floorRect, this.floorRects[index]!);
  }

  /** True when a pass over `rect` must draw die `index` (it reaches into the rectangle). */
  reaches(index: number, rect: ScreenRect): boolean {
    return overlaps(rect, this.dieRects[index]!) || overlaps(rect, this.floorRects[index]!);
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
          if (area(union) <= area(ra) + area(rb) - area(intersectionOf(ra, rb)) + PASS_COST_PX) {
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

  private push(rect: ScreenRect): void {
    if (rect.x1 > rect.x0) this.pending.push({ ...rect });
  }

  private rectOf(pose: DieLayout, width: number, height: number, out: ScreenRect): void {
    this.begin();
    // The die: the eight corners of its cube (the rounded die lies inside).
    const h = DIE_HALF;
    for (let i = 0; i < 8; i++) {
      this.point.set(i & 1 ? h : -h, i & 2 ? h : -h, i & 4 ? h : -h);
      this.include(this.point.applyQuaternion(pose.quaternion).add(pose.position), width, height);
    }
    this.end(width, height, out);
    // Its blob shadow on the felt, and its halo when held: often apart from a die in the air.
    this.begin();
    blobCenter(pose.position, this.towardsLight, this.shadow);
    const b = pose.blobHalf;
    for (let i = 0; i < 4; i++) {
      const sx = i & 1 ? 1 : -1;
      const sz = i & 2 ? 1 : -1;
      this.include(this.point.set(this.shadow.x + sx * b, 0, this.shadow.z + sz * b), width, height);
      if (pose.halo) {
        const x = pose.position.x + sx * HALO_HALF;
        this.include(this.point.set(x, 0, pose.position.z + sz * HALO_HALF), width, height);
      }
    }
    this.end(width, height, this.floorRect);
  }

  private begin(): void {
    const r = this.rect;
    r.x0 = Infinity;
    r.y0 = Infinity;
    r.x1 = -Infinity;
    r.y1 = -Infinity;
  }

  private end(width: number, height: number, out: ScreenRect): void {
    const r = this.rect;
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

function copyRect(from: ScreenRect, to: ScreenRect): void {
  to.x0 = from.x0;
  to.y0 = from.y0;
  to.x1 = from.x1;
  to.y1 = from.y1;
}

function intersectionOf(a: ScreenRect, b: ScreenRect): ScreenRect {
  const r = {
    x0: Math.max(a.x0, b.x0),
    y0: Math.max(a.y0, b.y0),
    x1: Math.min(a.x1, b.x1),
    y1: Math.min(a.y1, b.y1),
  };
  if (r.x1 <= r.x0 || r.y1 <= r.y0) r.x0 = r.x1 = r.y0 = r.y1 = 0;
  return r;
}

function unionOf(a: ScreenRect, b: ScreenRect): ScreenRect {
  return {
    x0: Math.min(a.x0, b.x0),
    y0: Math.min(a.y0, b.y0),
    x1: Math.max(a.x1, b.x1),
    y1: Math.max(a.y1, b.y1),
  };
}
