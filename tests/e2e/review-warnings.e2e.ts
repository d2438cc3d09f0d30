/**
 * The review before a save lists the warnings about the zones it sends, in Chromium: London zones
 * on the Manchester branch (put there through the API, as a file of them would be) are far from
 * the branch and overlap LDN-01's zones. Renaming one, the review names each warning with its
 * zone as already there at the last save, asks nothing about them, and the save lands with the
 * review's one press. On a phone the review and its warnings stay within the screen.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Branch } from '../../src/contract';
import { zoneWarnings } from '../../src/geo';
import { getBranch } from '../support/branches';
import { square } from '../support/geo';
import { saveButton } from './branch-support';
import { screenshot, signIn, startApp, type App, type PageOptions, seriousAxe } from './support';

const PHONE: PageOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let app: App;

beforeAll(async () => {
  app = await startApp({ jobs: 40 });
});
afterAll(async () => {
  await app?.close();
});

type Feature = NonNullable<Branch['delivery_zones']>['features'][number];

async function branchesOf(): Promise<Branch[]> {
  const response = await fetch(`${app.url}/v1/branches`, {
    headers: { Authorization: `Bearer ${app.token}` },
  });
  return ((await response.json()) as { branches: Branch[] }).branches;
}

/** What src/geo warns about MAN-01's zones `features`, against the other branches as the service holds them. */
async function expectedWarnings(features: Feature[]): Promise<string[]> {
  const others = (await branchesOf()).filter((b) => b.id !== 'MAN-01');
  const manchester = (await getBranch(app, 'MAN-01'))!;
  return zoneWarnings(
    { type: 'FeatureCollection', features },
    {
      others: others.map((b) => ({ branchId: b.id, fc: b.delivery_zones })),
      pin: [manchester.coordinates.longitude, manchester.coordinates.latitude],
    },
  ).map((w) => w.message);
}

/** The Manchester branch's zones and two London ones, one over LDN-01's location. */
async function putLondonZones(): Promise<Feature[]> {
  const london = (await getBranch(app, 'LDN-01'))!.coordinates;
  const own = (await getBranch(app, 'MAN-01'))!.delivery_zones!.features;
  const zone = (id: string, name: string, lon: number, lat: number): Feature => ({
    type: 'Feature',
    id,
    properties: { name },
    geometry: { type: 'Polygon', coordinates: [square(lon, lat, 0.01)] },
  });
  const features = [
    ...own,
    zone('man-01-shoreditch', 'Shoreditch', london.longitude - 0.005, london.latitude - 0.005),
    zone('man-01-hackney', 'Hackney', london.longitude + 0.05, london.latitude + 0.03),
  ];
  const response = await fetch(`${app.url}/v1/branches/MAN-01`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ branch: { delivery_zones: { type: 'FeatureCollection', features } } }),
  });
  expect(response.status).toBe(200);
  return features;
}

/** Opens MAN-01's editor and renames zone `n` (a change of the zones: they are all sent). */
async function renameZone(page: Page, n: number, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: /Manchester/ }).waitFor();
  const panel = page.getByRole('region', { name: 'Zones' });
  // The editor's warnings, once the other branches' zones are in.
  await panel
    .getByRole('list', { name: /^Warnings of Shoreditch/ })
    .getByText(/overlaps zone "Central" of branch "LDN-01"/)
    .waitFor();
  await panel.getByRole('textbox', { name: `Name of zone ${n}` }).fill(name);
  await page.getByText('1 unsaved change').waitFor();
}

const plural = (n: number) => `${n} ${n === 1 ? 'warning' : 'warnings'}`;

