/** Chromium for the bench: fresh contexts with the token and the probe, and waits on the probe. */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { ensureChromium, launchChromium } from '../../tests/e2e/chromium';
import { probeSource, type Condition, type Painted } from './probe';

export const VIEWPORT = { width: 1280, height: 800 };
const PROBE_TIMEOUT_MS = 30_000;

export async function startBrowser(): Promise<Browser> {
  ensureChromium();
  return launchChromium();
}

export interface BenchPage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  close(): Promise<void>;
}

export interface PageOptions {
  /** e.g. 4 for a 4x slower CPU (CDP Emulation.setCPUThrottlingRate). */
  cpuThrottling?: number;
  /** A condition the probe watches from navigation start (read it with `waitForWatched`). */
  watchFromStart?: Condition;
  /** A slower network (CDP Network.emulateNetworkConditions): round-trip latency, and throughput each way (0: unlimited). */
  network?: { latencyMs: number; mbps: number };
}

/** CDP `Network.emulateNetworkConditions` parameters for `PageOptions.network`. */
export function networkConditions(network: NonNullable<PageOptions['network']>) {
  const throughput = network.mbps > 0 ? (network.mbps * 1e6) / 8 : -1;
  return {
    offline: false,
    latency: network.latencyMs,
    downloadThroughput: throughput,
    uploadThroughput: throughput,
  };
}

/**
 * A new browser context (empty HTTP cache and storage: a cold load), signed in by the probe's
 * init script, with a CDP session on its page.
 */
export async function openPage(
  browser: Browser,
  token: string,
  options: PageOptions = {},
): Promise<BenchPage> {
  const { cpuThrottling = 1, watchFromStart, network } = options;
  const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: 'light' });
  await context.addInitScript({ content: probeSource(token, watchFromStart) });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (cpuThrottling !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottling });
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', networkConditions(network));
  }
  return { context, page, cdp, close: () => context.close() };
}

export async function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`timed out after ${PROBE_TIMEOUT_MS / 1000} s waiting for ${what}`)),
      PROBE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Navigates and resolves when the first jobs row is painted (ms since navigation start). */
export async function gotoFirstRows(page: Page, url: string): Promise<Painted> {
  await page.goto(url, { waitUntil: 'commit' });
  return withTimeout(page.evaluate<Painted>('window.__bench.firstRows'), `the first jobs row at ${url}`);
}

/** Waits for `condition` painted after the input that `act` performs; returns the probe's times. */
export async function timeInteraction(
  page: Page,
  condition: Condition,
  act: () => Promise<void>,
): Promise<Painted> {
  await page.evaluate(`window.__bench.arm(${JSON.stringify(condition)})`);
  await act();
  const painted = await withTimeout(
    page.evaluate<Painted>('window.__bench.result()'),
    JSON.stringify(condition),
  );
  if (painted.inputAt === null) throw new Error('the probe saw no input event');
  return painted;
}

/** Waits for `condition` painted, brought about by the page itself (no input: an auto-refresh, say). */
export async function timeOwnChange(page: Page, condition: Condition): Promise<Painted> {
  await page.evaluate(`window.__bench.armPassive(${JSON.stringify(condition)})`);
  return withTimeout(page.evaluate<Painted>('window.__bench.result()'), JSON.stringify(condition));
}

/** The condition given as `watchFromStart`, painted (ms since navigation start). */
export function waitForWatched(page: Page, what: string): Promise<Painted> {
  return withTimeout(page.evaluate<Painted>('window.__bench.result()'), what);
}

export function firstRowText(page: Page): Promise<string | null> {
  return page.evaluate<string | null>('window.__bench.firstRowText()');
}

/** JS heap in use after a full garbage collection, in MB (CDP's exact figure, and performance.memory's). */
export async function heapAfterGc(
  page: BenchPage,
): Promise<{ usedMb: number; performanceMemoryMb: number | null }> {
  for (let i = 0; i < 3; i++) await page.cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await page.cdp.send('Runtime.getHeapUsage');
  const memory = await page.page.evaluate<number | null>(
    '(performance.memory && performance.memory.usedJSHeapSize) || null',
  );
  const mb = (bytes: number) => bytes / 1024 / 1024;
  return { usedMb: mb(usedSize), performanceMemoryMb: memory === null ? null : mb(memory) };
}
