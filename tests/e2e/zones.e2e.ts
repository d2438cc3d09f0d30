/**
 * The delivery-zone map editor in Chromium (WebGL in software): drawing by clicks, naming,
 * dragging a corner, undo, saving; a bow tie blocking Save; importing a file; the branch pin.
 * The built app with the offline base map (support.ts's appBuild), against the in-process
 * reference server, whose database is read to check what was saved.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getBranch } from '../support/branches';
import { reversed, square, type Ring } from '../support/geo';
import { branchSaved, reviewAndSave, saveButton } from './branch-support';
import {
  DESKTOP,
  mapDrawnSince,
  mapIdles,
  NARROW,
  screenshot,
  signIn,
  startApp,
  type App,
  type PageOptions,
} from './support';

let app: App;
let tmp: string;

beforeAll(async () => {
  app = await startApp({ jobs: 40 });
  tmp = mkdtempSync(join(tmpdir(), 'zones-e2e-'));
});
afterAll(async () => {
  await app?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

type LonLat = [number, number];
type ZoneRow = { feature_id: string; properties: string; geometry: string };

/** A signed-out page, and a list of the errors the page reports. */
async function openPage(options: PageOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const page = await app.newPage(options);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return { page, errors };
}

/** Opens a branch's editor and waits for the map to be ready (its tools enabled) and drawn. */
async function openBranch(page: Page, id: string): Promise<Locator> {
  await signIn(page, app.token, `/branches/${id}`);
  await page.getByRole('form', { name: `Edit branch ${id}` }).waitFor();
  const canvas = page.locator('.maplibregl-canvas');
  await canvas.waitFor();
  await page.getByText('Offline base map: streets not shown').waitFor();
  await page.getByRole('button', { name: 'Draw zone' }).and(page.locator(':enabled')).waitFor();
  // The map in view (clicks outside the viewport land nowhere).
  await page
    .getByRole('heading', { name: 'Delivery zones', exact: true })
    .evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await mapDrawnSince(page, 0);
  return canvas;
}

function zonesInDb(branchId: string): ZoneRow[] {
  return app.server.db
    .prepare(
      'SELECT feature_id, properties, geometry FROM branch_zones WHERE branch_id = ? ORDER BY position',
    )
    .all(branchId) as ZoneRow[];
}

