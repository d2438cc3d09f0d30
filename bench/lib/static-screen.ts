/**
 * The jobs screen itself as static HTML: the entry script's first paint of page 1 (with the
 * app's chunk held back, so React never replaces it), saved with its stylesheets and without
 * a script. No renderer, client or server, can show these rows sooner than the browser shows
 * this page, so its load is the floor of `first_rows_ms` for this screen's design, as the bare
 * table (static-rows.ts) is the floor for any screen of these rows.
 */
import type { Browser } from 'playwright-core';
import { openPage, withTimeout } from './browser';

/** Where the first paint's root is (src/features/jobs/first-paint.ts, FIRST_PAINT_ATTRIBUTE). */
const FIRST_PAINT = '[data-first-paint]';

export async function staticScreenHtml(browser: Browser, appUrl: string, token: string): Promise<string> {
  const page = await openPage(browser, token);
  try {
    await page.page.route(/\/assets\/app-[^/]*\.js$/, () => {}); // never answered: the paint stays
    await page.page.goto(`${appUrl}/jobs`, { waitUntil: 'commit' });
    await withTimeout(page.page.waitForSelector(`${FIRST_PAINT} tbody tr`), 'the first paint');
    return await page.page.evaluate((selector) => {
      const doc = document.documentElement.cloneNode(true) as HTMLElement;
      for (const el of doc.querySelectorAll('script, link[rel=modulepreload], link[rel=preload]')) el.remove();
      const screen = doc.querySelector(selector)!;
      for (const name of ['inert', 'aria-busy', 'data-first-paint']) screen.removeAttribute(name);
      return `<!doctype html>\n${doc.outerHTML}`;
    }, FIRST_PAINT);
  } finally {
    await page.close();
  }
}
