/**
 * Faults on `GET /v1/jobs` in Chromium, against the built app and the reference server.
 *
 * A 500 comes from the real server (a table it reads is renamed away, so its queries fail and
 * its error handler answers in the documented JSON format); the faults a healthy server
 * cannot produce (a proxy's HTML 502, a body cut off mid-way, a body that breaks the
 * contract, a 30-second stall, a dropped connection) are made with Playwright's routing.
 *
 * For each fault:
 * 1. first load, no rows yet: the jobs region shows a readable message and a Retry button;
 *    when the service is back, Retry brings the rows;
 * 2. rows already shown: moving to page 2 (or refreshing page 1) fails, the previous rows stay
 *    on screen marked "not current" with the message and a Retry button, the pager and the
 *    range describing them; when the service is back, Retry shows the fresh rows and the
 *    marker goes.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { launchChromium } from './chromium';
import { appBuild, signIn } from './support';

let server: TestServer;
let browser: Browser;

const JOBS = 60; // three pages of 20

beforeAll(async () => {
  server = await startTestServer({ jobs: JOBS, staticDir: appBuild() });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Ids of one page, in the service's order (newest first). */
function idsOfPage(n: number): number[] {
  return server.db
    .prepare('SELECT id FROM jobs ORDER BY created_at DESC, id DESC LIMIT 20 OFFSET ?')
    .pluck()
    .all((n - 1) * 20) as number[];
}

const jobsRegion = (page: Page) => page.getByRole('region', { name: 'Jobs' });
const rows = (page: Page) => jobsRegion(page).locator('tbody tr[data-job-id]');
const shownIds = async (page: Page) =>
  (await rows(page).evaluateAll((trs) =>
    trs.map((tr) => Number(tr.getAttribute('data-job-id'))),
  )) as number[];
const range = (page: Page, text: string) =>
  page.getByRole('navigation', { name: 'Pages' }).getByText(text).waitFor();
/** The "not current" banner above the table (only there while older rows are shown after a failure). */
const staleBanner = (page: Page) => page.getByRole('alert').filter({ hasText: 'not current' });
const staleTable = (page: Page) => jobsRegion(page).locator('[data-not-current]');

/** A request of the jobs list, of one page or of any. */
const jobsRequest = (pageNumber?: number) => (url: URL) =>
  url.pathname === '/v1/jobs' &&
  (pageNumber === undefined || url.searchParams.get('page') === String(pageNumber));

interface Fault {
  name: string;
  /** What the person reads (part of it). */
  message: RegExp;
  /** Small request timeout for this fault's page (config.json), in seconds. */
  timeoutSeconds?: number;
  /** Makes requests of `pageNumber` (or all) fail; returns how to undo it. */
  install(page: Page, pageNumber?: number): Promise<() => Promise<void>>;
  /** Which "had rows" case this fault can be made for: page 2, or a refresh of page 1. */
  withRows: 'page 2' | 'refresh';
}

/** Routes matching jobs requests to `handler` until the returned function undoes it. */
async function routeJobs(
  page: Page,
  pageNumber: number | undefined,
  handler: (route: Route, released: AbortSignal) => Promise<void>,
): Promise<() => Promise<void>> {
  const release = new AbortController();
  const match = jobsRequest(pageNumber);
  const onRoute = (route: Route) => handler(route, release.signal);
  await page.route(match, onRoute);
  return async () => {
    release.abort();
    await page.unroute(match, onRoute);
  };
}

const FAULTS: Fault[] = [
  {
    name: '500 with the JSON error body (from the real server)',
    message: /Something went wrong on the server/,
    withRows: 'refresh',
    async install() {
      // The server's history query now fails: its error handler answers 500 in JSON. (The
      // no-op write to every job makes the server drop the pages and the job documents it
      // keeps, so each job is read whole again: a schema change alone is not a data change to
      // it.)
      const touch = () => server.db.prepare('UPDATE jobs SET updated_at = updated_at').run();
      server.db.exec('ALTER TABLE job_status_history RENAME TO job_status_history_gone');
      touch();
      let undone = false;
      return async () => {
        if (undone) return;
        undone = true;
        server.db.exec('ALTER TABLE job_status_history_gone RENAME TO job_status_history');
        touch();
      };
    },
  },
  {
    name: '502 with an HTML page from a proxy',
    message: /502 Bad Gateway with a web page instead of data/,
    withRows: 'page 2',
    install: (page, n) =>
      routeJobs(page, n, (route) =>
        route.fulfill({
          status: 502,
          contentType: 'text/html',
          body: '<!doctype html><html><body><h1 id="proxy-page">502 Bad Gateway</h1><p>nginx</p></body></html>',
        }),
      ),
  },
  {
    name: 'a JSON body cut off mid-way',
    message: /not valid JSON \(it may have been cut off\)/,
    withRows: 'page 2',
    install: (page, n) =>
      routeJobs(page, n, async (route) => {
        const response = await route.fetch();
        const text = await response.text();
        await route.fulfill({ response, body: text.slice(0, Math.floor(text.length / 2)) });
      }),
  },
  {
    name: 'a body whose shape breaks the contract',
    message: /sent data this dashboard cannot read: at jobs\.0\.id/,
    withRows: 'page 2',
    install: (page, n) =>
      routeJobs(page, n, (route) =>
        route.fulfill({
          json: {
            jobs: [{ id: 'not-a-number', order_id: 7 }],
            total_records: 'many',
            page: 2,
            total_pages: 3,
          },
        }),
      ),
  },
  {
    name: 'a 30-second stall (request timeout 2 s from config.json)',
    message: /did not answer within 2 seconds/,
    timeoutSeconds: 2,
    withRows: 'page 2',
    install: (page, n) =>
      routeJobs(page, n, async (route, released) => {
        // Answers after 30 s (or when the test is done with it): the client gives up long before.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 30_000);
          released.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        await route.fallback().catch(() => {
          /* the browser already cancelled the request */
        });
      }),
  },
  {
    name: 'a dropped connection',
    message: /Could not reach the service .*the connection failed or was dropped/,
    withRows: 'page 2',
    install: (page, n) => routeJobs(page, n, (route) => route.abort('connectionreset')),
  },
];

