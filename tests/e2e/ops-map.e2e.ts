/**
 * The operations map of the jobs screen in Chromium (WebGL in software), on the built app
 * with the offline base map, against the in-process reference server: the view
 * opened from the table and its chunk loaded only then, a stop selected on the map opening
 * its job's panel, a rider drawn apart from the stops' clusters saying its position's age and
 * opening its job, a row's hover drawn on the map, Back and Forward, every matching job
 * loaded, the narrow screen's map instead of the table; and a service whose addresses carry
 * no coordinates, where the map says so and still shows the branches.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mapDrawnSince,
  mapIdles,
  NARROW,
  screenshot,
  searchOf,
  signIn,
  startApp,
  type App,
  type PageOptions,
} from './support';

async function openPage(
  app: App,
  options: PageOptions = {},
): Promise<{ page: Page; errors: string[]; scripts: string[]; mapCode: string[] }> {
  const page = await app.newPage(options);
  const errors: string[] = [];
  const scripts: string[] = [];
  /** The scripts holding maplibre (by its code, one of its API's names: chunk names follow the build's grouping). */
  const mapCode: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  page.on('response', (r) => {
    if (r.request().resourceType() !== 'script') return;
    r.text().then(
      (code) => void (code.includes('setRTLTextPlugin') && mapCode.push(new URL(r.url()).pathname)),
      () => undefined,
    );
  });
  return { page, errors, scripts, mapCode };
}

const mapRegion = (page: Page) => page.getByRole('region', { name: 'Map', exact: true });

/** The operations map (the job panel may hold a map of its own). */
const OPS_MAP = '[data-ops-map]';

/**
 * The operations map has drawn the data it was given: PointsMap counts what it hands the map
 * (`data-map-data`) and marks the map busy until it is drawn.
 */
async function mapDataDrawn(page: Page): Promise<void> {
  await page.locator(`${OPS_MAP} [data-map-data]`).waitFor({ state: 'attached', timeout: 30_000 });
  await mapDrawnSince(page, 0, OPS_MAP);
}

/** Does `act`, then waits for the operations map to have drawn what it caused. */
async function mapRedrawn(page: Page, act: () => Promise<void>): Promise<void> {
  const before = await mapIdles(page, OPS_MAP);
  await act();
  await mapDrawnSince(page, before, OPS_MAP);
}

/**
 * With job `id` open in the panel beside the map: "Zoom the map to this job", then Esc. The
 * middle of the map once it is drawn at full width.
 */
async function zoomToJobAndClose(page: Page, id: number): Promise<{ x: number; y: number }> {
  const panel = page.getByRole('complementary', { name: `Job ${id}` });
  await panel.waitFor();
  await mapSized(page);
  await mapRedrawn(page, () => panel.getByRole('button', { name: 'Zoom the map to this job' }).click());
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  return mapCenter(page);
}

/** The map's summary (its live region). */
const summaryOf = (page: Page) =>
  mapRegion(page)
    .getByRole('status')
    .filter({ hasText: /on the map\b|has coordinates/ });

/**
 * Waits for the map to follow its box's size (the panel opening or closing changes it; maplibre
 * resizes on its own observer, a moment later) and to draw that: once the canvas has its box's
 * width, the resize has reached maplibre. A camera move started before would end off its mark,
 * as it would for a person quicker than the panel.
 */
async function mapSized(page: Page): Promise<void> {
  const canvas = mapRegion(page).locator('.maplibregl-canvas');
  const container = mapRegion(page).locator('.maplibregl-map');
  await expect
    .poll(async () => Math.abs((await canvas.boundingBox())!.width - (await container.boundingBox())!.width))
    .toBeLessThan(1);
  await mapDrawnSince(page, 0, OPS_MAP);
}

