/**
 * Every screen in another language (issue 42; docs/design.md, Languages), found by the names
 * its catalogs give (./catalog-text.ts): in Arabic at a desktop's size and on a phone (touch),
 * right to left: sign-in, the control room, the jobs screen with a job's panel open, Late only,
 * the operations map, the branch list, and the branch editor, where a zone with a hole is drawn,
 * reviewed and saved; each page `dir="rtl"`, no wider than the screen, axe clean, and
 * photographed. In French and Spanish, the control room and the editor the same way.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server';
import { catalogText, type CatalogText } from './catalog-text';
import { launchChromium } from './chromium';
import { appBuild, mapDrawnSince, screenshot, seriousAxe, pageOverflow } from './support';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Locale = 'ar' | 'fr' | 'es';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ jobs: 120, staticDir: appBuild() });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function putZones(branchId: string, features: unknown[]): Promise<void> {
  const res = await fetch(`${server.url}/v1/branches/${branchId}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ branch: { delivery_zones: { type: 'FeatureCollection', features } } }),
  });
  expect(res.status).toBe(200);
}

function ringsInDb(branchId: string): number[][][][] {
  return (
    server.db
      .prepare('SELECT geometry FROM branch_zones WHERE branch_id = ? ORDER BY position')
      .all(branchId) as {
      geometry: string;
    }[]
  ).map((row) => (JSON.parse(row.geometry) as { coordinates: number[][][] }).coordinates);
}

/** A page in `locale` (the browser's language), signed in, at /overview. */
async function signedIn(locale: Locale, phone: boolean, tr: CatalogText) {
  const context = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    isMobile: phone,
    hasTouch: phone,
    locale,
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/sign-in`);
  await page.getByRole('heading', { name: tr('Sign in to Dispatch') }).waitFor();
  return { context, page };
}

/** The page as a reader finds it: its direction, nothing wider than the screen, axe clean; photographed. */
async function looked(page: Page, locale: Locale, name: string): Promise<Record<string, unknown>> {
  const found = {
    dir: await page.evaluate(() => document.documentElement.dir),
    lang: await page.evaluate(() => document.documentElement.lang),
    overflow: await pageOverflow(page),
    axe: await seriousAxe(page),
  };
  await screenshot(page, `languages-${name}`);
  const expected = { dir: locale === 'ar' ? 'rtl' : 'ltr', lang: locale, overflow: 0, axe: [] };
  return Object.fromEntries(
    Object.entries(found)
      .filter(
        ([key, value]) => JSON.stringify(value) !== JSON.stringify(expected[key as keyof typeof expected]),
      )
      .map(([key, value]) => [`${name}: ${key}`, value]),
  );
}

/** Presses a control: a tap on a touch screen, a click elsewhere. */
const press = (locator: Locator, touch: boolean) => (touch ? locator.tap() : locator.click());

/**
 * In the editor of `branchId` (its zones cleared first): draws a zone of four corners, cuts a
 * hole of three in it, reviews and saves; the service then holds one zone of two rings.
 */
async function drawZoneWithHole(page: Page, tr: CatalogText, branchId: string, touch: boolean) {
  await putZones(branchId, []);
  await page.goto(`${server.url}/branches/${branchId}`);
  const draw = page.getByRole('button', { name: tr('Draw zone'), exact: true });
  await draw.and(page.locator(':enabled')).waitFor({ timeout: 30_000 });
  const canvas = page.locator('.maplibregl-canvas');
  await mapDrawnSince(page, 0);
  await press(draw, touch);
  // Drawing adds a hint above the map: the map is placed in view after it, and the points are
  // put where it shows, below the page's header and above the action bar at the bottom of the
  // screen, clear of maplibre's zoom buttons (top right in every direction) and the branch's pin
  // (the middle).
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await canvas.boundingBox())!;
  const bar = (await page.getByRole('button', { name: tr('Review and save') }).boundingBox())!;
  const top = Math.max(box.y, 80);
  const bottom = Math.min(box.y + box.height, bar.y - 24);
  const at = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: top + (bottom - top) * fy });
  const put = async ({ x, y }: { x: number; y: number }) =>
    touch ? page.touchscreen.tap(x, y) : page.mouse.click(x, y);
  const finish = async () =>
    touch
      ? page.getByRole('button', { name: tr('Finish'), exact: true }).tap()
      : page.keyboard.press('Enter');

  for (const point of [at(0.08, 0.3), at(0.7, 0.3), at(0.7, 0.92), at(0.08, 0.92)]) await put(point);
  await finish();
  const hole = page.getByRole('button', { name: tr('Cut hole'), exact: true });
  await hole.and(page.locator(':enabled')).waitFor();
  await press(hole, touch);
  for (const point of [at(0.15, 0.5), at(0.35, 0.5), at(0.35, 0.75)]) await put(point);
  await finish();
  await expect.poll(() => page.evaluate(() => document.body.innerText.includes('km²'))).toBe(true);

  const save = page.getByRole('button', { name: tr('Review and save') });
  await save.and(page.locator(':enabled')).waitFor();
  await press(save, touch);
  const review = page.getByRole('dialog', { name: tr('Review changes') });
  await review.waitFor();
  await press(review.getByRole('button').last(), touch);
  await page.getByText(tr('Branch saved'), { exact: true }).waitFor({ timeout: 30_000 });
  const zones = ringsInDb(branchId);
  expect(zones).toHaveLength(1);
  expect(zones[0]).toHaveLength(2);
}

describe('Arabic, right to left', () => {
  it.each([
    { size: 'desktop', phone: false, branch: 'DXB-01' },
    { size: 'phone', phone: true, branch: 'BOM-01' },
  ])('every screen at the $size size', async ({ size, phone, branch }) => {
    const tr = await catalogText('ar');
    const { context, page } = await signedIn('ar', phone, tr);
    const problems: Record<string, unknown> = {};
    const look = async (name: string) =>
      Object.assign(problems, await looked(page, 'ar', `ar-${size}-${name}`));

    await look('sign-in');
    await page.getByLabel(tr('Access token')).fill(server.token);
    await press(page.getByRole('button', { name: tr('Sign in'), exact: true }), phone);
    await page.waitForURL(/\/overview/);
    await page.getByRole('heading', { level: 1, name: tr('Control room') }).waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, {
      timeout: 30_000,
    });
    await look('control-room');

    const job = (server.db.prepare('SELECT id FROM jobs ORDER BY id LIMIT 1').get() as { id: number }).id;
    await page.goto(`${server.url}/jobs?job=${job}`);
    // A side panel on a desktop, a sheet (a dialog) on a phone.
    const panelName = tr('Job {jobId}', { jobId: job });
    await page
      .getByRole('complementary', { name: panelName })
      .or(page.getByRole('dialog', { name: panelName }))
      .waitFor();
    await look('jobs-panel');
    await page.goto(`${server.url}/jobs?late=1`);
    await page.getByRole('heading', { level: 1, name: tr('Jobs') }).waitFor();
    await look('late-only');
    await page.goto(`${server.url}/jobs?view=map`);
    await page.locator('.maplibregl-canvas').waitFor({ timeout: 30_000 });
    await look('operations-map');
    await page.goto(`${server.url}/branches`);
    await page.getByRole('heading', { level: 1, name: tr('Branches') }).waitFor();
    await look('branch-list');

    await drawZoneWithHole(page, tr, branch, phone);
    await look('editor-saved');
    expect(problems).toEqual({});
    await context.close();
  });
});

describe.each(['fr', 'es'] as const)('%s', (locale) => {
  it('the control room and the editor (a zone with a hole drawn and saved)', async () => {
    const tr = await catalogText(locale);
    const { context, page } = await signedIn(locale, false, tr);
    const problems: Record<string, unknown> = {};
    await page.getByLabel(tr('Access token')).fill(server.token);
    await page.getByRole('button', { name: tr('Sign in'), exact: true }).click();
    await page.waitForURL(/\/overview/);
    await page.getByRole('heading', { level: 1, name: tr('Control room') }).waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, {
      timeout: 30_000,
    });
    Object.assign(problems, await looked(page, locale, `${locale}-control-room`));
    await drawZoneWithHole(page, tr, locale === 'fr' ? 'PAR-01' : 'MAD-01', false);
    Object.assign(problems, await looked(page, locale, `${locale}-editor-saved`));
    expect(problems).toEqual({});
    await context.close();
  });
});
