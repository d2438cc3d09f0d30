import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_SCOPE, startDevIdp, type DevIdp } from '../../server/dev-idp';
import { freePort, startTestServer, type TestServer } from '../support/server';
import { branchSaved, reviewAndSave } from './branch-support';
import { launchChromium } from './chromium';
import { appBuild, DESKTOP } from './support';

/*
 * Sign-in through an identity provider, end to end: the built dashboard with config.json's
 * `auth` of type oidc, the reference server checking the provider's JWT access tokens, and a
 * real OpenID provider (server/dev-idp.ts, oidc-provider) with short-lived access tokens, so
 * that renewals happen while the tests run.
 */

/** Seconds an access token lives: renewed 5 s before it expires (src/app/oidc-session.ts). */
const TTL = 20;
const AUDIENCE = 'dispatch-api';

let idp: DevIdp;
let server: TestServer;
let browser: Browser;
let build: string;
/** The branch the manager may change, and one they may not. */
let own: string;
let other: string;

beforeAll(async () => {
  const issuer = `http://127.0.0.1:${await freePort()}`;
  build = mkdtempSync(join(tmpdir(), 'dispatch-e2e-oidc-'));
  cpSync(appBuild(), build, { recursive: true });
  const configPath = join(build, 'config.json');
  const config = JSON.parse(readFileSync(configPath, 'utf8')) as Record<string, unknown>;
  const auth = { type: 'oidc', authority: issuer, clientId: 'dispatch', scope: DASHBOARD_SCOPE };
  writeFileSync(configPath, JSON.stringify({ ...config, auth }));
  server = await startTestServer({ jobs: 60, staticDir: build, oidc: { issuer, audience: AUDIENCE } });
  const ids = server.db.prepare('SELECT id FROM branches ORDER BY rowid LIMIT 2').pluck().all() as string[];
  [own, other] = ids as [string, string];
  idp = await startDevIdp({
    port: Number(new URL(issuer).port),
    dashboardOrigins: [server.url],
    audience: AUDIENCE,
    managerBranch: own,
    accessTokenTtlSeconds: TTL,
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await idp?.close();
  await server?.close();
  rmSync(build, { recursive: true, force: true });
});

/** A new signed-out page, its own cookies and storage, 1280×800. */
async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  return context.newPage();
}

/** The branch's own name field (the contacts have names too). */
const branchName = (page: Page) => page.getByRole('region', { name: 'Identity' }).getByLabel('Name');

/** The provider's login page, as a person fills it in (any password). */
async function logInAtProvider(page: Page, login: 'manager' | 'supervisor'): Promise<void> {
  await page.waitForURL((url) => url.origin === idp.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
}

/** From a signed-out visit to `path`: sign-in page, the provider's login, and back to `path`. */
async function signInThroughProvider(page: Page, login: 'manager' | 'supervisor', path = '/jobs') {
  await page.goto(`${server.url}${path}`);
  await page.waitForURL(/\/sign-in\?redirect=/);
  await page.getByRole('button', { name: 'Continue to sign-in' }).click();
  await logInAtProvider(page, login);
  await page.waitForURL((url) => url.origin === server.url && url.pathname === path);
}

/** What the tab keeps: the access token sent to the API, and the provider's answer (refresh token). */
function stored(page: Page) {
  return page.evaluate(() => {
    const userKey = Object.keys(sessionStorage).find((key) => key.startsWith('oidc.user:'));
    const user = userKey
      ? (JSON.parse(sessionStorage.getItem(userKey)!) as { refresh_token?: string })
      : null;
    return {
      token: sessionStorage.getItem('dispatch.token'),
      refresh: user?.refresh_token ?? null,
      local: JSON.stringify(localStorage),
      href: location.href,
    };
  });
}

/** The service's status for a request from the page with `token` (default: the tab's access token now). */
function serviceTakes(page: Page, token?: string | null) {
  return page.evaluate(async (given) => {
    const response = await fetch('/v1/jobs?page=1', {
      headers: { Authorization: `Bearer ${given ?? sessionStorage.getItem('dispatch.token')}` },
    });
    return response.status;
  }, token);
}

/** A JWT's `exp`. */
const expiryOf = (token: string): number =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp;

/** Every address the page's main frame went to, from now on. */
function addressesOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  return seen;
}

/** Waits until the tab's access token is another than `before` (a renewal), up to two lifetimes. */
async function renewedFrom(page: Page, before: string | null): Promise<string> {
  const handle = await page.waitForFunction(
    (old) => {
      const now = sessionStorage.getItem('dispatch.token');
      return now && now !== old ? now : null;
    },
    before,
    { timeout: 2 * TTL * 1000, polling: 250 },
  );
  return (await handle.jsonValue()) as string;
}

describe('sign-in through an identity provider, in Chromium', () => {
  it('signs in on the provider’s login page and comes back to the jobs, the token kept in this tab only', async () => {
    const page = await newPage();
    await signInThroughProvider(page, 'manager');
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    // The header names who is signed in, as the provider does.
    await page.getByRole('banner').getByText('Mia Manager').waitFor();
    const tab = await stored(page);
    expect(tab.token).toMatch(/^ey[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(tab.refresh).toBeTruthy();
    // Nothing of the sign-in in localStorage or the address (the code is gone from it too).
    expect(tab.local).not.toContain(tab.token!);
    expect(tab.local).not.toContain(tab.refresh!);
    expect(new URL(tab.href).pathname).toBe('/jobs');
    expect(tab.href).not.toMatch(/[?&](code|state)=/);
    expect(await serviceTakes(page)).toBe(200);
    await page.context().close();
  });

  it('renews an access token that expires while the tab is open, with no sign-in seen', async () => {
    const page = await newPage();
    await signInThroughProvider(page, 'supervisor');
    const first = (await stored(page)).token;
    const addresses = addressesOf(page);
    const second = await renewedFrom(page, first);
    expect(expiryOf(second)).toBeGreaterThan(expiryOf(first!));
    // Past the first token's life (counted from the page that received it), the tab works on.
    await page.waitForFunction((ttl) => performance.now() > ttl * 1000, TTL, { timeout: 2 * TTL * 1000 });
    expect(await serviceTakes(page)).toBe(200);
    // Moving on after the expiry shows the jobs, never the sign-in page.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Branches' }).click();
    await page.getByRole('heading', { name: 'Branches', level: 1 }).waitFor();
    expect(addresses.filter((url) => url.includes('/sign-in'))).toEqual([]);
    await page.context().close();
  });

  it('after a 401, renews once and sends the request again; when that fails too, signs in again with the edits kept', async () => {
    const page = await newPage();
    await signInThroughProvider(page, 'manager', `/branches/${own}`);
    await branchName(page).fill('Edited before the token was refused');
    await page.getByText('Draft kept in this browser').waitFor();
    const addresses = addressesOf(page);

    // The tab holds an access token the service refuses, still valid by its own clock (as after
    // a key rotation at the provider): the first request is a 401.
    const refuse = (alsoRefresh: boolean) =>
      page.evaluate((both) => {
        const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
        const user = JSON.parse(sessionStorage.getItem(key)!) as Record<string, unknown>;
        user.access_token = 'refused-by-the-service';
        user.expires_at = Math.floor(Date.now() / 1000) + 3600;
        if (both) user.refresh_token = 'unknown-to-the-provider';
        sessionStorage.setItem(key, JSON.stringify(user));
        sessionStorage.setItem('dispatch.token', 'refused-by-the-service');
      }, alsoRefresh);
    await refuse(false);
    await page.reload();
    // One renewal, the branch read again with the new token: the editor, its draft offered.
    await page.getByRole('button', { name: 'Restore changes' }).waitFor();
    expect((await stored(page)).token).toMatch(/^ey/);
    expect(addresses.filter((url) => url.includes('/sign-in'))).toEqual([]);

    // The refresh token refused too: sign-in again, and back to the branch with the draft.
    await refuse(true);
    await page.reload();
    await page.waitForURL(/\/sign-in\?/);
    await page.getByText('Your session ended or the token was refused.').waitFor();
    await page.getByRole('button', { name: 'Continue to sign-in' }).click();
    // The provider's session is still open: straight back, no login page.
    await page.waitForURL((url) => url.origin === server.url && url.pathname === `/branches/${own}`);
    await page.getByRole('button', { name: 'Restore changes' }).click();
    expect(await branchName(page).inputValue()).toBe('Edited before the token was refused');
    await page.context().close();
  });

  it('keeps two tabs with the same refresh token signed in when both renew at once', async () => {
    const first = await newPage();
    await signInThroughProvider(first, 'manager');
    // A tab opened from the app starts with a copy of its sessionStorage: the same refresh token.
    const [second] = await Promise.all([
      first.context().waitForEvent('page'),
      first.evaluate((url) => void window.open(url), `${server.url}/branches`),
    ]);
    await second!.getByRole('heading', { name: 'Branches', level: 1 }).waitFor();
    const [a, b] = [await stored(first), await stored(second!)];
    expect(b.refresh).toBe(a.refresh);
    const addresses = [...addressesOf(first), ...addressesOf(second!)];

    // Both tabs' renewals fall due at the same moment, twice: with one of them using a refresh
    // token the other had already used, the provider would revoke the grant and both would be
    // sent to sign in.
    let [tokenA, tokenB] = [a.token, b.token];
    for (let round = 0; round < 2; round++) {
      [tokenA, tokenB] = await Promise.all([renewedFrom(first, tokenA), renewedFrom(second!, tokenB)]);
    }
    expect(await serviceTakes(first)).toBe(200);
    expect(await serviceTakes(second!)).toBe(200);
    await second!.reload();
    await second!.getByRole('heading', { name: 'Branches', level: 1 }).waitFor();
    expect(addresses.filter((url) => url.includes('/sign-in'))).toEqual([]);
    await first.context().close();
  });

  it('lets the manager save their branch, and shows another read-only; a save the service refuses keeps the edits', async () => {
    const page = await newPage();
    await signInThroughProvider(page, 'manager', `/branches/${own}`);
    const name = branchName(page);
    await name.fill('Managed by Mia');
    await reviewAndSave(page, 1);
    await branchSaved(page);

    await page.goto(`${server.url}/branches/${other}`);
    await page.getByText(`your sign-in may change ${own} only`).waitFor();
    expect(await branchName(page).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Review and save' }).count()).toBe(0);

    // Renaming their branch to an id outside their branches: the service refuses (403), the
    // form keeps the edits and says who may save.
    await page.goto(`${server.url}/branches/${own}`);
    await name.fill('Renamed by Mia');
    await page.getByRole('button', { name: 'Change id…' }).click();
    const rename = page.getByRole('dialog', { name: 'Change the branch id?' });
    await rename.getByLabel('New id').fill('ZZZ-99');
    await rename.getByRole('button', { name: 'Change id' }).click();
    await page.getByRole('button', { name: 'Review and save' }).click();
    const save = page
      .getByRole('dialog', { name: 'Review changes' })
      .getByRole('button', { name: /^Rename and save/ });
    // The review's button is the one confirmation (warnings already there never ask again).
    await save.click();
    // The 403 names the branch asked for, never the token's list of branches.
    await page.getByText('may not change branch ZZZ-99, so it cannot rename a branch to it').waitFor();
    await page.getByText('Your edits are kept as a draft in this browser.').waitFor();
    expect(await name.inputValue()).toBe('Renamed by Mia');
    await page.reload();
    await page.getByRole('button', { name: 'Restore changes' }).waitFor();
    await page.context().close();
  });

  it('shows the supervisor the editor read-only, with the reason', async () => {
    const page = await newPage();
    await signInThroughProvider(page, 'supervisor', `/branches/${own}`);
    await page.getByText('your sign-in does not include the branches:write permission').waitFor();
    expect(await branchName(page).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Review and save' }).count()).toBe(0);
    await page.context().close();
  });

  it('says so on the sign-in page when the way back from the provider is not a sign-in it started', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/auth/callback?code=made-up&state=not-ours`);
    await page.waitForURL(`${server.url}/sign-in`);
    await page
      .getByRole('alert')
      .getByText(
        'The sign-in did not complete: this tab did not start it, or it was started too long ago. Sign in again.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Continue to sign-in' }).waitFor();
    await page.context().close();
  });

  it('signs out at the provider too: the next sign-in asks for the login again', async () => {
    const page = await newPage();
    await signInThroughProvider(page, 'manager');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.origin === server.url && url.pathname === '/sign-in');
    const tab = await stored(page);
    expect(tab.token).toBeNull();
    expect(tab.refresh).toBeNull();
    await page.getByRole('button', { name: 'Continue to sign-in' }).click();
    // The provider's session is over: its login page again, not straight back.
    await page.locator('input[name="login"]').waitFor();
    await page.context().close();
  });
});
