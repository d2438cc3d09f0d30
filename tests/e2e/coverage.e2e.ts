/**
 * Coverage across branches and the impact of a zone change, in Chromium against the reference
 * server: the coverage map lists an overlap of two branches' zones and opens a zone's editor,
 * or either branch's editor at the overlap to clip it there; an overlap of a branch's own zones
 * is clipped from either zone; the review of a zone change counts the branch's recent
 * deliveries as the server holds them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobsResponse } from '../../src/contract';
import { positionOf } from '../../src/geo';
import { overlapOf } from '../../src/geo/overlap';
import { TEST_REFERENCE_TIME } from '../support/server';
import { branchSaved, reviewAndSave, saveButton } from './branch-support';
import { mapDrawnSince, mapIdles, screenshot, signIn, startApp, type App } from './support';

let app: App;
let tmp: string;

beforeAll(async () => {
  app = await startApp({ jobs: 400 });
  tmp = mkdtempSync(join(tmpdir(), 'coverage-e2e-'));
});
afterAll(async () => {
  await app?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

type Box = [number, number, number, number];
const rect = ([w, s, e, n]: Box) => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];
const zone = (id: string, name: string, box: Box) => ({
  type: 'Feature',
  id,
  properties: { name },
  geometry: { type: 'Polygon', coordinates: [rect(box)] },
});

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${app.url}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/json' },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

const putZones = (branchId: string, features: unknown[]) =>
  api(`/v1/branches/${branchId}`, {
    method: 'PUT',
    body: JSON.stringify({ branch: { delivery_zones: { type: 'FeatureCollection', features } } }),
  });

type Zones = {
  type: 'FeatureCollection';
  features: { id: string; geometry: { coordinates: number[][][] } }[];
};
const zonesOf = async (branchId: string) =>
  (await api<{ branch: { delivery_zones: Zones } }>(`/v1/branches/${branchId}`)).branch.delivery_zones;
const ringsOf = (zones: Zones, id: string) =>
  zones.features.find((f) => f.id === id)!.geometry.coordinates as [number, number][][];

/** `[west, south, east, north]` of the map the page shows, as it was when last idle. */
async function mapBounds(page: Page): Promise<Box> {
  const text = await page.locator('[data-map-bounds]').getAttribute('data-map-bounds');
  return text!.split(',').map(Number) as Box;
}
const contains = ([w, s, e, n]: Box, [iw, is, ie, inn]: Box) => w <= iw && s <= is && e >= ie && n >= inn;

/** A signed-out page, and the errors the page reports. */
async function openPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await app.newPage();
  // The seeded jobs are of the 30 days before the reference time: the browser's clock is there.
  await page.clock.setFixedTime(new Date(TEST_REFERENCE_TIME * 1000));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return { page, errors };
}

