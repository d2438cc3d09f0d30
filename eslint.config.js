import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'bench/out', 'coverage', 'tests/e2e/artifacts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['src/**/*.{ts,tsx}', 'tests/component/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'tests/**/*.ts', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // The layers of docs/design.md, relative paths included: each layer imports only from the
  // layers below it; lib (error text, browser storage) is the floor every layer may stand on,
  // geo only on its error text (geo stays pure); features never import each other, and others reach a feature only
  // through its index.ts; geo and contract import nothing of the app.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'boundaries/include': ['src/**/*'],
      'boundaries/elements': [
        { type: 'app', pattern: 'src/app' },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'map', pattern: 'src/map' },
        { type: 'api', pattern: 'src/api' },
        { type: 'ui', pattern: 'src/ui' },
        { type: 'config', pattern: 'src/config' },
        { type: 'geo', pattern: 'src/geo' },
        { type: 'contract', pattern: 'src/contract' },
        { type: 'lib', pattern: 'src/lib' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: 'Layers (docs/design.md): {{from.type}} must not import {{to.type}} this way',
          policies: [
            { from: { element: { type: 'app' } }, allow: { to: { element: { types: { anyOf: ['map', 'api', 'ui', 'config', 'geo', 'contract', 'lib'] } } } } },
            { from: { element: { type: 'app' } }, allow: { to: { element: { type: 'feature', fileInternalPath: 'index.ts' } } } },
            { from: { element: { type: 'feature' } }, allow: { to: { element: { types: { anyOf: ['map', 'api', 'ui', 'config', 'geo', 'contract', 'lib'] } } } } },
            { from: { element: { type: 'map' } }, allow: { to: { element: { types: { anyOf: ['ui', 'geo', 'lib'] } } } } },
            { from: { element: { type: 'api' } }, allow: { to: { element: { types: { anyOf: ['contract', 'lib'] } } } } },
            { from: { element: { type: 'ui' } }, allow: { to: { element: { types: { anyOf: ['contract', 'lib'] } } } } },
            { from: { element: { type: 'config' } }, allow: { to: { element: { types: { anyOf: ['contract', 'lib'] } } } } },
            { from: { element: { type: 'geo' } }, allow: { to: { element: { type: 'lib', fileInternalPath: 'error-message.ts' } } } },
            { from: { element: { type: 'geo' } }, allow: { to: { element: { types: { anyOf: ['contract'] } } } } },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contract/**', 'src/geo/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', 'maplibre-gl', '@mapbox/*'] }] },
  },
);