describe('the review of zones with warnings, in Chromium', () => {
  it('lists every warning with its zone as already there, and saves with the review’s one press', async () => {
    const features = await putLondonZones();
    const n = features.length - 1; // Shoreditch
    const page = await app.newPage();
    await signIn(page, app.token, '/branches/MAN-01');
    await renameZone(page, n, 'Shoreditch E1');
    features[n - 1] = { ...features[n - 1]!, properties: { name: 'Shoreditch E1' } };
    const expected = await expectedWarnings(features);
    // Far from Manchester, each; Shoreditch over LDN-01's zones.
    expect(expected.filter((m) => / km from the branch location/.test(m))).toHaveLength(2);
    expect(
      expected.some((m) => /^Zone "Shoreditch E1" overlaps zone "Central" of branch "LDN-01"/.test(m)),
    ).toBe(true);
    // The editor counts them as the review will.
    await page
      .getByRole('region', { name: 'Zones' })
      .getByText(plural(expected.length), { exact: true })
      .waitFor();

    await saveButton(page).click();
    const review = page.getByRole('dialog', { name: 'Review changes' });
    // All of them were there at the last save (the zone renamed is the same zone): listed apart.
    const list = review.getByRole('list', { name: `Already there (${expected.length})` });
    await list.waitFor();
    const items = await list.getByRole('listitem').allInnerTexts();
    expect(items.map((text) => text.replace(/^[^:]+: /, '')).sort()).toEqual([...expected].sort());
    expect(
      items.filter((text) => text.startsWith(`Zone ${n} (Shoreditch E1): `)).length,
    ).toBeGreaterThanOrEqual(2);
    expect(
      items.filter((text) => text.startsWith(`Zone ${n + 1} (Hackney): `)).length,
    ).toBeGreaterThanOrEqual(1);
    expect(await review.getByRole('list', { name: /^\d+ warnings?$/ }).count()).toBe(0);
    await screenshot(page, 'review-warnings-1280');
    expect(await seriousAxe(page)).toEqual([]);

    await review.getByRole('button', { name: 'Save 1 change' }).click();
    await page.getByText('Branch saved', { exact: true }).waitFor();
    await page.getByText('No unsaved changes').waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    const saved = (await getBranch(app, 'MAN-01'))!.delivery_zones!.features;
    expect(saved.map((f) => f.properties.name)).toEqual(features.map((f) => f.properties.name));
    await page.context().close();
  }, 120_000); // the zone map, an accessibility check and a save

  it('on a phone, the review and its warnings stay within the screen, and the save lands', async () => {
    const features = (await getBranch(app, 'MAN-01'))!.delivery_zones!.features;
    const n = features.findIndex((f) => f.id === 'man-01-hackney') + 1;
    expect(n).toBeGreaterThan(0);
    const page = await app.newPage(PHONE);
    await signIn(page, app.token, '/branches/MAN-01');
    await renameZone(page, n, 'Hackney Wick');

    await saveButton(page).tap();
    const review = page.getByRole('dialog', { name: 'Review changes' });
    const list = review.getByRole('list', { name: /^Already there \(\d+\)$/ });
    await list.waitFor();
    await screenshot(page, 'review-warnings-390');
    const count = await list.getByRole('listitem').count();
    expect(count).toBeGreaterThanOrEqual(3);
    // Nothing wider than the phone: the dialog, and each warning inside it.
    const dialogBox = (await review.boundingBox())!;
    expect(dialogBox.x).toBeGreaterThanOrEqual(0);
    expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(390);
    for (const box of await list
      .getByRole('listitem')
      .evaluateAll((els) =>
        els.map((el) => ({ left: el.getBoundingClientRect().left, right: el.getBoundingClientRect().right })),
      ))
      expect(box.left >= 0 && box.right <= dialogBox.x + dialogBox.width).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The buttons are at the end of the dialog, which scrolls to them.
    await review.getByRole('button', { name: 'Save 1 change' }).tap();
    await page.getByText('Branch saved', { exact: true }).waitFor();
    const saved = (await getBranch(app, 'MAN-01'))!.delivery_zones!.features;
    expect(saved[n - 1]!.properties.name).toBe('Hackney Wick');
    await page.context().close();
  });
});
