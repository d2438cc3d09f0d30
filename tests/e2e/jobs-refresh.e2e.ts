import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startApp, type App } from './support';

/**
 * Auto-refresh of the jobs table, with the interval shortened to 5 s through config.json:
 * it refreshes the page on screen, pauses while the tab is hidden and when switched off.
 */
let app: App;

beforeAll(async () => {
  app = await startApp({ jobs: 60 });
});
afterAll(async () => {
  await app?.close();
});

/** Requests for page 1 of the jobs (the page on screen; prefetches of page 2 are not counted). */
function countPageOneRequests(page: Page) {
  const seen: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/v1/jobs' && (url.searchParams.get('page') ?? '1') === '1') seen.push(Date.now());
  });
  return {
    since: (t: number) => seen.filter((x) => x >= t).length,
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
    const requests = countPageOneRequests(page);
    await signIn(page, app.token, '/jobs');
    await page.getByRole('row').nth(1).waitFor();
    const toggle = page.getByRole('checkbox', { name: 'Auto-refresh every 5 s' });
    expect(await toggle.isChecked()).toBe(true);

    // Visible: at least one refresh within 5 s plus slack.
    let start = Date.now();
    await page.waitForTimeout(7_000);
    expect(requests.since(start)).toBeGreaterThanOrEqual(1);
    await page.getByText(/Updated \d+ s ago/).waitFor();

    // Hidden: none for two intervals.
    await setVisibility(page, 'hidden');
    start = Date.now();
    await page.waitForTimeout(11_000);
    expect(requests.since(start)).toBe(0);

    // Shown again: refreshing resumes.
    start = Date.now();
    await setVisibility(page, 'visible');
    await page.waitForTimeout(7_000);
    expect(requests.since(start)).toBeGreaterThanOrEqual(1);

    // Switched off: none for two intervals, even while visible.
    await toggle.uncheck();
    start = Date.now();
    await page.waitForTimeout(11_000);
    expect(requests.since(start)).toBe(0);
  }, 90_000);
});
