/**
 * The control room's fleet map in Chromium (WebGL in software, the offline base map), on the
 * built app against the reference server seeded with 100,000 jobs as a working day (13:00 UTC,
 * the browser's clock held there): every open job the service counts is on the map; an
 * exception opened in the list is centred and highlighted, and a job picked on the map is
 * opened in the list; the map fits the chosen branch and keeps its place on a refresh; it
 * sits beside the list at 1440 px; riders' names are written beside their markers, inside the
 * map and clear of each other, at 1440×900, 1024×768 and 390×844.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, fetchJobs } from '../../src/api';
import { RuntimeConfig } from '../../src/config';
import { TEST_REFERENCE_TIME } from '../support/server';
import { mapDrawnSince, mapIdles, screenshot, searchOf, signIn, startApp, type App } from './support';

const NOW = TEST_REFERENCE_TIME + 13 * 3600;
const FLEET = '[data-fleet-map]';
const WIDE = { width: 1440, height: 900 };
let app: App;
let openStatuses: number[];

/** The open jobs the service counts (each status the config does not mark final), within `filters`. */
async function serverOpenCount(filters: { branch_id?: string } = {}): Promise<number> {
  const client = createApiClient({ baseUrl: app.url, getToken: () => app.token });
  const pages = await Promise.all(openStatuses.map((status) => fetchJobs(client, { ...filters, status })));
  return pages.reduce((sum, p) => sum + p.total_records, 0);
}

beforeAll(async () => {
  app = await startApp({
    jobs: 100_000,
    referenceTime: NOW,
    viewport: WIDE,
  });
  const config = RuntimeConfig.parse(
    JSON.parse(await (await fetch(`${app.url}/config.json`)).text()) as unknown,
  );
  openStatuses = Object.entries(config.statuses)
    .filter(([, s]) => !s.final)
    .map(([code]) => Number(code));
}, 400_000);
afterAll(async () => {
  await app?.close();
});

async function openOverview(page: Page, path = '/overview'): Promise<void> {
  await page.clock.setFixedTime(NOW * 1000);
  await signIn(page, app.token, path);
  await page.locator('[data-read="Open work"][data-phase="done"]').waitFor({ timeout: 120_000 });
  await page.locator(`${FLEET} [data-map-data]`).waitFor({ state: 'attached', timeout: 30_000 });
  await mapDrawnSince(page, 0, FLEET);
}

/** The map's summary: "974 of 974 open jobs on the map (…)". */
const summary = (page: Page) => page.locator(`${FLEET} [data-placed-jobs]`);

/** The open jobs the map's summary says it shows and of how many. */
async function onTheMap(page: Page): Promise<{ placed: number; of: number }> {
  const text = (await summary(page).textContent()) ?? '';
  const match = /^([\d,]+) of ([\d,]+) open jobs? on the map/.exec(text);
  expect(match, text).not.toBeNull();
  const placed = Number(match![1]!.replaceAll(',', ''));
  expect(Number(await summary(page).getAttribute('data-placed-jobs'))).toBe(placed);
  return { placed, of: Number(match![2]!.replaceAll(',', '')) };
}

