/**
 * The branch editor with 20 zones of 500 vertices (offline map style): navigation start to
 * the map ready (see the `editorReady` condition in probe.ts for exactly what that means).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeZones } from '../../src/geo';
import type { Branch } from '../../src/contract';
import type { Page } from 'playwright-core';
import type { Api } from './api';
import { timeInteraction, waitForWatched } from './browser';
import { inFreshPage, type JobsBench } from './jobs-figures';
import { zoneGrid } from './rings';

export const EDITOR_ZONES = 20;
export const EDITOR_ZONE_VERTICES = 500;

/** Saves the 20 zones into `branch` through the API (PUT), around its location. */
export async function putEditorZones(api: Api, branch: Branch): Promise<void> {
  const center: [number, number] = [branch.coordinates.longitude, branch.coordinates.latitude];
  const zones = zoneGrid(EDITOR_ZONES, EDITOR_ZONE_VERTICES, center);
  await api.putBranch(branch.id, JSON.stringify({ branch: { delivery_zones: normalizeZones(zones) } }));
}

export type EditorFigures =
  { integrated: true; times: number[]; hook: boolean } | { integrated: false; note: string };

const ZONE_TOOLS = '[role="group"][aria-label="Zone tools"]';
const ZONE_LIST_ONLY = 'table[aria-label="Delivery zones"]';
const INTEGRATION_GRACE_MS = 5000;

export async function editorReady(
  b: Pick<JobsBench, 'browser' | 'token' | 'appUrl' | 'trace'>,
  branchId: string,
  runs: number,
): Promise<EditorFigures> {
  const url = `${b.appUrl}/branches/${encodeURIComponent(branchId)}`;
  const times: number[] = [];
  let hook = false;
  for (let i = 0; i < runs; i++) {
    const outcome = await inFreshPage(
      b,
      async ({ page }) => {
        await page.goto(url, { waitUntil: 'commit' });
        // The zones section of the form: the map editor, or (before its integration) the zone list alone.
        await page.locator(`${ZONE_TOOLS}, ${ZONE_LIST_ONLY}`).first().waitFor({ timeout: 30_000 });
        if ((await page.locator(ZONE_TOOLS).count()) === 0) {
          await page.waitForTimeout(INTEGRATION_GRACE_MS);
          if ((await page.locator(ZONE_TOOLS).count()) === 0) return null;
        }
        const painted = await waitForWatched(page, 'the branch editor map');
        hook ||= (await page.locator('[data-map-state]').count()) > 0;
        return painted.paintedAt;
      },
      { watchFromStart: { kind: 'editorReady', zones: EDITOR_ZONES, frames: 2 } },
    );
    if (outcome === null) {
      return {
        integrated: false,
        note: 'the branch editor shows the zone list without the map (ZoneEditor not integrated in ZonesSection yet)',
      };
    }
    times.push(outcome);
  }
  return { integrated: true, times, hook };
}

const NAME_FIELD = 'input[name="name"]';
const TYPED = ' Docklands East';

/**
 * Typing at the end of the branch's Name field with the 20 zones loaded and the map ready: for
 * each key, keydown to the frame after the field shows it (its input event handled). The first
 * key also makes the form dirty (the review bar appears). One session.
 */
export async function editorTyping(
  b: Pick<JobsBench, 'browser' | 'token' | 'appUrl' | 'trace'>,
  branchId: string,
): Promise<number[]> {
  return inReadyEditor(b, branchId, async (page) => {
    const field = page.locator(NAME_FIELD);
    await field.focus();
    await field.press('End');
    const before = await field.inputValue();
    const times: number[] = [];
    for (let i = 1; i <= TYPED.length; i++) {
      const painted = await timeInteraction(
        page,
        { kind: 'inputValue', selector: NAME_FIELD, value: before + TYPED.slice(0, i) },
        () => page.keyboard.type(TYPED[i - 1]!),
      );
      times.push(painted.paintedAt - painted.inputAt!);
      await page.waitForTimeout(50);
    }
    return times;
  });
}

/** `fn` on the branch editor of `branchId` in a fresh page, once its map is ready. */
function inReadyEditor<T>(
  b: Pick<JobsBench, 'browser' | 'token' | 'appUrl' | 'trace'>,
  branchId: string,
  fn: (page: Page) => Promise<T>,
): Promise<T> {
  const url = `${b.appUrl}/branches/${encodeURIComponent(branchId)}`;
  return inFreshPage(
    b,
    async ({ page }) => {
      await page.goto(url, { waitUntil: 'commit' });
      await waitForWatched(page, 'the branch editor map');
      return fn(page);
    },
    { watchFromStart: { kind: 'editorReady', zones: EDITOR_ZONES, frames: 2 } },
  );
}

