/**
 * Shared helpers of the end-to-end tests: the built app (dist/) served by the in-process
 * reference server on one origin, Debian's Chromium through playwright-core, sign-in, and
 * screenshots saved to tests/e2e/artifacts/ (git-ignored) for people to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer, type TestServer, type TestServerOptions } from '../support/server';
import { launchChromium } from './chromium';

export const ARTIFACTS_DIR = join('tests', 'e2e', 'artifacts');

export type Viewport = { width: number; height: number };
export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const NARROW: Viewport = { width: 768, height: 1024 };

export type PageOptions = {
  viewport?: Viewport;
  colorScheme?: 'light' | 'dark';
  /** The viewer's time zone (IANA name); Chromium's default is the machine's. */
  timezoneId?: string;
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
 * Starts the reference server serving `dist/` (build it first: `npx vite build`) and
 * Chromium with one signed-out page at /sign-in, 1280x800, light theme, downloads accepted.
 */
export async function startApp(
  options: Omit<TestServerOptions, 'staticDir'> & PageOptions = {},
): Promise<App> {
  const { viewport, colorScheme, timezoneId, ...serverOptions } = options;
  const server = await startTestServer({ ...serverOptions, staticDir: 'dist' });
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  try {
    browser = await launchChromium();
    const open = async (o: PageOptions = {}) => {
      const context = await browser!.newContext({
        viewport: o.viewport ?? viewport ?? DESKTOP,
        colorScheme: o.colorScheme ?? colorScheme ?? 'light',
        timezoneId: o.timezoneId ?? timezoneId,
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
