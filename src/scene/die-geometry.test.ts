import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { createDieGeometry } from './die-geometry.js';
import { ATLAS_COLUMNS, ATLAS_ROWS } from './die-pixels.js';
import { FACE_NORMALS } from '../physics/types.js';

/** Atlas cell (column, row from the bottom of the texture) that face f is drawn in. */
function cellOf(face: number): [number, number] {
  return [(face - 1) % ATLAS_COLUMNS, ATLAS_ROWS - 1 - Math.floor((face - 1) / ATLAS_COLUMNS)];
}

describe('createDieGeometry', () => {
  const { geometry, cellPerUnit } = createDieGeometry();
  const position = geometry.getAttribute('position');
  const uv = geometry.getAttribute('uv');

  it.each([1, 2, 3, 4, 5, 6])('puts face %i on the side whose normal is FACE_NORMALS[face]', (face) => {
    const normal = new THREE.Vector3(...FACE_NORMALS[face]!);
    const [column, row] = cellOf(face);
    const p = new THREE.Vector3();
    let checked = 0;
    for (let i = 0; i < position.count; i++) {
      p.fromBufferAttribute(position, i);
      // Vertices of the flat part of this side: on the face plane, away from the rounded edges.
      if (Math.abs(p.dot(normal) - 0.5) > 1e-6) continue;
      checked++;
      const u = uv.getX(i) * ATLAS_COLUMNS - column;
      const v = uv.getY(i) * ATLAS_ROWS - row;
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThanOrEqual(1);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('maps the flat face linearly around the cell centre, at cellPerUnit per die edge', () => {
    // The flat top (face 1) spans x in [-0.5 + r, 0.5 - r]; its u span is cellPerUnit times that.
    const us: number[] = [];
    const xs: number[] = [];
    const p = new THREE.Vector3();
    for (let i = 0; i < position.count; i++) {
      p.fromBufferAttribute(position, i);
      if (Math.abs(p.y - 0.5) > 1e-6) continue;
      us.push(uv.getX(i) * ATLAS_COLUMNS);
      xs.push(p.x);
    }
    const uSpan = Math.max(...us) - Math.min(...us);
    const xSpan = Math.max(...xs) - Math.min(...xs);
    expect(uSpan).toBeCloseTo(xSpan * cellPerUnit, 5);
    expect(((Math.max(...us) + Math.min(...us)) / 2) % 1).toBeCloseTo(0.5, 5);
  });

  it('is bounded by the sphere it carries, which touches its farthest vertex', () => {
    const sphere = geometry.boundingSphere!;
    const computed = geometry.clone();
    computed.computeBoundingSphere();
    expect(sphere.center.length()).toBe(0);
    expect(sphere.radius).toBeCloseTo(computed.boundingSphere!.radius, 4);
    const p = new THREE.Vector3();
    for (let i = 0; i < position.count; i++)
      expect(p.fromBufferAttribute(position, i).length()).toBeLessThanOrEqual(sphere.radius + 1e-6);
  });
});
