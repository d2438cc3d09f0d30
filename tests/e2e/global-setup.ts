import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureChromium } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The build the e2e tests serve (support.ts's `appBuild`). */
    appBuild: string;
  }
}

/**
 * Chromium, and the build the tests serve: a copy of dist/ whose config.json names the embedded
 * offline base map and the seed's image hosts (for the CSP). No test then reaches for the online style the shipped config.json names
 * (there is no network here, and how long a map rests before its style would load must not
 * decide a test); every map draws the same picture each run.
 */
export default function setup(project: TestProject) {
  ensureChromium();
  if (!existsSync('dist/index.html')) {
    throw new Error('dist/ is missing: run "npm run build" first (npm test does it for you).');
  }
  const build = mkdtempSync(join(tmpdir(), 'dispatch-e2e-build-'));
  cpSync('dist', build, { recursive: true });
  const configPath = join(build, 'config.json');
  const config = JSON.parse(readFileSync(configPath, 'utf8')) as Record<string, unknown>;
  // The seed's photos, signatures and rider pictures live on these hosts (answered by the tests).
  const imageOrigins = ['https://pod.example.com', 'https://images.example.com'];
  writeFileSync(configPath, JSON.stringify({ ...config, mapStyle: 'offline', imageOrigins }, null, 2));
  project.provide('appBuild', build);
  return () => rmSync(build, { recursive: true, force: true });
}
