import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'tests/artifacts/**'],
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
    // The engine is pure: no DOM, rendering or physics (STYLE.md: imports run engine <- scene <- ui).
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['three', 'three/*', 'cannon-es', 'lit', 'lit/*', '../scene/*', '../ui/*'] },
      ],
      'no-restricted-globals': ['error', 'window', 'document'],
    },
  },
  {
    files: ['src/scene/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['lit', 'lit/*', '../ui/*'] }] },
  },
  {
    // Physics runs in Node for the benchmark: cannon-es only.
    files: ['src/scene/physics/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['three', 'three/*', 'lit', 'lit/*', '../../ui/*'] }],
    },
  },
);