async function mapCenter(page: Page): Promise<{ x: number; y: number }> {
  await mapSized(page);
  const box = (await mapRegion(page).locator('.maplibregl-canvas').boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe('the operations map', () => {
  let app: App;
  /** A job of page 1 with one stop placed (its first delivery), no other position: "zoom to" centres the map on it. */
  let single: { id: number; deliveryId: number };
  /** A job of page 1 whose one placed stop is where its rider (of this job alone) was last seen 35 minutes ago. */
  let ridden: { id: number; rider: string };

  beforeAll(async () => {
    app = await startApp({ jobs: 200 });
    const db = app.server.db;
    const ids = db
      .prepare('SELECT id FROM jobs ORDER BY created_at DESC, id DESC LIMIT 20')
      .pluck()
      .all() as number[];
    const id = ids[3]!;
    const deliveryId = db
      .prepare('SELECT id FROM deliveries WHERE job_id = ? ORDER BY position LIMIT 1')
      .pluck()
      .get(id) as number;
    db.prepare('UPDATE pickups SET address = NULL WHERE job_id = ?').run(id);
    db.prepare('UPDATE deliveries SET address = NULL WHERE job_id = ? AND id <> ?').run(id, deliveryId);
    db.prepare(
      `UPDATE deliveries SET address = json_object('line1', 'Dock 4', 'latitude', 51.5046, 'longitude', -0.0195) WHERE id = ?`,
    ).run(deliveryId);
    db.prepare('UPDATE jobs SET rider_id = NULL WHERE id = ?').run(id);
    single = { id, deliveryId };

    const riddenId = ids[5]!;
    const spot = { latitude: 51.4712, longitude: -0.0489 };
    db.prepare('UPDATE pickups SET address = NULL WHERE job_id = ?').run(riddenId);
    db.prepare('UPDATE deliveries SET address = NULL WHERE job_id = ? AND position > 0').run(riddenId);
    db.prepare(
      `UPDATE deliveries SET address = json_object('line1', 'Yard 2', 'latitude', ?, 'longitude', ?) WHERE job_id = ? AND position = 0`,
    ).run(spot.latitude, spot.longitude, riddenId);
    const now = Math.floor(Date.now() / 1000);
    db.prepare(
      `INSERT INTO riders (id, reference_id, name, username, email, type, status, email_verified, phone_verified,
         last_latitude, last_longitude, created_at, updated_at)
       VALUES (990001, 'R-990001', 'Robin Stale', 'robin', 'robin@example.com', 'bike', 1, 1, 1, ?, ?, ?, ?)`,
    ).run(spot.latitude, spot.longitude, now - 86_400, now - 35 * 60);
    db.prepare('UPDATE jobs SET rider_id = 990001 WHERE id = ?').run(riddenId);
    ridden = { id: riddenId, rider: 'Robin Stale' };
  });
  afterAll(async () => {
    await app?.close();
  });

  it('opens from the table (its code only then), and a stop selected on the map opens its job', async () => {
    const { page, errors, scripts, mapCode } = await openPage(app);
    await signIn(page, app.token, '/jobs');
    await page.getByRole('row').nth(1).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => /\/(PointsMap|OpsMapView)-/.test(s))).toBe(false);
    expect(mapCode).toEqual([]);

    await page.getByRole('button', { name: 'Table and map' }).click();
    expect(searchOf(page).get('view')).toBe('map');
    await mapDataDrawn(page);
    await expect.poll(() => mapCode.length).toBeGreaterThan(0);
    // Beside the table at 1280 px.
    await expect.poll(() => page.getByRole('region', { name: 'Jobs', exact: true }).isVisible()).toBe(true);
    await expect.poll(() => summaryOf(page).textContent()).toMatch(/^20 jobs on the map: \d+ of \d+ stops/);
    await screenshot(page, 'ops-map-wide-light');

    // Zoom to the job (its one stop in the middle of the map), close its panel, select the stop.
    await page.locator(`tr[data-job-id="${single.id}"]`).click();
    const panel = page.getByRole('complementary', { name: `Job ${single.id}` });
    const center = await zoomToJobAndClose(page, single.id);
    // Pointed at, the stop names itself; clicked, it opens its job.
    await page.mouse.move(center.x, center.y);
    await page.locator('.maplibregl-popup').getByText(`Job ${single.id} · Delivery 1 · `).waitFor();
    await page.mouse.click(center.x, center.y);
    await panel.waitFor();
    expect(searchOf(page).get('job')).toBe(String(single.id));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('draws a rider apart from the stops’ clusters, saying how old the position is, and opens its job', async () => {
    const { page, errors } = await openPage(app);
    await signIn(page, app.token, `/jobs?view=map&job=${ridden.id}`);
    // The rider and the job's stop at one spot: in the clusters' source they would be "2 here".
    const center = await zoomToJobAndClose(page, ridden.id);
    // The focused row's job is drawn highlighted, above everything: the focus moves to the map.
    await mapRedrawn(page, () => page.locator(`${OPS_MAP} .maplibregl-canvas`).focus());
    await page.mouse.move(center.x, center.y);
    await page
      .locator('.maplibregl-popup')
      .getByText(new RegExp(`^${ridden.rider} · 1 job · stale: last seen 3\\d min ago$`))
      .waitFor();
    await screenshot(page, 'ops-map-stale-rider');
    await page.mouse.click(center.x, center.y);
    await page.getByRole('complementary', { name: `Job ${ridden.id}` }).waitFor();
    expect(searchOf(page).get('job')).toBe(String(ridden.id));
    // The map's summary counts the stale riders.
    await expect.poll(() => summaryOf(page).textContent()).toMatch(/\d+ of \d+ riders? \(\d+ stale\)/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('draws the hovered row’s job on the map', async () => {
    const { page } = await openPage(app);
    await signIn(page, app.token, `/jobs?view=map&job=${single.id}`);
    const { x, y } = await zoomToJobAndClose(page, single.id);
    const around = { x: x - 30, y: y - 30, width: 60, height: 60 };
    // Another job's row under the pointer: the job in the middle is drawn plainly.
    const other = page
      .locator('tr[data-job-id]')
      .filter({ hasNot: page.locator(`[data-job-id="${single.id}"]`) })
      .first();
    const hoverRow = async (row: typeof other) => {
      await mapRedrawn(page, () => row.hover());
      return page.screenshot({ clip: around });
    };
    const plain = await hoverRow(other);
    const lit = await hoverRow(page.locator(`tr[data-job-id="${single.id}"]`));
    expect(lit.equals(plain)).toBe(false);
    expect((await hoverRow(other)).equals(plain)).toBe(true);
    await page.close();
  });

  it('restores the view with Back and Forward, and loads every matching job', async () => {
    const { page } = await openPage(app);
    await signIn(page, app.token, '/jobs');
    await page.getByRole('row').nth(1).waitFor();
    await page.getByRole('button', { name: 'Table and map' }).click();
    await mapDataDrawn(page);
    await mapRegion(page).getByRole('button', { name: 'All matching' }).click();
    expect(searchOf(page).get('scope')).toBe('all');
    await expect
      .poll(() => summaryOf(page).textContent(), { timeout: 20_000 })
      .toMatch(/^200 jobs on the map:/);

    await page.goBack();
    await expect.poll(() => searchOf(page).get('scope')).toBeNull();
    await expect.poll(() => summaryOf(page).textContent()).toMatch(/^20 jobs on the map:/);
    await page.goBack();
    await expect.poll(() => searchOf(page).get('view')).toBeNull();
    await mapRegion(page).waitFor({ state: 'detached' });
    await page.goForward();
    await mapRegion(page).waitFor();
    expect(searchOf(page).get('view')).toBe('map');
    await page.close();
  });

  it('shows the map instead of the table on a narrow screen, and the job in an overlay', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, errors } = await openPage(app, { viewport: NARROW, colorScheme });
      await signIn(page, app.token, '/jobs?view=map');
      await mapDataDrawn(page);
      expect(await page.getByRole('region', { name: 'Jobs', exact: true }).count()).toBe(0);
      await screenshot(page, `ops-map-narrow-${colorScheme}`);
      await mapRegion(page)
        .getByText(/^Not placed \(\d+\)$/)
        .click();
      await mapRegion(page)
        .getByRole('button', { name: `Job ${single.id}` })
        .first()
        .click();
      await page.getByRole('dialog', { name: `Job ${single.id}` }).waitFor();
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('passes axe in the dark at 1280 px, the panel and the list of what is not placed open', async () => {
    const { page } = await openPage(app, { colorScheme: 'dark' });
    await signIn(page, app.token, `/jobs?view=map&job=${single.id}`);
    await mapDataDrawn(page);
    await page
      .getByRole('complementary', { name: `Job ${single.id}` })
      .getByRole('tab', { name: 'Overview' })
      .waitFor();
    await screenshot(page, 'ops-map-wide-dark-panel');
    await mapRegion(page)
      .getByText(/^Not placed \(\d+\)$/)
      .click();
    await mapRegion(page).getByRole('heading', { name: 'Stops without coordinates, by job' }).waitFor();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.close();
  });
});

describe('the operations map against a service whose addresses carry no coordinates', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ jobs: 60 });
    // Least invasive: the seeded data with the positions taken out, and each stop at its job's branch.
    app.server.db.exec(`
      UPDATE pickups SET address = json_remove(address, '$.latitude', '$.longitude') WHERE address IS NOT NULL;
      UPDATE deliveries SET address = json_remove(address, '$.latitude', '$.longitude') WHERE address IS NOT NULL;
      UPDATE riders SET last_latitude = NULL, last_longitude = NULL;
      UPDATE pickups SET branch_id = (SELECT branch_id FROM jobs WHERE jobs.id = pickups.job_id);
      UPDATE deliveries SET branch_id = (SELECT branch_id FROM jobs WHERE jobs.id = deliveries.job_id);
    `);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('says so, lists every stop as not placed, and still shows the branches', async () => {
    const { page, errors } = await openPage(app);
    const branch = app.server.db.prepare("SELECT id, name FROM branches WHERE id = 'LDN-01'").get() as {
      id: string;
      name: string;
    };
    await signIn(page, app.token, `/jobs?view=map&branch_id=${branch.id}`);
    await mapDataDrawn(page);
    await expect
      .poll(() => summaryOf(page).textContent())
      .toMatch(
        /^None of the \d+ stops and \d+ riders? of these \d+ jobs has coordinates: the service sends addresses without a position\. The map shows their 1 branch\.$/,
      );
    await screenshot(page, 'ops-map-no-coordinates');
    // The one branch in the middle of the map, named on hover.
    const { x, y } = await mapCenter(page);
    await page.mouse.move(x, y);
    await page.locator('.maplibregl-popup').getByText(`Branch ${branch.name} (${branch.id})`).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
