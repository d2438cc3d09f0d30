/**
 * Figures of the control room (/overview), measured in Chromium on the production build with
 * the browser's clock held at the bench data's reference time (10:00 UTC: a working day in
 * every branch), so that its open work is the seed's.
 */
import { waitForWatched } from './browser';
import { REFERENCE_TIME } from './database';
import { followWithJ, inFreshPage, type JobsBench } from './jobs-figures';
import { NetworkLog } from './network';

/** The open work read to its end, the list drawn. */
const OPEN_DONE = '[data-read="Open work"][data-phase="done"]';
/** Both reads done: the list, the tiles, the charts and the tables drawn. */
const ALL_DONE = `main:has(${OPEN_DONE}):has([data-read="The window's jobs"][data-phase="done"])`;

/**
 * Navigation to /overview (a fresh context: nothing cached) → `selector` painted, in ms since
 * navigation start; one run per fresh page.
 */
async function navigationTo(b: JobsBench, selector: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    times.push(
      await inFreshPage(
        b,
        async ({ page }) => {
          await page.clock.setFixedTime(REFERENCE_TIME * 1000);
          await page.goto(`${b.appUrl}/overview`, { waitUntil: 'commit' });
          return (await waitForWatched(page, selector)).paintedAt;
        },
        { watchFromStart: { kind: 'count', selector, min: 1 } },
      ),
    );
  }
  return times;
}

/** `open_scan_ms`: navigation → the exceptions of the whole fleet's open work listed. */
export const openScan = (b: JobsBench, runs: number) => navigationTo(b, OPEN_DONE, runs);

/** `overview_today_ms`: navigation → today's tiles, charts and tables painted for all branches (both reads done). */
export const overviewToday = (b: JobsBench, runs: number) => navigationTo(b, ALL_DONE, runs);

/** `exceptions_follow_ms`: j on a row of the list with the panel open beside it → the next job's overview painted. */
export async function exceptionsFollow(b: JobsBench, runs: number): Promise<number[]> {
  let times: number[] = [];
  await inFreshPage(
    b,
    async ({ page }) => {
      const network = new NetworkLog(page);
      await page.clock.setFixedTime(REFERENCE_TIME * 1000);
      await page.goto(`${b.appUrl}/overview`, { waitUntil: 'commit' });
      await waitForWatched(page, 'the control room read');
      await network.idle();
      const ids = await page
        .locator('tbody tr[data-job-id]')
        .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-job-id'))));
      times = await followWithJ(page, network, ids, runs);
    },
    { watchFromStart: { kind: 'count', selector: ALL_DONE, min: 1 } },
  );
  return times;
}

/** Auto-refresh period asked of the page while the layout shift is measured (config.json, routed; the config's least). */
const CLS_REFRESH_SECONDS = 5;

/** One layout shift: its value, when (ms since navigation) and the elements it moved. */
export type Shift = { value: number; at: number; sources: string[] };
export type OverviewCls = { atLoad: number; afterRefreshes: number; refreshes: number; shifts: Shift[] };

/**
 * `overview_cls`: the control room's cumulative layout shift (the sum of `layout-shift` entries
 * without recent input, as Chromium reports them) from navigation until both reads are drawn,
 * and then over `refreshes` refreshes (every CLS_REFRESH_SECONDS here). On a bare service each
 * refresh is waited for by its request of the open work's page 1, then the network idle; with
 * the extension the working set follows the stream of changes and sends no refresh, so the
 * same span (`refreshes` × CLS_REFRESH_SECONDS) is waited instead. No input is given, so every
 * shift counts. Each shift is kept with the elements it moved (`sources`), to tell which one.
 */
export async function overviewCls(b: JobsBench, refreshes: number, bare: boolean): Promise<OverviewCls> {
  return inFreshPage(b, async ({ page, context }) => {
    await context.route('**/config.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...config, refreshSeconds: CLS_REFRESH_SECONDS } });
    });
    await page.addInitScript(() => {
      type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
      const w = window as unknown as { __cls: number; __shifts: Shift[] };
      w.__cls = 0;
      w.__shifts = [];
      const describe = (n: Node | null, from: DOMRectReadOnly, to: DOMRectReadOnly) => {
        const rect = (r: DOMRectReadOnly) =>
          `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
        if (!(n instanceof Element)) return `${n?.nodeName ?? '(removed)'} ${rect(from)} → ${rect(to)}`;
        const name = `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}${n.className && typeof n.className === 'string' ? `.${n.className.split(' ').join('.')}` : ''}`;
        const label = n.getAttribute('aria-label') ?? n.querySelector('h2,h3')?.textContent ?? '';
        return `${name}${label ? ` "${label.slice(0, 40)}"` : ''} ${rect(from)} → ${rect(to)}`;
      };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: Source[];
        })[])
          if (!entry.hadRecentInput) {
            w.__cls += entry.value;
            w.__shifts.push({
              value: entry.value,
              at: entry.startTime,
              sources: entry.sources.map((x) => describe(x.node, x.previousRect, x.currentRect)),
            });
          }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const network = new NetworkLog(page);
    // The clock starts at the data's now and runs: a held clock never makes a refresh due.
    await page.clock.setSystemTime(REFERENCE_TIME * 1000);
    await page.goto(`${b.appUrl}/overview`, { waitUntil: 'commit' });
    await page.locator(ALL_DONE).waitFor({ timeout: 120_000 });
    await network.idle();
    const cls = () => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    const atLoad = await cls();
    if (bare) {
      let seen = 0;
      page.on('request', (r) => {
        if (/\/v1\/jobs\?/.test(r.url()) && /[?&]page=1(&|$)/.test(r.url())) seen += 1;
      });
      for (let i = 0; i < refreshes; i++) {
        const before = seen;
        while (seen === before) await page.waitForTimeout(200);
        await network.idle();
      }
    } else await page.waitForTimeout(refreshes * CLS_REFRESH_SECONDS * 1000);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    return { atLoad, afterRefreshes: await cls(), refreshes, shifts };
  });
}
