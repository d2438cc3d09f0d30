/** Figures of the jobs screen, measured in Chromium on the production build (see probe.ts). */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  firstRowText,
  gotoFirstRows,
  heapAfterGc,
  openPage,
  timeInteraction,
  timeOwnChange,
  withTimeout,
  type BenchPage,
  type PageOptions,
} from './browser';
import type { BareBrowser } from './cdp';
import { NetworkLog } from './network';
import { opsMapDrawn, type PageOneTiming, type Painted } from './probe';

export interface JobsBench {
  /** Playwright's Chromium: interactions (page change, drawer, heap, editor). */
  browser: Browser;
  /** Chromium over a bare DevTools pipe: cold loads (first rows, CPU 4x, 1,000 rows), see cdp.ts. */
  bare: BareBrowser;
  token: string;
  /** Origin of the server with pages of 20 (serving the app and static-rows.html). */
  appUrl: string;
  /** Origin of the server with pages of 1,000. */
  bigPageUrl: string;
  /** Path of the static copy of page 1 (the bare table). */
  staticPath: string;
  /** Path of the jobs screen's page 1 saved as static HTML (static-screen.ts). */
  staticScreenPath: string;
  log: (line: string) => void;
  /** When set, every page opened records a Chrome trace to `${traceDir}/${traceName}-N.json`. */
  trace?: { dir: string; name: string };
}

const TIMELINE_ITEMS = 'ol[aria-label="Status history, oldest first"] > li';
const DETAILS_TABS = '[role="tablist"][aria-label="Job details"]';
const nextButton = (page: Page) => page.getByRole('button', { name: 'Next page' });
const since = (p: Painted) => p.paintedAt - p.inputAt!;

/** Opens a fresh context, runs `fn`, always closes it. */
export async function inFreshPage<T>(
  b: Pick<JobsBench, 'browser' | 'token' | 'trace'>,
  fn: (p: BenchPage) => Promise<T>,
  options: PageOptions = {},
): Promise<T> {
  const page = await openPage(b.browser, b.token, options);
  const tracePath = nextTracePath(b);
  try {
    if (tracePath) await b.browser.startTracing(page.page, { path: tracePath, screenshots: false });
    return await fn(page);
  } finally {
    if (tracePath) await b.browser.stopTracing();
    await page.close();
  }
}

let traceCount = 0;
const nextTracePath = (b: Pick<JobsBench, 'trace'>) =>
  b.trace ? join(b.trace.dir, `${b.trace.name}-${++traceCount}.json`) : undefined;

/**
 * A cold load of `url` in the bare browser (see cdp.ts): the probe's first row painted, and
 * `extra`, an expression evaluated in the page after it (the app has started).
 */
async function coldLoad<E = null>(
  b: Pick<JobsBench, 'bare' | 'token' | 'trace'>,
  url: string,
  extra = 'null',
  cpuThrottling = 1,
): Promise<{ painted: Painted; extra: E }> {
  const expression = `window.__bench.firstRows.then((painted) => ({ painted, extra: ${extra} }))`;
  return b.bare.load(url, b.token, expression, { cpuThrottling, tracePath: nextTracePath(b) });
}

/** Milestones of a load (ms since navigation start), from the page's resource timing. */
export interface Waterfall {
  htmlEnd: number;
  /** The entry module (index.html's script) received. */
  entryScriptEnd: number;
  /** The last of the app's initial modules received (every .js received before the app started). */
  scriptsEnd: number;
  /** The app's code downloaded and evaluated: `performance.mark('dispatch:app-start')` in src/app/start.tsx. */
  appStart: number;
  configStart: number;
  configEnd: number;
  jobsStart: number;
  jobsEnd: number;
  firstRowPainted: number;
}

