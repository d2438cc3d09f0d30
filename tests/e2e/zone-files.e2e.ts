/**
 * Zones files in Chromium: a 5 MB file refused with its figures, a detailed one offered
 * simplified to fit and saved, and a file of another city offered with the warnings it brings.
 * The built app (offline base map) against the in-process reference server.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { circle, type Ring } from '../support/geo';
import { branchSaved, reviewAndSave } from './branch-support';
import { mapDrawnSince, signIn, startApp, type App } from './support';

let app: App;
let tmp: string;

beforeAll(async () => {
  app = await startApp({ jobs: 40 });
  tmp = mkdtempSync(join(tmpdir(), 'zone-files-e2e-'));
});
afterAll(async () => {
  await app?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const zonesFile = (name: string, rings: Ring[]) => {
  const path = join(tmp, name);
  const round = (ring: Ring) => ring.map(([lon, lat]) => [Number(lon.toFixed(6)), Number(lat.toFixed(6))]);
  writeFileSync(
    path,
    JSON.stringify({
      type: 'FeatureCollection',
      features: rings.map((ring, i) => ({
        type: 'Feature',
        properties: { name: `Area ${i + 1}` },
        geometry: { type: 'Polygon', coordinates: [round(ring)] },
      })),
    }),
  );
  return path;
};

const zoneCount = (id: string) =>
  (
    app.server.db.prepare('SELECT count(*) AS n FROM branch_zones WHERE branch_id = ?').get(id) as {
      n: number;
    }
  ).n;

/** A signed-in page on a branch's editor, its map drawn and the other branches' zones loaded. */
async function openBranch(id: string): Promise<{ page: Page; errors: string[] }> {
  const page = await app.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  await signIn(page, app.token, `/branches/${id}`);
  await page.getByRole('button', { name: 'Draw zone' }).and(page.locator(':enabled')).waitFor();
  await page.getByText(/^Dashed outlines: zones of \d+ other branches/).waitFor();
  await mapDrawnSince(page, 0);
  return { page, errors };
}

const zonesHeading = (page: Page, count: number) =>
  page
    .getByRole('region', { name: 'Zones', exact: true })
    .getByRole('heading', { name: `${count} ${count === 1 ? 'zone' : 'zones'}` });

describe('zones files in Chromium', () => {
  it('refuses a 5 MB file of 1,000 areas with its figures, and adds nothing', async () => {
    const before = zoneCount('BER-01');
    const rings = Array.from({ length: 1000 }, (_, i) =>
      circle(13.2 + (i % 40) * 0.01, 52.4 + Math.floor(i / 40) * 0.01, 0.004, 200),
    );
    const file = zonesFile('wards.geojson', rings);
    const { page, errors } = await openBranch('BER-01');
    await page.locator('input[type="file"]').setInputFiles(file);
    const alert = page.getByRole('alert').filter({ hasText: 'Could not import wards.geojson' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      `Too many zones for this branch: split the file or remove zones first. wards.geojson holds 1,000 areas with 200,000 corners. This branch takes at most 100 zones, 2,000 corners a zone and 5,000 corners in all. The branch has ${before} zones of`,
    );
    await zonesHeading(page, before).waitFor();
    expect(await page.getByText('No unsaved changes').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('offers a detailed file simplified to fit, with its corners before and after, and saves it', async () => {
    const before = zoneCount('PAR-01');
    const file = zonesFile('detailed.geojson', [
      circle(2.3, 48.83, 0.01, 8000),
      circle(2.33, 48.83, 0.01, 8000),
      circle(2.36, 48.83, 0.01, 8000),
    ]);
    const { page, errors } = await openBranch('PAR-01');
    await page.locator('input[type="file"]').setInputFiles(file);
    const offer = page.getByRole('dialog', { name: 'Add zones from detailed.geojson?' });
    await offer.waitFor();
    expect(await offer.textContent()).toMatch(
      /3 zones, simplified to fit this branch: 24,000 corners in the file, [\d,]+ after; borders move (about \d+ m|under a metre) at most, and borders the zones share stay shared\./,
    );
    await offer.getByRole('button', { name: 'Add 3 simplified zones' }).click();
    await page.getByText('Imported 3 zones from detailed.geojson, simplified to fit.').waitFor();
    await zonesHeading(page, before + 3).waitFor();
    await reviewAndSave(page);
    await branchSaved(page);
    expect(zoneCount('PAR-01')).toBe(before + 3);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('offers a London file in Manchester with the warnings it brings; Cancel adds nothing; added, the review lists them and the distance blocks the save', async () => {
    const before = zoneCount('MAN-01');
    const file = zonesFile('london.geojson', [circle(-0.0796, 51.5226, 0.02, 40)]);
    const { page, errors } = await openBranch('MAN-01');
    const input = page.locator('input[type="file"]');
    await input.setInputFiles(file);
    const offer = page.getByRole('dialog', { name: 'Add zones from london.geojson?' });
    await offer.waitFor();
    const text = (await offer.textContent()) ?? '';
    expect(text).toContain('1 zone with 40 corners.');
    expect(text).toMatch(/Zone "Area 1" is \d+ km from the branch location/);
    expect(text).toMatch(/Zone "Area 1" overlaps zone "[^"]+" of branch "LDN-01"/);
    const offered = await offer.getByRole('listitem').allTextContents();
    await offer.getByRole('button', { name: 'Cancel' }).click();
    await offer.waitFor({ state: 'hidden' });
    await zonesHeading(page, before).waitFor();
    expect(await page.getByText('No unsaved changes').isVisible()).toBe(true);

    // Added this time: the review lists the same findings, by zone; the distance blocks the save.
    await input.setInputFiles([]);
    await input.setInputFiles(file);
    await offer.getByRole('button', { name: 'Add 1 zone' }).click();
    await zonesHeading(page, before + 1).waitFor();
    await page.getByRole('button', { name: 'Review and save' }).click();
    const review = page.getByRole('dialog', { name: 'Review changes' });
    const far = (w: string) => / km from the branch location/.test(w);
    const blocking = review.getByRole('list', { name: '1 problem blocks the save' });
    await blocking.waitFor();
    const [problem] = await blocking.getByRole('listitem').allTextContents();
    expect(problem).toBe(
      `Zone ${before + 1} (Area 1): ${offered.find(far)} Saving is blocked until it is within that distance (or the configuration allows this branch more).`,
    );
    const warned = offered.filter((w) => !far(w));
    const list = review.getByRole('list', {
      name: `${warned.length} ${warned.length === 1 ? 'warning' : 'warnings'}`,
    });
    expect(await list.getByRole('listitem').allTextContents()).toEqual(
      warned.map((w) => `Zone ${before + 1} (Area 1): ${w}`),
    );
    expect(await review.getByRole('button', { name: /^Save / }).isDisabled()).toBe(true);
    await review.getByRole('button', { name: 'Back to editing' }).click();
    expect(zoneCount('MAN-01')).toBe(before);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
