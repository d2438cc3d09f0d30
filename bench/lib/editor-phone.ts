/**
 * The branch editor on a phone: 390 × 844 CSS px (touch, 3 device pixels per px), the CPU 4×
 * slower (CDP Emulation.setCPUThrottlingRate), a cold load of a branch with the bench's 20 zones
 * of 500 corners (offline map style). What Lighthouse's mobile run asks, measured in the page:
 * - form: navigation start → the first key typed in the Name field handled (its `input` event),
 *   the key pressed as soon as the field is on the screen;
 * - tbt: total blocking time, the sum of every long task's time over 50 ms (a buffered
 *   `longtask` PerformanceObserver), from navigation start to 1 s after the map is idle;
 * - lcp: largest contentful paint (stops at the first input, as the metric does);
 * - mapFirst: the map editor (its Zone tools) was already on the page when the key was handled.
 * With `tracePath`, each run records a Chrome trace there (one run, or the last one's).
 */
import type { Browser } from 'playwright-core';
import { probeSource } from './probe';

export const PHONE = { width: 390, height: 844 };
export const PHONE_CPU_SLOWDOWN = 4;

export type PhoneFigures = { formMs: number; tbtMs: number; lcpMs: number; mapFirst: boolean };

const NAME_FIELD = 'input[name="name"]';
const MAP_IDLE = '[data-map-state="idle"]';
const QUIET_AFTER_MAP_MS = 1000;

/** Installed before the app's scripts: records long tasks, LCP and the first input in Name. */
const WATCH = `(() => {
  const watch = { tasks: [], lcp: 0, input: null, mapFirst: false };
  window.__phone = watch;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) watch.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) watch.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  document.addEventListener('input', (event) => {
    if (watch.input !== null || !(event.target instanceof HTMLInputElement) || event.target.name !== 'name') return;
    watch.input = performance.now();
    watch.mapFirst = document.querySelector('[role="group"][aria-label="Zone tools"]') !== null;
  }, true);
})();`;

type Watch = {
  tasks: { start: number; duration: number }[];
  lcp: number;
  input: number | null;
  mapFirst: boolean;
};

export async function editorPhone(
  browser: Browser,
  token: string,
  appUrl: string,
  branchId: string,
  runs: number,
  tracePath?: string,
): Promise<PhoneFigures[]> {
  const url = `${appUrl}/branches/${encodeURIComponent(branchId)}`;
  const figures: PhoneFigures[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      colorScheme: 'light',
    });
    try {
      await context.addInitScript({ content: probeSource(token) });
      await context.addInitScript({ content: WATCH });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
      if (tracePath) await browser.startTracing(page, { path: tracePath, screenshots: false });
      await page.goto(url, { waitUntil: 'commit' });
      const name = page.locator(NAME_FIELD);
      await name.waitFor({ state: 'visible', timeout: 60_000 });
      // A tap on the field and a key, as a person would the moment it shows.
      await name.tap({ timeout: 60_000 });
      await page.keyboard.press('End');
      await page.keyboard.type('x');
      await page.waitForFunction(
        () => (window as unknown as { __phone: Watch }).__phone.input !== null,
        null,
        {
          timeout: 60_000,
        },
      );
      await page.locator(MAP_IDLE).waitFor({ state: 'attached', timeout: 120_000 });
      await page.waitForTimeout(QUIET_AFTER_MAP_MS);
      const watch = await page.evaluate(() => (window as unknown as { __phone: Watch }).__phone);
      if (tracePath) await browser.stopTracing();
      figures.push({
        formMs: watch.input!,
        tbtMs: watch.tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
        lcpMs: watch.lcp,
        mapFirst: watch.mapFirst,
      });
    } finally {
      await context.close();
    }
  }
  return figures;
}
