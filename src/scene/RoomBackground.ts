import * as THREE from 'three';
import type { PaintedTexture, TableWorker } from './TableWorker.js';
import { roomPicture } from './table-textures.js';

/**
 * The room behind the table, as three draws a texture set as `scene.background` (its own shader),
 * but as a mesh of the scene: its shader program is compiled with the table's before the first frame
 * (three compiles a background's only while drawing it), and it is drawn after everything opaque,
 * on the far plane, so only the pixels nothing else covers are shaded.
 */
export class RoomBackground {
  /** The full-screen quad; add it to the scene the room is behind. */
  readonly mesh: THREE.Mesh;
  private readonly picture: PaintedTexture;

  constructor() {
    this.picture = roomPicture();
    const shader = THREE.ShaderLib.background;
    const uniforms = THREE.UniformsUtils.clone(shader.uniforms);
    uniforms['t2D']!.value = this.picture.texture;
    const material = new THREE.ShaderMaterial({
      name: 'RoomBackground',
      uniforms,
      vertexShader: shader.vertexShader,
      fragmentShader: shader.fragmentShader,
      // Depth 1 everywhere (the shader puts it on the far plane): drawn where the depth is still clear.
      depthWrite: false,
      fog: false,
    });
    this.mesh = new THREE.Mesh(new THREE.PlaneGeometry(2, 2), material);
    this.mesh.frustumCulled = false;
    this.mesh.matrixAutoUpdate = false;
    // Opaque objects are drawn by render order first: this one last.
    this.mesh.renderOrder = 1_000;
  }

  /** Works out the room's picture, on `worker` when there is one; settles when it is in place. */
  paint(worker?: TableWorker): Promise<void> {
    return this.picture.paint(worker);
  }

  /** Frees the quad, its shader and the room picture. */
  dispose(): void {
    this.mesh.geometry.dispose();
    (this.mesh.material as THREE.Material).dispose();
    this.picture.texture.dispose();
  }
}