const WATERFALL_SCRIPT = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  const find = (re) => resources.find((r) => re.test(r.name));
  const config = find(/\\/config\\.json/);
  const jobs = find(/\\/v1\\/jobs\\?/);
  const entry = document.querySelector('script[type=module][src]');
  const script = entry ? resources.find((r) => r.name === entry.src) : undefined;
  const start = performance.getEntriesByName('dispatch:app-start')[0];
  const appStart = start ? start.startTime : NaN;
  const scripts = resources.filter((r) => /\\.js$/.test(new URL(r.name).pathname) && r.responseEnd <= appStart);
  return {
    htmlEnd: nav ? nav.responseEnd : NaN,
    entryScriptEnd: script ? script.responseEnd : NaN,
    scriptsEnd: scripts.length ? Math.max(...scripts.map((r) => r.responseEnd)) : NaN,
    appStart,
    configStart: config ? config.startTime : NaN,
    configEnd: config ? config.responseEnd : NaN,
    jobsStart: jobs ? jobs.startTime : NaN,
    jobsEnd: jobs ? jobs.responseEnd : NaN,
  };
})()`;

/**
 * Cold loads (fresh context each) of /jobs, of the bare table and of the screen's static
 * copy, interleaved: ms from navigation start to the first row painted, and the app's load
 * milestones. One untimed load of each first (the browser's and the server's first-use costs).
 */
export async function firstRows(
  b: JobsBench,
  runs: number,
): Promise<{ app: number[]; static: number[]; screen: number[]; waterfalls: Waterfall[] }> {
  const app: number[] = [];
  const stat: number[] = [];
  const screen: number[] = [];
  const waterfalls: Waterfall[] = [];
  const appUrl = `${b.appUrl}/jobs`;
  for (let i = -1; i < runs; i++) {
    const a = await coldLoad<Omit<Waterfall, 'firstRowPainted'>>(b, appUrl, WATERFALL_SCRIPT);
    const s = await coldLoad(b, `${b.appUrl}${b.staticPath}`);
    const c = await coldLoad(b, `${b.appUrl}${b.staticScreenPath}`);
    if (i < 0) continue;
    app.push(a.painted.paintedAt);
    waterfalls.push({ ...a.extra, firstRowPainted: a.painted.paintedAt });
    stat.push(s.painted.paintedAt);
    screen.push(c.painted.paintedAt);
  }
  return { app, static: stat, screen, waterfalls };
}

/** First rows of cold loads with the CPU throttled `rate` times. */
export async function firstRowsThrottled(b: JobsBench, runs: number, rate: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++)
    times.push((await coldLoad(b, `${b.appUrl}/jobs`, 'null', rate)).painted.paintedAt);
  return times;
}

/**
 * Clicks Next `count` times from page 1 of /jobs, each time after the next page has been
 * prefetched; calls `each(pageNumber, ms)` with click-to-new-rows-painted per change.
 */
async function pageThrough(
  p: BenchPage,
  b: JobsBench,
  count: number,
  each: (page: number, ms: number) => Promise<void> | void,
): Promise<void> {
  const network = new NetworkLog(p.page);
  await gotoFirstRows(p.page, `${b.appUrl}/jobs`);
  for (let current = 1; current <= count; current++) {
    await network.jobsPage(current + 1);
    const before = await firstRowText(p.page);
    const painted = await timeInteraction(p.page, { kind: 'firstRowNot', text: before ?? '' }, () =>
      nextButton(p.page).click(),
    );
    await each(current + 1, since(painted));
  }
}

export async function pageChange(b: JobsBench, runs: number): Promise<number[]> {
  const times: number[] = [];
  await inFreshPage(b, (p) => pageThrough(p, b, runs, (_, ms) => void times.push(ms)));
  return times;
}

export interface HeapFigures {
  afterPages: Record<number, { usedMb: number; performanceMemoryMb: number | null }>;
}

/** JS heap after a forced GC once `checkpoints` page changes are done (one session). */
export async function heapWhilePaging(b: JobsBench, checkpoints: number[]): Promise<HeapFigures> {
  const last = Math.max(...checkpoints);
  const afterPages: HeapFigures['afterPages'] = {};
  await inFreshPage(b, (p) =>
    pageThrough(p, b, last, async (page) => {
      const changes = page - 1;
      if (checkpoints.includes(changes)) {
        afterPages[changes] = await heapAfterGc(p);
        b.log(`  heap after ${changes} pages: ${afterPages[changes].usedMb.toFixed(1)} MB`);
      }
    }),
  );
  return { afterPages };
}

export interface DrawerTarget {
  jobId: number;
  historyEntries: number;
  /** /jobs?... showing the job in its page. */
  path: string;
}

export interface DrawerFigures {
  /** Enter on the focused row to the drawer's first content painted (the timeline when it opens on it). */
  open: number[];
  /** True when the timeline is what the drawer shows on open. */
  timelineOnOpen: boolean;
  /** When it does not: a click on the History tab to the timeline painted. */
  historyTab: number[];
}

export async function drawer(b: JobsBench, target: DrawerTarget, runs: number): Promise<DrawerFigures> {
  const figures: DrawerFigures = { open: [], timelineOnOpen: false, historyTab: [] };
  await inFreshPage(b, async ({ page }) => {
    const network = new NetworkLog(page);
    await gotoFirstRows(page, `${b.appUrl}${target.path}`);
    const row = page.getByRole('row').filter({
      has: page.getByRole('cell', { name: String(target.jobId), exact: true }),
    });
    // At 1280 px the job opens in the panel beside the table.
    const dialog = page.getByRole('complementary', { name: `Job ${target.jobId}` });
    for (let i = 0; i < runs; i++) {
      await row.focus();
      await network.idle(); // focusing the table preloads the drawer's chunk
      const opened = await timeInteraction(
        page,
        { kind: 'count', selector: `${TIMELINE_ITEMS}, ${DETAILS_TABS}`, min: 1 },
        () => page.keyboard.press('Enter'),
      );
      figures.open.push(since(opened));
      figures.timelineOnOpen = (await page.locator(TIMELINE_ITEMS).count()) >= target.historyEntries;
      if (!figures.timelineOnOpen) {
        const tab = dialog.getByRole('tab', { name: /^History/ });
        const shown = await timeInteraction(
          page,
          { kind: 'count', selector: TIMELINE_ITEMS, min: target.historyEntries },
          () => tab.click(),
        );
        figures.historyTab.push(since(shown));
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  });
  return figures;
}

export interface BigPageFigures {
  /** Response end of GET /v1/jobs?page=1 to the first row painted. */
  fromResponseEnd: number[];
  /** Navigation start to the first row painted. */
  fromNavigation: number[];
  responseBytes: number;
}

export async function bigPage(b: JobsBench, runs: number): Promise<BigPageFigures> {
  const figures: BigPageFigures = { fromResponseEnd: [], fromNavigation: [], responseBytes: 0 };
  for (let i = 0; i < runs; i++) {
    const { painted, extra: entry } = await coldLoad<PageOneTiming | null>(
      b,
      `${b.bigPageUrl}/jobs`,
      'window.__bench.pageOneTiming()',
    );
    if (!entry) throw new Error('no resource timing entry for /v1/jobs?page=1');
    figures.fromResponseEnd.push(painted.paintedAt - entry.responseEnd);
    figures.fromNavigation.push(painted.paintedAt);
    figures.responseBytes = entry.decodedBodySize;
  }
  return figures;
}

/** The jobs on page 1 of /jobs, in order (ids). */
async function pageOneIds(page: Page): Promise<number[]> {
  return page
    .locator('section[aria-label="Jobs"] tbody tr[data-job-id]')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-job-id'))));
}

/**
 * j on the focused row with the job panel open beside the table (1280 px): keydown → the next
 * job's overview painted in the panel, `runs` times down page 1.
 */
export async function drawerFollow(b: JobsBench, runs: number): Promise<number[]> {
  let times: number[] = [];
  await inFreshPage(b, async ({ page }) => {
    const network = new NetworkLog(page);
    await gotoFirstRows(page, `${b.appUrl}/jobs`);
    times = await followWithJ(page, network, await pageOneIds(page), runs);
  });
  return times;
}

/**
 * The panel following j: opens the job of the first of `ids` (rows on screen, in order), then
 * times each j → the next job's Overview painted in the panel beside the rows, `runs` times.
 */
export async function followWithJ(
  page: Page,
  network: NetworkLog,
  ids: number[],
  runs: number,
): Promise<number[]> {
  if (ids.length < runs + 1) throw new Error(`${ids.length} rows on screen, ${runs + 1} needed`);
  await page.locator(`tr[data-job-id="${ids[0]}"]`).click();
  await page.locator(`[data-job-panel="${ids[0]}"] [data-overview]`).waitFor();
  await network.idle();
  const times: number[] = [];
  for (let i = 1; i <= runs; i++) {
    const painted = await timeInteraction(
      page,
      { kind: 'count', selector: `[data-job-panel="${ids[i]}"] [data-overview]`, min: 1 },
      () => page.keyboard.press('j'),
    );
    times.push(since(painted));
    await network.idle(50);
  }
  return times;
}

export interface SearchTarget {
  jobId: number;
  orderId: string;
  /** Its position in the unfiltered result (0-based): the jobs scanned to reach it. */
  position: number;
}

/**
 * Enter in Search with an order id found only by scanning: keydown → the job's row painted
 * (the panel opens on it too: an exact id). A fresh page per run (nothing of the result cached).
 */
export async function searchScan(b: JobsBench, target: SearchTarget, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await inFreshPage(b, async ({ page }) => {
      const network = new NetworkLog(page);
      await gotoFirstRows(page, `${b.appUrl}/jobs`);
      await network.idle();
      const box = page.getByRole('searchbox', { name: 'Search' });
      await box.fill(target.orderId);
      await network.idle(50); // focusing the box loads the search's code
      const painted = await timeInteraction(
        page,
        { kind: 'count', selector: `section[aria-label="Jobs"] tr[data-job-id="${target.jobId}"]`, min: 1 },
        () => box.press('Enter'),
      );
      times.push(since(painted));
    });
  }
  return times;
}

/**
 * Enter on the branch filter (a branch id typed): keydown → every status chip counted for the
 * new filters (`data-counts-ready` on the chips). One branch per run, so no count is cached.
 */
export async function statusCounts(b: JobsBench, branchIds: string[], runs: number): Promise<number[]> {
  const times: number[] = [];
  await inFreshPage(b, async ({ page }) => {
    const network = new NetworkLog(page);
    await gotoFirstRows(page, `${b.appUrl}/jobs`);
    await page.locator('[data-counts-ready="all"]').waitFor();
    await network.idle();
    const branch = page.getByRole('combobox', { name: 'Branch' });
    for (let i = 0; i < runs; i++) {
      const id = branchIds[i % branchIds.length]!;
      await branch.fill(id);
      const painted = await timeInteraction(
        page,
        {
          kind: 'count',
          selector: `[data-counts-ready="${new URLSearchParams({ branch_id: id })}"]`,
          min: 1,
        },
        () => branch.press('Enter'),
      );
      times.push(since(painted));
      await network.idle();
    }
  });
  return times;
}

/**
 * The operations map opened on a warm jobs screen (its first rows painted, its network quiet;
 * a fresh context each run, so the map's code is fetched as on a first open): pointerdown on
 * "Table and map" → the map idle with the page's stops drawn. `origin`: the instance with pages
 * of 20, or the one with pages of 1,000.
 */
export async function opsMapOpen(b: JobsBench, origin: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await inFreshPage(b, async ({ page }) => {
      const network = new NetworkLog(page);
      await gotoFirstRows(page, `${origin}/jobs`);
      await network.idle();
      const painted = await timeInteraction(page, { kind: 'count', selector: opsMapDrawn(), min: 1 }, () =>
        page.getByRole('button', { name: 'Table and map' }).click(),
      );
      times.push(since(painted));
    });
  }
  return times;
}

export interface OpsMapRefreshFigures {
  /** The auto-refresh's request of page 1 sent → the map idle with the moved riders drawn. */
  fromRequest: number[];
  /** That request's response received → the same. */
  fromResponse: number[];
}

const REFRESH_SECONDS = 5;

/**
 * Auto-refresh of the map (every 5 s here, through config.json): the riders are moved in the
 * database, then the next refresh is waited for; from its request of page 1 to the map idle
 * with the new data drawn. One session, `runs` refreshes.
 */
export async function opsMapRefresh(
  b: JobsBench,
  runs: number,
  moveRiders: () => void,
): Promise<OpsMapRefreshFigures> {
  const figures: OpsMapRefreshFigures = { fromRequest: [], fromResponse: [] };
  await inFreshPage(b, async ({ page, context }) => {
    await context.route('**/config.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...config, refreshSeconds: REFRESH_SECONDS } });
    });
    await gotoFirstRows(page, `${b.appUrl}/jobs?view=map`);
    await withTimeout(page.locator(opsMapDrawn()).waitFor({ timeout: 30_000 }), 'the operations map');
    const map = page.locator('[data-ops-map] [data-map-data]');
    for (let i = 0; i < runs; i++) {
      const before = (await map.getAttribute('data-map-data')) ?? '';
      moveRiders();
      const painted = await timeOwnChange(page, { kind: 'count', selector: opsMapDrawn(before), min: 1 });
      // The refresh's own request: the last of page 1 sent before the map changed.
      const request = await page.evaluate<{ startTime: number; responseEnd: number } | null, number>((at) => {
        const entries = performance
          .getEntriesByType('resource')
          .filter(
            (e) =>
              /\/v1\/jobs\?/.test(e.name) && /[?&]page=1(&|$)/.test(e.name) && !/[?&]status=/.test(e.name),
          )
          .filter((e) => e.startTime < at) as PerformanceResourceTiming[];
        const last = entries[entries.length - 1];
        return last ? { startTime: last.startTime, responseEnd: last.responseEnd } : null;
      }, painted.domAt);
      if (!request) throw new Error('no request of page 1 before the map changed');
      figures.fromRequest.push(painted.paintedAt - request.startTime);
      figures.fromResponse.push(painted.paintedAt - request.responseEnd);
    }
  });
  return figures;
}
