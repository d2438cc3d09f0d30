import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import globals from 'globals';

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
  // House rules (DESIGN.md): pure modules import nothing from the app; features never import each other.
  {
    files: ['src/contract/**', 'src/geo/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/app/**', '**/api/**', '**/features/**', '**/map/**', '**/ui/**', 'react', 'react-dom'] }],
    },
  },
  {
    files: ['src/map/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/features/**', '**/api/**', '**/contract/branch*'] }],
    },
  },
  {
    files: ['src/features/jobs/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/features/branches/**'] }] },
  },
  {
    files: ['src/features/branches/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/features/jobs/**'] }] },
  },
);
