/**
 * The branch editor on touch screens, in Chromium with touch emulated: a tablet (1024x768)
 * draws a zone by taps and "Finish", cuts a hole in it, drags a corner with a finger and saves;
 * a phone (390x844) gets the map on its first screen and a page no wider than itself; axe at
 * both sizes, light and dark. The built app with the offline base map, against the in-process
 * reference server, read back to check what was saved.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getBranch } from '../support/branches';
import type { Ring } from '../support/geo';
import { branchSaved, reviewAndSave } from './branch-support';
import {
  mapDrawnSince,
  mapIdles,
  screenshot,
  signIn,
  startApp,
  type App,
  type PageOptions,
  seriousAxe,
} from './support';

const TABLET: PageOptions = { viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: false };
const PHONE: PageOptions = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

let app: App;

beforeAll(async () => {
  app = await startApp({ jobs: 40 });
});
afterAll(async () => {
  await app?.close();
});

type LonLat = [number, number];

async function putZones(branchId: string, features: unknown[]): Promise<void> {
  const res = await fetch(`${app.url}/v1/branches/${branchId}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ branch: { delivery_zones: { type: 'FeatureCollection', features } } }),
  });
  expect(res.status).toBe(200);
}

/** A signed-out page, and a list of the errors the page reports. */
async function openPage(options: PageOptions): Promise<{ page: Page; errors: string[] }> {
  const page = await app.newPage(options);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return { page, errors };
}

/** Opens a branch's editor and waits for the map to be ready (its tools enabled) and drawn; no scrolling. */
async function openBranch(page: Page, id: string): Promise<Locator> {
  await signIn(page, app.token, `/branches/${id}`);
  await page.getByRole('form', { name: `Edit branch ${id}` }).waitFor();
  const canvas = page.locator('.maplibregl-canvas');
  await canvas.waitFor();
  await page.getByText('Offline base map: streets not shown').waitFor();
  await page.getByRole('button', { name: 'Draw zone' }).and(page.locator(':enabled')).waitFor();
  await mapDrawnSince(page, 0);
  return canvas;
}

// ---- Web Mercator, as maplibre draws it (512-pixel tiles), to turn taps into lon/lat ----

type View = { center: LonLat; zoom: number; width: number; height: number };