async function openJobs(timeoutSeconds?: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (timeoutSeconds !== undefined) {
    await context.route('**/config.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...config, requestTimeoutSeconds: timeoutSeconds } });
    });
  }
  const page = await context.newPage();
  await page.goto(`${server.url}/sign-in`);
  await signIn(page, server.token, '/jobs');
  await range(page, `1–20 of ${JOBS} jobs`);
  return page;
}

describe('faults of GET /v1/jobs in Chromium', () => {
  for (const fault of FAULTS) {
    it(`${fault.name}: a readable message and Retry, older rows kept and marked not current, recovery`, async () => {
      const page = await openJobs(fault.timeoutSeconds);
      let undo = async () => {};
      try {
        const page1 = idsOfPage(1);
        const page2 = idsOfPage(2);
        expect(await shownIds(page)).toEqual(page1);

        // 1. The first load fails: a message and Retry where the table would be, no rows.
        undo = await fault.install(page);
        await page.reload();
        const error = jobsRegion(page).getByRole('alert');
        await error.getByText(fault.message).waitFor();
        await error.getByText('Could not load jobs').waitFor();
        expect(await rows(page).count()).toBe(0);
        // The proxy's page is described, never rendered.
        expect(await page.locator('#proxy-page').count()).toBe(0);
        await undo();
        // Page 2 keeps failing (for the next step) while page 1 comes back: so page 2 is never cached.
        if (fault.withRows === 'page 2') undo = await fault.install(page, 2);
        await error.getByRole('button', { name: 'Retry' }).click();
        await range(page, `1–20 of ${JOBS} jobs`);
        expect(await shownIds(page)).toEqual(page1);
        expect(await jobsRegion(page).getByRole('alert').count()).toBe(0);

        // 2. With rows on screen, the next request fails: the rows stay, marked not current.
        let expected: number[];
        const fresh = `ORD-FRESH-${FAULTS.indexOf(fault)}`;
        if (fault.withRows === 'page 2') {
          await page.getByRole('button', { name: 'Next page' }).click();
          await page.waitForURL((u) => u.searchParams.get('page') === '2');
          expected = page2;
        } else {
          undo = await fault.install(page);
          // Visible only once the service is back: proves the rows after Retry are fresh.
          server.db.prepare('UPDATE jobs SET order_id = ? WHERE id = ?').run(fresh, page1[0]);
          await page.getByRole('button', { name: 'Refresh', exact: true }).click();
          expected = page1;
        }
        const banner = staleBanner(page);
        await banner.getByText(fault.message).waitFor();
        await staleTable(page).waitFor();
        expect(await shownIds(page)).toEqual(page1);
        // The pager and the range describe the rows shown (page 1), not the page asked for.
        await range(page, `1–20 of ${JOBS} jobs`);
        expect(await page.getByRole('spinbutton', { name: /Page/ }).inputValue()).toBe('1');
        expect(await page.getByText(fresh).count()).toBe(0);
        expect(await page.locator('#proxy-page').count()).toBe(0);
        if (fault === FAULTS[1]) {
          // The rows kept after a failure stay readable (no contrast loss), and the state passes axe.
          const { violations } = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
            .analyze();
          expect(
            violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
          ).toEqual([]);
        }

        // 3. The service is back: Retry shows fresh rows and the marker goes.
        await undo();
        await banner.getByRole('button', { name: 'Retry' }).click();
        await banner.waitFor({ state: 'detached' });
        await staleTable(page).waitFor({ state: 'detached' });
        if (fault.withRows === 'page 2') await range(page, `21–40 of ${JOBS} jobs`);
        else await jobsRegion(page).getByText(fresh).waitFor();
        expect(await shownIds(page)).toEqual(expected);
        expect(await jobsRegion(page).getByRole('alert').count()).toBe(0);
      } finally {
        // Whatever happened, the next fault starts with a healthy service.
        await undo();
        await page.context().close();
      }
    });
  }
});
