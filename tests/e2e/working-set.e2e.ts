/**
 * The working set in Chromium against the reference server (docs/design.md, "The working set"):
 * with the extension, two tabs share one reader (only one follows the stream), a job made late
 * on the server shows in the other tab within 2 s, closing the reading tab hands the reading
 * over from its cursor without listing again, a dropped stream resumes with nothing missed, and
 * a hidden reading tab notifies; without the extension, the control room lists exactly the late
 * jobs, asking nothing the service does not offer, asks again with If-None-Match (an unchanged
 * page answered 304), and works the same on a service that sends no ETag.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, fetchJobs } from '../../src/api';
import { RuntimeConfig } from '../../src/config';
import type { Job } from '../../src/contract';
import { exceptionRule, findExceptions } from '../../src/rules/exceptions';
import { TEST_REFERENCE_TIME } from '../support/server';
import { signIn, startApp, type App } from './support';

const NOW = TEST_REFERENCE_TIME + 13 * 3600;

/** The URLs of the service's requests a page sends. */
function requestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v1/jobs')) urls.push(r.url());
  });
  return urls;
}

const streams = (urls: string[]) => urls.filter((u) => u.includes('/v1/jobs/stream'));
const lists = (urls: string[]) => urls.filter((u) => u.includes('per_page='));

const rowIds = (page: Page) =>
  page
    .getByRole('table', { name: 'Jobs needing attention, most urgent first' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-job-id'))));

async function ready(page: Page) {
  await page.getByText(/open jobs read\./).waitFor({ timeout: 60_000 });
  await page.getByText(/jobs of the window read\./).waitFor({ timeout: 60_000 });
}

/** Makes an open job that is not late late on the server (its delivery's slot ended 20 min ago). */
function makeLate(app: App, exclude: number[]): number {
  const { db } = app.server;
  const id = db
    .prepare(
      `SELECT id FROM jobs WHERE status = 3 AND id NOT IN (${exclude.join(',') || 0}) ORDER BY id LIMIT 1`,
    )
    .pluck()
    .get() as number;
  db.prepare('UPDATE deliveries SET slot_from = ?, slot_to = ? WHERE job_id = ?').run(
    NOW - 3600,
    NOW - 1200,
    id,
  );
  return id;
}

describe('with the extension', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ jobs: 400, pageSize: 7, referenceTime: NOW });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('two tabs share one reader; a job going late shows in both within 2 s; the reading goes on from its cursor when its tab closes or its stream drops', async () => {
    const first = app.page;
    const firstUrls = requestsOf(first);
    await first.clock.setFixedTime(NOW * 1000);
    await signIn(first, app.token, '/overview');
    await ready(first);

    const second = await app.context.newPage();
    const secondUrls = requestsOf(second);
    await second.clock.setFixedTime(NOW * 1000);
    await second.goto(`${app.url}/overview`); // signed in by the first tab
    await ready(second);
    expect(streams(firstUrls)).toHaveLength(1);
    expect(streams(secondUrls)).toHaveLength(0);
    expect(lists(secondUrls)).toHaveLength(0);
    expect(await rowIds(second)).toEqual(await rowIds(first));

    const late = makeLate(app, await rowIds(first));
    // Shown by the stream, without a refresh (the 2 s goal is measured by the bench's
    // change_to_screen_ms, not here, where other tests share the cores).
    await second.locator(`tr[data-job-id="${late}"]`).waitFor({ timeout: 10_000 });
    await first.locator(`tr[data-job-id="${late}"]`).waitFor({ timeout: 10_000 });
    await expect(second.title()).resolves.toMatch(/^\(\d+ late\) Control room/);

    // The reading tab closes: the other follows the stream from the cursor it holds.
    await first.close();
    await expect.poll(() => streams(secondUrls).length, { timeout: 10_000 }).toBe(1);
    expect(lists(secondUrls)).toHaveLength(0);
    // From the cursor past the change seen, not from the list's.
    const since = (url: string) => new URL(url).searchParams.get('since')!.split('.');
    const [epoch, listed] = since(streams(firstUrls)[0]!);
    const [sameEpoch, taken] = since(streams(secondUrls)[0]!);
    expect(sameEpoch).toBe(epoch);
    expect(Number(taken)).toBeGreaterThan(Number(listed));

    // The stream drops (every connection cut); a change made meanwhile still arrives.
    app.server.app.server.closeAllConnections();
    const meanwhile = makeLate(app, await rowIds(second));
    await second.locator(`tr[data-job-id="${meanwhile}"]`).waitFor({ timeout: 10_000 });
    expect(streams(secondUrls).length).toBeGreaterThan(1);
    expect(lists(secondUrls)).toHaveLength(0);
    await second.close();
  }, 90_000);

  it('notifies from the hidden reading tab: how many jobs, which branch', async () => {
    const context = await app.browser.newContext();
    await context.grantPermissions(['notifications'], { origin: app.url });
    const page = await context.newPage();
    await page.addInitScript(() => {
      Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
      const notes: string[] = [];
      (window as unknown as { notes: string[] }).notes = notes;
      const Real = window.Notification;
      class Recorded extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          notes.push(options?.body ?? '');
        }
      }
      Object.defineProperty(Recorded, 'permission', { get: () => Real.permission });
      window.Notification = Recorded as typeof Notification;
      localStorage.setItem('dispatch.overview.notify', 'on');
    });
    await page.clock.setFixedTime(NOW * 1000);
    await page.goto(`${app.url}/sign-in`);
    await signIn(page, app.token, '/overview');
    await ready(page);
    const late = makeLate(app, await rowIds(page));
    await page.locator(`tr[data-job-id="${late}"]`).waitFor({ timeout: 10_000 });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { notes: string[] }).notes), { timeout: 10_000 })
      .toEqual([expect.stringMatching(/^1 job went late: .+\.$/)]);
    await context.close();
  }, 60_000);
});

