/**
 * The jobs screen on a phone (390×844, mobile, touch) and a tablet (1024×768, touch): nothing
 * wider than the device, the first job on the phone's first screen below the search box, a job
 * opened by a tap and closed by Back or a tap, the filters in a sheet that counts them, the pager
 * clear of the map, and axe clean in light and dark.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_REFERENCE_TIME } from '../support/server';
import { screenshot, searchOf, signIn, startApp, type App, type PageOptions, seriousAxe } from './support';

const PHONE: PageOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const TABLET: PageOptions = { viewport: { width: 1024, height: 768 }, hasTouch: true };

let app: App;

beforeAll(async () => {
  // Daytime data: work under way, some of it late.
  app = await startApp({ referenceTime: TEST_REFERENCE_TIME + 13 * 3600 });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

async function open(options: PageOptions, path = '/jobs'): Promise<Page> {
  const page = await app.newPage(options);
  await signIn(page, app.token, path);
  return page;
}

/** The document's width and the layout viewport's: a phone's browser widens the latter to fit what overflows. */
const widths = (page: Page) =>
  page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));

const firstRow = (page: Page) => page.locator('tr[data-job-id]').first();

describe('on a phone (390×844, touch)', () => {
  it('keeps every screen within the device’s width: the jobs, their map, the branch list', async () => {
    const page = await open(PHONE);
    await firstRow(page).waitFor();
    expect(await widths(page)).toEqual({ scroll: 390, inner: 390 });

    // The map takes the screen; "Table" leads back to the list.
    await page.getByRole('button', { name: 'Map', exact: true }).tap();
    await page.locator('[data-ops-map]').waitFor();
    expect(await page.getByRole('region', { name: 'Jobs', exact: true }).count()).toBe(0);
    expect(await widths(page)).toEqual({ scroll: 390, inner: 390 });
    const map = await page.locator('[data-ops-map]').boundingBox();
    expect(map!.height).toBeGreaterThan(400);
    await screenshot(page, 'jobs-phone-map');
    await page.getByRole('button', { name: 'Table', exact: true }).tap();
    await firstRow(page).waitFor();
    await page.context().close();
  });

  it('keeps the branch list within the device’s width', async () => {
    const page = await open(PHONE, '/branches');
    await page.getByRole('table').first().waitFor();
    const { scroll, inner } = await widths(page);
    await page.context().close();
    expect(scroll).toBeLessThanOrEqual(390);
    expect(inner).toBeLessThanOrEqual(390);
  });

  it('shows the first job on the first screen, below the search box, and the pager below the list', async () => {
    const page = await open(PHONE);
    const row = await firstRow(page).boundingBox();
    const search = await page.getByRole('searchbox', { name: 'Search' }).boundingBox();
    expect(row!.y).toBeGreaterThan(search!.y + search!.height);
    expect(row!.y + row!.height).toBeLessThanOrEqual(844);
    expect(row!.height).toBeGreaterThanOrEqual(44);
    // The compact row: order, status, lateness, rider, next slot; the rest out of sight.
    // (The selection's checkbox first, once the service has said it offers job actions.)
    const shown = () =>
      firstRow(page).evaluate((tr) =>
        [...tr.querySelectorAll('td')]
          .filter((td) => td.getBoundingClientRect().width > 0)
          .map((td) => td.dataset.col),
      );
    await expect.poll(shown).toEqual(['select', 'order_id', 'status', 'late', 'rider', 'slot']);
    const pager = await page.getByRole('navigation', { name: 'Pages' }).boundingBox();
    expect(pager!.y).toBeGreaterThanOrEqual(row!.y + row!.height);
    expect(pager!.y + pager!.height).toBeLessThanOrEqual(844);
    await screenshot(page, 'jobs-phone');
    await page.context().close();
  });

  it('opens a job full-screen by a tap; Back closes it, and so does a tap on Close', async () => {
    const page = await open(PHONE);
    const id = await firstRow(page).getAttribute('data-job-id');
    await firstRow(page).tap();
    const dialog = page.getByRole('dialog', { name: `Job ${id}` });
    await dialog.getByRole('tab', { name: 'Overview' }).waitFor();
    const box = await dialog.boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    expect(await widths(page)).toEqual({ scroll: 390, inner: 390 });
    await screenshot(page, 'jobs-phone-job');

    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(searchOf(page).get('job')).toBeNull();

    await firstRow(page).tap();
    await dialog.getByRole('tab', { name: 'Overview' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).tap();
    await dialog.waitFor({ state: 'detached' });
    expect(searchOf(page).get('job')).toBeNull();
    await page.context().close();
  });

  it('puts the filters in a sheet behind a button that counts them; the status chips scroll in one line', async () => {
    const page = await open(PHONE);
    await firstRow(page).waitFor();
    expect(await page.getByRole('combobox', { name: 'Status' }).count()).toBe(0);
    const chips = page.getByRole('toolbar', { name: 'Jobs by status' });
    await chips.locator('[aria-pressed]').first().waitFor();
    const line = await chips.evaluate((el) => ({
      height: el.clientHeight,
      scrolls: el.scrollWidth > el.clientWidth,
      tops: new Set([...el.querySelectorAll('button')].map((b) => b.getBoundingClientRect().top)).size,
    }));
    expect(line).toMatchObject({ scrolls: true, tops: 1 });

    await page.getByRole('button', { name: 'Filters', exact: true }).tap();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByRole('combobox', { name: 'Status' }).selectOption('7');
    await page.waitForURL((url) => url.searchParams.get('status') === '7');
    await screenshot(page, 'jobs-phone-filters');
    await sheet.getByRole('button', { name: 'Close' }).tap();
    await sheet.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
    expect(await widths(page)).toEqual({ scroll: 390, inner: 390 });
    await page.context().close();
  });

  it('gives every control of the jobs screen a finger’s size (44 px)', async () => {
    const page = await open(PHONE);
    await page.getByRole('toolbar', { name: 'Jobs by status' }).locator('[aria-pressed]').first().waitFor();
    await page.getByRole('navigation', { name: 'Pages' }).waitFor();
    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('button, input, select, a')]
        .filter((el) => {
          // A checkbox's target is its label.
          const r = (el.closest('label') ?? el).getBoundingClientRect();
          return r.width > 0 && r.height > 0 && r.height < 44 && !el.closest('thead, td, [class*="skip"]');
        })
        .map((el) => `${el.tagName} ${el.textContent?.trim() || el.getAttribute('aria-label')}`),
    );
    // The top bar's links fill its 48 px height; the lateness summary is text.
    expect(small.filter((s) => !/^A (Control room|Jobs|Branches|Dispatch)/.test(s))).toEqual([]);
    await page.context().close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`passes axe in ${colorScheme}: the list, the filters sheet, a job, the map`, async () => {
      const page = await open({ ...PHONE, colorScheme });
      await page.getByRole('navigation', { name: 'Pages' }).waitFor();
      expect(await seriousAxe(page)).toEqual([]);
      await page.getByRole('button', { name: 'Filters', exact: true }).tap();
      await page.getByRole('dialog', { name: 'Filters' }).getByRole('combobox', { name: 'Status' }).waitFor();
      expect(await seriousAxe(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Filters' }).waitFor({ state: 'detached' });
      await firstRow(page).tap();
      await page.getByRole('dialog', { name: /^Job / }).getByRole('tab', { name: 'Overview' }).waitFor();
      expect(await seriousAxe(page)).toEqual([]);
      await page.goBack();
      await page.getByRole('button', { name: 'Map', exact: true }).tap();
      await page.locator('[data-ops-map] [data-map-idle]').waitFor();
      expect(await seriousAxe(page)).toEqual([]);
      await page.context().close();
    });
  }
});

describe('on a tablet (1024×768, touch)', () => {
  it('keeps the jobs, their map and the branch list within its width, the filters in one row', async () => {
    const page = await open(TABLET);
    await firstRow(page).waitFor();
    expect(await widths(page)).toEqual({ scroll: 1024, inner: 1024 });
    const form = await page.getByRole('search', { name: 'Search and filter jobs' }).boundingBox();
    expect(form!.height).toBeLessThan(120);
    await page.getByRole('button', { name: 'Filters', exact: true }).waitFor();
    await screenshot(page, 'jobs-tablet');

    await page.goto(`${app.url}/jobs?view=map`);
    await page.locator('[data-ops-map]').waitFor();
    expect(await widths(page)).toEqual({ scroll: 1024, inner: 1024 });
    await screenshot(page, 'jobs-tablet-map');

    await page.goto(`${app.url}/branches`);
    await page.getByRole('table').first().waitFor();
    expect(await widths(page)).toEqual({ scroll: 1024, inner: 1024 });
    await page.context().close();
  });

  for (const viewport of [TABLET.viewport!, { width: 1280, height: 720 }]) {
    it(`keeps the pager clear of the map at ${viewport.width}×${viewport.height}`, async () => {
      const page = await open({ ...TABLET, viewport }, '/jobs?view=map');
      const map = page.locator('[data-ops-map]');
      await map.waitFor();
      const pager = page.getByRole('navigation', { name: 'Pages' });
      await pager.waitFor();
      const [m, p] = [await map.boundingBox(), await pager.boundingBox()];
      expect(p!.y).toBeGreaterThanOrEqual(m!.y + m!.height - 1);
      await page.context().close();
    });
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`passes axe in ${colorScheme}: the table, the filters sheet, a job`, async () => {
      const page = await open({ ...TABLET, colorScheme });
      await page.getByRole('navigation', { name: 'Pages' }).waitFor();
      expect(await seriousAxe(page)).toEqual([]);
      await page.getByRole('button', { name: 'Filters', exact: true }).tap();
      await page.getByRole('dialog', { name: 'Filters' }).getByRole('combobox', { name: 'Status' }).waitFor();
      expect(await seriousAxe(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await firstRow(page).tap();
      await page.getByRole('dialog', { name: /^Job / }).getByRole('tab', { name: 'Overview' }).waitFor();
      expect(await seriousAxe(page)).toEqual([]);
      await page.context().close();
    });
  }
});
