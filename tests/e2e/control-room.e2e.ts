/**
 * The control room in Chromium, against the reference server seeded as a working day (13:00
 * UTC, the browser's clock held there) in pages of 7, one job in a status code the
 * configuration does not name: the exceptions of the whole open work in order, the panel
 * following j, the tab's title, the figures' tables, and axe in light and dark.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, fetchJobs } from '../../src/api';
import { RuntimeConfig } from '../../src/config';
import type { Job } from '../../src/contract';
import { exceptionRule, findExceptions } from '../../src/rules/exceptions';
import { TEST_REFERENCE_TIME } from '../support/server';
import { searchOf, signIn, startApp, type App } from './support';

const NOW = TEST_REFERENCE_TIME + 13 * 3600;
const UNNAMED = 42;
let app: App;
let expectedIds: number[];
let lateCount: number;

beforeAll(async () => {
  app = await startApp({ jobs: 700, pageSize: 7, referenceTime: NOW });
  const { db } = app.server;
  const job = db.prepare('SELECT id FROM jobs WHERE status = 3 ORDER BY id LIMIT 1').pluck().get() as number;
  db.prepare('UPDATE jobs SET status = ? WHERE id = ?').run(UNNAMED, job);
  // What the list should hold: the rules over every job as the interface gives them.
  const client = createApiClient({ baseUrl: app.url, getToken: () => app.token });
  const first = await fetchJobs(client, { page: 1 });
  const pages = await Promise.all(
    Array.from({ length: first.total_pages - 1 }, (_, i) => fetchJobs(client, { page: i + 2 })),
  );
  const jobs: Job[] = [first, ...pages].flatMap((p) => p.jobs).filter((j) => j.status !== UNNAMED);
  const config = RuntimeConfig.parse(
    JSON.parse(await (await fetch(`${app.url}/config.json`)).text()) as unknown,
  );
  const found = findExceptions(jobs, NOW, exceptionRule(config, String));
  expectedIds = found.list.map((e) => e.job.id);
  lateCount = found.counts.late;
}, 60_000);
afterAll(async () => {
  await app?.close();
});

async function openOverview(page: Page): Promise<void> {
  await page.clock.setFixedTime(NOW * 1000);
  await signIn(page, app.token, '/overview');
  await page.getByText(/open jobs read\./).waitFor({ timeout: 20_000 });
  await page.getByText(/jobs of the window read\./).waitFor({ timeout: 20_000 });
}

const rowIds = (page: Page) =>
  page
    .getByRole('table', { name: 'Jobs needing attention, most urgent first' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-job-id'))));

async function seriousAxe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the control room', () => {
  it('lists the whole open work’s exceptions in order, counts what it cannot read, and titles the tab', async () => {
    const { page } = app;
    await openOverview(page);
    expect(expectedIds.length).toBeGreaterThan(7);
    expect(await rowIds(page)).toEqual(expectedIds);
    await expect(page.title()).resolves.toBe(`(${lateCount} late) Control room · Dispatch`);
    await page.getByText('1 job is in statuses the configuration does not name').waitFor();
    // The navigation puts it first.
    const nav = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
    expect(await nav.first().textContent()).toBe('Control room');
  });

  it('opens a job beside the list and follows j', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1440, height: 900 });
    const rows = page
      .getByRole('table', { name: 'Jobs needing attention, most urgent first' })
      .locator('tbody tr');
    await rows.nth(0).click();
    await page.getByRole('heading', { name: `Job ${expectedIds[0]}` }).waitFor();
    await page.keyboard.press('j');
    await page.getByRole('heading', { name: `Job ${expectedIds[1]}` }).waitFor();
    expect(searchOf(page).get('job')).toBe(String(expectedIds[1]));
    await page.keyboard.press('Escape');
  });

  it('shows a chart as a table, and axe finds nothing serious in light or dark', async () => {
    const { page } = app;
    const chart = page.getByRole('figure', { name: /Open work by status/ });
    await chart.getByRole('button', { name: 'Show as table' }).click();
    expect(await chart.getByRole('row').count()).toBeGreaterThan(1);
    expect(await seriousAxe(page)).toEqual([]);

    const dark = await app.newPage({ colorScheme: 'dark', viewport: { width: 1024, height: 768 } });
    await openOverview(dark);
    expect(await seriousAxe(dark)).toEqual([]);
  });

  it('fits a phone and a tablet, touch, in light and dark: no wider than the device, axe clean', async () => {
    for (const device of [
      { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      { viewport: { width: 1024, height: 768 }, hasTouch: true },
    ])
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await app.newPage({ ...device, colorScheme });
        await openOverview(page);
        const { scroll, inner } = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          inner: window.innerWidth,
        }));
        expect(scroll, `${device.viewport.width} ${colorScheme}`).toBeLessThanOrEqual(device.viewport.width);
        expect(inner, `${device.viewport.width} ${colorScheme}`).toBeLessThanOrEqual(device.viewport.width);
        // The list starts on the first screen.
        const first = await page
          .getByRole('table', { name: 'Jobs needing attention, most urgent first' })
          .locator('tbody tr')
          .first()
          .boundingBox();
        expect(first!.y).toBeLessThan(device.viewport.height);
        expect(await seriousAxe(page)).toEqual([]);
        await page.context().close();
      }
  }, 120_000);
});
