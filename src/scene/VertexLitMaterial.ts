import * as THREE from 'three';
import type { Lighting } from './Lighting.js';

// Lit per vertex with three's own formulas for MeshPhongMaterial (Lambert diffuse over π, the
// hemisphere's sky/ground mix, Blinn-Phong specular with Schlick's Fresnel), then carried to the
// screen's sRGB by a gamma of 2.2 per vertex: the map holds sRGB bytes and encode(albedo * light)
// = albedo_sRGB * light^(1/2.2), so a pixel costs one texture read and one multiply-add.
const VERTEX = /* glsl */ `
uniform vec3 skyColor;
uniform vec3 groundColor;
uniform vec3 keyColor;
uniform vec3 towardsKey;
uniform vec3 specularColor;
uniform float shininess;
uniform vec3 emissive;
uniform vec3 tint;
varying vec2 vUv;
varying vec3 vLight;
varying vec3 vAdd;
const float INV_PI = 0.3183098862;
void main() {
  vUv = uv;
  vec4 world = modelMatrix * vec4(position, 1.0);
  vec3 n = normalize(mat3(modelMatrix) * normal);
  vec3 v = normalize(cameraPosition - world.xyz);
  vec3 h = normalize(towardsKey + v);
  float nl = max(dot(n, towardsKey), 0.0);
  vec3 hemi = mix(groundColor, skyColor, 0.5 * n.y + 0.5);
  vLight = pow((hemi + keyColor * nl) * INV_PI * tint, vec3(1.0 / 2.2));
  vec3 fresnel = specularColor + (1.0 - specularColor) * pow(1.0 - max(dot(v, h), 0.0), 5.0);
  float d = INV_PI * (shininess * 0.5 + 1.0) * pow(max(dot(n, h), 0.0), shininess);
  vec3 specular = keyColor * nl * fresnel * 0.25 * d;
  vAdd = pow(specular + emissive, vec3(1.0 / 2.2)) * 0.5;
  gl_Position = projectionMatrix * viewMatrix * world;
}`;

const FRAGMENT = /* glsl */ `
uniform sampler2D map;
varying vec2 vUv;
varying vec3 vLight;
varying vec3 vAdd;
void main() {
  gl_FragColor = vec4(texture2D(map, vUv).rgb * vLight + vAdd, 1.0);
}`;

/** Look of a surface lit per vertex. */
export interface VertexLitMaterialOptions {
  /** Colour the map is tinted with (sRGB hex, as a material's `color`). */
  color: number;
  /** Specular colour (linear), as MeshPhongMaterial's `specular`. */
  specular: number;
  /** Blinn-Phong exponent, as MeshPhongMaterial's `shininess`. */
  shininess: number;
}

/** The ivory of a die. */
const DEFAULTS: VertexLitMaterialOptions = { color: 0xffffff, specular: 0x2a2a2a, shininess: 48 };

/**
 * What MeshPhongMaterial would show under `lighting` (hemisphere plus key light), lit per vertex
 * instead of per pixel: a pixel costs one texture read and one multiply-add. Dice are redrawn in every
 * frame they move, and on software WebGL the per-pixel Phong shader was most of that frame; a rounded
 * die is finely tessellated exactly where the light changes (its edges), so per-vertex lighting loses
 * little. The table's quick look (its first frame) uses it too, so everything lit in that frame is one
 * shader program; flat boards under these lights get the same diffuse light per vertex as per pixel.
 * `map` holds sRGB bytes as they are (no colour space): see the shader notes.
 */
export class VertexLitMaterial extends THREE.ShaderMaterial {
  constructor(map: THREE.Texture, lighting: Lighting, options: Partial<VertexLitMaterialOptions> = {}) {
    const o = { ...DEFAULTS, ...options };
    const hemi = lighting.hemisphere;
    const key = lighting.key;
    super({
      vertexShader: VERTEX,
      fragmentShader: FRAGMENT,
      uniforms: {
        map: { value: map },
        skyColor: { value: hemi.color.clone().multiplyScalar(hemi.intensity) },
        groundColor: { value: hemi.groundColor.clone().multiplyScalar(hemi.intensity) },
        keyColor: { value: key.color.clone().multiplyScalar(key.intensity) },
        towardsKey: { value: lighting.towardsKey.clone() },
        specularColor: { value: new THREE.Color(o.specular) },
        shininess: { value: o.shininess },
        emissive: { value: new THREE.Color(0, 0, 0) },
        tint: { value: new THREE.Color(o.color) },
      },
    });
  }

  /** Light the die gives off itself (linear), e.g. the glow of a held die. */
  get emissive(): THREE.Color {
    return this.uniforms['emissive']!.value as THREE.Color;
  }
}
