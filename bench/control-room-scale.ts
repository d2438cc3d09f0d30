/**
 * The control room and the search at an operation's size, in Chromium against the reference
 * server, with the extension for scale on and off (issue "A control room that scales"):
 *
 *   npx tsx bench/control-room-scale.ts [--seeds 5000,100000,300000] [--seconds 120]
 *     [--search-jobs 100000] [--first-read-jobs 300000] [--heap-jobs 300000]
 *     [--only requests,search,first-read,change,heap] [--no-build]
 *
 * Keys (printed as `key: value (note)` and written to bench/out/control-room-scale.json):
 * - `service_requests_per_min` and `service_bytes_per_min` (`_<seed>_<ext|bare>`): one tab at
 *   /overview, steady state after its first read: requests to the service (/v1/…) a minute and
 *   bytes on the wire; `service_requests_per_min_second_tab_…`: what a second tab of the same
 *   browser adds.
 * - `search_old_order_ms_<ext|bare>`: /jobs, an order created 12 days before the data's now
 *   typed in Search and Enter → its row shown (bare: → the scan done, found or not).
 * - `first_read_ms_<ext|bare>`: navigation to /overview → the open work and today painted.
 * - `change_to_screen_ms_<ext|bare>`: an open job made late in the database (its first
 *   delivery's slot end an hour past; the triggers record it as a change) → its row in the
 *   control room.
 * - `working_set_heap_mb_<ext|bare>`: JS heap after GC (CDP Runtime.getHeapUsage) with
 *   /overview?window=7d read (7 days at 10,000 a day at the 300,000 seed).
 * The browser's clock starts at the data's now (10:00 UTC, a working day) and runs. Figures only: never
 * pass or fail. Seeds are cached in bench/out/db like `npm run bench`'s.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { heapAfterGc, openPage, startBrowser, type BenchPage } from './lib/browser';
import { REFERENCE_TIME, cachedDatabase, workingCopy } from './lib/database';
import { startServers, type Servers } from './lib/servers';
import { buildApp, prepareSite } from './lib/site';
import { median } from './lib/stats';

const OUT = join('bench', 'out');
const DIST = join(OUT, 'dist');
const TOKEN = 'bench-token';
const DAY = 86_400;
const GROUPS = ['requests', 'search', 'first-read', 'change', 'heap'] as const;
type Group = (typeof GROUPS)[number];
type Mode = 'ext' | 'bare';
const MODES: Mode[] = ['ext', 'bare'];
/** Both reads of the control room done (ReadStatus's `data-read`, `data-phase`). */
const READ_DONE =
  'main:has([data-read="Open work"][data-phase="done"]):has([data-read="The window\'s jobs"][data-phase="done"])';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string' },
    seconds: { type: 'string' },
    'search-jobs': { type: 'string' },
    'first-read-jobs': { type: 'string' },
    'heap-jobs': { type: 'string' },
    'change-jobs': { type: 'string' },
    runs: { type: 'string' },
    only: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
});
const list = (raw: string | undefined, fallback: number[]) => (raw ? raw.split(',').map(Number) : fallback);
const SEEDS = list(values.seeds, [5_000, 100_000, 300_000]);
const SECONDS = Number(values.seconds ?? 120);
const SEARCH_JOBS = Number(values['search-jobs'] ?? 100_000);
const FIRST_READ_JOBS = Number(values['first-read-jobs'] ?? 300_000);
const HEAP_JOBS = Number(values['heap-jobs'] ?? 300_000);
const CHANGE_JOBS = Number(values['change-jobs'] ?? 5_000);
const RUNS = Number(values.runs ?? 3);
const only = new Set((values.only?.split(',') ?? GROUPS) as Group[]);

const figures: Record<string, number | null> = {};
const notes: Record<string, string> = {};
function set(key: string, value: number | null, note: string) {
  figures[key] = value;
  notes[key] = note;
  console.log(`  ${key}: ${value === null ? 'null' : Math.round(value * 10) / 10} (${note})`);
}

/** Servers with the extension and without, on a working copy of the seed of `jobs`. */
async function serversFor(
  jobs: number,
  tmp: string,
  site: string,
): Promise<{ servers: Servers; dbPath: string }> {
  const cached = cachedDatabase(OUT, jobs, 42);
  if (cached.seededSeconds !== null)
    console.log(`  seeded ${jobs} jobs in ${cached.seededSeconds.toFixed(0)} s`);
  const dbPath = workingCopy(cached.path, join(tmp, `bench-${jobs}.db`));
  const servers = await startServers({
    dbPath,
    token: TOKEN,
    instances: [
      { name: 'ext', pageSize: 20, staticDir: site },
      { name: 'bare', pageSize: 20, staticDir: site, extensions: false },
    ],
  });
  return { servers, dbPath };
}