function worldPx([lon, lat]: LonLat, zoom: number): [number, number] {
  const size = 512 * 2 ** zoom;
  const s = Math.sin((lat * Math.PI) / 180);
  return [((lon + 180) / 360) * size, (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * size];
}

function toLonLat(view: View, [x, y]: [number, number]): LonLat {
  const size = 512 * 2 ** view.zoom;
  const [cx, cy] = worldPx(view.center, view.zoom);
  const lon = ((cx + x - view.width / 2) / size) * 360 - 180;
  const wy = cy + y - view.height / 2;
  return [lon, (Math.atan(Math.sinh(Math.PI * (1 - (2 * wy) / size))) * 180) / Math.PI];
}

function pixelDistance(view: View, a: LonLat, b: LonLat): number {
  const [ax, ay] = worldPx(a, view.zoom);
  const [bx, by] = worldPx(b, view.zoom);
  return Math.hypot(ax - bx, ay - by);
}

async function canvasBox(canvas: Locator) {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the map canvas has no box');
  return box;
}

/** A tap on the map at a point given in canvas pixels. */
async function tapMap(page: Page, canvas: Locator, [x, y]: [number, number]) {
  const box = await canvasBox(canvas);
  await page.touchscreen.tap(box.x + x, box.y + y);
}

/** One finger pressed at `from`, moved in steps to `to`, lifted (Playwright's touchscreen only taps). */
async function fingerDrag(page: Page, canvas: Locator, from: [number, number], to: [number, number]) {
  const box = await canvasBox(canvas);
  const cdp = await page.context().newCDPSession(page);
  const at = (x: number, y: number) => [{ x: box.x + x, y: box.y + y }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(...from) });
  const steps = 10;
  for (let i = 1; i <= steps; i++) {
    const x = from[0] + ((to[0] - from[0]) * i) / steps;
    const y = from[1] + ((to[1] - from[1]) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(x, y) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const zonePanel = (page: Page) => page.getByRole('region', { name: 'Zones', exact: true });
const modeLine = (page: Page) => page.locator('[aria-live="polite"]', { hasText: /^Mode:/ });

/** axe on the editor as it is, then in the other theme (the map is made again for it). */
async function axeLightAndDark(page: Page): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.getByRole('button', { name: 'Draw zone' }).and(page.locator(':enabled')).waitFor();
    await mapDrawnSince(page, 0);
    found[colorScheme] = await seriousAxe(page);
  }
  return found;
}

/** The height of the element's box, for the 44 px touch targets. */
const heightOf = async (locator: Locator) => (await locator.boundingBox())?.height ?? 0;

/**
 * The targets under `root` (controls, links, summaries) smaller than `min` px high or wide, as
 * "tag name: width×height". A checkbox counts as its label when it has one; links inside a
 * sentence are left out (WCAG 2.5.8's inline exception), and so is the hidden file input that
 * the Import button opens.
 */
async function smallTargets(page: Page, root: string, min: number): Promise<string[]> {
  return page.evaluate(
    ({ root, min }) => {
      const selector =
        'a[href], button, input:not([type="hidden"], [type="file"]), select, textarea, summary, [role="button"], [role="checkbox"], [role="switch"], [role="tab"]';
      const found: string[] = [];
      for (const scope of document.querySelectorAll(root)) {
        for (const el of scope.querySelectorAll<HTMLElement>(selector)) {
          const style = getComputedStyle(el);
          if (style.visibility === 'hidden' || style.display === 'none') continue;
          if (el.closest('.maplibregl-canvas-container')) continue;
          const label =
            el instanceof HTMLInputElement && /^(checkbox|radio)$/.test(el.type) ? el.closest('label') : null;
          const target = label ?? el;
          const box = target.getBoundingClientRect();
          if (box.width === 0 || box.height === 0 || box.right <= 0 || box.left >= innerWidth) continue;
          if (el.tagName === 'A' && el.parentElement?.closest('p, li') && !el.matches('li > a:only-child'))
            continue;
          if (box.height + 0.5 >= min && box.width + 0.5 >= min) continue;
          const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
          found.push(
            `${el.tagName.toLowerCase()} "${name}": ${Math.round(box.width)}×${Math.round(box.height)}`,
          );
        }
      }
      return found;
    },
    { root, min },
  );
}

describe('the zone editor on touch screens', () => {
  it('on a tablet, draws a zone by taps and Finish, cuts a hole, drags a corner with a finger, and saves them', async () => {
    await putZones('MAN-01', []);
    const { coordinates } = (await getBranch(app, 'MAN-01'))!;
    const { page, errors } = await openPage(TABLET);
    const canvas = await openBranch(page, 'MAN-01');

    // The map comes before the fields, and is on the first screen whole, above the action bar.
    const zonesHeading = await page
      .getByRole('heading', { name: 'Delivery zones', exact: true })
      .boundingBox();
    const identity = await page.getByRole('heading', { name: 'Identity', exact: true }).boundingBox();
    expect(zonesHeading!.y).toBeLessThan(identity!.y);
    const box = await canvasBox(canvas);
    expect(box.y + box.height).toBeLessThanOrEqual(768);
    expect(box.width).toBeGreaterThan(500);

    // Taps, not keys: the hints say so, Finish is there (off until a zone is being drawn), the
    // tools are a finger's size.
    const hint = page.getByText(/Tap a zone to select it/);
    await hint.waitFor();
    const finish = page.getByRole('button', { name: 'Finish', exact: true });
    await expect(finish.getAttribute('aria-disabled')).resolves.toBe('true');
    for (const name of ['Draw zone', 'Finish', 'Snap', 'Undo'])
      expect(await heightOf(page.getByRole('button', { name, exact: true }))).toBeGreaterThanOrEqual(44);
    expect(await heightOf(page.getByRole('button', { name: 'Zoom in' }))).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'zones-touch-1024');

    // A branch without zones opens centred on its location at zoom 12.
    const view: View = {
      center: [coordinates.longitude, coordinates.latitude],
      zoom: 12,
      width: box.width,
      height: box.height,
    };
    const cx = Math.round(box.width / 2);
    const cy = Math.round(box.height / 2);
    const taps: [number, number][] = [
      [cx - 170, cy - 120],
      [cx + 160, cy - 125],
      [cx + 150, cy + 110],
      [cx - 160, cy + 115],
    ];
    await page.getByRole('button', { name: 'Draw zone' }).tap();
    await expect.poll(() => modeLine(page).innerText()).toContain('Drawing a zone');
    await page.getByText(/Tap to add corners; tap the first corner or “Finish” to end/).waitFor();
    await expect(page.getByText(/press Enter|hold Alt/).count()).resolves.toBe(0);
    for (const [i, p] of taps.entries()) {
      await tapMap(page, canvas, p);
      // Finish turns on with the third corner (fewer would make no zone).
      if (i === 1) await expect(finish.getAttribute('aria-disabled')).resolves.toBe('true');
    }
    await expect.poll(() => finish.getAttribute('aria-disabled')).toBeNull();
    await finish.tap();
    await page.getByText('1 zone', { exact: true }).waitFor();
    const panel = zonePanel(page);
    await panel.getByText('4 corners').waitFor();
    await panel.getByText('Valid', { exact: true }).waitFor();

    // A hole by taps in the upper right (the pin stands at the centre, the zone's label left of it).
    await expect.poll(() => modeLine(page).innerText()).toMatch(/zone 1/i);
    const hole: [number, number][] = [
      [cx + 40, cy - 90],
      [cx + 120, cy - 90],
      [cx + 120, cy - 30],
    ];
    await page.getByRole('button', { name: 'Cut hole' }).tap();
    await expect.poll(() => modeLine(page).innerText()).toContain('Cutting a hole');
    for (const p of hole) await tapMap(page, canvas, p);
    await expect.poll(() => finish.getAttribute('aria-disabled')).toBeNull();
    await finish.tap();
    await panel.getByText('1 hole').waitFor();
    const beforeDrag = await panel
      .getByText(/^[\d.,]+ km²$/)
      .first()
      .innerText();

    // Corner editing by taps on the selected zone, then the lower right corner dragged by a finger.
    const editing = page.getByText('Editing corners');
    await vi.waitFor(
      async () => {
        if (!(await editing.isVisible())) {
          const before = await mapIdles(page);
          await tapMap(page, canvas, [cx - 100, cy + 70]);
          await mapDrawnSince(page, before);
        }
        await editing.waitFor({ timeout: 2_000 });
      },
      { timeout: 30_000, interval: 250 },
    );
    const dragTo: [number, number] = [taps[2]![0] + 40, taps[2]![1] + 35];
    await fingerDrag(page, canvas, taps[2]!, dragTo);
    await expect
      .poll(() =>
        panel
          .getByText(/^[\d.,]+ km²$/)
          .first()
          .innerText(),
      )
      .not.toBe(beforeDrag);
    await screenshot(page, 'zones-touch-drawn-1024');

    await reviewAndSave(page);
    await branchSaved(page);

    // Saved as tapped: the exterior at the taps (the third corner where the finger left it), the hole inside.
    const saved = (await getBranch(app, 'MAN-01'))!.delivery_zones!.features;
    expect(saved).toHaveLength(1);
    const geometry = saved[0]!.geometry as { type: string; coordinates: Ring[] };
    expect(geometry.type).toBe('Polygon');
    expect(geometry.coordinates).toHaveLength(2);
    const [outer, inner] = geometry.coordinates as [Ring, Ring];
    expect(outer).toHaveLength(5);
    expect(inner).toHaveLength(4);
    const expectedOuter = [taps[0]!, taps[1]!, dragTo, taps[3]!].map((p) => toLonLat(view, p));
    for (const corner of expectedOuter) {
      const nearest = Math.min(...outer.map((c) => pixelDistance(view, c as LonLat, corner)));
      expect(nearest).toBeLessThan(3);
    }
    for (const corner of hole.map((p) => toLonLat(view, p))) {
      const nearest = Math.min(...inner.map((c) => pixelDistance(view, c as LonLat, corner)));
      expect(nearest).toBeLessThan(3);
    }

    expect(await axeLightAndDark(page)).toEqual({ light: [], dark: [] });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('on a phone, the map is on the first screen, the page no wider than the phone, and axe finds nothing', async () => {
    const { page, errors } = await openPage(PHONE);
    const canvas = await openBranch(page, 'BER-01');
    // Mobile Chromium widens the layout viewport to fit what overflows: both must stay at 390.
    // What reaches past the phone's edge is named (the outermost such elements), for the message.
    const widths = await page.evaluate(() => {
      const over = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => {
        const right = (e: Element | null) => (e ? e.getBoundingClientRect().right : 0);
        return right(el) > 390.5 && right(el.parentElement) <= 390.5;
      });
      return {
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        over: over.map((el) => `${el.tagName.toLowerCase()} "${el.innerText.slice(0, 40)}"`),
      };
    });
    await screenshot(page, 'zones-touch-390');
    expect.soft(widths.scrollWidth, `past the edge: ${widths.over.join(', ')}`).toBeLessThanOrEqual(390);
    expect.soft(widths.innerWidth).toBeLessThanOrEqual(390);
    // The editor itself, whatever the page's frame does.
    const form = await page.getByRole('form', { name: 'Edit branch BER-01' }).boundingBox();
    expect(form!.x + form!.width).toBeLessThanOrEqual(390);
    const box = await canvasBox(canvas);
    expect(box.y).toBeLessThan(844 - 200); // at least 200 px of map on the first screen
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Finish', exact: true }).waitFor();
    expect(await axeLightAndDark(page)).toEqual({ light: [], dark: [] });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("on a phone, every target of the form, the zone list, the tools, an import notice and the review is a finger's size (44 px)", async () => {
    const { page, errors } = await openPage(PHONE);
    await openBranch(page, 'BER-01');
    // An import notice: an empty file is refused by name.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'empty.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(''),
    });
    await page.getByText(/empty/i).first().waitFor();
    expect(await smallTargets(page, 'form[aria-label="Edit branch BER-01"]', 44)).toEqual([]);
    expect(await seriousAxe(page)).toEqual([]);

    const name = page.locator('input[name="name"]');
    await name.fill('Berlin Mitte and more');
    await page.getByRole('button', { name: 'Review and save' }).click();
    const review = page.getByRole('dialog', { name: 'Review changes' });
    await review.waitFor();
    await review.getByText('Berlin Mitte and more', { exact: true }).waitFor();
    expect(await smallTargets(page, '[role="dialog"]', 44)).toEqual([]);
    expect(await seriousAxe(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