/** Waits for the map to have its box's width (a panel opening or closing resizes it) and to draw it. */
async function mapSized(page: Page): Promise<{ x: number; y: number }> {
  const canvas = page.locator(`${FLEET} .maplibregl-canvas`);
  const container = page.locator(`${FLEET} .maplibregl-map`);
  await expect
    .poll(async () => Math.abs((await canvas.boundingBox())!.width - (await container.boundingBox())!.width))
    .toBeLessThan(1);
  await mapDrawnSince(page, 0, FLEET);
  const box = (await canvas.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const fitOf = async (page: Page) =>
  ((await page.locator(FLEET).getAttribute('data-fit')) ?? '').split(',').map(Number);

const rows = (page: Page) =>
  page.getByRole('table', { name: 'Jobs needing attention, most urgent first' }).locator('tbody tr');

describe('the fleet map', () => {
  it('shows every open job of the 100,000-job seed, beside the list at 1440 px', async () => {
    const { page } = app;
    await openOverview(page);
    const expected = await serverOpenCount();
    expect(expected).toBeGreaterThan(500);
    const { placed, of } = await onTheMap(page);
    expect(of).toBe(expected);
    expect(placed).toBe(expected);
    // Beside the exceptions: the map's left edge right of the list's.
    const list = (await rows(page).first().boundingBox())!;
    const map = (await page.locator(`${FLEET} .maplibregl-map`).boundingBox())!;
    expect(map.x).toBeGreaterThan(list.x + 300);
    expect(Math.abs(map.y - list.y)).toBeLessThan(400);
    await page.getByRole('list', { name: 'Fleet map key' }).waitFor();
    await screenshot(page, 'fleet-map-1440');
  }, 180_000);

  it('centres an exception opened in the list, and opens in the list a job picked on the map', async () => {
    const { page } = app;
    const id = Number(await rows(page).nth(2).getAttribute('data-job-id'));
    const before = await mapIdles(page, FLEET);
    await rows(page).nth(2).click();
    await page.getByRole('heading', { name: `Job ${id}` }).waitFor();
    await mapDrawnSince(page, before, FLEET);
    let center = await mapSized(page);
    await screenshot(page, 'fleet-map-1440-selected');
    // In the middle, drawn larger above the rest: pointed at, it names itself.
    await page.mouse.move(center.x, center.y);
    await page
      .locator('.maplibregl-popup')
      .getByText(new RegExp(`^Job ${id}\\b`))
      .waitFor();

    // Closed, then picked on the map (from a cluster's list if it shares its spot): opened again.
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: `Job ${id}` }).waitFor({ state: 'detached' });
    expect(searchOf(page).get('job')).toBeNull();
    center = await mapSized(page);
    await page.mouse.click(center.x, center.y);
    const listed = page.locator('.maplibregl-popup button', { hasText: new RegExp(`^Job ${id}\\b`) });
    await expect.poll(async () => searchOf(page).get('job') ?? (await listed.count())).not.toBe(0);
    if (searchOf(page).get('job') === null) await listed.click();
    await expect.poll(() => searchOf(page).get('job')).toBe(String(id));
    await page.getByRole('heading', { name: `Job ${id}` }).waitFor();
    await expect.poll(() => rows(page).nth(2).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Escape');
  }, 120_000);

  it('fits the chosen branch’s work and keeps its place on a refresh', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Fit to the open work' }).click();
    await mapDrawnSince(page, 0, FLEET);
    const all = await fitOf(page);
    const branch = page.getByRole('combobox', { name: /^Branch/ }).first(); // the screen's filter, not the riders'
    const option = branch.locator('option').nth(1);
    const branchId = (await option.getAttribute('value'))!;
    await branch.selectOption(branchId);
    await expect.poll(() => searchOf(page).get('branch_id')).toBe(branchId);
    await page.locator('[data-read="Open work"][data-phase="done"]').waitFor({ timeout: 120_000 });
    await expect.poll(async () => (await fitOf(page)).join()).not.toBe(all.join());
    await mapDrawnSince(page, 0, FLEET);
    const expected = await serverOpenCount({ branch_id: branchId });
    await expect.poll(async () => (await onTheMap(page)).of).toBe(expected);
    // The branch's work, not the fleet's: smaller bounds, around the branch.
    const fit = await fitOf(page);
    expect(fit[2]! - fit[0]!).toBeLessThan((all[2]! - all[0]!) / 4);
    const { branch: full } = (await (
      await fetch(`${app.url}/v1/branches/${encodeURIComponent(branchId)}`, {
        headers: { authorization: `Bearer ${app.token}` },
      })
    ).json()) as { branch: { coordinates: { latitude: number; longitude: number } } };
    expect(full.coordinates.longitude).toBeGreaterThanOrEqual(fit[0]!);
    expect(full.coordinates.longitude).toBeLessThanOrEqual(fit[2]!);
    expect(full.coordinates.latitude).toBeGreaterThanOrEqual(fit[1]!);
    expect(full.coordinates.latitude).toBeLessThanOrEqual(fit[3]!);
    await screenshot(page, 'fleet-map-1440-branch');

    // The branch's open jobs written again on the server: the stream brings them, and the map
    // draws them where it is.
    const drawn = Number(await page.locator(`${FLEET} [data-map-data]`).getAttribute('data-map-data'));
    app.server.db
      .prepare(
        'UPDATE jobs SET updated_at = updated_at WHERE branch_id = ? AND status IN (' +
          openStatuses.join(',') +
          ')',
      )
      .run(branchId);
    await expect
      .poll(async () => Number(await page.locator(`${FLEET} [data-map-data]`).getAttribute('data-map-data')))
      .toBeGreaterThan(drawn);
    await mapDrawnSince(page, 0, FLEET);
    expect(await fitOf(page)).toEqual(fit);
  }, 120_000);

  it('names riders beside their markers, readable on a desktop, a tablet and a phone', async () => {
    const { page } = app;
    // What a rider's name may read: the name, or for riders sharing one, with the reference id.
    const riders = app.server.db.prepare('SELECT id, name, reference_id FROM riders').all() as {
      id: number;
      name: string;
      reference_id: string;
    }[];
    const names = new Set(riders.flatMap((r) => [r.name, `${r.name} · ${r.reference_id || `#${r.id}`}`]));
    const labels = page.locator(`${FLEET} [data-map-label="name"]`);
    for (const [viewport, shot] of [
      [WIDE, 'fleet-map-names-1440'],
      [{ width: 1024, height: 768 }, 'fleet-map-names-1024'],
      [{ width: 390, height: 844 }, 'fleet-map-names-390'],
    ] as const) {
      await page.setViewportSize(viewport);
      await mapSized(page);
      await page.getByRole('button', { name: 'Fit to the open work' }).click();
      await mapDrawnSince(page, 0, FLEET);
      await expect.poll(() => labels.count()).toBeGreaterThan(0);
      const map = (await page.locator(`${FLEET} .maplibregl-map`).boundingBox())!;
      const boxes = [];
      for (const label of await labels.all()) {
        expect(await label.isVisible()).toBe(true);
        expect(names.has((await label.textContent()) ?? ''), (await label.textContent()) ?? '').toBe(true);
        const box = (await label.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(map.x - 1);
        expect(box.y).toBeGreaterThanOrEqual(map.y - 1);
        expect(box.x + box.width).toBeLessThanOrEqual(map.x + map.width + 1);
        expect(box.y + box.height).toBeLessThanOrEqual(map.y + map.height + 1);
        boxes.push(box);
      }
      // None over another, nor under the map's controls (zoom, scale, attribution).
      type Rect = { x: number; y: number; width: number; height: number };
      const apart = (a: Rect, b: Rect) =>
        a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      const controls: Rect[] = [];
      for (const control of await page.locator(`${FLEET} .maplibregl-ctrl`).all()) {
        const box = await control.boundingBox();
        if (box?.width) controls.push(box);
      }
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) expect(apart(a, b)).toBe(true);
        for (const c of controls) expect(apart(a, c)).toBe(true);
      }
      await screenshot(page, shot);
    }
    await page.setViewportSize(WIDE);
  }, 120_000);
});
