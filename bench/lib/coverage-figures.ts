/**
 * Coverage across branches and the impact of a zone change: the coverage map of 50 branches of
 * 20 zones (browser), classifying 5,000 deliveries against two sets of 20 zones (Node, geo
 * group), and reading a branch's 7 days of jobs with the app's whole-result scan (Node).
 */
import { join } from 'node:path';
import { normalizeZones } from '../../src/geo';
import { classifyPoints, zonePolygons } from '../../src/geo/coverage';
import { createApiClient } from '../../src/api/client';
import { scanJobs } from '../../src/api/scan';
import { openDatabase } from '../../server/db';
import { seed } from '../../server/seed';
import type { Api } from './api';
import { waitForWatched } from './browser';
import { REFERENCE_TIME } from './database';
import { inFreshPage, type JobsBench } from './jobs-figures';
import { zoneGrid, type ZoneCollection } from './rings';
import { median, timeSync } from './stats';

export const COVERAGE_BRANCHES = 50;
export const COVERAGE_ZONES = 20;
export const COVERAGE_ZONE_VERTICES = 100;
export const IMPACT_DELIVERIES = 5000;
export const IMPACT_ZONES = 20;
export const IMPACT_ZONE_VERTICES = 500;
export const IMPACT_DAYS = 7;
export const IMPACT_CAP = 2000;

/** Cities' branches side by side: each grid one step east of the last, its last column over the next's first. */
const BRANCH_SHIFT = 0.09;

/** A database of 50 branches (and a few jobs) for the coverage map, at `dir`/coverage.db. */
export function coverageDatabase(dir: string): string {
  const path = join(dir, 'coverage.db');
  const db = openDatabase(path);
  try {
    seed(db, { seed: 3, jobs: 200, branches: COVERAGE_BRANCHES, referenceTime: REFERENCE_TIME });
  } finally {
    db.close();
  }
  return path;
}

/**
 * Saves 20 zones of 100 corners into each branch (PUT), a grid around its city's centre
 * shifted east by its number within the city, so neighbouring branches' grids overlap along one
 * column: a few overlaps between branches per city. Returns how many branches were given zones.
 */
export async function putCoverageZones(api: Api): Promise<number> {
  const branches = await api.allBranches();
  const byCity = new Map<string, number>();
  for (const branch of branches) {
    const city = branch.id.split('-')[0]!;
    const k = byCity.get(city) ?? 0;
    byCity.set(city, k + 1);
    const lonScale = 1 / Math.cos((branch.coordinates.latitude * Math.PI) / 180);
    const center: [number, number] = [
      branch.coordinates.longitude + k * BRANCH_SHIFT * lonScale,
      branch.coordinates.latitude,
    ];
    const zones = zoneGrid(COVERAGE_ZONES, COVERAGE_ZONE_VERTICES, center);
    await api.putBranch(branch.id, JSON.stringify({ branch: { delivery_zones: normalizeZones(zones) } }));
  }
  return branches.length;
}

/**
 * `/branches?view=map`: navigation start → the coverage map idle with the zones and the
 * overlaps drawn (the overlaps measured in a worker arrive after the zones), 2 frames after.
 */
export async function coverageMapOpen(
  b: Pick<JobsBench, 'browser' | 'token' | 'trace'>,
  origin: string,
  runs: number,
): Promise<{ times: number[]; summary: string }> {
  const times: number[] = [];
  let summary = '';
  for (let i = 0; i < runs; i++) {
    await inFreshPage(
      b,
      async ({ page }) => {
        await page.goto(`${origin}/branches?view=map`, { waitUntil: 'commit' });
        const painted = await waitForWatched(page, 'the coverage map');
        times.push(painted.paintedAt);
        summary =
          (await page.locator('[data-coverage="ready"] p[role="status"]').first().textContent()) ?? '';
      },
      {
        watchFromStart: {
          kind: 'count',
          selector: '[data-coverage="ready"][data-overlaps="ready"] [data-map-state="idle"][data-map-data]',
          min: 1,
          frames: 2,
        },
      },
    );
  }
  return { times, summary };
}

/** The old and new zones of the classify figure: the same grid, the new one moved by half a zone east. */
function impactZones(): { before: ZoneCollection; after: ZoneCollection } {
  const center: [number, number] = [-0.1276, 51.5072];
  return {
    before: zoneGrid(IMPACT_ZONES, IMPACT_ZONE_VERTICES, center),
    after: zoneGrid(IMPACT_ZONES, IMPACT_ZONE_VERTICES, [center[0] + 0.008, center[1]]),
  };
}

/** 5,000 deliveries spread evenly (a fixed pseudo-random sequence) over the grids and around them. */
function impactPoints(): [number, number][] {
  let state = 12345;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: IMPACT_DELIVERIES }, () => [
    -0.1276 + (next() - 0.5) * 0.2,
    51.5072 + (next() - 0.5) * 0.1,
  ]);
}

/** classifyPoints: 5,000 deliveries against 20 zones of 500 corners before and after, the zones prepared each run. */
export function impactClassifyFigures(runs: number): { ms: number; counts: Record<string, number> } {
  const { before, after } = impactZones();
  const old = zonePolygons(before);
  const now = zonePolygons(after);
  const points = impactPoints();
  const counts: Record<string, number> = {};
  for (const kind of classifyPoints(points, old, now)) counts[kind] = (counts[kind] ?? 0) + 1;
  const times = timeSync(() => classifyPoints(points, old, now), runs, 5);
  return { ms: median(times), counts };
}

/**
 * The impact preview's read: a branch's jobs of the 7 days before the data's "now", through
 * the app's api client and whole-result scan (4 requests at a time, cap 2,000), in Node
 * against the reference server (pages of 20).
 */
export async function impactFetch(
  origin: string,
  token: string,
  branchId: string,
  runs: number,
): Promise<{ times: number[]; jobs: number; pages: number }> {
  const client = createApiClient({ baseUrl: origin, getToken: () => token });
  const times: number[] = [];
  let jobs = 0;
  let pages = 0;
  for (let i = 0; i < runs + 1; i++) {
    const start = performance.now();
    const outcome = await scanJobs(
      client,
      { branch_id: branchId, timestamp_from: REFERENCE_TIME - IMPACT_DAYS * 86_400 },
      { cap: IMPACT_CAP, signal: new AbortController().signal, onPage: () => undefined },
    );
    if (i > 0) times.push(performance.now() - start); // the first run warms the server's caches
    jobs = outcome.jobsSeen;
    pages = outcome.pagesDone;
  }
  return { times, jobs, pages };
}
