/**
 * The access token in the browser, beyond what shell.e2e.ts checks (sessionStorage holds it,
 * not localStorage or the URL right after sign-in; sign-out removes it from sessionStorage):
 * - through sign-in, a reload and a tour of the screens, the token is never written to the
 *   console, to any URL the tab visits or requests, to localStorage or cookies, or left in
 *   the page's text or fields; it travels only as a Bearer header to the app's own /v1 API;
 * - sign-out forgets it for good: Back shows no data and no request carries it any more;
 * - sign-in sends the token's holder back only to a page of this origin;
 * - a 401 in the middle of a session drops it and asks to sign in again.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { launchChromium } from './chromium';
import { appBuild } from './support';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ jobs: 30, staticDir: appBuild() });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * The browser's own time (ms since 1970) at which each request carrying `token` was sent, from
 * the DevTools protocol: Playwright's request events may be reported after a later navigation.
 */
async function tokenSendTimes(page: Page, token: string): Promise<number[]> {
  const times: number[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', ({ request, wallTime }) => {
    if (Object.values(request.headers).some((v) => v.includes(token))) times.push(wallTime * 1000);
  });
  await cdp.send('Network.enable');
  return times;
}

interface Recorder {
  page: Page;
  console: string[];
  urls: string[];
  /** Requests that carried an Authorization header: where they went and what it was. */
  authorized: { url: string; authorization: string }[];
}

async function recordedPage(): Promise<Recorder> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const rec: Recorder = { page, console: [], urls: [], authorized: [] };
  page.on('console', (m) => rec.console.push(`${m.type()}: ${m.text()} ${JSON.stringify(m.location())}`));
  page.on('pageerror', (e) => rec.console.push(`pageerror: ${e.message}\n${e.stack ?? ''}`));
  page.on('framenavigated', (f) => rec.urls.push(f.url()));
  page.on('request', (r) => {
    rec.urls.push(r.url());
    const authorization = r.headers().authorization;
    if (authorization) rec.authorized.push({ url: r.url(), authorization });
  });
  return rec;
}

async function signInByHand(page: Page, token: string) {
  await page.goto(`${server.url}/jobs?page=1`);
  await page.waitForURL(/\/sign-in\?redirect=/);
  await page.getByLabel('Access token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/jobs');
  await page.locator('tbody tr[data-job-id]').first().waitFor();
}

