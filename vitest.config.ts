import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
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
          // Two files at a time: a file spends much of its time waiting (on the browser, its
          // timers, the network between the two), so a second one fills the other core.
          // E2E_WORKERS=1 runs them one at a time.
          maxWorkers: Number(process.env.E2E_WORKERS) || 2,
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
