import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import fileNames from './scripts/eslint-file-names.js';
import pluginLingui from 'eslint-plugin-lingui';

// The map stays out of the first load (src/map/index.ts): maplibre, draw and the modules of
// src/map that import either at a value (MAP_MODULES, by the end of their path: keep it in step
// with src/map) are loaded with import() only.
/** The layers under job-views (app and features may use job-views and all of these). */
const BELOW_JOB_VIEWS = [
  'working-set',
  'map',
  'api',
  'ui',
  'config',
  'rules',
  'geo',
  'contract',
  'lib',
  'i18n',
];

const MAP_LIBRARIES = {
  group: ['maplibre-gl', '@mapbox/mapbox-gl-draw'],
  allowTypeImports: true,
  message:
    'Load maplibre and draw with import() only (React.lazy), or import their types: they stay out of the first load (src/map/index.ts).',
};
const MAP_MODULES = {
  regex: '(^|/)map/(ZoneEditor|PointsMap|MapView|controller|editor-map|draw|labels|snap-modes)(\\.tsx?)?$',
  allowTypeImports: true,
  message:
    'This module of src/map pulls in maplibre: load it with import() only (React.lazy), or import its types (src/map/index.ts).',
};

// The attributes of HTML elements whose text people read or hear (the lingui plugin checks
// aria-label, alt, placeholder and value only).
const SPOKEN_ATTRIBUTE =
  'JSXAttribute[name.name=/^(title|aria-(label|description|valuetext|roledescription|placeholder))$/]';