/** Counts the requests to the service a page makes, and their bytes on the wire (CDP). */
async function countService(tab: BenchPage): Promise<() => { requests: number; bytes: number }> {
  let requests = 0;
  let bytes = 0;
  const service = new Set<string>();
  await tab.cdp.send('Network.enable');
  tab.cdp.on('Network.requestWillBeSent', (e) => {
    if (new URL(e.request.url).pathname.startsWith('/v1/')) {
      service.add(e.requestId);
      requests++;
    }
  });
  // The stream never finishes: its bytes are counted as they arrive, the rest when finished.
  const streamed = new Map<string, number>();
  tab.cdp.on('Network.dataReceived', (e) => {
    if (service.has(e.requestId))
      streamed.set(e.requestId, (streamed.get(e.requestId) ?? 0) + e.encodedDataLength);
  });
  tab.cdp.on('Network.loadingFinished', (e) => {
    if (!service.has(e.requestId)) return;
    bytes += e.encodedDataLength;
    streamed.delete(e.requestId);
  });
  return () => ({ requests, bytes: bytes + [...streamed.values()].reduce((a, b) => a + b, 0) });
}

async function overviewTab(browser: Browser, url: string, path = '/overview'): Promise<BenchPage> {
  const tab = await openPage(browser, TOKEN);
  // Starts at the data's now and runs: with a held clock no refresh ever falls due.
  await tab.page.clock.setSystemTime(REFERENCE_TIME * 1000);
  await tab.page.goto(`${url}${path}`);
  await tab.page.locator(READ_DONE).waitFor({ timeout: 300_000 });
  return tab;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function requestsPerMinute(browser: Browser, url: string, key: string) {
  const tab = await overviewTab(browser, url);
  const counted = await countService(tab);
  await sleep(SECONDS * 1000);
  const one = counted();
  const perMin = (n: number) => (n * 60) / SECONDS;
  set(`service_requests_per_min_${key}`, perMin(one.requests), `one tab, ${SECONDS} s after the first read`);
  set(`service_bytes_per_min_${key}`, perMin(one.bytes), 'bytes on the wire, same tab');
  // A second tab of the same browser (context): what it adds, over the same time.
  const second = await tab.context.newPage();
  await second.goto(`${url}/overview`);
  await second.locator(READ_DONE).waitFor({ timeout: 300_000 });
  const cdp2 = await tab.context.newCDPSession(second);
  let requests2 = 0;
  await cdp2.send('Network.enable');
  cdp2.on('Network.requestWillBeSent', (e) => {
    if (new URL(e.request.url).pathname.startsWith('/v1/')) requests2++;
  });
  const before = counted().requests;
  await sleep(SECONDS * 1000);
  const both = counted().requests - before + requests2;
  set(
    `service_requests_per_min_second_tab_${key}`,
    perMin(both - one.requests),
    'two tabs minus one, after the second tab’s first read',
  );
  await tab.close();
}

/** A job created 12 days before the data's now. */
function oldOrder(dbPath: string): { id: number; order_id: string } {
  const db = new BetterSqlite3(dbPath, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('SELECT id, order_id FROM jobs WHERE created_at BETWEEN ? AND ? ORDER BY id LIMIT 1')
      .get(REFERENCE_TIME - 12.5 * DAY, REFERENCE_TIME - 11.5 * DAY) as { id: number; order_id: string };
  } finally {
    db.close();
  }
}

async function searchOldOrder(browser: Browser, url: string, dbPath: string, mode: Mode) {
  const target = oldOrder(dbPath);
  const times: number[] = [];
  let found = false;
  for (let i = 0; i < RUNS; i++) {
    const tab = await openPage(browser, TOKEN);
    const { page } = tab;
    await page.goto(`${url}/jobs`);
    await page.locator('table tbody tr[data-job-id]').first().waitFor({ timeout: 60_000 });
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill(target.order_id);
    const started = performance.now();
    await box.press('Enter');
    const row = page.locator(`table tbody tr[data-job-id="${target.id}"]`);
    const done = page.locator('[data-phase="done"] [role="status"]');
    await Promise.race([row.waitFor({ timeout: 300_000 }), done.waitFor({ timeout: 300_000 })]);
    times.push(performance.now() - started);
    found = (await row.count()) > 0;
    await tab.close();
  }
  set(
    `search_old_order_ms_${mode}`,
    median(times),
    `${SEARCH_JOBS} jobs, order ${target.order_id} (12 days old) ${found ? 'found' : 'NOT found (the scan’s cap)'}; median of ${RUNS}: ${times.map(Math.round).join(', ')}`,
  );
}

async function firstRead(browser: Browser, url: string, mode: Mode) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const tab = await openPage(browser, TOKEN);
    await tab.page.clock.setSystemTime(REFERENCE_TIME * 1000);
    const started = performance.now();
    await tab.page.goto(`${url}/overview`, { waitUntil: 'commit' });
    await tab.page.locator(READ_DONE).waitFor({ timeout: 300_000 });
    times.push(performance.now() - started);
    await tab.close();
  }
  set(
    `first_read_ms_${mode}`,
    median(times),
    `${FIRST_READ_JOBS} jobs, navigation → both reads painted; median of ${RUNS}: ${times.map(Math.round).join(', ')}`,
  );
}

