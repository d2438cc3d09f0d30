import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server';
import { launchChromium } from './chromium';
import { appBuild } from './support';

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

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

describe('app shell in Chromium', () => {
  it('sends a signed-out visitor to sign-in, refuses a wrong token clearly, and returns to the page asked for', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/branches`);
    await page.waitForURL(/\/sign-in\?redirect=/);
    await page.getByRole('heading', { name: 'Sign in to Dispatch' }).waitFor();

    await page.getByLabel('Access token').fill('not-the-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The service refused this token. Check it and try again.').waitFor();

    await page.getByLabel('Access token').fill(server.token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/branches`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).waitFor();

    // The token lives in this tab's sessionStorage only: not in localStorage, not in the URL.
    const storage = await page.evaluate(() => ({
      session: Object.values(sessionStorage),
      local: JSON.stringify(localStorage),
      href: location.href,
    }));
    expect(storage.session).toContain(server.token);
    expect(storage.local).not.toContain(server.token);
    expect(storage.href).not.toContain(server.token);

    // It survives a reload, and sign-out clears it.
    await page.reload();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in/);
    const after = await page.evaluate(() => Object.values(sessionStorage));
    expect(after).not.toContain(server.token);
    await page.context().close();
  });

  it('shows a not-found page with a way back for an unknown path', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('Access token').fill(server.token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/overview/);
    await page.goto(`${server.url}/no/such/page`);
    await page.getByText('Page not found').waitFor();
    await page.getByRole('link', { name: 'Go to jobs' }).click();
    await page.waitForURL(/\/jobs/);
    await page.context().close();
  });

  it("fetches the app's code and styles from index.html, before any script has run, and each file once", async () => {
    const page = await newPage();
    await page
      .context()
      .addInitScript((token) => sessionStorage.setItem('dispatch.token', token), server.token);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const sent: { url: string; initiator: string }[] = [];
    cdp.on('Network.requestWillBeSent', (e) =>
      sent.push({ url: e.request.url, initiator: e.initiator.type }),
    );
    await page.goto(`${server.url}/jobs`);
    await page.getByRole('region', { name: 'Jobs' }).getByRole('row').nth(1).waitFor();

    const manifest = JSON.parse(readFileSync(join(appBuild(), '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; css?: string[] }
    >;
    // The app's chunk: src/app/start.tsx, which the entry script imports dynamically.
    const app = manifest['src/app/start.tsx'];
    expect(app, 'the app chunk in the manifest').toBeDefined();
    const byParser = (file: string) => sent.filter((r) => r.url.endsWith(`/${file}`)).map((r) => r.initiator);
    expect(byParser(app!.file)).toEqual(['parser']);
    for (const css of app!.css ?? []) expect(byParser(css)).toEqual(['parser']);
    const assets = sent.map((r) => new URL(r.url).pathname).filter((p) => p.startsWith('/assets/'));
    expect(assets.length).toBeGreaterThan(2);
    expect(assets).toEqual([...new Set(assets)]);
    await page.context().close();
  });

  it('names config.json and says why when the runtime config is broken', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dispatch-dist-'));
    cpSync(appBuild(), dir, { recursive: true });
    writeFileSync(join(dir, 'config.json'), '{ "apiBaseUrl": ');
    const broken = await startTestServer({ jobs: 1, staticDir: dir });
    try {
      const page = await newPage();
      await page.goto(`${broken.url}/jobs`);
      await page.getByRole('heading', { name: 'The dashboard is not configured' }).waitFor();
      const text = await page.getByRole('alert').innerText();
      expect(text).toContain('/config.json');
      expect(text).toContain('It is not valid JSON.');
      await page.context().close();
    } finally {
      await broken.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
