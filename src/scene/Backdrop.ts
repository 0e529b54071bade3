import * as THREE from 'three';

const VERTEX = /* glsl */ `
void main() {
  gl_Position = vec4(position.xy, 0.0, 1.0);
}`;

// The captured pixels go back exactly as they were: one unfiltered fetch, no colour conversion.
const FRAGMENT = /* glsl */ `
uniform sampler2D map;
void main() {
  gl_FragColor = texelFetch(map, ivec2(gl_FragCoord.xy), 0);
}`;

/**
 * The static table as a picture: the table is drawn whole into a texture (SceneRenderer's still
 * target), and a full-screen quad puts its pixels on the canvas (`mesh`, drawn first, writes no depth).
 * Redrawing the table where a die was then costs one texel fetch per pixel instead of lighting, shadows
 * and texture filtering, whatever the table's materials.
 */
export class Backdrop {
  /** Full-screen quad showing the table's picture; never culled, drawn before everything else. */
  readonly mesh: THREE.Mesh;
  private readonly material: THREE.ShaderMaterial;

  constructor() {
    this.material = new THREE.ShaderMaterial({
      vertexShader: VERTEX,
      fragmentShader: FRAGMENT,
      uniforms: { map: { value: null } },
      depthTest: false,
      depthWrite: false,
      toneMapped: false,
    });
    this.mesh = new THREE.Mesh(new THREE.PlaneGeometry(2, 2), this.material);
    this.mesh.frustumCulled = false;
    this.mesh.renderOrder = -10;
    this.mesh.matrixAutoUpdate = false;
  }

  /** Shows `texture` (the drawing buffer's size, its bytes as the canvas takes them); not owned. */
  show(texture: THREE.Texture): void {
    this.material.uniforms['map']!.value = texture;
  }

  /** Frees the quad and shader. */
  dispose(): void {
    this.material.dispose();
    this.mesh.geometry.dispose();
  }
}
