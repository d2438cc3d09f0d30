/**
 * Bundle figures of a production build, through scripts/check-size.ts's own functions
 * (`initialSet`, `gzipKiB`, `packagesOf`) so the bench and the budget check agree.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as CheckSizeModule from '../../scripts/check-size';

type CheckSize = typeof CheckSizeModule;
type Manifest = Parameters<CheckSize['initialSet']>[0];

export interface BundleFigures {
  jobs_initial_js_gzip_kib: number;
  jobs_initial_css_gzip_kib: number;
  /** null when no lazy chunk holds maplibre-gl or mapbox-gl-draw (the map is not in the app yet). */
  map_chunk_gzip_kib: number | null;
  mapChunkFiles: string[];
}

const MAP_PACKAGES = ['maplibre-gl', '@mapbox/mapbox-gl-draw'];

/**
 * check-size.ts takes its dist directory from `process.argv[2]` when the module is first
 * evaluated (it is a CLI first). Load it once with argv pointing at `dist`, then restore argv.
 * (A `dist` parameter on its exported functions would make this unnecessary.)
 */
async function loadCheckSize(dist: string): Promise<CheckSize> {
  const saved = process.argv;
  process.argv = [saved[0]!, saved[1]!, dist];
  try {
    return await import('../../scripts/check-size');
  } finally {
    process.argv = saved;
  }
}

export async function bundleFigures(dist: string): Promise<BundleFigures> {
  const { gzipKiB, indexHtmlOf, initialSet, packagesOf } = await loadCheckSize(dist);
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const initial = initialSet(manifest, indexHtmlOf(dist));
  const chunk = (key: string) => manifest[key]!;
  const jsFiles = [...initial].map((k) => chunk(k).file).filter((f) => f.endsWith('.js'));
  const cssFiles = [...new Set([...initial].flatMap((k) => chunk(k).css ?? []))];
  // As check-size: every lazy JS chunk whose source map names maplibre or draw.
  const mapChunkFiles = Object.keys(manifest)
    .filter((k) => !initial.has(k) && chunk(k).file.endsWith('.js'))
    .map((k) => chunk(k).file)
    .filter((file) => {
      const packages = packagesOf(file);
      return MAP_PACKAGES.some((p) => packages.has(p));
    });
  const sum = (files: string[]) => files.reduce((total, f) => total + gzipKiB(f), 0);
  return {
    jobs_initial_js_gzip_kib: sum(jsFiles),
    jobs_initial_css_gzip_kib: sum(cssFiles),
    map_chunk_gzip_kib: mapChunkFiles.length > 0 ? sum(mapChunkFiles) : null,
    mapChunkFiles,
  };
}
