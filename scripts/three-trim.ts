import type { Plugin } from 'vite';
import { minifyGlsl, stripBranches } from './glsl-trim.js';
import { stubMethods } from './three-methods.js';

// The page's build of three.js holds only what the table draws with. three's WebGLRenderer reaches
// every shader program it has (one per kind of material), every feature of each (clearcoat, sheen,
// skinning, fog...: GLSL branches its own preprocessor picks at run time), VR and environment maps,
// whether a scene uses them or not, and JSON serialising: about 40 kB gzip the game never runs.
// What is left out fails loudly if it is ever asked for: a material, a feature, VR or an environment
// map the build does not hold throws an Error naming it (and naming this file) when three builds the
// program or starts the part, never a blank die. To draw something new, add what it needs below.

/** ShaderLib programs the game draws with (src/scene): table, dice and their shadows, and the room. */
export const KEPT_PROGRAMS = [
  // MeshBasicMaterial: the dice's blob shadows and held halos.
  'basic',
  // MeshLambertMaterial: the felt.
  'lambert',
  // MeshStandardMaterial: the wood. three draws it with 'physical' (its MeshPhysicalMaterial's
  // features off: PHYSICAL below), whose uniforms build on 'standard''s.
  'standard',
  'physical',
  // MeshDepthMaterial: the key light's shadow map.
  'depth',
  // RoomBackground's shader.
  'background',
];

/**
 * Macros of features no material of the game turns on. The branches of three's shaders that need
 * one go; three defines each only for a material or scene that asks for the feature, and a program
 * that would define one throws (`assertKept`).
 */
export const LEFT_OUT_MACROS = [
  // MeshPhysicalMaterial's own features (its program, 'physical', stays: the wood is drawn with it, with
  // these off).
  ...['PHYSICAL', 'IOR', 'USE_SPECULAR', 'USE_DISPERSION', 'USE_RETROREFLECTION'],
  ...['USE_CLEARCOAT', 'USE_CLEARCOATMAP', 'USE_CLEARCOAT_NORMALMAP', 'USE_CLEARCOAT_ROUGHNESSMAP'],
  ...['USE_IRIDESCENCE', 'USE_IRIDESCENCEMAP', 'USE_IRIDESCENCE_THICKNESSMAP'],
  ...['USE_SHEEN', 'USE_SHEEN_COLORMAP', 'USE_SHEEN_ROUGHNESSMAP'],
  ...['USE_TRANSMISSION', 'USE_TRANSMISSIONMAP', 'USE_THICKNESSMAP', 'USE_ANISOTROPY', 'USE_ANISOTROPYMAP'],
  ...[
    'USE_DIFFUSE_ROUGHNESS',
    'USE_DIFFUSE_ROUGHNESSMAP',
    'USE_SPECULAR_COLORMAP',
    'USE_SPECULAR_INTENSITYMAP',
  ],
  // Maps beyond the colour map.
  ...['USE_ALPHAMAP', 'USE_ALPHAHASH', 'USE_AOMAP', 'USE_BUMPMAP', 'USE_DISPLACEMENTMAP', 'USE_EMISSIVEMAP'],
  ...['USE_ENVMAP', 'USE_LIGHTMAP', 'USE_METALNESSMAP', 'USE_ROUGHNESSMAP', 'USE_SPECULARMAP'],
  ...['USE_GRADIENTMAP', 'USE_MATCAP', 'USE_POINTS_UV', 'USE_SIZEATTENUATION'],
  ...['USE_NORMALMAP', 'USE_NORMALMAP_OBJECTSPACE', 'USE_NORMALMAP_TANGENTSPACE', 'USE_PACKED_NORMALMAP'],
  ...['USE_TANGENT', 'USE_UV1', 'USE_UV2', 'USE_UV3', 'USE_COLOR', 'USE_COLOR_ALPHA'],
  // Meshes that move on the GPU.
  ...['USE_SKINNING', 'USE_MORPHTARGETS', 'USE_MORPHNORMALS', 'USE_MORPHCOLORS'],
  ...['USE_INSTANCING', 'USE_INSTANCING_COLOR', 'USE_INSTANCING_MORPH', 'USE_BATCHING', 'USE_BATCHING_COLOR'],
  // The renderer's and the scene's options the game does not set (its shadows are PCF).
  ...['USE_FOG', 'FOG_EXP2', 'TONE_MAPPING', 'DITHERING', 'USE_LIGHT_PROBES'],
  ...[
    'USE_LOGARITHMIC_DEPTH_BUFFER',
    'USE_REVERSED_DEPTH_BUFFER',
    'SHADOWMAP_TYPE_VSM',
    'SHADOWMAP_TYPE_BASIC',
  ],
];

