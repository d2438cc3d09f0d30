import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, NARROW, screenshot, searchOf, signIn, startApp, type App } from './support';

/** The jobs screen in Chromium against the reference server, the built app on the same origin. */

let app: App;

beforeAll(async () => {
  // Enough jobs that one status in one branch spans several pages of 20.
  app = await startApp({ jobs: 400, timezoneId: 'Europe/London' });
});
afterAll(async () => {
  await app?.close();
});

const pages = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
const rangeText = (page: Page) => pages(page).locator('p').first().innerText();
const bodyRows = (page: Page) => page.locator('table tbody tr[data-job-id]');
const firstJobId = async (page: Page) => Number(await bodyRows(page).first().getAttribute('data-job-id'));

async function waitForRange(page: Page, text: string) {
  await pages(page).getByText(text, { exact: false }).waitFor();
}

describe('jobs screen in Chromium', () => {
  it('filters by status and branch, pages with the browser buttons, opens a job and its history, and exports the page', async () => {
    const { page, server } = app;
    await signIn(page, app.token, '/jobs');
    await waitForRange(page, '1–20 of 400 jobs');
    await page.mouse.move(0, 0);
    await screenshot(page, 'jobs-table-1280');

    // The branch with the most delivered jobs, so the result has several pages.
    const busiest = server.db
      .prepare(
        'SELECT branch_id AS id, count(*) AS n FROM jobs WHERE status = 7 GROUP BY branch_id ORDER BY n DESC, branch_id LIMIT 1',
      )
      .get() as { id: string; n: number };
    expect(busiest.n).toBeGreaterThan(20);

    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Delivered (7)' });
    await page.waitForURL((u) => u.searchParams.get('status') === '7');
    await page.getByLabel('Branch').fill(busiest.id);
    await page.getByLabel('Branch').press('Enter');
    await page.waitForURL((u) => u.searchParams.get('branch_id') === busiest.id);
    await waitForRange(page, `1–20 of ${busiest.n} jobs`);
    expect(searchOf(page).get('page')).toBe('1');
    for (const text of await bodyRows(page).allInnerTexts()) expect(text).toContain('Delivered');
    const page1First = await firstJobId(page);

    await page.getByRole('button', { name: 'Next page' }).click();
    await waitForRange(page, `21–${Math.min(40, busiest.n)} of ${busiest.n} jobs`);
    // The pager names the page asked for at once; the rows follow when it arrives.
    await expect.poll(() => firstJobId(page)).not.toBe(page1First);
    const page2First = await firstJobId(page);

    await page.goBack();
    await waitForRange(page, `1–20 of ${busiest.n} jobs`);
    await expect.poll(() => firstJobId(page)).toBe(page1First);
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('7');
    // The branch shows by its name; the URL keeps its id.
    const busiestName = server.db
      .prepare('SELECT name FROM branches WHERE id = ?')
      .pluck()
      .get(busiest.id) as string;
    expect(await page.getByLabel('Branch').inputValue()).toBe(busiestName);
    await page.goForward();
    await waitForRange(page, `21–${Math.min(40, busiest.n)} of ${busiest.n} jobs`);
    await expect.poll(() => firstJobId(page)).toBe(page2First);

    // Open a job from its row and read its history.
    const row = bodyRows(page).first();
    const jobId = Number(await row.getAttribute('data-job-id'));
    await row.click();
    const drawer = page.getByRole('complementary', { name: `Job ${jobId}` });
    await drawer.waitFor();
    expect(searchOf(page).get('job')).toBe(String(jobId));
    const history = server.db
      .prepare(
        'SELECT status, actor_name, created_at FROM job_status_history WHERE job_id = ? ORDER BY created_at, id',
      )
      .all(jobId) as { status: number; actor_name: string; created_at: number }[];
    await drawer.getByRole('tab', { name: `History (${history.length})` }).click();
    const entries = drawer.getByRole('list', { name: 'Status history, oldest first' }).getByRole('listitem');
    expect(await entries.count()).toBe(history.length);
    expect(await entries.first().innerText()).toContain('Created');
    expect(await entries.first().innerText()).toContain(history[0]!.actor_name);
    expect(await entries.last().innerText()).toContain('Delivered');
    await screenshot(page, 'jobs-drawer-history-1280');

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(searchOf(page).get('job')).toBeNull();

    // Export the page shown.
    const shownIds = (await bodyRows(page).evaluateAll((rows) =>
      rows.map((r) => Number(r.getAttribute('data-job-id'))),
    )) as number[];
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('dialog', { name: 'Export CSV' })
        .getByRole('button', { name: /^This page/ })
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^jobs-status-7-branch-${busiest.id}-page-2-\\d{8}-\\d{4}\\.csv$`),
    );
    const text = readFileSync(await download.path(), 'utf8');
    const csv = Papa.parse<Record<string, string>>(text.replace(/^\ufeff/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(csv.data.map((r) => Number(r.job_id))).toEqual(shownIds);
    expect(new Set(csv.data.map((r) => r.status_label))).toEqual(new Set(['Delivered']));
  });

  it('opens a linked job with a long history, and looks finished at 768 wide', async () => {
    const { server } = app;
    const long = server.db
      .prepare(
        'SELECT job_id AS id, count(*) AS n FROM job_status_history GROUP BY job_id ORDER BY n DESC LIMIT 1',
      )
      .get() as { id: number; n: number };
    const newer = server.db
      .prepare('SELECT count(*) FROM jobs WHERE created_at > (SELECT created_at FROM jobs WHERE id = ?)')
      .pluck()
      .get(long.id) as number;
    const onPage = Math.floor(newer / 20) + 1;

    const narrow = await app.newPage({ viewport: NARROW });
    await signIn(narrow, app.token, '/jobs');
    await waitForRange(narrow, '1–20 of 400 jobs');
    await narrow.mouse.move(0, 0);
    await screenshot(narrow, 'jobs-table-768');

    await narrow.goto(`${app.url}/jobs?page=${onPage}&job=${long.id}`);
    const drawer = narrow.getByRole('dialog', { name: `Job ${long.id}` });
    await drawer.getByRole('tab', { name: `History (${long.n})` }).click();
    expect(
      await drawer.getByRole('list', { name: 'Status history, oldest first' }).getByRole('listitem').count(),
    ).toBe(long.n);
    await screenshot(narrow, 'jobs-drawer-history-768');
    await drawer.getByRole('tab', { name: /^Stops/ }).click();
    await screenshot(narrow, 'jobs-drawer-stops-768');
    // The drawer fits the narrow screen: nothing spills sideways.
    const overflow = await drawer.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('loads a jobs link with one request for its page, sent by the entry script while the app’s code loads, and shows that page', async () => {
    const tab = await app.newPage();
    await signIn(tab, app.token, '/jobs');
    await waitForRange(tab, '1–20 of 400 jobs');
    const delivered = app.server.db
      .prepare('SELECT count(*) FROM jobs WHERE status = 7')
      .pluck()
      .get() as number;
    expect(delivered).toBeGreaterThan(40); // pages 2 and 3 exist

    // A fresh load of a link in the signed-in tab: the page it names is requested once, not twice.
    const pageRequests = (query: (p: URLSearchParams) => boolean) => {
      const seen: string[] = [];
      tab.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname === '/v1/jobs' && query(url.searchParams)) seen.push(r.url());
      });
      return seen;
    };
    const page2 = pageRequests((q) => q.get('page') === '2' && q.get('status') === '7');
    // Which script sent each jobs request (Chromium's own record of the call stack).
    const cdp = await tab.context().newCDPSession(tab);
    await cdp.send('Network.enable');
    const senders = new Map<string, string | undefined>();
    cdp.on('Network.requestWillBeSent', (e) => {
      if (new URL(e.request.url).pathname === '/v1/jobs')
        senders.set(e.request.url, e.initiator.stack?.callFrames[0]?.url);
    });
    await tab.goto(`${app.url}/jobs?status=7&page=2`);
    await waitForRange(tab, `21–40 of ${delivered} jobs`);
    for (const text of await bodyRows(tab).allInnerTexts()) expect(text).toContain('Delivered');
    expect(page2).toHaveLength(1);
    // It was sent by the entry script, which sends it as soon as config.json is read, without
    // waiting for the app's code (usually still loading then: the bench's waterfall shows it).
    const entryScript = await tab.evaluate(
      () => document.querySelector<HTMLScriptElement>('script[type=module][src]')!.src,
    );
    expect(senders.get(page2[0]!)).toBe(entryScript);
    // The app's own requests (the next page's prefetch) are told apart: they come from its code.
    const page3 = () => [...senders].find(([url]) => new URL(url).searchParams.get('page') === '3');
    await expect.poll(() => page3() !== undefined).toBe(true); // the next page's prefetch
    expect(page3()?.[1]).toMatch(/\/assets\/.+\.js$/);
    expect(page3()?.[1]).not.toBe(entryScript);
    await cdp.detach();

    // A link the app reads differently (status=07 is status 7): the early guess is not used,
    // the app asks for what it shows.
    const normalised = pageRequests((q) => q.get('status') === '7' && q.get('page') === '1');
    await tab.goto(`${app.url}/jobs?status=07`);
    await waitForRange(tab, `1–20 of ${delivered} jobs`);
    for (const text of await bodyRows(tab).allInnerTexts()) expect(text).toContain('Delivered');
    expect(normalised).toHaveLength(1);
  });

  it('follows the system dark theme', async () => {
    const dark = await app.newPage({ colorScheme: 'dark' });
    await signIn(dark, app.token, '/jobs?job=400');
    await dark
      .getByRole('complementary', { name: 'Job 400' })
      .getByRole('tab', { name: 'Overview' })
      .waitFor();
    const background = await dark.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(15, 18, 22)');
    await screenshot(dark, 'jobs-drawer-dark-1280');
  });
});

describe('a long page in Chromium', () => {
  let big: App;
  beforeAll(async () => {
    big = await startApp({ jobs: 400, pageSize: 250, timezoneId: 'Europe/London' });
  });
  afterAll(async () => {
    await big?.close();
  });

  it('virtualises a page of 250 rows and still reaches every row from the keyboard', async () => {
    const { page } = big;
    await signIn(page, big.token, '/jobs');
    await waitForRange(page, '1–250 of 400 jobs');
    // Only the rows in view (plus a margin) are in the page.
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr[data-job-id]').length < 100);
    const ids = big.server.db
      .prepare('SELECT id FROM jobs ORDER BY created_at DESC, id DESC LIMIT 250')
      .pluck()
      .all() as number[];

    await bodyRows(page).first().focus();
    await page.keyboard.press('End');
    const last = page.locator(`tr[data-job-id="${ids[249]}"]`);
    await last.waitFor();
    await page.waitForFunction(
      (id) => document.activeElement?.getAttribute('data-job-id') === String(id),
      ids[249],
    );
    expect(await last.isVisible()).toBe(true);
    await page.keyboard.press('k');
    await page.waitForFunction(
      (id) => document.activeElement?.getAttribute('data-job-id') === String(id),
      ids[248],
    );
    await page.keyboard.press('Enter');
    await page
      .getByRole('complementary', { name: `Job ${ids[248]}` })
      .getByRole('tab', { name: 'Overview' })
      .waitFor();
    await screenshot(page, 'jobs-virtual-250');
    expect(await rangeText(page)).toContain('1–250 of 400 jobs');
  });

  it.each([DESKTOP, { width: 1280, height: 1400 }])(
    'fills a %o window with rows while the virtual body is still loading, and renders no more than it shows',
    async (viewport) => {
      const page = await big.newPage({ viewport });
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/VirtualBody-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await signIn(page, big.token, '/jobs');
      await waitForRange(page, '1–250 of 400 jobs');
      const shown = await page.evaluate(() => {
        const scroller = document.querySelector('table')!.parentElement!;
        const rows = [...document.querySelectorAll('table tbody tr[data-job-id]')];
        return {
          count: rows.length,
          lastBottom: rows.at(-1)!.getBoundingClientRect().bottom,
          visibleBottom: Math.min(scroller.getBoundingClientRect().bottom, window.innerHeight),
        };
      });
      expect(shown.lastBottom).toBeGreaterThanOrEqual(shown.visibleBottom);
      expect(shown.count).toBeLessThanOrEqual(Math.ceil(viewport.height / 36) + 1);
      release();
      // Once its code is in, the virtual body takes over (its spacer row stands for the rows below).
      await page.locator('table tbody tr[aria-hidden="true"]').waitFor({ state: 'attached' });
      await page.context().close();
    },
  );
});
