import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startApp, type App } from './support';

/**
 * Auto-refresh of the jobs table, with the interval shortened to 5 s through config.json and
 * the page's clock driven by the test (Playwright's clock): it refreshes the page on screen,
 * pauses while the tab is hidden and when switched off; offline, a refresh says so.
 */
let app: App;

beforeAll(async () => {
  app = await startApp({ jobs: 60 });
});
afterAll(async () => {
  await app?.close();
});

/**
 * Requests for page 1 of the jobs (the page on screen; prefetches of page 2 are not counted).
 * `settled()` sends a marker request and waits for it: every request the page started before
 * has been seen by then (the browser reports them in order).
 */
function watchPageOne(page: Page) {
  let count = 0;
  let markers = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/v1/jobs' && (url.searchParams.get('page') ?? '1') === '1') count++;
  });
  return {
    count: () => count,
    async settled() {
      const marker = `/healthz?marker=${++markers}`;
      await Promise.all([
        page.waitForRequest((r) => r.url().endsWith(marker)),
        page.evaluate((m) => fetch(m).then(() => undefined), marker),
      ]);
    },
  };
}

async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => s === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

describe('jobs auto-refresh', () => {
  it('refreshes the page on screen at the configured interval, pauses while the tab is hidden or when switched off', async () => {
    const page = app.page;
    await page.route('**/config.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...config, refreshSeconds: 5 } });
    });
    await page.clock.install();
    const requests = watchPageOne(page);
    await signIn(page, app.token, '/jobs');
    await page.getByRole('row').nth(1).waitFor();
    const toggle = page.getByRole('checkbox', { name: 'Auto-refresh every 5 s' });
    expect(await toggle.isChecked()).toBe(true);

    // Visible: one interval later, a refresh.
    let before = requests.count();
    await page.clock.runFor(5_100);
    await expect.poll(requests.count, { timeout: 10_000 }).toBeGreaterThan(before);
    await page.getByText(/Updated \d+ s ago/).waitFor();

    // Hidden: none for two intervals.
    await setVisibility(page, 'hidden');
    await requests.settled();
    before = requests.count();
    await page.clock.runFor(11_000);
    await requests.settled();
    expect(requests.count()).toBe(before);

    // Shown again: refreshing resumes.
    await setVisibility(page, 'visible');
    await page.clock.runFor(5_100);
    await expect.poll(requests.count, { timeout: 10_000 }).toBeGreaterThan(before);

    // Switched off: none for two intervals, even while visible.
    await toggle.uncheck();
    await requests.settled();
    before = requests.count();
    await page.clock.runFor(11_000);
    await requests.settled();
    expect(requests.count()).toBe(before);
  });

  it('says so when Refresh is pressed offline, marks the time of the rows stale, and refreshes once back online', async () => {
    const page = await app.newPage();
    const requests = watchPageOne(page);
    await signIn(page, app.token, '/jobs');
    await page.getByRole('row').nth(1).waitFor();
    await page.getByText(/^Updated \d+ s ago$/).waitFor();

    await page.context().setOffline(true);
    await page.getByText(/^Offline\. Updated .* ago \(stale\)$/).waitFor();
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await page
      .getByText(/^Offline: refreshes when the connection is back\. Updated .* ago \(stale\)$/)
      .waitFor();
    // The rows stay: they are what was last loaded.
    expect(await page.locator('table tbody tr[data-job-id]').count()).toBe(20);

    const before = requests.count();
    await page.context().setOffline(false);
    await expect.poll(requests.count, { timeout: 10_000 }).toBeGreaterThan(before);
    await page.getByText(/^Updated \d+ s ago$/).waitFor();
    await page.context().close();
  });
});