/**
 * three's light counts the game's lights leave at 0 (it has one directional and one hemisphere
 * light): the branches for other lights go, and a program with such a light throws (`assertKept`).
 * Each is the WebGLProgram parameter three writes in the macro's place before compiling.
 */
export const ZERO_LIGHT_COUNTS: Record<string, string> = {
  NUM_SUN_LIGHTS: 'numSunLights',
  NUM_SUN_LIGHT_SHADOWS: 'numSunLightShadows',
  NUM_POINT_LIGHTS: 'numPointLights',
  NUM_POINT_LIGHT_SHADOWS: 'numPointLightShadows',
  NUM_SPOT_LIGHTS: 'numSpotLights',
  NUM_SPOT_LIGHT_SHADOWS: 'numSpotLightShadows',
  NUM_SPOT_LIGHT_MAPS: 'numSpotLightMaps',
  NUM_SPOT_LIGHT_SHADOWS_WITH_MAPS: 'numSpotLightShadowsWithMaps',
  // Spot shadows plus spot maps, less those with both: 0 with the two above.
  NUM_SPOT_LIGHT_COORDS: 'numSpotLightShadows',
  NUM_RECT_AREA_LIGHTS: 'numRectAreaLights',
  NUM_LIGHT_PROBE_GRIDS: 'numLightProbeGrids',
};

const SHADERS = '/three/src/renderers/shaders/';
const SHADER_CHUNK = `${SHADERS}ShaderChunk.js`;
const SHADER_LIB = `${SHADERS}ShaderLib.js`;
const VSM = `${SHADERS}ShaderLib/vsm.glsl.js`;
const PROGRAM = '/three/src/renderers/webgl/WebGLProgram.js';
const RENDERER = '/three/src/renderers/WebGLRenderer.js';
const EXTENSIONS = '/three/src/renderers/webgl/WebGLExtensions.js';
/** Parts the game never starts, each replaced by a stand-in that throws if it is (see STAND_INS). */
const XR_MANAGER = '/three/src/renderers/webxr/WebXRManager.js';
const PMREM = '/three/src/extras/PMREMGenerator.js';
const ENVIRONMENTS = '/three/src/renderers/webgl/WebGLEnvironments.js';
const UNIFORMS_GROUPS = '/three/src/renderers/webgl/WebGLUniformsGroups.js';
const MORPH_TARGETS = '/three/src/renderers/webgl/WebGLMorphtargets.js';
const OUTPUT = '/three/src/renderers/webgl/WebGLOutput.js';

const WHY = 'is left out of this build of three.js (scripts/three-trim.ts keeps only what the game draws)';

/** The module the trimmed ShaderChunk.js opens with: the guards the other modules import. */
const GUARDS = (macros: readonly string[], counts: readonly string[]) => `
const WHY = ${JSON.stringify(WHY)};
export function leftOut(table, kind) {
  return new Proxy(table, {
    get(target, key) {
      if (typeof key === 'string' && !(key in target)) throw new Error(\`THREE.\${kind}.\${key} \${WHY}\`);
      return target[key];
    },
  });
}
const LEFT_OUT = /^[ \\t]*#[ \\t]*define[ \\t]+(${macros.join('|')})\\b/m;
const ZERO = ${JSON.stringify(counts)};
export function assertKept(parameters, ...texts) {
  const name = parameters.shaderName;
  for (const count of ZERO)
    if (parameters[count]) throw new Error(\`THREE.WebGLProgram \${name}: a light counted in \${count} \${WHY}\`);
  for (const text of texts) {
    const found = LEFT_OUT.exec(text);
    if (found) throw new Error(\`THREE.WebGLProgram \${name}: \${found[1]} \${WHY}\`);
  }
}
`;

