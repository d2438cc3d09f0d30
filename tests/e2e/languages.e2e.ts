/**
 * Languages in Chromium (docs/design.md, Languages): Arabic chosen on the sign-in page of a
 * phone, the page right to left in Arabic after signing in, nothing wider than the screen, and
 * the choice remembered after a reload; the Arabic sign-in page axe clean. The words the lower
 * layers take from the catalogs (the api's errors, the configuration's labels) in the built app.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server';
import { catalogText } from './catalog-text';
import { launchChromium } from './chromium';
import { appBuild, screenshot, seriousAxe, pageOverflow } from './support';

type Server = Awaited<ReturnType<typeof startTestServer>>;

let server: Server;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ jobs: 60, staticDir: appBuild() });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The page's language and direction, as `<html>` has them. */
const htmlLangDir = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/** The header's texts in Arabic, read as a person (or a screen reader) finds them. */
async function expectArabicHeader(page: Page) {
  const nav = page.getByRole('navigation', { name: 'الرئيسية' });
  await nav.getByRole('link', { name: 'غرفة التحكم' }).waitFor();
  await nav.getByRole('link', { name: 'المهام' }).waitFor();
  await nav.getByRole('link', { name: 'الفروع' }).waitFor();
  await page.getByRole('button', { name: 'تسجيل الخروج' }).waitFor();
  await page.getByRole('button', { name: 'اللغة: العربية' }).waitFor();
}

describe('languages', () => {
  it('switches to Arabic on sign-in, signs in right to left, fits a phone, and remembers the choice', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole('heading', { name: 'Sign in to Dispatch' }).waitFor();
    expect(await htmlLangDir(page)).toEqual({ lang: 'en', dir: 'ltr' });

    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'العربية' }).click();
    await page.getByRole('heading', { name: 'تسجيل الدخول إلى Dispatch' }).waitFor();
    expect(await htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    // The page is drawn anew in Arabic; the focus is back on the switcher, now named in Arabic.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('اللغة: العربية');
    expect(await pageOverflow(page)).toBe(0);
    expect(await seriousAxe(page)).toEqual([]);
    await screenshot(page, 'languages-sign-in-ar-phone');

    await page.getByLabel('رمز الوصول').fill(server.token);
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await page.waitForURL(/\/overview/);
    expect(await htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await expectArabicHeader(page);
    expect(await pageOverflow(page)).toBe(0);
    await screenshot(page, 'languages-control-room-ar-phone');

    // Remembered in this browser: a reload opens in Arabic again, before anything is chosen.
    await page.reload();
    await expectArabicHeader(page);
    expect(await htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });

    // The other screens of the header fit the phone too, right to left.
    for (const name of ['المهام', 'الفروع']) {
      await page.getByRole('navigation', { name: 'الرئيسية' }).getByRole('link', { name }).click();
      await page.waitForLoadState('load');
      await expectArabicHeader(page);
      expect(await pageOverflow(page), name).toBe(0);
    }
    await context.close();
  });

  it("writes a screen's own words in the chosen language: when it is chosen, and when the page opens in it", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('Access token').fill(server.token);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/overview/);
    await page.goto(`${server.url}/jobs`);
    await page.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor();

    // The jobs screen's catalog (src/features/jobs/locales) in Arabic is loaded when Arabic is chosen…
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'العربية' }).click();
    await page.getByRole('heading', { level: 1, name: 'المهام' }).waitFor();
    // … and with the screen's code when the page opens in Arabic.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'المهام' }).waitFor();
    expect(await htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await context.close();
  });

  it("writes the configuration's labels and the service's errors in the chosen language", async () => {
    const tr = await catalogText('fr');
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel(tr('Access token')).fill(server.token);
    await page.getByRole('button', { name: tr('Sign in'), exact: true }).click();
    await page.waitForURL(/\/overview/);
    await page.goto(`${server.url}/jobs?status=7`);
    // config.json names each status in the four languages: the French one is shown.
    const table = page.getByRole('table');
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.getByText('Livrée').count()).toBeGreaterThan(0);
    expect(await table.getByText('Delivered').count()).toBe(0);

    // A proxy's page in place of the jobs: the api layer's sentence in French, the status as sent.
    await page.route('**/v1/jobs?*', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad Gateway</body></html>' }),
    );
    await page.getByRole('button', { name: tr('Refresh'), exact: true }).click();
    const said = tr(
      'The service answered {status} with a web page instead of data (usually a proxy or gateway in between). Try again in a moment.',
      { status: '502 Bad Gateway' },
    );
    await page.getByText(said).first().waitFor();
    await context.close();
  });
});
