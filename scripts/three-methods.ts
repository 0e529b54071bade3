// Methods of three.js the game never calls whose code would still ship (a class keeps all its methods
// once it is used): three-trim.ts replaces each body with a throw naming it. Serialising a scene,
// material or geometry to JSON and back, and the WebGLRenderer's methods for reading render targets
// and copying textures.

/** WebGLRenderer methods (`this.name = function` in its constructor) the game never calls. */
export const LEFT_OUT_RENDERER_METHODS = [
  'compileAsync',
  'readRenderTargetPixels',
  'readRenderTargetPixelsAsync',
  'copyTextureToTexture',
  'initRenderTarget',
];

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** Every node of `ast`, depth first. */
function* nodes(node: unknown): Generator<Node> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) yield* nodes(child);
    return;
  }
  if (typeof (node as Node).type === 'string') yield node as Node;
  for (const [key, value] of Object.entries(node))
    if (key !== 'type' && value && typeof value === 'object') yield* nodes(value);
}

const keyName = (node: Node): string | undefined => (node as { name?: string }).name;

/**
 * `code` (a module of three's sources, `ast` its syntax tree) with the bodies of its JSON methods
 * (`toJSON`, `static fromJSON`) and, in WebGLRenderer.js, of LEFT_OUT_RENDERER_METHODS, each
 * replaced by a throw: `why` says why. Null when the module has none.
 */
export function stubMethods(ast: unknown, code: string, why: string, isRenderer: boolean): string | null {
  const cuts: { start: number; end: number; name: string }[] = [];
  let className = 'three';
  for (const node of nodes(ast)) {
    if (node.type === 'ClassDeclaration' || node.type === 'ClassExpression')
      className = keyName(node['id'] as Node) ?? className;
    if (node.type === 'MethodDefinition') {
      const name = keyName(node['key'] as Node);
      const body = (node['value'] as { body: Node }).body;
      if (name === 'toJSON' || (name === 'fromJSON' && node['static']))
        cuts.push({ start: body.start, end: body.end, name: `${className}.${name}` });
    }
    if (isRenderer && node.type === 'AssignmentExpression') {
      const left = node['left'] as Node & { object?: Node; property?: Node };
      const right = node['right'] as Node & { body?: Node };
      const name = left.property ? keyName(left.property) : undefined;
      if (
        left.object?.type === 'ThisExpression' &&
        name &&
        LEFT_OUT_RENDERER_METHODS.includes(name) &&
        right.body
      )
        cuts.push({ start: right.body.start, end: right.body.end, name: `WebGLRenderer.${name}` });
    }
  }
  if (
    isRenderer &&
    cuts.filter((cut) => cut.name.startsWith('WebGLRenderer.')).length !== LEFT_OUT_RENDERER_METHODS.length
  )
    throw new Error('three-trim: WebGLRenderer no longer has every method it leaves out');
  if (cuts.length === 0) return null;
  let out = code;
  for (const cut of cuts.sort((a, b) => b.start - a.start))
    out = `${out.slice(0, cut.start)}{ throw new Error(${JSON.stringify(`THREE.${cut.name} ${why}`)}); }${out.slice(cut.end)}`;
  return out;
}