/** Stand-ins for whole parts: what three's renderer reads of them, and a throw where one would start. */
const STAND_INS: Record<string, string> = {
  // The renderer makes its VR manager whatever the page; only `enabled = true` would use it.
  [XR_MANAGER]: `
import { EventDispatcher } from '../../core/EventDispatcher.js';
export class WebXRManager extends EventDispatcher {
  constructor() { super(); this.isPresenting = false; this.cameraAutoUpdate = true; }
  get enabled() { return false; }
  set enabled(on) { if (on) throw new Error('THREE.WebXRManager ${WHY}'); }
  getEnvironmentBlendMode() { return undefined; }
  hasDepthSensing() { return false; }
  setAnimationLoop() {}
  dispose() {}
}`,
  // Made only for a MeshStandardMaterial with an environment map (none here: USE_ENVMAP above).
  [PMREM]: `
export class PMREMGenerator {
  constructor() { throw new Error('THREE.PMREMGenerator ${WHY}'); }
}`,
  // Environment maps, as a material's envMap or a scene's environment: none here (USE_ENVMAP above).
  [ENVIRONMENTS]: `
export function WebGLEnvironments() {
  return {
    get(texture) {
      if (texture === null || texture === undefined) return null;
      throw new Error('THREE.WebGLEnvironments: environment maps ${WHY}');
    },
    dispose() {},
  };
}`,
  // Uniform buffers of a ShaderMaterial's uniformsGroups: the game's shaders have plain uniforms.
  [UNIFORMS_GROUPS]: `
export function WebGLUniformsGroups() {
  const leftOut = () => { throw new Error('THREE.WebGLUniformsGroups: uniformsGroups ${WHY}'); };
  return { bind: leftOut, update: leftOut, dispose() {} };
}`,
  // Morph targets: the game's meshes have none (USE_MORPHTARGETS above).
  [MORPH_TARGETS]: `
export function WebGLMorphtargets() {
  return { update() { throw new Error('THREE.WebGLMorphtargets: morph targets ${WHY}'); } };
}`,
  // The output pass, made only for a renderer whose outputBufferType is not UnsignedByteType.
  [OUTPUT]: `
export class WebGLOutput {
  constructor() { throw new Error('THREE.WebGLOutput: an outputBufferType ${WHY}'); }
}`,
  // VSM shadows' blur, made with every shadow map and compiled only for VSMShadowMap.
  [VSM]: `export const vertex = '#error VSM shadows ${WHY}';\nexport const fragment = vertex;`,
};

/** Replaces `find` in `code` once, or fails the build (three changed: this file must follow). */
function replaceOnce(code: string, find: string, replace: string, file: string): string {
  const at = code.indexOf(find);
  if (at < 0 || code.indexOf(find, at + 1) >= 0)
    throw new Error(`three-trim: "${find}" is not once in ${file}`);
  return code.slice(0, at) + replace + code.slice(at + find.length);
}

/**
 * The kept shader texts: the kept programs' and what they include, each with the left-out
 * features' branches removed and minified.
 */
export async function keptChunks(): Promise<Map<string, string>> {
  const { ShaderChunk } = (await import('three/src/renderers/shaders/ShaderChunk.js')) as {
    ShaderChunk: Record<string, string>;
  };
  const macros = new Set(LEFT_OUT_MACROS);
  const known = { undefined: macros, zero: new Set(Object.keys(ZERO_LIGHT_COUNTS)) };
  const trimmed = (name: string) => {
    const text = ShaderChunk[name];
    if (text === undefined) throw new Error(`three-trim: three has no shader chunk ${name}`);
    const out = minifyGlsl(stripBranches(minifyGlsl(text), known));
    const defined = /^#\s*define\s+(\w+)/gm;
    for (const [, macro] of out.matchAll(defined))
      if (macros.has(macro!))
        throw new Error(`three-trim: ${name} defines ${macro}, which is listed as left out`);
    return out;
  };
  const { ShaderLib } = (await import('three/src/renderers/shaders/ShaderLib.js')) as {
    ShaderLib: Record<string, { vertexShader: string; fragmentShader: string }>;
  };
  const programName = (text: string) => Object.keys(ShaderChunk).find((name) => ShaderChunk[name] === text)!;
  // WebGLProgram puts this one in front of every fragment shader.
  const pending = ['colorspace_pars_fragment'];
  for (const program of KEPT_PROGRAMS) {
    const shader = ShaderLib[program];
    if (!shader) throw new Error(`three-trim: three has no ShaderLib.${program}`);
    pending.push(programName(shader.vertexShader), programName(shader.fragmentShader));
  }
  // Depth first, so an include whose text is left empty goes from the text that names it.
  const kept = new Map<string, string>();
  const keep = (name: string): string => {
    const known = kept.get(name);
    if (known !== undefined) return known;
    const text = trimmed(name).replace(/^[ \t]*#include +<([\w\d./]+)>\n?/gm, (line, include: string) =>
      keep(include) === '' ? '' : line,
    );
    kept.set(name, text);
    return text;
  };
  for (const name of pending) keep(name);
  for (const [name, text] of kept) if (text === '') kept.delete(name);
  return kept;
}

