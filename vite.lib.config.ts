import { defineConfig } from 'vite';
import { minifyCssLiterals } from './scripts/minify-css-literals.js';

/**
 * The npm package: ES modules whose import registers <dice-poker> (dice-poker.js), or gives a pure part
 * a server needs alone: the engine (engine.js), the table's authority (table.js), the physics
 * (physics.js) and the online protocol (protocol.js). three, cannon-es and lit stay external so a host
 * page bundles them once.
 */
export default defineConfig({
  // The solver's worker is found next to the module that loads it, wherever the package is served from.
  base: './',
  plugins: [minifyCssLiterals()],
  build: {
    outDir: 'dist/lib',
    target: 'es2022',
    emptyOutDir: true,
    lib: {
      entry: {
        'dice-poker': 'src/index.ts',
        engine: 'src/engine/index.ts',
        table: 'src/table/index.ts',
        physics: 'src/physics/index.ts',
        protocol: 'src/online/protocol.ts',
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external: [/^three($|\/)/, 'cannon-es', /^lit($|\/)/, /^@lit\//],
    },
  },
  worker: { format: 'es' },
});
