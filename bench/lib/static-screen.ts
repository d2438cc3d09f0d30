/**
 * The jobs screen itself as static HTML: the app's page 1 once its rows are rendered, saved
 * with its stylesheets and without a script. No renderer, client or server, can show these
 * rows sooner than the browser shows this page, so its load is the floor of `first_rows_app_ms`
 * for this screen's design, as the bare table (static-rows.ts) is the floor for any screen of
 * these rows.
 */
import type { Browser } from 'playwright-core';
import { openPage, withTimeout } from './browser';
import { FIRST_ROW_SELECTOR } from './probe';

export async function staticScreenHtml(browser: Browser, appUrl: string, token: string): Promise<string> {
  const page = await openPage(browser, token);
  try {
    await page.page.goto(`${appUrl}/jobs`, { waitUntil: 'commit' });
    await withTimeout(page.page.waitForSelector(FIRST_ROW_SELECTOR), 'the first rows');
    return await page.page.evaluate(() => {
      const doc = document.documentElement.cloneNode(true) as HTMLElement;
      for (const el of doc.querySelectorAll('script, link[rel=modulepreload], link[rel=preload]'))
        el.remove();
      return `<!doctype html>\n${doc.outerHTML}`;
    });
  } finally {
    await page.close();
  }
}
