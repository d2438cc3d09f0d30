/**
 * Shared helpers of the end-to-end tests: the built app served by the in-process reference
 * server on one origin, Debian's Chromium through playwright-core, sign-in, waiting for a map to
 * have drawn, and screenshots saved to tests/e2e/artifacts/ (git-ignored) for people to look at.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from '../support/server';
import { launchChromium } from './chromium';

/**
 * The build the tests serve: dist/ as `npm run build` wrote it, with the offline base map in
 * its config.json (global-setup.ts copies it), so that no map reaches for a style online.
 */
export const appBuild = (): string => inject('appBuild');

export const ARTIFACTS_DIR = join('tests', 'e2e', 'artifacts');

export type Viewport = { width: number; height: number };
export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const NARROW: Viewport = { width: 768, height: 1024 };

export type PageOptions = {
  viewport?: Viewport;
  colorScheme?: 'light' | 'dark';
  /** The viewer's time zone (IANA name); Chromium's default is the machine's. */
  timezoneId?: string;
  /** A touch screen (`(pointer: coarse)` then matches; `page.touchscreen` taps). */
  hasTouch?: boolean;
  /** A phone's browser: the meta viewport is honoured (and the layout widens to fit what overflows). */
  isMobile?: boolean;
};

export interface App {
  server: TestServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The origin serving both the app and the API. */
  url: string;
  token: string;
  /** Another signed-out page (at /sign-in) in its own context and sessionStorage, closed with the app. */
  newPage(options?: PageOptions): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Starts the reference server serving the build (`appBuild`; build it first: `npm run build`)
 * and Chromium with one signed-out page at /sign-in, 1280x800, light theme, downloads accepted.
 */
export async function startApp(
  options: Omit<TestServerOptions, 'staticDir'> & PageOptions = {},
): Promise<App> {
  const { viewport, colorScheme, timezoneId, hasTouch, isMobile, ...serverOptions } = options;
  const server = await startTestServer({ ...serverOptions, staticDir: appBuild() });
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  try {
    browser = await launchChromium();
    const open = async (o: PageOptions = {}) => {
      const context = await browser!.newContext({
        viewport: o.viewport ?? viewport ?? DESKTOP,
        colorScheme: o.colorScheme ?? colorScheme ?? 'light',
        timezoneId: o.timezoneId ?? timezoneId,
        hasTouch: o.hasTouch ?? hasTouch,
        isMobile: o.isMobile ?? isMobile,
        acceptDownloads: true,
      });
      contexts.push(context);
      return context;
    };
    const context = await open();
    const page = await context.newPage();
    await page.goto(`${server.url}/sign-in`);
    return {
      server,
      browser,
      context,
      page,
      url: server.url,
      token: server.token,
      async newPage(o) {
        const p = await (await open(o)).newPage();
        await p.goto(`${server.url}/sign-in`);
        return p;
      },
      async close() {
        for (const c of contexts) await c.close().catch(() => {});
        await browser?.close();
        await server.close();
      },
    };
  } catch (e) {
    await browser?.close();
    await server.close();
    throw e;
  }
}

/**
 * Signs in through the sign-in screen and lands on `path` (default /jobs), as a person
 * would after following a link while signed out.
 */
export async function signIn(page: Page, token: string, path = '/jobs'): Promise<void> {
  const here = page.url();
  if (!/^https?:/.test(here))
    throw new Error('signIn: open a page of the app first (startApp does; or page.goto(app.url))');
  const { origin } = new URL(here);
  await page.goto(`${origin}/sign-in?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel('Access token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const target = new URL(path, origin);
  await page.waitForURL((url) => url.pathname === target.pathname);
}

/** Saves a full-viewport screenshot as tests/e2e/artifacts/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** The URL's search params of a page, for assertions on the view's state. */
export function searchOf(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/**
 * How many times the map has been idle, counted by src/map/MapView.tsx on its container
 * (`data-map-idle`): maplibre is idle once everything asked of it is drawn, camera moves and
 * tiles included. `within` is a CSS selector of an element holding the map (default: the page's
 * first map). Read it before doing what changes the map, and hand it to `mapDrawnSince`.
 */
export function mapIdles(page: Page, within = ''): Promise<number> {
  return page.evaluate(
    (selector) => Number(document.querySelector(selector)?.getAttribute('data-map-idle') ?? 0),
    `${within} [data-map-idle]`.trim(),
  );
}

/**
 * Waits until the map has drawn everything asked of it since it had been idle `since` times
 * (`mapIdles`, read before the change; 0: since it was created): first two animation frames,
 * by which a change made before has reached maplibre (draw hands its edits over on the next
 * frame), then an idle counted after `since` with the map still idle (`data-map-state`, which
 * a frame drawing anything sets to "busy").
 */
export async function mapDrawnSince(page: Page, since: number, within = ''): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(
    ({ selector, since }) => {
      const map = document.querySelector(selector);
      return (
        Number(map?.getAttribute('data-map-idle') ?? 0) > since &&
        map?.getAttribute('data-map-state') === 'idle'
      );
    },
    { selector: `${within} [data-map-idle]`.trim(), since },
    { timeout: 30_000 },
  );
}

/** Serious and critical WCAG 2.2 A/AA findings (target-size included) on the page as it is, as "rule: target". */
export async function seriousAxe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** How far the page is wider than the screen, in CSS pixels (0: it fits). */
export const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