async function putZones(branchId: string, features: unknown[]): Promise<void> {
  const res = await fetch(`${app.url}/v1/branches/${branchId}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ branch: { delivery_zones: { type: 'FeatureCollection', features } } }),
  });
  expect(res.status).toBe(200);
}

// ---- Web Mercator, as maplibre draws it (512-pixel tiles), to turn clicks into lon/lat ----

type View = { center: LonLat; zoom: number; width: number; height: number };

function worldPx([lon, lat]: LonLat, zoom: number): [number, number] {
  const size = 512 * 2 ** zoom;
  const s = Math.sin((lat * Math.PI) / 180);
  return [((lon + 180) / 360) * size, (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * size];
}

function toLonLat(view: View, [x, y]: [number, number]): LonLat {
  const size = 512 * 2 ** view.zoom;
  const [cx, cy] = worldPx(view.center, view.zoom);
  const wx = cx + x - view.width / 2;
  const wy = cy + y - view.height / 2;
  const lon = (wx / size) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * wy) / size))) * 180) / Math.PI;
  return [lon, lat];
}

function toPixel(view: View, at: LonLat): [number, number] {
  const [cx, cy] = worldPx(view.center, view.zoom);
  const [wx, wy] = worldPx(at, view.zoom);
  return [wx - cx + view.width / 2, wy - cy + view.height / 2];
}

/** Twice the signed area (shoelace); positive for a counter-clockwise ring. */
function signedArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++)
    sum += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
  return sum;
}

const sixDecimals = (n: number) => Math.round(n * 1e6) / 1e6 === n;

async function canvasBox(canvas: Locator) {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the map canvas has no box');
  return box;
}

/**
 * Clicks the map at a point given in canvas pixels. Draw reads each click on its own (a click
 * is a press and release within a few pixels; Playwright's clicks are never double clicks), so
 * clicks need no pause between them; a click that must land on something drawn waits for the
 * map to have drawn it (`mapDrawnSince`).
 */
async function clickMap(page: Page, canvas: Locator, [x, y]: [number, number]) {
  const box = await canvasBox(canvas);
  await page.mouse.click(box.x + x, box.y + y);
}

async function dragOnMap(page: Page, canvas: Locator, from: [number, number], to: [number, number]) {
  const box = await canvasBox(canvas);
  await page.mouse.move(box.x + from[0], box.y + from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + (from[0] + to[0]) / 2, box.y + (from[1] + to[1]) / 2, { steps: 5 });
  await page.mouse.move(box.x + to[0], box.y + to[1], { steps: 5 });
  await page.mouse.up();
}

/**
 * Points at a zone's corner as a user does, until the map shows that a corner is under the
 * pointer (draw's `feature-vertex` class, which sets the cursor). The map can say it is idle
 * before draw's corner handles are drawn.
 */
async function pointAtCorner(page: Page, canvas: Locator, at: [number, number]) {
  const box = await canvasBox(canvas);
  let nudge = 0;
  // Looked for as long as a map is waited for (support.ts): each look costs a frame of software GL.
  await expect
    .poll(
      async () => {
        nudge = 1 - nudge; // a new pointer move each time, so that draw looks again
        await page.mouse.move(box.x + at[0] + nudge, box.y + at[1]);
        return page.evaluate(() =>
          document.querySelector('.maplibregl-map')?.classList.contains('feature-vertex'),
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Drags a zone's corner as a user does: points at it (`pointAtCorner`), then drags it. */
async function dragCorner(page: Page, canvas: Locator, from: [number, number], to: [number, number]) {
  await pointAtCorner(page, canvas, from);
  await dragOnMap(page, canvas, from, to);
}

const zonePanel = (page: Page) => page.getByRole('region', { name: 'Zones', exact: true });

/**
 * How many pixels of the snap target's colour (src/map/layers.ts) are drawn within 12 pixels of
 * a point of the canvas: the ring that shows where a corner will go, before the click.
 */
async function snapTargetPixels(page: Page, canvas: Locator, [x, y]: [number, number]): Promise<number> {
  const box = await canvasBox(canvas);
  const png = await page.screenshot({
    clip: { x: box.x + x - 12, y: box.y + y - 12, width: 24, height: 24 },
  });
  return page.evaluate(
    async (bytes) => {
      const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
      const canvas2d = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas2d.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (Math.abs(r - 0xe1) < 40 && Math.abs(g - 0x1d) < 40 && Math.abs(b - 0x74) < 40) count++;
      }
      return count;
    },
    [...png],
  );
}

/**
 * Puts the zone under `inside` into corner editing by clicks on the map (a click selects a
 * zone, a click on the selected zone edits its corners), never through the zone list: selecting
 * from the list fits the map to the zone, which would move every corner away from the pixels
 * the test knows. Each click is followed by the map's redraw, so the corner handles the drag
 * must grab are drawn once "Editing corners" shows.
 */
async function editCorners(page: Page, canvas: Locator, inside: [number, number]) {
  const editing = page.getByText('Editing corners');
  await vi.waitFor(
    async () => {
      if (!(await editing.isVisible())) {
        const beforeClick = await mapIdles(page);
        await clickMap(page, canvas, inside);
        await mapDrawnSince(page, beforeClick);
      }
      await editing.waitFor({ timeout: 2_000 });
    },
    { timeout: 30_000, interval: 250 },
  );
}

/**
 * Madrid's branch without zones, opened at its pin (zoom 12), beside another branch's zone to
 * the west whose east edge runs from `ne` to `se` (6-decimal corners), with `bulge` degrees
 * (when given) a corner `mid` halfway between them that far east; `at` gives the canvas pixel a
 * few pixels from a position.
 */
async function besideNeighbour(bulge = 0) {
  await putZones('MAD-01', []);
  const { coordinates } = (await getBranch(app, 'MAD-01'))!;
  const [lon, lat] = [coordinates.longitude, coordinates.latitude];
  const six = (n: number) => Math.round(n * 1e6) / 1e6;
  const ne: LonLat = [six(lon - 0.005), six(lat + 0.01)];
  const se: LonLat = [six(lon - 0.005), six(lat - 0.01)];
  const west = six(lon - 0.03);
  const mid: LonLat = [six(lon - 0.005 + bulge), six(lat)];
  const east = bulge ? [se, mid, ne] : [se, ne];
  await putZones('BER-01', [
    {
      type: 'Feature',
      id: 'ber-01-next-door',
      properties: { name: 'Next door' },
      geometry: { type: 'Polygon', coordinates: [[[west, se[1]], ...east, [west, ne[1]], [west, se[1]]]] },
    },
  ]);
  const { page, errors } = await openPage();
  const canvas = await openBranch(page, 'MAD-01');
  const box = await canvasBox(canvas);
  const view: View = { center: [lon, lat], zoom: 12, width: box.width, height: box.height };
  const at = (p: LonLat, dx: number, dy: number): [number, number] => {
    const [x, y] = toPixel(view, p);
    return [Math.round(x + dx), Math.round(y + dy)];
  };
  return { page, errors, canvas, box, view, at, ne, se, mid };
}

describe('zone map editor in Chromium', () => {
  it('draws a zone by clicks, names it, drags a corner, undoes the drag, and saves the drawn ring (CCW, closed, 6 decimals)', async () => {
    // A branch without zones opens centred on its location at zoom 12: clicks can be turned into
    // lon/lat independently of the app.
    await putZones('MAN-01', []);
    const { coordinates } = (await getBranch(app, 'MAN-01'))!;
    const { page, errors } = await openPage();
    const canvas = await openBranch(page, 'MAN-01');
    const box = await canvasBox(canvas);
    const view: View = {
      center: [coordinates.longitude, coordinates.latitude],
      zoom: 12,
      width: box.width,
      height: box.height,
    };

    // Clockwise on the screen (and on the ground), as people often draw.
    const cx = Math.round(box.width / 2);
    const cy = Math.round(box.height / 2);
    const clicks: [number, number][] = [
      [cx - 120, cy - 90],
      [cx + 110, cy - 100],
      [cx + 130, cy + 80],
      [cx - 100, cy + 100],
    ];
    await page.getByRole('button', { name: 'Draw zone' }).click();
    await page.getByText('Drawing a zone').waitFor();
    const beforeCorners = await mapIdles(page);
    for (const p of clicks) await clickMap(page, canvas, p);
    // On the first corner: finished. Draw finds that corner among what the map has rendered.
    await mapDrawnSince(page, beforeCorners);
    await clickMap(page, canvas, clicks[0]!);
    await page.getByText('1 zone', { exact: true }).waitFor();
    const panel = zonePanel(page);
    await panel.getByText('4 corners').waitFor();
    await panel.getByText('Valid', { exact: true }).waitFor();
    const drawnArea = await panel.getByText(/^[\d.,]+ km²$/).innerText();
    await screenshot(page, 'zones-drawn-1280');

    // Name it in the list.
    const name = panel.getByRole('textbox', { name: 'Name of zone 1' });
    await name.fill('Northern Quarter');
    await page.getByText('1 unsaved change').waitFor();

    // Drag a corner: a click on the selected zone edits its corners, then the corner is dragged.
    // Not at the centre: the branch's pin stands there (the view is centred on the branch), and a
    // click on the pin is the pin's, not the zone's.
    await editCorners(page, canvas, [cx - 50, cy + 50]);
    await dragCorner(page, canvas, clicks[2]!, [clicks[2]![0] + 70, clicks[2]![1] + 60]);
    await expect.poll(() => panel.getByText(/^[\d.,]+ km²$/).innerText()).not.toBe(drawnArea);
    await screenshot(page, 'zones-corner-dragged-1280');

    // Undo (Ctrl+Z): the corner is back, the name stays.
    await page.keyboard.press('Control+z');
    await expect.poll(() => panel.getByText(/^[\d.,]+ km²$/).innerText()).toBe(drawnArea);
    await expect(name.inputValue()).resolves.toBe('Northern Quarter');

    await reviewAndSave(page);
    await branchSaved(page);

    const rows = zonesInDb('MAN-01');
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.properties)).toEqual({ name: 'Northern Quarter' });
    const geometry = JSON.parse(rows[0]!.geometry) as { type: string; coordinates: Ring[] };
    expect(geometry.type).toBe('Polygon');
    expect(geometry.coordinates).toHaveLength(1);
    const ring = geometry.coordinates[0]!;
    expect(ring).toHaveLength(5);
    expect(ring[4]).toEqual(ring[0]); // closed
    expect(signedArea(ring)).toBeGreaterThan(0); // counter-clockwise (RFC 7946)
    for (const [lon, lat] of ring) expect(sixDecimals(lon) && sixDecimals(lat)).toBe(true);
    // Where it was clicked: every corner within 2 pixels (about 25 m at zoom 12) of a click,
    // starting at the first click, in reversed (counter-clockwise) order.
    const pxTolerance = 2;
    const expected = [clicks[0]!, clicks[3]!, clicks[2]!, clicks[1]!].map((p) => toLonLat(view, p));
    ring.slice(0, 4).forEach((corner, i) => {
      const [px, py] = toPixel(view, corner);
      const [ex, ey] = toPixel(view, expected[i]!);
      expect(Math.hypot(px - ex, py - ey)).toBeLessThanOrEqual(pxTolerance);
    });

    // The service's view: a FeatureCollection of Polygon features with string ids.
    const saved = (await getBranch(app, 'MAN-01'))!.delivery_zones!;
    expect(saved.type).toBe('FeatureCollection');
    expect(saved.features[0]).toMatchObject({
      type: 'Feature',
      properties: { name: 'Northern Quarter' },
      geometry: { type: 'Polygon' },
    });
    expect(typeof saved.features[0]!.id).toBe('string');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('snaps a zone drawn along another branch’s zone to its corners (the target shown before the click, Alt to place freely); the saved corners equal the neighbour’s, with no overlap', async () => {
    const { page, errors, canvas, box, view, at, ne, se } = await besideNeighbour();
    let body: { branch: { delivery_zones: { features: { geometry: { coordinates: Ring[] } }[] } } } | null =
      null;
    page.on('request', (request) => {
      if (request.method() === 'PUT') body = request.postDataJSON() as typeof body;
    });

    await page.getByRole('button', { name: 'Snap', pressed: true }).waitFor(); // on by default
    await page.getByRole('button', { name: 'Draw zone' }).click();
    await page.getByText('Drawing a zone').waitFor();
    // Near the neighbour's corner, before any click: the snap target is drawn on the corner.
    const nearNe = at(ne, 5, -4);
    const mouseAt = async ([x, y]: [number, number]) => page.mouse.move(box.x + x, box.y + y);
    const beforeTarget = await mapIdles(page);
    await mouseAt(nearNe);
    await mapDrawnSince(page, beforeTarget);
    await expect.poll(() => snapTargetPixels(page, canvas, at(ne, 0, 0))).toBeGreaterThan(20);
    await screenshot(page, 'zones-snap-target-1280');
    // Holding Alt places freely: no target.
    await page.keyboard.down('Alt');
    const beforeFree = await mapIdles(page);
    await mouseAt(at(ne, 6, -4));
    await mapDrawnSince(page, beforeFree);
    await expect.poll(() => snapTargetPixels(page, canvas, at(ne, 0, 0))).toBe(0);
    await page.keyboard.up('Alt');

    // Two corners near the neighbour's, two free ones to the east, then the first corner again.
    const free1 = at(se, 160, 0);
    const free2 = at(ne, 160, 0);
    const beforeCorners = await mapIdles(page);
    await clickMap(page, canvas, nearNe);
    await clickMap(page, canvas, at(se, 4, 5));
    await clickMap(page, canvas, free1);
    await clickMap(page, canvas, free2);
    await mapDrawnSince(page, beforeCorners);
    const beforeClose = await mapIdles(page);
    await clickMap(page, canvas, at(ne, 0, 0));
    const panel = zonePanel(page);
    await panel.getByText('4 corners').waitFor();
    await panel.getByText('All valid').waitFor();
    await mapDrawnSince(page, beforeClose);
    await screenshot(page, 'zones-snapped-1280');
    // Neighbours that meet exactly: no overlap warning, with the other branch's zone or any.
    expect(await panel.getByText(/overlap/).count()).toBe(0);

    await reviewAndSave(page);
    await branchSaved(page);
    const ring = body!.branch.delivery_zones.features[0]!.geometry.coordinates[0]!;
    expect(ring).toHaveLength(5);
    expect(ring).toContainEqual(ne);
    expect(ring).toContainEqual(se);
    // The free corners are where they were clicked (within 2 pixels), not snapped anywhere.
    for (const free of [free1, free2]) {
      const expected = toLonLat(view, free);
      const corner = ring.find(
        (p) =>
          Math.hypot(
            ...(toPixel(view, p).map((v, i) => v - toPixel(view, expected)[i]!) as [number, number]),
          ) <= 2,
      );
      expect(corner).toBeDefined();
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('drawing along a neighbour whose border bends between two snapped corners follows that border: no sliver, no overlap', async () => {
    // The neighbour's east edge bends out by 0.003° (about 17 pixels at zoom 12) halfway.
    const { page, errors, canvas, at, ne, se, mid } = await besideNeighbour(0.003);
    await page.getByRole('button', { name: 'Snap', pressed: true }).waitFor();
    await page.getByRole('button', { name: 'Draw zone' }).click();
    await page.getByText('Drawing a zone').waitFor();
    // Near the neighbour's two end corners (snapped), then two free corners to the east.
    for (const p of [at(ne, 5, -4), at(se, 4, 5), at(se, 160, 0), at(ne, 160, 0)])
      await clickMap(page, canvas, p);
    await page.keyboard.press('Enter');
    const panel = zonePanel(page);
    // The edge between the snapped corners follows the bend: its corner is the zone's fifth.
    await panel.getByText('5 corners').waitFor();
    await panel.getByText('All valid').waitFor();
    expect(await panel.getByText(/overlap/).count()).toBe(0);
    expect(await page.locator('[data-overlap-line]').count()).toBe(0);
    await screenshot(page, 'zones-border-followed-1280');

    await reviewAndSave(page);
    await branchSaved(page);
    const ring = (JSON.parse(zonesInDb('MAD-01')[0]!.geometry) as { coordinates: Ring[] }).coordinates[0]!;
    expect(ring).toHaveLength(6);
    for (const corner of [ne, mid, se]) expect(ring).toContainEqual(corner);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('snaps a corner being moved onto another branch’s corner', async () => {
    const { page, errors, canvas, at, ne, se } = await besideNeighbour();
    // A zone whose west corners stand 30 pixels east of the neighbour's, out of snapping reach.
    const nw = at(ne, 30, 0);
    const corners = [nw, at(se, 30, 0), at(se, 150, 0), at(ne, 150, 0)];
    await page.getByRole('button', { name: 'Draw zone' }).click();
    for (const p of corners) await clickMap(page, canvas, p);
    await page.keyboard.press('Enter');
    const panel = zonePanel(page);
    await panel.getByText('4 corners').waitFor();

    // Its corners on show, then its north-west corner dragged to 4 pixels from the neighbour's
    // north-east corner: it lands on that corner.
    await editCorners(page, canvas, at(ne, 90, 0));
    await dragCorner(page, canvas, nw, at(ne, 4, 3));
    await page.keyboard.press('Escape');

    await reviewAndSave(page);
    await branchSaved(page);
    const ring = (JSON.parse(zonesInDb('MAD-01')[0]!.geometry) as { coordinates: Ring[] }).coordinates[0]!;
    expect(ring).toContainEqual(ne);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('moves a selected corner with the arrow keys (Shift farther), one undo step for the run, without moving the map', async () => {
    const { page, errors, canvas, view, at, ne, se } = await besideNeighbour();
    // Out of snapping reach of the neighbour: the keys' moves are not snapped.
    const nw = at(ne, 60, 0);
    const corners = [nw, at(se, 60, 0), at(se, 180, 0), at(ne, 180, 0)];
    await page.getByRole('button', { name: 'Draw zone' }).click();
    for (const p of corners) await clickMap(page, canvas, p);
    await page.keyboard.press('Enter');
    const panel = zonePanel(page);
    await panel.getByText('4 corners').waitFor();
    const area = () => panel.getByText(/^[\d.,]+ km²$/).innerText();
    const drawnArea = await area();

    // A click on the north-west corner selects it; the status line says how to move it.
    await editCorners(page, canvas, at(ne, 120, 0));
    await pointAtCorner(page, canvas, nw);
    await page.mouse.down();
    await page.mouse.up();
    await page.getByText(/move it with the arrow keys/).waitFor();

    // Five steps right (4 pixels each), one Shift step down (20 pixels): 20 pixels each way.
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(area).not.toBe(drawnArea);
    const movedArea = await area();
    // One undo takes the whole run back; redo brings it again.
    await page.keyboard.press('Control+z');
    await expect.poll(area).toBe(drawnArea);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(area).toBe(movedArea);
    // The map stayed put: the corner is on screen where the keys took it.
    const moved: [number, number] = [nw[0] + 20, nw[1] + 20];
    await pointAtCorner(page, canvas, moved);
    await page.keyboard.press('Escape');

    await reviewAndSave(page);
    await branchSaved(page);
    const ring = (JSON.parse(zonesInDb('MAD-01')[0]!.geometry) as { coordinates: Ring[] }).coordinates[0]!;
    // The moved corner stands 20 pixels right of and 20 below where it was drawn; the others stay.
    const near = (target: [number, number]) =>
      ring.some((p) => Math.hypot(toPixel(view, p)[0] - target[0], toPixel(view, p)[1] - target[1]) <= 1.5);
    expect(near(moved)).toBe(true);
    expect(near(nw)).toBe(false);
    for (const p of corners.slice(1)) expect(near(p)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('cuts a hole in the selected zone: shown, counted in the area, undoable, saved as a clockwise inner ring', async () => {
    const { coordinates } = (await getBranch(app, 'DXB-01'))!;
    const [lon, lat] = [coordinates.longitude, coordinates.latitude];
    const six = (n: number) => Math.round(n * 1e6) / 1e6;
    await putZones('DXB-01', [
      {
        type: 'Feature',
        id: 'dxb-01-centro',
        properties: { name: 'Centro' },
        geometry: { type: 'Polygon', coordinates: [square(six(lon - 0.02), six(lat - 0.02), 0.04)] },
      },
    ]);
    const { page, errors } = await openPage();
    const canvas = await openBranch(page, 'DXB-01');
    const box = await canvasBox(canvas);
    const panel = zonePanel(page);
    const area = () =>
      panel
        .getByText(/^[\d.,]+ km²$/)
        .first()
        .innerText();
    const before = await area();

    await panel.getByRole('button', { name: /^Zone 1: select Centro/ }).click();
    await page.getByRole('button', { name: 'Cut hole' }).click();
    await page.getByText('Cutting a hole · Centro').waitFor();
    // Below the pin, which stands at the centre (the view is fitted to the zone around it), and
    // clear of the zone's label that hangs below the middle.
    const cx = Math.round(box.width / 2);
    const cy = Math.round(box.height / 2);
    const corners: [number, number][] = [
      [cx - 70, cy + 45],
      [cx + 50, cy + 45],
      [cx + 50, cy + 110],
      [cx - 70, cy + 110],
    ];
    for (const p of corners) await clickMap(page, canvas, p);
    const beforeHole = await mapIdles(page);
    await page.keyboard.press('Enter');
    await panel.getByText('1 hole').waitFor();
    await panel.getByRole('list', { name: 'Holes of Centro' }).waitFor();
    await expect.poll(area).not.toBe(before);
    await panel.getByText('All valid').waitFor();
    await mapDrawnSince(page, beforeHole);
    await screenshot(page, 'zones-hole-1280');

    // Undone and redone like any edit.
    await page.keyboard.press('Control+z');
    await expect.poll(() => panel.getByText('1 hole').count()).toBe(0);
    await expect.poll(area).toBe(before);
    await page.keyboard.press('Control+Shift+z');
    await panel.getByText('1 hole').waitFor();

    await reviewAndSave(page);
    await branchSaved(page);
    const [row] = zonesInDb('DXB-01');
    const rings = (JSON.parse(row!.geometry) as { coordinates: Ring[] }).coordinates;
    expect(rings).toHaveLength(2);
    expect(signedArea(rings[0]!)).toBeGreaterThan(0);
    expect(signedArea(rings[1]!)).toBeLessThan(0); // the hole, clockwise (RFC 7946)
    expect(rings[1]).toHaveLength(5);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('blocks Save with the reason while a drawn zone crosses itself (bow tie)', async () => {
    const { page, errors } = await openPage();
    const canvas = await openBranch(page, 'MAD-01');
    const before = zonesInDb('MAD-01');
    const box = await canvasBox(canvas);
    const cx = Math.round(box.width / 2);
    const cy = Math.round(box.height / 2);
    // Top left, bottom right, top right, bottom left: the edges cross in the middle.
    const clicks: [number, number][] = [
      [cx - 100, cy - 80],
      [cx + 100, cy + 80],
      [cx + 100, cy - 80],
      [cx - 100, cy + 80],
    ];
    await page.getByRole('button', { name: 'Draw zone' }).click();
    for (const p of clicks) await clickMap(page, canvas, p);
    await page.keyboard.press('Enter'); // Enter finishes the polygon
    const panel = zonePanel(page);
    await panel.getByText('1 invalid').waitFor();
    const problem = panel.getByText(/The zone's edges cross near/);
    await problem.waitFor();
    await expect(saveButton(page).isDisabled()).resolves.toBe(true);
    const reason = page.getByText(
      /^Save is disabled: 1 problem to fix\. Delivery zones: Zone \d: The zone's edges cross near/,
    );
    await reason.waitFor();
    await screenshot(page, 'zones-bowtie-1280');

    // Fixing it (here: deleting the zone with the Delete key, the zone selected) frees Save again.
    // The drawn zone comes after the branch's zones (whatever the tests before left it).
    await panel.getByRole('button', { name: new RegExp(`^Zone ${before.length + 1}: select`) }).click();
    await canvas.focus();
    await page.keyboard.press('Delete');
    await page.getByText('No unsaved changes').waitFor();
    expect(zonesInDb('MAD-01')).toEqual(before);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('imports a file with two zones and saves them', async () => {
    const { page, errors } = await openPage();
    await openBranch(page, 'PAR-01');
    const before = zonesInDb('PAR-01');
    const file = join(tmp, 'two-zones.geojson');
    // Clockwise squares, as some tools write them.
    const clockwise = (lon: number, lat: number, size: number) => reversed(square(lon, lat, size));
    writeFileSync(
      file,
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { name: 'Bastille' },
            geometry: { type: 'Polygon', coordinates: [clockwise(2.365, 48.85, 0.008)] },
          },
          {
            type: 'Feature',
            id: 'par-01-nation',
            properties: { name: 'Nation' },
            geometry: { type: 'Polygon', coordinates: [clockwise(2.39, 48.845, 0.01)] },
          },
        ],
      }),
    );
    const beforeImport = await mapIdles(page);
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole('button', { name: 'Add 2 zones' }).click();
    await page.getByText('Imported 2 zones from two-zones.geojson.').waitFor();
    const panel = zonePanel(page);
    await panel.getByRole('heading', { name: `${before.length + 2} zones` }).waitFor();
    await mapDrawnSince(page, beforeImport); // the map has flown to the imported zones
    await screenshot(page, 'zones-imported-1280');
    // PAR-01's seeded zones overlap each other twice: already there, they ask nothing.
    await reviewAndSave(page);
    await branchSaved(page);

    const after = zonesInDb('PAR-01');
    expect(after).toHaveLength(before.length + 2);
    const added = after.slice(before.length);
    expect(added.map((z) => JSON.parse(z.properties) as unknown)).toEqual([
      { name: 'Bastille' },
      { name: 'Nation' },
    ]);
    expect(added[1]!.feature_id).toBe('par-01-nation');
    expect(added[0]!.feature_id).toMatch(/^zone-/);
    const ring = (JSON.parse(added[0]!.geometry) as { coordinates: Ring[] }).coordinates[0]!;
    expect(signedArea(ring)).toBeGreaterThan(0); // the file's clockwise square, rewound
    expect(ring[0]).toEqual([2.365, 48.85]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('places the branch pin with "Set location" (undoable), by dragging it, and moves it when the fields are typed', async () => {
    await putZones('DXB-01', []);
    const { coordinates } = (await getBranch(app, 'DXB-01'))!;
    const { page, errors } = await openPage();
    const canvas = await openBranch(page, 'DXB-01');
    const box = await canvasBox(canvas);
    const view: View = {
      center: [coordinates.longitude, coordinates.latitude],
      zoom: 12,
      width: box.width,
      height: box.height,
    };
    const marker = page.locator('.maplibregl-marker[aria-label="Location"]');
    const markerTip = async (): Promise<[number, number]> => {
      const b = (await marker.boundingBox())!;
      const c = await canvasBox(canvas); // the page may have scrolled (typing in a field)
      // maplibre's default marker is centred 14 px above its point (the tip of the pin).
      return [b.x + b.width / 2 - c.x, b.y + b.height / 2 + 14 - c.y];
    };
    const latitude = page.getByLabel('Latitude');
    const longitude = page.getByLabel('Longitude');
    const near = (a: [number, number], b: [number, number], px: number) =>
      Math.hypot(a[0] - b[0], a[1] - b[1]) <= px;

    // The marker stands on the branch's location.
    expect(near(await markerTip(), [box.width / 2, box.height / 2], 4)).toBe(true);

    // "Set location", then a click on the map.
    await page.getByRole('button', { name: 'Set location' }).click();
    await page.getByText('Placing the location').waitFor();
    const target: [number, number] = [Math.round(box.width / 2) + 150, Math.round(box.height / 2) - 100];
    await clickMap(page, canvas, target);
    const [lon, lat] = toLonLat(view, target);
    await expect.poll(() => latitude.inputValue()).toMatch(/^-?\d+\.\d{6}$/);
    expect(Number(await latitude.inputValue())).toBeCloseTo(lat, 3);
    expect(Number(await longitude.inputValue())).toBeCloseTo(lon, 3);
    await page.getByText('1 unsaved change').waitFor();
    expect(near(await markerTip(), target, 4)).toBe(true);

    // Placing the pin is one undo step, like every other map edit; redo places it again.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => Number(await latitude.inputValue())).toBe(coordinates.latitude);
    expect(Number(await longitude.inputValue())).toBe(coordinates.longitude);
    await page.getByText('No unsaved changes').waitFor();
    await expect.poll(async () => near(await markerTip(), [box.width / 2, box.height / 2], 4)).toBe(true);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => Number(await latitude.inputValue())).toBeCloseTo(lat, 3);
    await expect.poll(async () => near(await markerTip(), target, 4)).toBe(true);

    // Dragging the marker.
    const from = await markerTip();
    const to: [number, number] = [from[0] - 200, from[1] + 120];
    await dragOnMap(page, canvas, [from[0], from[1] - 15], [to[0], to[1] - 15]);
    const [lon2, lat2] = toLonLat(view, to);
    await expect.poll(async () => Number(await longitude.inputValue())).toBeCloseTo(lon2, 3);
    expect(Number(await latitude.inputValue())).toBeCloseTo(lat2, 3);

    // Typing the fields moves the marker.
    await latitude.fill(coordinates.latitude.toFixed(6));
    await longitude.fill(coordinates.longitude.toFixed(6));
    await expect.poll(async () => near(await markerTip(), [box.width / 2, box.height / 2], 4)).toBe(true);
    await page.getByText('No unsaved changes').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('puts the map and its tools on the first screen at 1280×720, beside the fields, above the action bar; Alt+M and a skip link reach them', async () => {
    const { page, errors } = await openPage({ viewport: { width: 1280, height: 720 } });
    await signIn(page, app.token, '/branches/LDN-01');
    const drawZone = page.getByRole('button', { name: 'Draw zone' });
    await drawZone.and(page.locator(':enabled')).waitFor();
    await mapDrawnSince(page, 0);
    await screenshot(page, 'zones-first-screen-1280x720');
    const inView = async (locator: Locator) => {
      const b = (await locator.boundingBox())!;
      return b.x >= 0 && b.y >= 0 && b.x + b.width <= 1280 && b.y + b.height <= 720;
    };
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const canvas = page.locator('.maplibregl-canvas');
    expect(await inView(drawZone)).toBe(true);
    expect(await inView(canvas)).toBe(true);
    const map = (await canvas.boundingBox())!;
    expect(map.height).toBeGreaterThanOrEqual(300);
    // Beside the fields (to their right), and the action bar does not cover it.
    const latitude = (await page.getByLabel('Latitude').boundingBox())!;
    expect(map.x).toBeGreaterThan(latitude.x + latitude.width);
    const bar = (await page.getByRole('region', { name: 'Save changes' }).boundingBox())!;
    expect(map.y + map.height).toBeLessThanOrEqual(bar.y);

    // Alt+M from a field jumps to the tools; so does the skip link, the form's first stop.
    await page.locator('input[name="name"]').focus();
    await page.keyboard.press('Alt+m');
    await expect.poll(() => drawZone.evaluate((el) => el === document.activeElement)).toBe(true);
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Branches' })
      .focus();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to the map tools (Alt+M)' });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => drawZone.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows a map-shaped skeleton while the map’s chunk loads, then the map', async () => {
    const { page, errors } = await openPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.context().route(/\/assets\/ZoneEditor-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, app.token, '/branches/LDN-01');
    await page.getByRole('form', { name: 'Edit branch LDN-01' }).waitFor();
    const loading = page.getByText('Loading the zone map…').first();
    await loading.waitFor({ state: 'attached' });
    await page
      .getByRole('heading', { name: 'Delivery zones', exact: true })
      .evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'zones-loading-1280');
    // The rest of the form works meanwhile.
    await page.getByLabel('Formatted address').fill('1 Shoreditch High Street, London');
    await page.getByText('1 unsaved change').waitFor();
    release();
    await page.locator('.maplibregl-canvas').waitFor();
    await loading.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of [DESKTOP, NARROW]) {
      it(`looks finished at ${viewport.width} wide, ${colorScheme}`, async () => {
        // Another branch's zone reaching into Amsterdam: shown dashed, with an overlap warning.
        await putZones('BER-01', [
          {
            type: 'Feature',
            id: 'ber-01-guest',
            properties: { name: 'Guest' },
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [4.9, 52.35],
                  [4.925, 52.35],
                  [4.925, 52.366],
                  [4.9, 52.366],
                  [4.9, 52.35],
                ],
              ],
            },
          },
        ]);
        const { page, errors } = await openPage({ viewport, colorScheme });
        await openBranch(page, 'AMS-01');
        await page
          .getByText(/overlaps zone "Guest" of branch "BER-01"/)
          .first()
          .waitFor();
        await mapDrawnSince(page, 0); // the other branch's zone drawn
        await screenshot(page, `zones-editor-${viewport.width}-${colorScheme}`);
        // Select a zone from the list: the map zooms to it.
        const beforeSelect = await mapIdles(page);
        await zonePanel(page)
          .getByRole('button', { name: /^Zone 1: select/ })
          .click();
        await page.getByText(/Selecting · Central/).waitFor();
        await mapDrawnSince(page, beforeSelect); // zoomed to the zone
        await screenshot(page, `zones-selected-${viewport.width}-${colorScheme}`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(viewport.width);
        expect(errors).toEqual([]);
        await page.context().close();
      });
    }
  }
});