/** Everywhere in the tab the token must not be, read from inside the page. */
async function tokenTraces(page: Page, token: string) {
  return page.evaluate((t) => {
    const local = Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k)}`);
    const fields = [...document.querySelectorAll('input, textarea')].map(
      (el) => (el as HTMLInputElement).value,
    );
    return {
      localStorage: local.filter((v) => v.includes(t)),
      cookie: document.cookie.includes(t),
      href: location.href.includes(t),
      title: document.title.includes(t),
      text: document.body.innerText.includes(t),
      html: document.documentElement.outerHTML.includes(t),
      fields: fields.filter((v) => v.includes(t)),
    };
  }, token);
}

const NONE = {
  localStorage: [],
  cookie: false,
  href: false,
  title: false,
  text: false,
  html: false,
  fields: [],
};

describe('the access token in Chromium', () => {
  it('is never logged, put in a URL, stored outside sessionStorage or left in the page; it goes only to /v1 as a Bearer header', async () => {
    const rec = await recordedPage();
    const { page } = rec;
    const token = server.token;
    await signInByHand(page, token);
    expect(await tokenTraces(page, token)).toEqual(NONE);

    await page.reload();
    await page.locator('tbody tr[data-job-id]').first().waitFor();
    expect(await page.evaluate(() => Object.values(sessionStorage))).toContain(token);
    expect(await tokenTraces(page, token)).toEqual(NONE);

    // A tour: a job's panel, a failing request (errors get logged), the branches.
    await page.locator('tbody tr[data-job-id]').first().click();
    await page.getByRole('complementary').getByRole('tab', { name: 'Raw JSON' }).click();
    await page.keyboard.press('Escape');
    // Every jobs request fails until the table says so (a refresh asks for the page and its status counts).
    const fail = (route: Route) => route.fulfill({ status: 500, body: 'boom' });
    await page.route('**/v1/jobs?**', fail);
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await page.getByText('Not current.').waitFor();
    await page.unroute('**/v1/jobs?**', fail);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Branches' }).click();
    await page.getByRole('table', { name: 'Branches' }).waitFor();
    expect(await tokenTraces(page, token)).toEqual(NONE);

    // The recording works (Chromium's own console line about the 500 is in it)...
    expect(rec.console.some((line) => line.includes('500'))).toBe(true);
    // ...and holds no token.
    expect(rec.console.filter((line) => line.includes(token))).toEqual([]);
    expect(rec.urls.filter((u) => u.includes(token))).toEqual([]);
    // It is sent, and only to this origin's API, as "Bearer <token>".
    expect(rec.authorized.length).toBeGreaterThan(0);
    for (const { url, authorization } of rec.authorized) {
      expect(new URL(url).origin).toBe(server.url);
      expect(new URL(url).pathname).toMatch(/^\/v1\//);
      expect(authorization).toBe(`Bearer ${token}`);
    }
    await page.context().close();
  });

  it('is forgotten on sign-out: Back shows no data and no request carries it any more', async () => {
    const rec = await recordedPage();
    const { page } = rec;
    const sent = await tokenSendTimes(page, server.token);
    await signInByHand(page, server.token);
    // Signed in, the jobs screen also loads page 2 ahead (after the rows are painted).
    await expect.poll(() => rec.authorized.some(({ url }) => /[?&]page=2(&|$)/.test(url))).toBe(true);
    expect(sent.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/sign-in');
    // From here on no request may carry the token, by the browser's own clock.
    const signedOutAt = await page.evaluate(() => Date.now());
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(server.token);
    expect(await tokenTraces(page, server.token)).toEqual(NONE);

    // Back to the jobs: the app asks to sign in again, showing no job, sending no token.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/sign-in');
    await page.getByLabel('Access token').waitFor();
    expect(await page.locator('tbody tr[data-job-id]').count()).toBe(0);
    await page.goto(`${server.url}/jobs?page=1`);
    await page.waitForURL((u) => u.pathname === '/sign-in');
    await page.getByLabel('Access token').waitFor();
    expect(sent.filter((at) => at >= signedOutAt)).toEqual([]);
    expect(rec.console.filter((line) => line.includes(server.token))).toEqual([]);
    await page.context().close();
  });

  it('after sign-in, returns only to a page of this origin (no open redirect through ?redirect=)', async () => {
    const rec = await recordedPage();
    const { page } = rec;
    for (const target of [
      '//evil.example/x',
      'https://evil.example/x',
      '/\\evil.example/x',
      'javascript:alert(1)',
    ]) {
      await page.goto(`${server.url}/sign-in?redirect=${encodeURIComponent(target)}`);
      await page.evaluate(() => sessionStorage.clear());
      await page.reload();
      await page.getByLabel('Access token').fill(server.token);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((u) => u.pathname !== '/sign-in');
      expect(new URL(page.url()).origin, target).toBe(server.url);
      expect(await page.evaluate(() => Object.values(sessionStorage))).toContain(server.token);
    }
    expect(rec.urls.filter((u) => u.includes('evil.example') && !u.startsWith(server.url))).toEqual([]);
    await page.context().close();
  });

  it('is dropped when the service refuses it mid-session (401), and sign-in is asked for again', async () => {
    const rec = await recordedPage();
    const { page } = rec;
    await signInByHand(page, server.token);
    // The service no longer accepts the token (revoked): its own 401.
    await page.route('**/v1/jobs?**', (route) =>
      route.fulfill({
        status: 401,
        headers: { 'WWW-Authenticate': 'Bearer' },
        json: { error: { code: 'unauthorized', message: 'Unknown token', details: [] } },
      }),
    );
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/sign-in' && u.searchParams.get('expired') === 'true');
    await page.getByText('Your session ended or the token was refused.').waitFor();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/jobs?page=1');
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(server.token);
    expect(await tokenTraces(page, server.token)).toEqual(NONE);
    expect(rec.console.filter((line) => line.includes(server.token))).toEqual([]);
    await page.context().close();
  });

  it('signs in a new tab of the same browser from an open one, never through localStorage; sign-out in one signs out both', async () => {
    const first = await recordedPage();
    const context = first.page.context();
    await signInByHand(first.page, server.token);
    // A link opened in a new tab: no sign-in page, the jobs straight away.
    const second = await context.newPage();
    await second.goto(`${server.url}/jobs?page=1`);
    await second.locator('tbody tr[data-job-id]').first().waitFor();
    expect(new URL(second.url()).pathname).toBe('/jobs');
    expect(await second.evaluate(() => Object.values(sessionStorage))).toContain(server.token);
    expect(await tokenTraces(second, server.token)).toEqual(NONE);
    expect(await tokenTraces(first.page, server.token)).toEqual(NONE);
    // Signing out in the first tab signs the second out too.
    await first.page.getByRole('button', { name: 'Sign out' }).click();
    await first.page.waitForURL((u) => u.pathname === '/sign-in');
    await second.waitForURL((u) => u.pathname === '/sign-in');
    expect(await second.evaluate(() => Object.values(sessionStorage))).not.toContain(server.token);
    // And a tab opened now finds nobody to sign it in.
    const third = await context.newPage();
    await third.goto(`${server.url}/jobs?page=1`);
    await third.waitForURL(/\/sign-in\?redirect=/);
    await context.close();
  });
});