/** An open job no exception lists yet: every open delivery's slot ends 2 hours or more after now. */
function jobToMakeLate(dbPath: string, shown: Set<number>): number {
  const db = new BetterSqlite3(dbPath, { readonly: true, fileMustExist: true });
  try {
    const ids = db
      .prepare(
        `SELECT j.id FROM jobs j WHERE j.status BETWEEN 1 AND 6 AND j.rider_id IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.job_id = j.id AND d.slot_to < ?)
           AND NOT EXISTS (SELECT 1 FROM pickups p WHERE p.job_id = j.id AND p.slot_to < ?)
         ORDER BY j.created_at DESC LIMIT 50`,
      )
      .pluck()
      .all(REFERENCE_TIME + 2 * 3600, REFERENCE_TIME + 2 * 3600) as number[];
    const id = ids.find((i) => !shown.has(i));
    if (id === undefined) throw new Error('no open job left to make late');
    return id;
  } finally {
    db.close();
  }
}

async function changeToScreen(browser: Browser, url: string, dbPath: string, mode: Mode) {
  const tab = await overviewTab(browser, url);
  const { page } = tab;
  const shown = new Set(
    await page
      .locator('[data-job-id]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-job-id')))),
  );
  const id = jobToMakeLate(dbPath, shown);
  const db = new BetterSqlite3(dbPath, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const started = performance.now();
  db.prepare(
    'UPDATE deliveries SET slot_to = ? WHERE id = (SELECT id FROM deliveries WHERE job_id = ? ORDER BY position LIMIT 1)',
  ).run(REFERENCE_TIME - 3600, id);
  db.close();
  await page.locator(`[data-job-id="${id}"]`).first().waitFor({ timeout: 120_000 });
  set(
    `change_to_screen_ms_${mode}`,
    performance.now() - started,
    `${CHANGE_JOBS} jobs, job ${id}'s first delivery an hour late in the database → its row at /overview`,
  );
  await tab.close();
}

async function heap(browser: Browser, url: string, mode: Mode) {
  const tab = await overviewTab(browser, url, '/overview?window=7d');
  await tab.cdp.send('HeapProfiler.enable');
  const { usedMb } = await heapAfterGc(tab);
  set(`working_set_heap_mb_${mode}`, usedMb, `${HEAP_JOBS} jobs, /overview?window=7d read, after GC (CDP)`);
  await tab.close();
}

async function main() {
  if (!values['no-build']) {
    console.log('Building the app (vite build → bench/out/dist)…');
    buildApp(DIST);
  }
  const tmp = mkdtempSync(join(tmpdir(), 'dispatch-room-'));
  const site = join(tmp, 'site');
  prepareSite(DIST, site);
  const browser = await startBrowser();
  /** Runs `fn` once per mode against servers on the seed of `jobs`. */
  const onSeed = async (jobs: number, fn: (url: string, dbPath: string, mode: Mode) => Promise<void>) => {
    const { servers, dbPath } = await serversFor(jobs, tmp, site);
    try {
      for (const mode of MODES) {
        try {
          await fn(servers.urls[mode]!, dbPath, mode);
        } catch (error) {
          console.log(`  FAILED (${mode}): ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    } finally {
      await servers.close();
    }
  };
  try {
    if (only.has('requests')) {
      console.log('[requests]');
      for (const seed of SEEDS)
        await onSeed(seed, (url, _db, mode) => requestsPerMinute(browser, url, `${seed}_${mode}`));
    }
    if (only.has('search')) {
      console.log('[search]');
      await onSeed(SEARCH_JOBS, (url, dbPath, mode) => searchOldOrder(browser, url, dbPath, mode));
    }
    if (only.has('first-read')) {
      console.log('[first-read]');
      await onSeed(FIRST_READ_JOBS, (url, _db, mode) => firstRead(browser, url, mode));
    }
    if (only.has('change')) {
      console.log('[change]');
      await onSeed(CHANGE_JOBS, (url, dbPath, mode) => changeToScreen(browser, url, dbPath, mode));
    }
    if (only.has('heap')) {
      console.log('[heap]');
      await onSeed(HEAP_JOBS, (url, _db, mode) => heap(browser, url, mode));
    }
  } finally {
    await browser.close();
    rmSync(tmp, { recursive: true, force: true });
  }
  mkdirSync(OUT, { recursive: true });
  const results = join(OUT, 'control-room-scale.json');
  writeFileSync(
    results,
    `${JSON.stringify({ ...figures, meta: { notes, argv: process.argv.slice(2) } }, null, 2)}\n`,
  );
  console.log(`Written to ${results}`);
}

await main();
