import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { linguiPlugins } from './vite.config.js';

export default defineConfig({
  plugins: [react(), ...linguiPlugins()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'],
          exclude: ['tests/server/load.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'load',
          environment: 'node',
          include: ['tests/server/load.test.ts'],
          testTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['tests/component/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/component/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // One file at a time: two at a time was faster (a file waits on its browser much of
          // the time) but, on two cores, flaky: waits for the screen ran out (docs/performance.md,
          // "CI time"). E2E_WORKERS=2 runs two.
          maxWorkers: Number(process.env.E2E_WORKERS) || 1,
          // A real browser drawing maps in software GL on two shared cores: a condition polled
          // for may take seconds to hold (vitest's default is 1 s).
          expect: { poll: { timeout: 10_000 } },
          // A test that runs four axe scans (about 10 s each with two files and another step
          // sharing the cores) needs more than a minute; a timeout says nothing of speed.
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
