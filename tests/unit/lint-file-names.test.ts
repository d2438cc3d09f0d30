/**
 * The file-name rule of src/ (scripts/eslint-file-names.js, applied by eslint.config.js):
 * PascalCase.tsx components, useThing hooks, kebab-case modules and workers.
 */
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { fileNamesRule } from '../../scripts/eslint-file-names.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester();
const file = (filename: string) => ({ code: 'export {};', filename: `/repo/src/map/${filename}` });
const wrong = (filename: string, suggestion: string) => ({
  ...file(filename),
  errors: [{ messageId: 'name', data: { name: filename, suggestion } }],
});

tester.run('files/name', fileNamesRule, {
  valid: [
    'zone-checks.ts',
    'index.ts',
    'main.tsx',
    'columns.tsx',
    'h3-index.ts',
    'ZoneEditor.tsx',
    'MapView.tsx',
    'useBranchDraft.ts',
    'useNow.tsx',
    'overlaps.worker.ts',
    'vite-env.d.ts',
  ].map(file),
  invalid: [
    wrong('zoneChecks.ts', 'zone-checks.ts'),
    wrong('snap_modes.ts', 'snap-modes.ts'),
    wrong('MapView.ts', 'map-view.ts'), // PascalCase is for component files (.tsx)
    wrong('mapView.tsx', 'map-view.tsx'),
    wrong('Zone-Editor.tsx', 'zone-editor.tsx'),
    wrong('overlapsWorker.worker.ts', 'overlaps-worker.worker.ts'),
  ],
});
