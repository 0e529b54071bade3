import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { CameraRig } from './CameraRig.js';
import { TABLE_BOUNDS } from './TableMesh.js';

function cornersInView(rig: CameraRig): THREE.Vector3[] {
  const b = TABLE_BOUNDS;
  const out: THREE.Vector3[] = [];
  for (let i = 0; i < 8; i++) {
    const p = new THREE.Vector3(
      i & 1 ? b.max.x : b.min.x,
      i & 2 ? b.max.y : b.min.y,
      i & 4 ? b.max.z : b.min.z,
    );
    out.push(p.project(rig.camera));
  }
  return out;
}

describe('CameraRig', () => {
  it.each([
    ['1280x720', 1280, 720],
    ['800x600', 800, 600],
    ['square', 600, 600],
    ['phone portrait 390x844', 390, 844],
    ['phone landscape 844x390', 844, 390],
    ['ultra-wide 2560x720', 2560, 720],
  ])('frames the whole table, felt to ledge, at %s', (_name, width, height) => {
    const rig = new CameraRig(TABLE_BOUNDS);
    rig.frame(width, height);
    const ndc = cornersInView(rig);
    for (const p of ndc) {
      expect(Math.abs(p.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(p.y)).toBeLessThanOrEqual(1);
      expect(p.z).toBeGreaterThan(-1);
      expect(p.z).toBeLessThan(1);
    }
    // Tight: the table touches the margin on at least one axis, centred on it.
    const maxX = Math.max(...ndc.map((p) => Math.abs(p.x)));
    const maxY = Math.max(...ndc.map((p) => Math.abs(p.y)));
    expect(Math.max(maxX, maxY)).toBeGreaterThan(0.9);
  });

  it('looks down at the table from the near (+Z) side', () => {
    const rig = new CameraRig(TABLE_BOUNDS);
    rig.frame(1280, 720);
    const forward = rig.camera.getWorldDirection(new THREE.Vector3());
    expect(rig.camera.position.z).toBeGreaterThan(TABLE_BOUNDS.max.z);
    expect(forward.z).toBeLessThan(0);
    expect(forward.y).toBeLessThan(-0.7);
  });
});
