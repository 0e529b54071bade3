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
 * The static table as a picture: after the table is drawn whole, its pixels are copied into a texture
 * (`capture`), and a full-screen quad puts them back (`mesh`, drawn first, writes no depth). Redrawing
 * the table where a die was then costs one texel fetch per pixel instead of lighting, shadows and
 * texture filtering, whatever the table's materials.
 */
export class Backdrop {
  /** Full-screen quad showing the captured table; never culled, drawn before everything else. */
  readonly mesh: THREE.Mesh;
  private readonly material: THREE.ShaderMaterial;
  private texture: THREE.FramebufferTexture | null = null;

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

  /** Copies the whole drawing buffer (`width` x `height` device pixels) into the backdrop texture. */
  capture(renderer: THREE.WebGLRenderer, width: number, height: number): void {
    if (!this.texture || this.texture.image.width !== width || this.texture.image.height !== height) {
      this.texture?.dispose();
      this.texture = new THREE.FramebufferTexture(width, height);
      this.material.uniforms['map']!.value = this.texture;
    }
    renderer.copyFramebufferToTexture(this.texture);
  }

  /** Frees the texture, quad and shader. */
  dispose(): void {
    this.texture?.dispose();
    this.texture = null;
    this.material.dispose();
    this.mesh.geometry.dispose();
  }
}