describe('the coverage map', () => {
  it('lists an overlap of two branches with its area, zooms to it, and opens the editor of a zone selected on the map or in the list', async () => {
    // MAD-01 gets a zone across PAR-01's first zone: their overlap is that zone's east half.
    const par = await api<{
      branch: { delivery_zones: { features: { geometry: { coordinates: number[][][] } }[] } };
    }>('/v1/branches/PAR-01');
    const ring = par.branch.delivery_zones.features[0]!.geometry.coordinates[0]!;
    const lons = ring.map((p) => p[0]!);
    const lats = ring.map((p) => p[1]!);
    const [w, s, e, n] = [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
    await putZones('MAD-01', [zone('mad-paris', 'Paris annex', [(w + e) / 2, s - 0.01, e + 0.02, n + 0.01])]);

    const { page, errors } = await openPage();
    await signIn(page, app.token, '/branches?view=map');
    const overlaps = page.getByRole('list', { name: 'Overlaps between branches' });
    const item = overlaps
      .getByRole('button')
      .filter({ hasText: /Madrid/ })
      .filter({ hasText: /Paris/ })
      .first();
    await item.waitFor();
    await expect(item.textContent()).resolves.toMatch(/\d km²/);
    await mapDrawnSince(page, 0);
    const beforeZoom = await mapIdles(page);
    await item.click();
    await expect(item.getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByText(/^Overlap of .* km²$/).waitFor();
    await mapDrawnSince(page, beforeZoom);
    await screenshot(page, 'coverage-map-overlap-1280');

    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // The map is zoomed on the overlap: its middle is a zone of one of the two branches.
    const canvas = page.locator('.maplibregl-canvas');
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page
      .locator('.maplibregl-popup')
      .filter({ hasText: /(Paris|Madrid).*: / })
      .waitFor();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL((url) => /^\/branches\/(PAR-01|MAD-01)$/.test(url.pathname));
    await page.getByRole('form', { name: /^Edit branch (PAR-01|MAD-01)$/ }).waitFor();

    // By keyboard: a zone's link in the list names it and its branch, and opens the editor.
    await page.goBack();
    await page.getByText('Zones by branch').waitFor();
    const madrid = page
      .locator('details')
      .filter({ hasText: /MAD-01/ })
      .first();
    await madrid.locator('summary').focus();
    await page.keyboard.press('Enter');
    const link = madrid.getByRole('link', { name: /^Paris annex of .*MAD-01.*: open its editor$/ });
    await link.focus();
    await page
      .locator('[data-coverage-caption]')
      .filter({ hasText: /MAD-01\): Paris annex$/ })
      .waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/branches/MAD-01');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('fixing an overlap from the coverage map', () => {
  // Paris's Centre and Madrid's Annex share [2.33, 48.84, 2.36, 48.88]; each branch has a zone
  // far from it, so all of a branch's zones never fit the view of the overlap.
  const centre: Box = [2.3, 48.84, 2.36, 48.88];
  const annex: Box = [2.33, 48.83, 2.4, 48.89];
  const overlap: Box = [2.33, 48.84, 2.36, 48.88];
  const parisFar: Box = [2.6, 48.7, 2.64, 48.74];
  const madridHome: Box = [-3.72, 40.4, -3.68, 40.44];
  let saved: { par: Zones; mad: Zones };

  beforeAll(async () => {
    saved = { par: await zonesOf('PAR-01'), mad: await zonesOf('MAD-01') };
  });
  afterAll(async () => {
    await putZones('PAR-01', saved.par.features);
    await putZones('MAD-01', saved.mad.features);
  });

  for (const side of [
    {
      branchId: 'PAR-01',
      name: 'Paris',
      zoneId: 'centre',
      zoneName: 'Centre',
      far: parisFar,
      other: 'annex',
    },
    {
      branchId: 'MAD-01',
      name: 'Madrid',
      zoneId: 'annex',
      zoneName: 'Annex',
      far: madridHome,
      other: 'centre',
    },
  ] as const) {
    it(`opens ${side.branchId}'s editor zoomed to the overlap with its zone selected; Clip to neighbours and Save leave the stored zone clear of it`, async () => {
      await putZones('PAR-01', [zone('centre', 'Centre', centre), zone('paris-far', 'Far', parisFar)]);
      await putZones('MAD-01', [zone('annex', 'Annex', annex), zone('madrid-home', 'Home', madridHome)]);
      const before = { par: await zonesOf('PAR-01'), mad: await zonesOf('MAD-01') };
      const otherBranch = side.branchId === 'PAR-01' ? 'MAD-01' : 'PAR-01';

      const { page, errors } = await openPage();
      await signIn(page, app.token, '/branches?view=map');
      const row = page
        .getByRole('list', { name: 'Overlaps between branches' })
        .getByRole('listitem')
        .filter({ hasText: 'Centre' })
        .filter({ hasText: 'Annex' });
      const fix = row.getByRole('link', {
        name: new RegExp(
          `^Fix in ${side.name}.*\\(${side.branchId}\\): open ${side.zoneName} at its overlap with `,
        ),
      });
      await expect(fix.textContent()).resolves.toMatch(new RegExp(`^Fix in ${side.name}`));
      await fix.click();

      // The URL names the zone and the overlap's bounds.
      await page.waitForURL((url) => url.pathname === `/branches/${side.branchId}`);
      const search = new URL(page.url()).searchParams;
      expect(search.get('zone')).toBe(side.zoneId);
      const focus = search.get('focus')!.split(',').map(Number);
      focus.forEach((v, i) => expect(v).toBeCloseTo(overlap[i]!, 5));
      await page.getByRole('form', { name: `Edit branch ${side.branchId}` }).waitFor();
      const panel = page.getByRole('region', { name: 'Zones', exact: true });
      const warnings = panel.getByRole('list', { name: `Warnings of ${side.zoneName}` });
      await warnings.getByText(/overlaps zone/).waitFor();

      // The map shows the overlap, not all of the branch's zones; the zone is selected.
      await mapDrawnSince(page, 0);
      const view = await mapBounds(page);
      expect(contains(view, overlap)).toBe(true);
      expect(contains(view, side.far)).toBe(false);
      await expect(
        panel.locator(`[data-zone-key="${side.zoneId}"]`).getAttribute('aria-current'),
      ).resolves.toBe('true');
      await page.getByText(`Selecting · ${side.zoneName}`).waitFor();
      // The neighbour is named, and what Clip to neighbours will do.
      await page
        .locator('[data-overlap-line]')
        .filter({
          hasText: new RegExp(
            `^${side.zoneName} overlaps .*\\(${side.zoneId === 'centre' ? 'Annex' : 'Centre'}\\): “Clip to neighbours” removes that area from ${side.zoneName}\\.$`,
          ),
        })
        .waitFor();
      await screenshot(page, `coverage-fix-in-${side.branchId}-1280`);

      await page.getByRole('button', { name: 'Clip to neighbours' }).click();
      await page.getByText(new RegExp(`^Clipped ${side.zoneName}: .* removed\\.$`)).waitFor();
      await warnings.getByText(/overlaps zone/).waitFor({ state: 'detached' });
      await expect(page.locator('[data-overlap-line]').count()).resolves.toBe(0);
      await reviewAndSave(page);
      await branchSaved(page);

      // As stored: the zone clear of the other branch's, which is as it was.
      const after = { par: await zonesOf('PAR-01'), mad: await zonesOf('MAD-01') };
      const mine = side.branchId === 'PAR-01' ? after.par : after.mad;
      const theirs = side.branchId === 'PAR-01' ? after.mad : after.par;
      expect(overlapOf(ringsOf(mine, side.zoneId), ringsOf(theirs, side.other))).toBeNull();
      expect(theirs).toEqual(side.branchId === 'PAR-01' ? before.mad : before.par);
      expect(await zonesOf(otherBranch)).toEqual(theirs);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});

describe('an overlap of a branch’s own zones', () => {
  it('offers to clip either zone, each named on its button; clipping one changes only that one', async () => {
    const branchId = 'BER-01';
    const saved = await zonesOf(branchId);
    try {
      await putZones(branchId, [
        zone('north', 'North', [13.38, 52.52, 13.42, 52.545]),
        zone('east', 'East', [13.41, 52.51, 13.45, 52.53]),
      ]);
      const before = await zonesOf(branchId);
      const { page, errors } = await openPage();
      await signIn(page, app.token, `/branches/${branchId}`);
      await page.getByRole('form', { name: `Edit branch ${branchId}` }).waitFor();
      const panel = page.getByRole('region', { name: 'Zones', exact: true });
      const warning = panel
        .getByRole('list', { name: 'Warnings of North' })
        .getByRole('listitem')
        .filter({ hasText: /^Zones "North" and "East" overlap/ });
      const clips = warning.getByRole('button', { name: /^Clip / });
      await clips.first().waitFor();
      await expect(clips.allTextContents()).resolves.toEqual(['Clip North', 'Clip East']);
      await expect(
        clips.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))),
      ).resolves.toEqual([
        'Clip North: remove the overlap with East from North',
        'Clip East: remove the overlap with North from East',
      ]);
      await mapDrawnSince(page, 0);
      await screenshot(page, 'own-overlap-clip-buttons-1280');

      await warning.getByRole('button', { name: /^Clip East:/ }).click();
      await page.getByText(/^Clipped East: .* removed\.$/).waitFor();
      await panel.getByRole('list', { name: 'Warnings of North' }).waitFor({ state: 'detached' });
      await reviewAndSave(page);
      await branchSaved(page);

      const after = await zonesOf(branchId);
      expect(after.features.map((f) => f.id)).toEqual(['north', 'east']);
      expect(after.features[0]).toEqual(before.features[0]);
      expect(after.features[1]).not.toEqual(before.features[1]);
      expect(overlapOf(ringsOf(after, 'north'), ringsOf(after, 'east'))).toBeNull();
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await putZones(branchId, saved.features);
    }
  });
});

describe('the impact of a zone change', () => {
  it('counts the branch’s recent deliveries newly outside, newly inside, outside both and without a position as the server holds them', async () => {
    const branchId = 'LDN-01';
    const since = TEST_REFERENCE_TIME - 7 * 86_400;
    // The branch's deliveries of the last 7 days, as the server holds them.
    const deliveries: ([number, number] | null)[] = [];
    for (let page = 1; ; page++) {
      const res = await api<JobsResponse>(
        `/v1/jobs?branch_id=${branchId}&timestamp_from=${since}&page=${page}`,
      );
      for (const job of res.jobs)
        for (const d of job.deliveries)
          if (!d.branch || d.branch.id === branchId) deliveries.push(positionOf(d.address));
      if (page >= res.total_pages) break;
    }
    const placed = deliveries.filter((p): p is [number, number] => p !== null);
    expect(placed.length).toBeGreaterThan(5);
    // Three bands west to east over the deliveries: before, West and Middle; after, Middle and East.
    const lons = placed.map((p) => p[0]).sort((a, b) => a - b);
    const lats = placed.map((p) => p[1]);
    const cut1 = (lons[Math.floor(lons.length / 3)]! + lons[Math.floor(lons.length / 3) - 1]!) / 2;
    const cut2 =
      (lons[Math.floor((2 * lons.length) / 3)]! + lons[Math.floor((2 * lons.length) / 3) - 1]!) / 2;
    const south = Math.min(...lats) - 0.01;
    const north = Math.max(...lats) + 0.01;
    const west: Box = [lons[0]! - 0.01, south, cut1, north];
    const middle: Box = [cut1, south, cut2, north];
    // East leaves out the easternmost delivery: it is outside both.
    const east: Box = [cut2, south, (lons[lons.length - 1]! + lons[lons.length - 2]!) / 2, north];
    await putZones(branchId, [zone('west', 'West', west), zone('middle', 'Middle', middle)]);
    const inBox = ([x, y]: [number, number], [bw, bs, be, bn]: Box) =>
      x >= bw && x <= be && y >= bs && y <= bn;
    const expected = {
      newlyOutside: 0,
      newlyInside: 0,
      outsideBoth: 0,
      insideBoth: 0,
      noPosition: deliveries.length - placed.length,
    };
    for (const p of placed) {
      const was = inBox(p, west) || inBox(p, middle);
      const is = inBox(p, middle) || inBox(p, east);
      expected[was ? (is ? 'insideBoth' : 'newlyOutside') : is ? 'newlyInside' : 'outsideBoth']++;
    }
    expect(expected.newlyOutside).toBeGreaterThan(0);
    expect(expected.newlyInside).toBeGreaterThan(0);
    expect(expected.outsideBoth).toBeGreaterThan(0);

    const { page, errors } = await openPage();
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/jobs?') && r.url().includes(`branch_id=${branchId}`)) requests.push(r.url());
    });
    await signIn(page, app.token, `/branches/${branchId}`);
    await page.getByRole('form', { name: `Edit branch ${branchId}` }).waitFor();
    const panel = page.getByRole('region', { name: 'Zones', exact: true });
    await panel.getByRole('button', { name: /^Delete .*West/ }).waitFor();
    // The change: West deleted, East imported.
    await panel.getByRole('button', { name: /^Delete .*West/ }).click();
    const file = join(tmp, 'east.geojson');
    writeFileSync(
      file,
      JSON.stringify({ type: 'FeatureCollection', features: [zone('east', 'East', east)] }),
    );
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole('button', { name: 'Add 1 zone' }).click();
    await page.getByText('Imported 1 zone from east.geojson.').waitFor();
    await saveButton(page).and(page.locator(':enabled')).waitFor();
    await saveButton(page).click();
    const review = page.getByRole('dialog', { name: 'Review changes' });
    const impact = review.getByRole('region', { name: 'Impact on recent deliveries' });
    await review.locator('section[data-impact="done"]').waitFor();
    const count = async (kind: string) =>
      Number((await impact.locator(`[data-kind="${kind}"] dd`).textContent())!.replace(/,/g, ''));
    expect({
      newlyOutside: await count('newlyOutside'),
      newlyInside: await count('newlyInside'),
      outsideBoth: await count('outsideBoth'),
      insideBoth: await count('insideBoth'),
      noPosition: await count('noPosition'),
    }).toEqual(expected);
    // The window asked for: the branch's jobs created since 7 days before the (fixed) clock.
    expect(requests.some((u) => new URL(u).searchParams.get('timestamp_from') === String(since))).toBe(true);
    // The save is not held up by the preview, and the list opens a job.
    await expect(
      review.getByRole('button', { name: /^Save (\d+ changes?|with \d+ warnings?)$/ }).isEnabled(),
    ).resolves.toBe(true);
    await impact.getByText(/^Newly outside \(\d+\)$/).click();
    const jobLink = impact.getByRole('link', { name: /^Job \d+/ }).first();
    const href = new URL((await jobLink.getAttribute('href'))!, app.url);
    expect(href.pathname).toBe('/jobs');
    expect(href.searchParams.get('branch_id')).toBe(branchId);
    expect(Number(href.searchParams.get('job'))).toBeGreaterThan(0);
    await screenshot(page, 'impact-preview-1280');

    const results = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // Back to editing: the deliveries are on the editor's map.
    await review.getByRole('button', { name: 'Back to editing' }).click();
    await page.getByRole('region', { name: 'Zones', exact: true }).waitFor();
    const placedCount = placed.length;
    await page
      .getByText(`Dots on the map: the ${placedCount} recent deliveries of the review’s impact preview`, {
        exact: false,
      })
      .waitFor();
    await mapDrawnSince(page, 0);
    await screenshot(page, 'impact-points-on-editor-1280');
    expect(errors).toEqual([]);
    await page.close();
  });
});
