/**
 * The control room in Chromium, against the reference server seeded as a working day (13:00
 * UTC, the browser's clock held there) in pages of 7, one job in a status code the
 * configuration does not name: the exceptions of the whole open work in order, the panel
 * following j, the tab's title, the figures' tables, and axe in light and dark; landing there
 * after sign-in, every figure's list as long as the figure, the riders' table, touch targets,
 * the phone's cards, print and the CSV files.
 */
import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import Papa from 'papaparse';
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
  }, 240_000);

  it('is where sign-in lands without a destination, and where / leads', async () => {
    const page = await app.newPage();
    await page.goto(`${app.url}/sign-in`);
    await page.getByLabel('Access token').fill(app.token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/overview');
    await page.goto(`${app.url}/`);
    await page.waitForURL((u) => u.pathname === '/overview');
    // Labels without codes: the code is in the hover text.
    const badge = page.getByTitle(/^Status code \d+$/).first();
    await badge.waitFor();
    expect(await badge.textContent()).not.toMatch(/\d/);
    // The thresholds, from the config, where the reasons are.
    await page.getByRole('definition').filter({ hasText: 'position is older than 15 min' }).waitFor();
    await page.context().close();
  });

  it('opens, for every tile and every chart and branch link, a list of exactly as many jobs', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${app.url}/overview`);
    await page.getByText(/jobs of the window read\./).waitFor({ timeout: 20_000 });
    const listCount = async () =>
      Number(await page.locator('[data-list-count]').getAttribute('data-list-count'));
    const figureText = (label: string) => /: ([\d,]+), see the jobs$/.exec(label)?.[1]?.replace(/,/g, '');
    const tiles = page.locator('a[data-figure]');
    const checked: string[] = [];
    for (const key of ['jobs', 'completed', 'failed', 'cancelled', 'open', 'lateNow']) {
      const tile = tiles.and(page.locator(`[data-figure="${key}"]`));
      const expected = Number(figureText((await tile.getAttribute('aria-label'))!));
      await tile.click();
      await page.waitForURL((u) => u.searchParams.has('list'));
      await page.locator('[data-list-count]').waitFor();
      expect(await listCount(), key).toBe(expected);
      checked.push(key);
    }
    // Shares rest on what their lists count.
    const jobsOf = (text: string) => Number(/^([\d,]+) jobs?/.exec(text)![1]!.replace(/,/g, ''));
    await tiles.and(page.locator('[data-figure="onTime"]')).click();
    const onTimeNote = await page.locator('[data-figure="onTime"] ~ span').textContent();
    const deliveries = /([\d,]+) deliver/.exec(onTimeNote!)![1]!.replace(/,/g, '');
    await page.getByText(new RegExp(`, ${deliveries} completed deliveries`)).waitFor();
    await tiles.and(page.locator('[data-figure="firstAttempt"]')).click();
    const firstNote = await page.locator('[data-figure="firstAttempt"] ~ span').textContent();
    await page.waitForURL((u) => u.searchParams.get('list') === 'completed');
    expect(jobsOf((await page.locator('[data-list-count]').textContent())!)).toBe(
      Number(/([\d,]+) jobs? delivered/.exec(firstNote!)![1]!.replace(/,/g, '')),
    );
    // Every link of the flow chart's table and of the branches' table.
    const chart = page.getByRole('figure', { name: /Jobs created and delivered/ });
    await chart.getByRole('button', { name: 'Show as table' }).click();
    const links = page.locator('figure a[aria-label$="see the jobs"], [aria-label="Branches in figures"] a');
    const n = await links.count();
    expect(n).toBeGreaterThan(3);
    for (let i = 0; i < n; i++) {
      const link = links.nth(i);
      const label = (await link.getAttribute('aria-label'))!;
      const expected = Number((await link.textContent())!.replace(/,/g, ''));
      const before = await page.locator('[data-figure-list]').getAttribute('aria-labelledby');
      await link.click();
      await page.waitForURL((u) => u.searchParams.get('list') !== null);
      await expect.poll(listCount, { message: label }).toBe(expected);
      void before;
    }
    checked.push(`${n} chart and branch links`);
    expect(checked.length).toBe(7);
  }, 120_000);

  it('sorts and filters the riders, tells same names apart, and opens the card under the row', async () => {
    const { page } = app;
    await page.goto(`${app.url}/overview`);
    await page.getByText(/jobs of the window read\./).waitFor({ timeout: 20_000 });
    const riders = page.getByRole('region', { name: 'Riders, one per row' });
    const rows = riders.locator('tbody tr[data-rider-id]');
    const total = await rows.count();
    await riders.getByRole('button', { name: /Late stops/ }).click();
    const late = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.children[5]!.textContent)));
    expect(late).toEqual([...late].sort((a, b) => b - a));
    await page.getByRole('checkbox', { name: 'Not reporting' }).check();
    const stale = await rows.count();
    expect(stale).toBeLessThan(total);
    expect(await rows.filter({ hasNotText: /stale|no position/ }).count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Not reporting' }).uncheck();
    // Each row names its reference id (or the service's id).
    const refs = await rows.locator('th span').allTextContents();
    expect(refs.every((r) => r.length > 0)).toBe(true);
    await rows.first().getByRole('button').first().click();
    const card = page.locator('[data-rider-detail]');
    await card.waitFor();
    const box = (await card.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(900);
  });

  it('gives every control a 44 px target on touch, and the exceptions as cards on a phone', async () => {
    const tablet = await app.newPage({
      viewport: { width: 1024, height: 768 },
      hasTouch: true,
      isMobile: true,
    });
    await openOverview(tablet);
    expect(await tablet.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    const small = await tablet.locator('main').evaluate((main) => {
      const out: string[] = [];
      for (const el of main.querySelectorAll<HTMLElement>(
        'button, a[href], select, input, [role="button"]',
      )) {
        if (el.closest('[data-job-panel], [role="dialog"]')) continue;
        const target = (el instanceof HTMLInputElement && el.closest('label')) || el;
        const r = target.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (r.height < 44 || r.width < 44)
          out.push(
            `${el.tagName} "${el.textContent?.trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`,
          );
      }
      return out;
    });
    expect(small).toEqual([]);
    await tablet.context().close();

    const phone = await app.newPage({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await openOverview(phone);
    const list = phone.getByRole('table', { name: 'Jobs needing attention, most urgent first' });
    const box = list.locator('xpath=..');
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const card = list.locator('tbody tr').first();
    for (const label of ['Job', 'Why', 'Branch', 'Rider']) {
      const cell = card.locator(`td[data-label="${label}"]`);
      const r = (await cell.boundingBox())!;
      expect(r.x, label).toBeGreaterThanOrEqual(0);
      expect(r.x + r.width, label).toBeLessThanOrEqual(390);
    }
    await phone.context().close();
  }, 120_000);

  it('prints every exception and every rider, without controls, and exports both as CSV in the branch’s zone', async () => {
    const page = await app.newPage({ viewport: { width: 1024, height: 768 } });
    await openOverview(page);
    const riderCount = await page.locator('tr[data-rider-id]').count();
    await page.emulateMedia({ media: 'print' });
    const laidOut = await page.evaluate(() => {
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0;
      };
      return {
        exceptions: [...document.querySelectorAll('tr[data-job-id]')].filter(visible).length,
        riders: [...document.querySelectorAll('tr[data-rider-id]')].filter(visible).length,
        controls: [...document.querySelectorAll('main select, main input')].filter(visible).length,
        clipped: [...document.querySelectorAll('main *')].filter((el) => {
          const style = getComputedStyle(el);
          return (
            /auto|scroll|hidden/.test(style.overflowY) &&
            el.scrollHeight > el.clientHeight + 1 &&
            el.querySelector('tr')
          );
        }).length,
      };
    });
    expect(laidOut).toEqual({ exceptions: expectedIds.length, riders: riderCount, controls: 0, clipped: 0 });
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.emulateMedia({ media: 'screen' });

    const save = async (section: string) => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page
          .getByRole('region', { name: section, exact: true })
          .getByRole('button', { name: 'Export CSV' })
          .click(),
      ]);
      const text = readFileSync((await download.path())!, 'utf8');
      return Papa.parse<Record<string, string | undefined>>(text.replace(/^\ufeff/, ''), {
        header: true,
        skipEmptyLines: true,
      }).data;
    };
    const exceptions = await save('Needs attention now');
    expect(exceptions.map((r) => Number(r.job_id))).toEqual(expectedIds);
    for (const row of exceptions) {
      expect(row.time_zone).toMatch(/^[A-Za-z_]+\/[A-Za-z_]+/);
      expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
      expect(row.why).toBeTruthy();
    }
    // A branch's time: the offset of its own zone at that moment.
    const sample = exceptions[0]!;
    const at = new Date(sample.created_at!).getTime();
    const wall = new Intl.DateTimeFormat('en-GB', {
      timeZone: sample.time_zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
    expect(sample.created_at!.slice(11, 16)).toBe(wall);
    const riders = await save('Riders');
    expect(riders).toHaveLength(riderCount);
    expect(riders.every((r) => r.rider_id && r.time_zone)).toBe(true);
    await page.context().close();
  }, 120_000);
});
