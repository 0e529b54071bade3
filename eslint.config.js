import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

/*
 * The layers (docs/ARCHITECTURE.md "Layers"), checked by eslint-plugin-boundaries on the files each import
 * resolves to (through eslint-import-resolver-typescript, so `./x.js` is `./x.ts`), relative paths and
 * `import()` of a string included. Each layer may import itself and the layers listed; nothing else of
 * the project. Packages are free but those a layer must run without.
 */
const LAYERS = {
  engine: { path: 'src/engine', takes: [], without: ['three', 'cannon-es', 'lit', '@lit/*'] },
  physics: { path: 'src/physics', takes: ['engine'], without: ['three', 'lit', '@lit/*'] },
  online: { path: 'src/online', takes: ['engine', 'physics'], without: ['three', 'lit', '@lit/*'] },
  table: { path: 'src/table', takes: ['engine', 'physics', 'online'], without: ['three', 'lit', '@lit/*'] },
  scene: { path: 'src/scene', takes: ['engine', 'physics'], without: ['lit', '@lit/*'] },
  ui: { path: 'src/ui', takes: ['engine', 'physics', 'online', 'table', 'scene'], without: [] },
  index: {
    path: 'src/index.ts',
    takes: ['engine', 'physics', 'online', 'table', 'scene', 'ui'],
    without: [],
  },
  page: {
    path: 'src/page',
    takes: ['engine', 'physics', 'online', 'table', 'scene', 'ui', 'index'],
    without: [],
  },
  // The game server runs in Node: of the rest of src only the four pure layers.
  server: {
    path: 'server/src',
    takes: ['engine', 'physics', 'online', 'table'],
    without: ['three', 'lit', '@lit/*'],
  },
};

/** A layer as a selector: src/index.ts is one file, which boundaries describes as a file, not an element. */
const layer = (name) => (name === 'index' ? { file: { categories: 'index' } } : { element: { type: name } });

const layerPolicies = Object.entries(LAYERS).flatMap(([name, { takes, without }]) => [
  ...(takes.length > 0 ? [{ from: layer(name), allow: { to: takes.map(layer) } }] : []),
  ...(without.length > 0
    ? [
        {
          from: layer(name),
          disallow: { to: { module: { origin: 'external', source: without } } },
          message: `${LAYERS[name].path} runs without ${without.join(', ')}.`,
        },
      ]
    : []),
]);

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
    files: ['src/**/*.ts', 'server/src/**/*.ts'],
    // Its tests check the page's verification against games the server's code played.
    ignores: ['src/online/**/*.test.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': Object.entries(LAYERS)
        .filter(([name]) => name !== 'index')
        .map(([type, { path }]) => ({ type, pattern: path, partialMatch: false })),
      'boundaries/files': [{ category: 'index', pattern: LAYERS.index.path }],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      // The layers' paths are from here, wherever eslint is run from.
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { typescript: { project: `${import.meta.dirname}/tsconfig.json` } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // Packages and Node's own modules too (not only the project's files)...
          checkAllOrigins: true,
          // ...and a file of no layer (tests/, scripts/, one that is not there) is no layer's to take.
          checkUnknownLocals: true,
          message: 'Imports run one way between the layers (docs/ARCHITECTURE.md "Layers").',
          policies: [
            // ...all allowed, but those a layer must run without (below: the last match decides).
            { allow: { to: { module: { origin: ['external', 'core'] } } } },
            ...layerPolicies,
          ],
        },
      ],
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    rules: { 'no-restricted-globals': ['error', 'window', 'document'] },
  },
  {
    files: ['src/online/**/*.ts', 'src/table/**/*.ts'],
    rules: { 'no-restricted-globals': ['error', 'window', 'document'] },
  },
);
