/**
 * The built dashboard the bench serves: `vite build` into bench/out/dist (so a bench run
 * never rewrites the dist/ other work may be testing), then a temporary copy with the bench's
 * own config.json (offline map style) and extra static pages.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** `npx vite build` into `outDir`, then the compressed copies of `npm run build`; output shown only on failure. */
export function buildApp(outDir: string): void {
  try {
    execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], { stdio: 'pipe' });
    execFileSync('npx', ['tsx', 'scripts/precompress.ts', outDir], { stdio: 'pipe' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    console.error(`${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`);
    throw new Error('the build failed', { cause: error });
  }
}

/** Copies `dist` to `target` with `mapStyle: "offline"` in its config.json. */
export function prepareSite(dist: string, target: string): void {
  cpSync(dist, target, { recursive: true });
  const configPath = join(target, 'config.json');
  const config = JSON.parse(readFileSync(configPath, 'utf8')) as Record<string, unknown>;
  writeFileSync(configPath, `${JSON.stringify({ ...config, mapStyle: 'offline' }, null, 2)}\n`);
}

/** Adds a static page to the served copy (served by the server's static route like any file). */
export function addPage(site: string, name: string, html: string): string {
  writeFileSync(join(site, name), html);
  return `/${name}`;
}
