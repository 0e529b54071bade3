import type { Plugin } from 'vite';

// The page's build of cannon-es holds only the collisions of the game's shapes: boxes (the dice)
// and planes (the table's floor and walls), src/physics/table-bodies.ts. cannon-es's Narrowphase
// names a contact function for every pair of shapes, and World its ray casts, so every shape
// (spheres, cylinders, height fields, triangle meshes and their octree, particles) and the ray
// caster come with it: about 10 kB gzip the game never runs. The contacts kept are cannon-es's own,
// unchanged, so a throw lands exactly as before. A contact or ray cast left out throws if it is ever
// reached (a body of another shape added to the world), never a die falling through the table.

/** Narrowphase's contact functions for the game's shapes: box-box, box-plane and the convex ones they call. */
export const KEPT_CONTACTS = ['boxBox', 'planeBox', 'convexConvex', 'planeConvex', 'boxConvex'];
/** World's methods that cast rays (the game picks dice with three.js, never with cannon-es). */
const RAY_CASTS = ['rayTest', 'raycastAll', 'raycastAny', 'raycastClosest'];

const CANNON = '/cannon-es/dist/cannon-es.js';
const WHY =
  "is left out of this build of cannon-es (scripts/cannon-trim.ts keeps the game's boxes and planes)";

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** A class's methods (ClassBody members) in `ast`'s top level, by class name. */
function classMembers(ast: unknown, name: string): Node[] {
  const found = (ast as { body: Node[] }).body.find(
    (node) => node.type === 'ClassDeclaration' && (node['id'] as { name: string }).name === name,
  );
  if (!found) throw new Error(`cannon-trim: cannon-es has no class ${name}`);
  return (found['body'] as { body: Node[] }).body;
}

/** The name a member is written with: `name(...)`, or `get [COLLISION_TYPES.name]()`. */
function memberName(member: Node): string | undefined {
  const key = member['key'] as Node & { name?: string; property?: { name: string } };
  if (key.type === 'Identifier') return key.name;
  if (key.type === 'MemberExpression') return key.property?.name;
  return undefined;
}

/** cannon-es without the contacts and ray casts of shapes the game has none of. */
export function trimCannon(): Plugin {
  return {
    name: 'dice-poker:trim-cannon',
    apply: 'build',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').endsWith(CANNON)) return null;
      const ast = this.parse(code);
      const cuts: { start: number; end: number; text: string }[] = [];
      const contacts = new Set<string>();
      for (const member of classMembers(ast, 'Narrowphase')) {
        const name = memberName(member);
        if (member['kind'] === 'get' && member['computed'] && name) {
          contacts.add(name);
          // The dispatch `this[si.type | sj.type]` reads this getter for a pair of shapes touching.
          if (!KEPT_CONTACTS.includes(name))
            cuts.push({
              start: member.start,
              end: member.end,
              text: `get [COLLISION_TYPES.${name}]() { throw new Error(${JSON.stringify(`CANNON.Narrowphase ${name} ${WHY}`)}); }`,
            });
        } else if (
          member['kind'] === 'method' &&
          name &&
          contacts.has(name) &&
          !KEPT_CONTACTS.includes(name)
        ) {
          cuts.push({ start: member.start, end: member.end, text: '' });
        }
      }
      if (KEPT_CONTACTS.some((name) => !contacts.has(name)))
        throw new Error('cannon-trim: a kept contact is no longer in cannon-es');
      for (const member of classMembers(ast, 'World')) {
        const name = memberName(member);
        if (member['kind'] === 'method' && name && RAY_CASTS.includes(name))
          cuts.push({
            start: member.start,
            end: member.end,
            text: `${name}() { throw new Error(${JSON.stringify(`CANNON.World.${name} ${WHY}`)}); }`,
          });
      }
      if (cuts.filter((cut) => cut.text.startsWith('ray')).length !== RAY_CASTS.length)
        throw new Error('cannon-trim: World no longer has its ray casts');
      let out = code;
      for (const cut of cuts.sort((a, b) => b.start - a.start))
        out = out.slice(0, cut.start) + cut.text + out.slice(cut.end);
      // What the module sets up for its ray casts (rays, results, Ray's modes): nothing else reads it,
      // and without it the ray caster and the shapes only it reaches go from the build.
      out = out.replace(/^(const \w+ = |)new (Ray|RaycastResult)\(\);/gm, '$1/*#__PURE__*/ new $2();');
      out = out.replace(/^Ray\.(CLOSEST|ANY|ALL) = RAY_MODES\.\1;$/gm, '');
      return { code: out, map: null };
    },
  };
}