describe('without the extension', () => {
  let app: App;
  let expectedIds: number[];
  beforeAll(async () => {
    app = await startApp({ jobs: 400, pageSize: 7, referenceTime: NOW, extensions: false });
    const client = createApiClient({ baseUrl: app.url, getToken: () => app.token });
    const first = await fetchJobs(client, { page: 1 });
    const pages = await Promise.all(
      Array.from({ length: first.total_pages - 1 }, (_, i) => fetchJobs(client, { page: i + 2 })),
    );
    const jobs: Job[] = [first, ...pages].flatMap((p) => p.jobs);
    const config = RuntimeConfig.parse(
      JSON.parse(await (await fetch(`${app.url}/config.json`)).text()) as unknown,
    );
    expectedIds = findExceptions(jobs, NOW, exceptionRule(config, String)).list.map((e) => e.job.id);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('asks for the pages read before with If-None-Match, and an unchanged page comes back 304', async () => {
    const page = await app.newPage();
    // Each request asked with If-None-Match, and the bytes of body the network brought for it
    // (none for a 304: the browser's cache gives the page, which Playwright reports as 200).
    const revalidated: { url: string; bodyBytes: number }[] = [];
    page.on('requestfinished', (request) => {
      if (!request.url().includes('/v1/jobs')) return;
      void Promise.all([request.allHeaders(), request.sizes()]).then(([sent, sizes]) => {
        if (sent['if-none-match'])
          revalidated.push({ url: request.url(), bodyBytes: sizes.responseBodySize });
      });
    });
    await page.clock.setFixedTime(NOW * 1000);
    await signIn(page, app.token, '/overview');
    await ready(page);
    const before = revalidated.length;
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => revalidated.length).toBeGreaterThan(before);
    // Nothing changed on the service: every page asked again is answered "not modified".
    expect(revalidated.filter(({ bodyBytes }) => bodyBytes > 0)).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('on a service that sends no ETag, lists the same exceptions and refreshes them whole', async () => {
    const page = await app.newPage();
    // The reference server always sends ETags: they are taken off its answers on the way.
    await page.route('**/v1/**', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      for (const name of ['etag', 'content-encoding', 'content-length']) delete headers[name];
      await route.fulfill({ response, headers });
    });
    const tagged: string[] = [];
    page.on('response', (r) => void (r.url().includes('/v1/') && r.headers().etag && tagged.push(r.url())));
    await page.clock.setFixedTime(NOW * 1000);
    await signIn(page, app.token, '/overview');
    await ready(page);
    expect(await rowIds(page)).toEqual(expectedIds);
    const urls = requestsOf(page);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => urls.length).toBeGreaterThan(0);
    await ready(page);
    expect(await rowIds(page)).toEqual(expectedIds);
    expect(tagged).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('lists exactly the exceptions, asks only for pages of jobs, and logs no error', async () => {
    const { page } = app;
    const urls = requestsOf(page);
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.clock.setFixedTime(NOW * 1000);
    await signIn(page, app.token, '/overview');
    await ready(page);
    expect(await rowIds(page)).toEqual(expectedIds);
    expect(urls.filter((u) => /stream|changes|per_page/.test(u))).toEqual([]);
    expect(errors).toEqual([]);
    // A job going late shows at the next refresh (Refresh here).
    const late = makeLate(app, expectedIds);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.locator(`tr[data-job-id="${late}"]`).waitFor({ timeout: 10_000 });
  }, 60_000);

  it('answers a search at once from the jobs it holds, before the service has answered', async () => {
    // An open job far from the jobs screen's first page (7 jobs, newest first).
    const target = app.server.db
      .prepare('SELECT id, order_id FROM jobs WHERE status = 3 ORDER BY created_at, id LIMIT 1')
      .get() as { id: number; order_id: string };
    const page = await app.newPage();
    await page.clock.setFixedTime(NOW * 1000);
    await signIn(page, app.token, '/overview');
    await ready(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click();
    // The jobs screen's table (not the control room's, whose exceptions may hold the job).
    const table = page.getByRole('region', { name: 'Jobs', exact: true });
    await table.locator('tbody tr[data-job-id]').first().waitFor();
    expect(await table.locator(`tr[data-job-id="${target.id}"]`).count()).toBe(0);

    // From here the service answers nothing: every request of jobs is held, never let through.
    await page.route('**/v1/jobs**', () => undefined);
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill(target.order_id);
    await box.press('Enter');
    await table.locator(`tr[data-job-id="${target.id}"]`).waitFor({ timeout: 10_000 });
    await page.context().close();
  }, 60_000);
});