/**
 * The pointer-move handler while drawing with snapping on, in the browser: with the 20 zones of
 * 500 corners loaded and "Draw zone" on, `mousemove` events are sent to the map on a grid over
 * the zones (many of them within snapping distance of an edge or a corner) and each dispatch is
 * timed: maplibre's handling, draw's move handler, the snap target found and shown. One session;
 * the first move (which builds the snapping index) is part of the sample.
 */
export async function snapMoves(
  b: Pick<JobsBench, 'browser' | 'token' | 'appUrl' | 'trace'>,
  branchId: string,
  moves: number,
): Promise<number[]> {
  return inReadyEditor(b, branchId, async (page) => {
    await page.getByRole('button', { name: 'Snap', pressed: true }).waitFor();
    await page.getByRole('button', { name: 'Draw zone' }).click();
    await page.getByText('Drawing a zone').waitFor();
    return page.evaluate((count) => {
      const canvas = document.querySelector<HTMLCanvasElement>('.maplibregl-canvas')!;
      const box = canvas.getBoundingClientRect();
      const columns = Math.ceil(Math.sqrt(count));
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const x = box.left + ((i % columns) + 0.5) * (box.width / columns);
        const y = box.top + (Math.floor(i / columns) + 0.5) * (box.height / columns);
        const event = new MouseEvent('mousemove', {
          clientX: x,
          clientY: y,
          bubbles: true,
          cancelable: true,
        });
        const start = performance.now();
        canvas.dispatchEvent(event);
        times.push(performance.now() - start);
      }
      return times;
    }, moves);
  });
}

/** The big zones file: 1,000 areas of 200 corners, coordinates to 6 decimals (about 5 MB). */
export const BIG_FILE_AREAS = 1000;
export const BIG_FILE_CORNERS = 200;

/** Writes the big zones file around `center` into `dir`; its path and size in bytes. */
export function writeBigZonesFile(dir: string, center: [number, number]): { path: string; bytes: number } {
  const grid = zoneGrid(BIG_FILE_AREAS, BIG_FILE_CORNERS, center);
  for (const feature of grid.features) {
    feature.geometry.coordinates = feature.geometry.coordinates.map((ring) =>
      ring.map(([lon, lat]) => [Number(lon.toFixed(6)), Number(lat.toFixed(6))]),
    );
  }
  const path = join(dir, 'big-zones.geojson');
  const text = JSON.stringify(grid);
  writeFileSync(path, text);
  return { path, bytes: Buffer.byteLength(text) };
}

export type ImportTimes = { answerMs: number; longestTaskMs: number };

/**
 * The editor's answer to the big file, with the 20 zones loaded: the file input's `change` (the
 * file chosen) to the refusal or the offer in the page (a MutationObserver's time), and the
 * longest main-thread task meanwhile (a `longtask` PerformanceObserver: tasks over 50 ms; 0
 * when there was none). One fresh page per run.
 */
export async function importBigFile(
  b: Pick<JobsBench, 'browser' | 'token' | 'appUrl' | 'trace'>,
  branchId: string,
  file: string,
  runs: number,
): Promise<ImportTimes[]> {
  const results: ImportTimes[] = [];
  for (let i = 0; i < runs; i++) {
    results.push(
      await inReadyEditor(b, branchId, async (page) => {
        await page.evaluate(() => {
          type Watch = { start: number; end: number; tasks: PerformanceEntry[] };
          const watch: Watch = { start: 0, end: 0, tasks: [] };
          (window as unknown as { __import: Watch }).__import = watch;
          new PerformanceObserver((list) => watch.tasks.push(...list.getEntries())).observe({
            type: 'longtask',
          });
          document
            .querySelector('input[type="file"]')!
            .addEventListener('change', () => (watch.start = performance.now()), { capture: true });
          // (No named functions in here: tsx would wrap them in a helper the page lacks.)
          new MutationObserver((_, observer) => {
            const answers = document.querySelectorAll('[role="alert"], [role="dialog"]');
            if (![...answers].some((e) => /Could not import|Add zones from/.test(e.textContent ?? '')))
              return;
            watch.end = performance.now();
            observer.disconnect();
          }).observe(document.body, { childList: true, subtree: true, characterData: true });
        });
        await page.locator('input[type="file"]').setInputFiles(file);
        await page
          .getByText(/Could not import|Add zones from/)
          .first()
          .waitFor({ timeout: 60_000 });
        // Long tasks are reported after they end: give the last one a frame to arrive.
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
        return page.evaluate(() => {
          const { start, end, tasks } = (
            window as unknown as { __import: { start: number; end: number; tasks: PerformanceEntry[] } }
          ).__import;
          const during = tasks.filter((t) => t.startTime + t.duration >= start && t.startTime <= end);
          return { answerMs: end - start, longestTaskMs: Math.max(0, ...during.map((t) => t.duration)) };
        });
      }),
    );
  }
  return results;
}