/** The page's build of three.js without the shaders and parts the game never uses (see the top of this file). */
export function trimThree(): Plugin {
  let chunks: Map<string, string>;
  return {
    name: 'dice-poker:trim-three',
    apply: 'build',
    enforce: 'pre',
    // three's sources, not its one-file build: its shaders and parts are modules here, each replaceable.
    config: () => ({ resolve: { alias: [{ find: /^three$/, replacement: 'three/src/Three.js' }] } }),
    async buildStart() {
      chunks = await keptChunks();
    },
    load(id) {
      const path = id.replace(/\\/g, '/');
      const standIn = Object.keys(STAND_INS).find((end) => path.endsWith(end));
      if (standIn) return STAND_INS[standIn];
      if (!path.endsWith(SHADER_CHUNK)) return null;
      const entries = [...chunks].map(([name, text]) => `${name}: ${JSON.stringify(text)}`);
      const counts = [...new Set(Object.values(ZERO_LIGHT_COUNTS))];
      return `${GUARDS(LEFT_OUT_MACROS, counts)}\nexport const ShaderChunk = /*@__PURE__*/ leftOut({\n${entries.join(',\n')}\n}, 'ShaderChunk');\n`;
    },
    transform(code, id) {
      const path = id.replace(/\\/g, '/');
      if (path.endsWith(SHADER_LIB)) return { code: trimShaderLib(this.parse(code), code), map: null };
      if (path.endsWith(EXTENSIONS)) return { code: lazyExtensions(code, id), map: null };
      if (!path.endsWith(PROGRAM)) {
        const isRenderer = path.endsWith(RENDERER);
        if (!path.includes('/three/src/') || !(isRenderer || /\b(toJSON|fromJSON)\b/.test(code))) return null;
        const out = stubMethods(this.parse(code), code, WHY, isRenderer);
        return out === null ? null : { code: out, map: null };
      }
      let out = replaceOnce(
        code,
        "import { ShaderChunk } from '../shaders/ShaderChunk.js';",
        "import { ShaderChunk, assertKept } from '../shaders/ShaderChunk.js';",
        id,
      );
      out = replaceOnce(
        out,
        '\tvertexShader = resolveIncludes( vertexShader );',
        '\tassertKept( parameters, prefixVertex, prefixFragment, vertexShader, fragmentShader );\n' +
          '\tvertexShader = resolveIncludes( vertexShader );',
        id,
      );
      return { code: out, map: null };
    },
  };
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * WebGLExtensions.js whose `init` asks for no extension up front. three asks for six as its renderer
 * starts (float and half-float colour buffers, clip distances, multisampled textures, shared-exponent
 * colour), none of which the game draws with: each a round trip to the GPU process, in the page's
 * start (about 1 to 3 ms each under SwiftShader). three still asks for any of them where it uses one
 * (`extensions.has` or `get` does, at first use).
 */
function lazyExtensions(code: string, file: string): string {
  const init = /init: function \(\) \{([^}]*)\}/.exec(code);
  const calls =
    init?.[1]
      ?.trim()
      .split(/\s*;\s*/)
      .filter(Boolean) ?? [];
  if (!init || !calls.length || !calls.every((call) => /^getExtension\( '\w+' \)$/.test(call)))
    throw new Error(`three-trim: WebGLExtensions.init in ${file} is not a list of getExtension calls`);
  return code.replace(init[0], 'init: function () {}');
}

/** ShaderLib.js with only KEPT_PROGRAMS, behind the guard that throws for the others. */
function trimShaderLib(ast: unknown, code: string): string {
  const body = (ast as { body: Node[] }).body;
  const declaration = body.find(
    (node) =>
      node.type === 'VariableDeclaration' &&
      (node['declarations'] as { id: { name: string } }[])[0]?.id.name === 'ShaderLib',
  );
  const object = (declaration?.['declarations'] as { init: Node }[] | undefined)?.[0]?.init;
  if (!declaration || object?.type !== 'ObjectExpression')
    throw new Error('three-trim: ShaderLib.js has no ShaderLib object');
  const properties = object['properties'] as (Node & { key: { name: string } })[];
  const kept = properties.filter((property) => KEPT_PROGRAMS.includes(property.key.name));
  if (kept.length !== KEPT_PROGRAMS.filter((name) => name !== 'physical').length)
    throw new Error('three-trim: ShaderLib.js lacks a kept program');
  // `ShaderLib.physical = {...}`, set after the object.
  const physical = body.find(
    (node) =>
      node.type === 'ExpressionStatement' &&
      code.slice(node.start, node.end).startsWith('ShaderLib.physical'),
  );
  if (!physical) throw new Error('three-trim: ShaderLib.js no longer sets ShaderLib.physical');
  const keptObject = `leftOut({\n${kept.map((p) => code.slice(p.start, p.end)).join(',\n')}\n}, 'ShaderLib')`;
  const cuts = [
    { start: object.start, end: object.end, text: keptObject },
    ...(KEPT_PROGRAMS.includes('physical') ? [] : [{ start: physical.start, end: physical.end, text: '' }]),
  ].sort((a, b) => b.start - a.start);
  let out = code;
  for (const cut of cuts) out = out.slice(0, cut.start) + cut.text + out.slice(cut.end);
  return replaceOnce(
    out,
    "import { ShaderChunk } from './ShaderChunk.js';",
    "import { ShaderChunk, leftOut } from './ShaderChunk.js';",
    SHADER_LIB,
  );
}