export default tseslint.config(
  {
    ignores: ['dist', 'dist-server', 'node_modules', 'data', 'bench/out', 'coverage', 'tests/e2e/artifacts'],
  },
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
  // layers below it; lib (error text, browser storage, the locale) is the floor every layer may stand on, i18n
  // (languages) the one above it for every layer above the pure ones,
  // geo only on its error text and counts in words (geo stays pure); features never import each other, and others reach a feature only
  // through its index.ts; geo and contract import nothing of the app; rules (pure) import config's types only.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'boundaries/include': ['src/**/*'],
      'boundaries/elements': [
        { type: 'app', pattern: 'src/app' },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'job-views', pattern: 'src/job-views' },
        { type: 'working-set', pattern: 'src/working-set' },
        { type: 'map', pattern: 'src/map' },
        { type: 'api', pattern: 'src/api' },
        { type: 'ui', pattern: 'src/ui' },
        { type: 'config', pattern: 'src/config' },
        { type: 'rules', pattern: 'src/rules' },
        { type: 'geo', pattern: 'src/geo' },
        { type: 'contract', pattern: 'src/contract' },
        { type: 'lib', pattern: 'src/lib' },
        { type: 'i18n', pattern: 'src/i18n' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: 'Layers (docs/design.md): {{from.type}} must not import {{to.type}} this way',
          policies: [
            {
              from: { element: { type: 'app' } },
              allow: {
                to: {
                  element: {
                    types: { anyOf: ['job-views', ...BELOW_JOB_VIEWS] },
                  },
                },
              },
            },
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { type: 'feature', fileInternalPath: 'index.ts' } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: {
                  element: {
                    types: { anyOf: ['job-views', ...BELOW_JOB_VIEWS] },
                  },
                },
              },
            },
            {
              from: { element: { type: 'job-views' } },
              allow: {
                to: {
                  element: {
                    types: { anyOf: BELOW_JOB_VIEWS },
                  },
                },
              },
            },
            {
              from: { element: { type: 'working-set' } },
              allow: {
                to: { element: { types: { anyOf: ['api', 'config', 'rules', 'contract', 'lib', 'i18n'] } } },
              },
            },
            {
              from: { element: { type: 'map' } },
              allow: { to: { element: { types: { anyOf: ['ui', 'geo', 'lib', 'i18n'] } } } },
            },
            {
              from: { element: { type: 'api' } },
              allow: { to: { element: { types: { anyOf: ['contract', 'lib', 'i18n'] } } } },
            },
            {
              from: { element: { type: 'ui' } },
              allow: { to: { element: { types: { anyOf: ['contract', 'lib', 'i18n'] } } } },
            },
            {
              from: { element: { type: 'config' } },
              allow: { to: { element: { types: { anyOf: ['contract', 'lib', 'i18n'] } } } },
            },
            {
              from: { element: { type: 'rules' } },
              allow: { to: { element: { types: { anyOf: ['contract', 'lib'] } } } },
            },
            {
              from: { element: { type: 'rules' } },
              dependency: { kind: 'type' },
              allow: { to: { element: { type: 'config' } } },
            },
            {
              from: { element: { type: 'geo' } },
              allow: { to: { element: { type: 'lib', fileInternalPath: '{error-message,count}.ts' } } },
            },
            {
              from: { element: { type: 'geo' } },
              allow: { to: { element: { types: { anyOf: ['contract'] } } } },
            },
            // i18n (docs/design.md, Languages) stands on lib (browser storage, the locale every
            // formatter reads, the formatters it gives words).
            {
              from: { element: { type: 'i18n' } },
              allow: { to: { element: { types: { anyOf: ['lib'] } } } },
            },
          ],
        },
      ],
    },
  },
  // Outside src/map: maplibre, draw and the map modules by import() only (React.lazy, a preload);
  // `import type` is fine, and so is src/map's index, which holds no map library.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/map/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MAP_LIBRARIES, MAP_MODULES] }] },
  },
  // contract, geo and rules are pure: no React, no map library, not even their types.
  {
    files: ['src/contract/**', 'src/geo/**', 'src/rules/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', 'maplibre-gl', '@mapbox/*'] }],
    },
  },
  // Languages (docs/design.md): no user-visible text outside the catalogs, in every layer that
  // shows or says something; the pure layers (their English is the reference server's) and the
  // entry script (its one message shows when the app's code cannot load) aside.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/{lib,geo,rules,contract}/**', 'src/main.tsx'],
    plugins: { lingui: pluginLingui },
    rules: {
      ...pluginLingui.configs['flat/recommended'].rules,
      'lingui/no-unlocalized-strings': [
        'error',
        {
          // Identifiers, keys, paths and codes: a string without a capital first and without
          // spaces ("dispatch:locale", "/sign-in", "aria-pressed"), or in capitals ("UTC").
          ignore: ['^(?![A-Z])\\S+$', '^[A-Z0-9_-]+$'],
          ignoreNames: [
            { regex: { pattern: 'className', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_-]+$' } },
            'type',
            'id',
            'href',
            'to',
            'src',
            'role',
            'tone',
            'variant',
            'size',
            'align',
            'width',
            'height',
            'displayName',
            // maplibre's style expressions ("Polygon" is a geometry type, not a word)
            'filter',
            'Authorization',
            'section',
          ],
          ignoreFunctions: [
            'Error',
            'console.*',
            '*.addEventListener',
            '*.removeEventListener',
            '*.querySelector',
            '*.querySelectorAll',
            '*.getElementById',
            // CSS selectors and media queries
            '*.matches',
            '*.matchMedia',
            '*.setAttribute',
            '*.postMessage',
            'new URL',
            '*.headers.get',
            'readStored',
            'writeStored',
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: [
            `${SPOKEN_ATTRIBUTE} > Literal`,
            `${SPOKEN_ATTRIBUTE} > JSXExpressionContainer > :matches(Literal, TemplateLiteral)`,
          ].join(', '),
          message: 'Text people read or hear comes from the catalogs (t`…`, <Trans>): src/i18n.',
        },
      ],
    },
  },
  // File names: PascalCase.tsx components, useThing hooks, kebab-case modules (scripts/eslint-file-names.js).
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { files: fileNames },
    rules: { 'files/name': 'error' },
  },
);
