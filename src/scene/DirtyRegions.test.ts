import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { CameraRig } from './CameraRig.js';
import { DirtyRegions, type DieLayout, type ScreenRect } from './DirtyRegions.js';
import { TABLE_BOUNDS } from './TableMesh.js';

const W = 1280;
const H = 720;
const LIGHT = new THREE.Vector3(-0.3, 1, -0.35).normalize();

function layout(x: number, y: number, z: number): DieLayout {
  return {
    position: new THREE.Vector3(x, y, z),
    quaternion: new THREE.Quaternion(),
    blobHalf: 0.7,
    halo: false,
  };
}

function setup(): { regions: DirtyRegions; camera: THREE.Camera } {
  const rig = new CameraRig(TABLE_BOUNDS);
  rig.frame(W, H);
  return { regions: new DirtyRegions(rig.camera, LIGHT, 5), camera: rig.camera };
}

/** Screen point (origin bottom-left, CSS px) of a world point. */
function screen(camera: THREE.Camera, x: number, y: number, z: number): [number, number] {
  const p = new THREE.Vector3(x, y, z).project(camera);
  return [((p.x + 1) / 2) * W, ((p.y + 1) / 2) * H];
}

function covered(rects: readonly ScreenRect[], [x, y]: [number, number]): boolean {
  return rects.some((r) => x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1);
}

describe('DirtyRegions', () => {
  it('asks for nothing when nothing moved', () => {
    const { regions } = setup();
    expect(regions.take(W, H)).toEqual([]);
  });

  it('redraws a moved die where it was and where it is, and not the whole canvas', () => {
    const { regions, camera } = setup();
    regions.placed(0, layout(-3, 0.5, 0), W, H);
    regions.moved(0, layout(3, 0.5, 1), W, H);
    const rects = regions.take(W, H)!;
    expect(rects).not.toBeNull();
    for (const [x, z] of [
      [-3, 0],
      [3, 1],
    ]) {
      for (const dx of [-0.5, 0.5]) {
        for (const dz of [-0.5, 0.5]) {
          expect(covered(rects, screen(camera, x! + dx, 1, z! + dz))).toBe(true);
          expect(covered(rects, screen(camera, x! + dx, 0, z! + dz))).toBe(true);
        }
      }
    }
    const area = rects.reduce((sum, r) => sum + (r.x1 - r.x0) * (r.y1 - r.y0), 0);
    expect(area).toBeLessThan(0.1 * W * H);
    // The far apart places stay apart: two passes, not one spanning the table.
    expect(rects.length).toBeGreaterThanOrEqual(2);
    expect(regions.take(W, H)).toEqual([]);
  });

  it('covers the blob shadow of a die in the air', () => {
    const { regions, camera } = setup();
    regions.moved(1, layout(0, 3, 0), W, H);
    const rects = regions.take(W, H)!;
    const t = 3 / LIGHT.y;
    expect(covered(rects, screen(camera, -LIGHT.x * t, 0, -LIGHT.z * t))).toBe(true);
  });
});
