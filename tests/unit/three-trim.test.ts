import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseAst } from 'rollup/parseAst';
import { describe, expect, it } from 'vitest';
import { LEFT_OUT_RENDERER_METHODS, stubMethods } from '../../scripts/three-methods.js';
import { KEPT_PROGRAMS, keptChunks, trimThree } from '../../scripts/three-trim.js';

type Hooks = {
  buildStart(): Promise<void>;
  load(id: string): string | null;
  transform(this: { parse: typeof parseAst }, code: string, id: string): { code: string } | null;
};

const three = fileURLToPath(new URL('../../node_modules/three/src/', import.meta.url));
const source = (path: string) => readFileSync(`${three}${path}`, 'utf8');

/** The plugin's hooks, after its start (the kept shaders worked out). */
async function started(): Promise<Hooks> {
  const hooks = trimThree() as unknown as Hooks;
  await hooks.buildStart();
  return hooks;
}

describe("the page's build of three.js", () => {
  it('keeps every shader chunk a kept program includes, and only those', async () => {
    const kept = await keptChunks();
    for (const [name, text] of kept)
      for (const [, include] of text.matchAll(/^#include +<([\w./]+)>/gm))
        expect(kept.has(include!), `${name} includes ${include}`).toBe(true);
    expect(kept.has('meshphysical_frag')).toBe(true);
    expect(kept.has('meshtoon_frag')).toBe(false);
    // The standard material's program without clearcoat, sheen or transmission.
    expect(kept.get('meshphysical_frag')).not.toMatch(/clearcoat|sheen|transmission/i);
    expect(kept.has('transmission_pars_fragment')).toBe(false);
  });

  it('throws, naming it, when something left out is asked for', async () => {
    const hooks = await started();
    const chunkModule = hooks.load(`${three}renderers/shaders/ShaderChunk.js`)!;
    const file = join(mkdtempSync(join(tmpdir(), 'three-trim-')), 'ShaderChunk.mjs');
    writeFileSync(file, chunkModule);
    const { ShaderChunk, assertKept } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
      ShaderChunk: Record<string, string>;
      assertKept: (parameters: Record<string, unknown>, ...texts: string[]) => void;
    };
    expect(ShaderChunk['meshphysical_vert']).toContain('void main()');
    expect(() => ShaderChunk['meshtoon_vert']).toThrow(
      /ShaderChunk\.meshtoon_vert is left out of this build/,
    );
    // A program asking for a feature whose branches are gone.
    const standard = {
      shaderName: 'MeshStandardMaterial',
      numDirLights: 1,
      numHemiLights: 1,
      numPointLights: 0,
    };
    expect(() => assertKept(standard, '#define USE_MAP\n', '#define USE_SHEEN\n')).toThrow(
      /MeshStandardMaterial: USE_SHEEN is left out/,
    );
    expect(() => assertKept(standard, '#define USE_MAP\n#define USE_SHADOWMAP\n')).not.toThrow();
    // A light of a kind the game has none of.
    expect(() => assertKept({ ...standard, numPointLights: 1 }, '')).toThrow(
      /a light counted in numPointLights is left out/,
    );
    expect(hooks.load(`${three}renderers/webxr/WebXRManager.js`)).toContain('left out');
    expect(hooks.load(`${three}extras/PMREMGenerator.js`)).toContain('left out');
  });

  it('keeps only the programs the game draws with in ShaderLib, and guards WebGLProgram', async () => {
    const hooks = await started();
    const context = { parse: parseAst };
    const lib = hooks.transform.call(
      context,
      source('renderers/shaders/ShaderLib.js'),
      `${three}renderers/shaders/ShaderLib.js`,
    )!.code;
    for (const name of KEPT_PROGRAMS)
      expect(lib).toMatch(new RegExp(`^\\s*${name}: \\{|^ShaderLib\\.${name} = `, 'm'));
    expect(lib).not.toMatch(/^\s*toon: \{/m);
    expect(lib).toContain('leftOut({');
    const program = hooks.transform.call(
      context,
      source('renderers/webgl/WebGLProgram.js'),
      `${three}renderers/webgl/WebGLProgram.js`,
    )!.code;
    expect(program).toContain('assertKept( parameters, prefixVertex, prefixFragment');
  });

  it('replaces the bodies of the methods the game never calls with a throw naming each', async () => {
    const code =
      'class Box3 {\n  toJSON() { return { min: this.min }; }\n  static fromJSON(json) { return new Box3(json); }\n  clone() { return new Box3(); }\n}';
    const out = stubMethods(parseAst(code), code, 'is gone', false)!;
    expect(out).toContain('toJSON() { throw new Error("THREE.Box3.toJSON is gone"); }');
    expect(out).toContain('static fromJSON(json) { throw new Error("THREE.Box3.fromJSON is gone"); }');
    expect(out).toContain('clone() { return new Box3(); }');
    const renderer = source('renderers/WebGLRenderer.js');
    const stubbed = stubMethods(parseAst(renderer), renderer, 'is gone', true)!;
    for (const name of LEFT_OUT_RENDERER_METHODS)
      expect(stubbed).toMatch(
        new RegExp(
          `this\\.${name} = (async )?function \\([^)]*\\) \\{ throw new Error\\("THREE\\.WebGLRenderer\\.${name} is gone"\\); \\}`,
        ),
      );
    expect(stubbed).toMatch(/this\.compile = function \( scene, camera, targetScene = null \) \{\n/);
  });

  it('asks for no WebGL extension as the renderer starts: each is asked for at its first use', async () => {
    const hooks = await started();
    const context = { parse: parseAst };
    const file = `${three}renderers/webgl/WebGLExtensions.js`;
    const original = source('renderers/webgl/WebGLExtensions.js');
    expect(original).toMatch(/init: function \(\) \{\s*getExtension\( 'EXT_color_buffer_float' \);/);
    const out = hooks.transform.call(context, original, file)!.code;
    expect(out).toContain('init: function () {}');
    expect(out).toContain('get: function ( name )');
    expect(() =>
      hooks.transform.call(
        context,
        original.replace('init: function () {', 'init: function () { x();'),
        file,
      ),
    ).toThrow(/WebGLExtensions.init .* is not a list of getExtension calls/);
  });
});
