import * as THREE from 'three';
import { RoundedBoxGeometry } from 'three/examples/jsm/geometries/RoundedBoxGeometry.js';
import { describe, expect, it } from 'vitest';
import { createDieGeometry } from './die-geometry.js';
import { boxUvsInUnits, buildShape, DIE_SHAPE, shapeGeometry, type ShapeJob } from './shape-jobs.js';
import { shapeOf, TableWorker } from './TableWorker.js';

const BOARD: ShapeJob = {
  kind: 'board',
  width: 8,
  height: 0.6,
  depth: 0.4,
  radius: 0.1,
  unitsPerRepeat: 4,
  uvOffset: 0.3,
};

const arraysOf = (geometry: THREE.BufferGeometry) =>
  ['position', 'normal', 'uv'].map((name) => [...geometry.getAttribute(name).array]);

describe('shape jobs', () => {
  it('build the die as die-geometry makes it, and give its geometry the sphere that bounds it', () => {
    const geometry = shapeGeometry(buildShape(DIE_SHAPE));
    const made = createDieGeometry().geometry;
    expect(arraysOf(geometry)).toEqual(arraysOf(made));
    expect(geometry.index).toBeNull();
    expect(geometry.boundingSphere).toEqual(made.boundingSphere);
  });

  it('build a board rounded, its UVs in world units, as three rounds it', () => {
    const made = new RoundedBoxGeometry(8, 0.6, 0.4, 2, 0.1);
    boxUvsInUnits(made, 4, 0.3);
    const geometry = shapeGeometry(buildShape(BOARD));
    expect(arraysOf(geometry)).toEqual(arraysOf(made));
    // Carrying the sphere three would work out from every vertex at the first frame.
    made.computeBoundingSphere();
    expect(geometry.boundingSphere).toEqual(made.boundingSphere);
    // Along its length the grain repeats every 4 units, from the offset.
    const u = geometry.getAttribute('uv').array;
    expect(Math.max(...u.filter((_, i) => i % 2 === 0))).toBeCloseTo(4 / 4 + 0.3, 5);
  });

  it('are built on this thread where there is no module worker, and not at all for a table gone', async () => {
    expect(typeof Worker).toBe('undefined');
    const here = await shapeOf(BOARD, new TableWorker());
    expect([...here!.position]).toEqual([...buildShape(BOARD).position]);
    const gone = new TableWorker();
    gone.dispose();
    expect(await shapeOf(BOARD, gone)).toBeNull();
  });
});
