import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/*
 * The layers (docs/ARCHITECTURE.md: imports run engine <- physics <- online <- table, and physics <- scene
 * <- ui): the engine imports nothing of the others, the physics (run in Node by the server and the
 * benchmarks) only the engine, the online protocol the engine and the physics, the table's authority
 * (run by the server and the page) those three, the scene nothing of the UI; the server only the four
 * pure layers.
 *
 * ESLint checks an import as written, not the file it resolves to, so a relative path is judged by how far
 * it climbs: a file N folders below a layer's root leaves the layer with N + 1 `../`. The rules are made for
 * each depth below (a file deeper than MAX_DEPTH may not climb at all), and a path that climbs back down
 * (`./a/../../x`) is refused everywhere in src, so the count of leading `../` is the whole story.
 */
const MAX_DEPTH = 6;

/** `../` (or `..` at the end) `times` times from the start of a path, after any `./`. */
const climb = (times) => `^(?:\\./)*(?:\\.\\.(?:/|$)){${times}}`;

/** Files exactly `depth` folders below `root`. */
const filesAt = (root, depth) => [`${root}/${'*/'.repeat(depth)}*.ts`];

/** `no-restricted-imports` patterns for packages: the package itself and anything under it. */
const packages = (names, message) =>
  names.map((name) => ({ regex: `^${name.replace(/[/.]/g, '\\$&')}(?:/.*)?$`, message }));

/** A path with a detour (`a/../`): written so, a climb could not be counted from its start. */
const DETOUR = {
  regex: '(?:^|/)(?!\\.\\.?/)[^/]+/\\.\\.(?:/|$)',
  message: 'Write the path without a detour (a/../).',
};

/**
 * Flat-config entries that give the files of a layer, at every depth, `no-restricted-imports` with the
 * packages forbidden and a relative climb out of the layer (`leave(depth)`, a regex), and the same for
 * `import()` of a string (which no-restricted-imports does not see).
 */
function layer({ root, ignores = [], forbidden, leave, message }) {
  const entries = [];
  for (let depth = 0; depth <= MAX_DEPTH + 1; depth++) {
    // Deeper than MAX_DEPTH: no climbing at all.
    const out = depth > MAX_DEPTH ? climb(1) : leave(depth);
    const patterns = [...forbidden, { regex: out, message }, DETOUR];
    entries.push({
      files: depth > MAX_DEPTH ? [`${root}/${'*/'.repeat(depth)}**/*.ts`] : filesAt(root, depth),
      ignores,
      rules: {
        'no-restricted-imports': ['error', { patterns }],
        'no-restricted-syntax': [
          'error',
          ...patterns.map(({ regex, message: said }) => ({
            // A selector's regex ends at the first `/`: the slashes in it are written \x2F.
            selector: `ImportExpression[source.value=/${regex.replace(/\//g, '\\x2F')}/]`,
            message: said,
          })),
        ],
      },
    });
  }
  return entries;
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'server/dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'tests/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', window: 'readonly', document: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DETOUR] }] },
  },
  // The engine is pure: no DOM, rendering or physics, and nothing from outside src/engine (the scene, the
  // UI, or src/index.ts, which registers the element).
  ...layer({
    root: 'src/engine',
    forbidden: packages(
      ['three', 'cannon-es', 'lit', '@lit'],
      'The engine runs without three, cannon-es or lit.',
    ),
    leave: (depth) => climb(depth + 1),
    message: 'The engine imports nothing from outside src/engine (no scene, no UI).',
  }),
  {
    files: ['src/engine/**/*.ts'],
    rules: { 'no-restricted-globals': ['error', 'window', 'document'] },
  },
  // The 3D table: no lit, and of the rest of src only the engine and the physics (never the UI, nor
  // src/index.ts).
  ...layer({
    root: 'src/scene',
    forbidden: packages(['lit', '@lit'], 'The 3D table does not use lit (that is the UI).'),
    leave: (depth) => `${climb(depth + 1)}(?!(?:engine|physics)(?:/|$))`,
    message: 'The 3D table imports, outside src/scene, only the engine and the physics (never src/ui).',
  }),
  // Physics runs in Node (the game server, the benchmarks) and the page: cannon-es and the engine only.
  ...layer({
    root: 'src/physics',
    forbidden: packages(
      ['three', 'lit', '@lit'],
      'The physics runs in Node: cannon-es only, no three or lit.',
    ),
    leave: (depth) => `${climb(depth + 1)}(?!engine(?:/|$))`,
    message: 'The physics imports, outside src/physics, only the engine (no scene file, no UI).',
  }),
  // The online protocol and the table's authority run in Node and the page: no DOM, no three, no lit.
  ...layer({
    root: 'src/online',
    // Its tests check the page's verification against games the server's code played.
    ignores: ['src/online/**/*.test.ts'],
    forbidden: packages(['three', 'lit', '@lit'], 'The online protocol runs in Node: no three or lit.'),
    leave: (depth) => `${climb(depth + 1)}(?!(?:engine|physics)(?:/|$))`,
    message: 'The online protocol imports, outside src/online, only the engine and the physics.',
  }),
  ...layer({
    root: 'src/table',
    forbidden: packages(['three', 'lit', '@lit'], 'The table’s authority runs in Node: no three or lit.'),
    leave: (depth) => `${climb(depth + 1)}(?!(?:engine|physics|online)(?:/|$))`,
    message: 'The table imports, outside src/table, only the engine, the physics and the online protocol.',
  }),
  {
    files: ['src/online/**/*.ts', 'src/table/**/*.ts'],
    rules: { 'no-restricted-globals': ['error', 'window', 'document'] },
  },
  // The game server runs in Node: of the rest of src only the four pure layers.
  ...layer({
    root: 'server/src',
    forbidden: packages(['three', 'lit', '@lit'], 'The game server runs in Node: no three or lit.'),
    leave: (depth) => `${climb(depth + 2)}(?!src/(?:engine|online|physics|table)(?:/|$))`,
    message:
      'The game server imports, outside server/src, only src/engine, src/online, src/physics and src/table.',
  }),
);
