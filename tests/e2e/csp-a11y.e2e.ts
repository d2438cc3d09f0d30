/**
 * Content-Security-Policy and accessibility of the built app, served by the reference server,
 * in Chromium:
 * - every HTML answer (index and SPA fallback) carries a CSP without inline or eval'd script,
 *   and index.html has no inline script to need one;
 * - a tour of sign-in, the jobs table, the job drawer (every tab), the branch list and the
 *   branch editor with its zone map (offline style: maplibre's worker, its GeoJSON sources and
 *   images) raises no `securitypolicyviolation` and no CSP console error;
 * - axe (WCAG 2.0/2.1 A and AA) finds nothing serious or critical on those screens.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startApp, type App } from './support';

type Violation = { directive: string; blocked: string; source: string; line: number; sample: string };
type AxeIssue = { screen: string; rule: string; impact: string; help: string; nodes: string[] };

let app: App;
let page: Page;
/** Console messages and page errors about the CSP, on any screen. */
const cspConsole: string[] = [];
/** Violations in earlier documents (a full navigation starts a new list). */
const cspViolations: (Violation & { screen: string })[] = [];
const axeIssues: AxeIssue[] = [];
let branchWithZones: string;

/** A 1x1 transparent PNG, for the seeded https proof-of-delivery photos (the network is closed). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

beforeAll(async () => {
  app = await startApp({ jobs: 60 });
  page = app.page;
  branchWithZones = app.server.db
    .prepare(
      'SELECT branch_id FROM branch_zones GROUP BY branch_id ORDER BY count(*) DESC, branch_id LIMIT 1',
    )
    .pluck()
    .get() as string;
  const context = page.context();
  // Records violations from the first script on, in every document of the tab.
  await context.addInitScript(() => {
    const w = window as unknown as { __cspViolations: unknown[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push({
        directive: e.effectiveDirective || e.violatedDirective,
        blocked: e.blockedURI,
        source: e.sourceFile,
        line: e.lineNumber,
        sample: e.sample,
      });
    });
  });
  // Seeded images live on other https hosts: answered here.
  await context.route(
    (url) => url.origin !== app.url && url.protocol === 'https:',
    (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PNG }),
  );
  const isCsp = (text: string) =>
    /content security policy|refused to (load|execute|create|connect|apply|evaluate)/i.test(text);
  page.on('console', (m) => {
    if (isCsp(m.text())) cspConsole.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => {
    if (isCsp(e.message)) cspConsole.push(`pageerror: ${e.message}`);
  });
  page.on('worker', (worker) => {
    worker.on('console', (m) => {
      if (isCsp(m.text())) cspConsole.push(`worker ${worker.url()}: ${m.text()}`);
    });
  });
  // A fresh document, so the init script runs in it.
  await page.goto(`${app.url}/sign-in`);
});
afterAll(async () => {
  await app?.close();
});

/** Moves the violations of the current document into `cspViolations`, tagged with the screen. */
async function collectViolations(screen: string): Promise<void> {
  const found = await page.evaluate(() => {
    const w = window as unknown as { __cspViolations?: unknown[] };
    const list = w.__cspViolations ?? null;
    if (list) w.__cspViolations = [];
    return list as Violation[] | null;
  });
  // The init script must be running, or this test proves nothing.
  expect(found, `the violation recorder is missing on ${screen}`).not.toBeNull();
  for (const v of found ?? []) cspViolations.push({ ...v, screen });
}

/** axe on the page as it is now; serious and critical findings are kept for the report. */
async function audit(screen: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  for (const v of results.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    axeIssues.push({
      screen,
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map(
        (n) => `${n.target.join(' ')} :: ${n.html.slice(0, 160)} :: ${n.failureSummary ?? ''}`,
      ),
    });
  }
  await collectViolations(screen);
}

function parseCsp(header: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

describe('Content-Security-Policy of the served app', () => {
  it('sends a CSP without inline or eval script on every HTML answer, and index.html has no inline script', async () => {
    for (const path of [
      '/',
      '/sign-in',
      '/jobs?page=2&job=3',
      '/branches/LDN-01',
      '/no/such/page',
      '/index.html',
    ]) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      const header = res.headers.get('content-security-policy');
      expect(header, `CSP on ${path}`).toBeTruthy();
      const csp = parseCsp(header!);
      const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
      expect(scripts, path).toEqual(["'self'"]);
      expect(csp.get('default-src'), path).toEqual(["'self'"]);
      expect(csp.get('object-src'), path).toEqual(["'none'"]);
      expect(csp.get('base-uri'), path).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      for (const [name, values] of csp) {
        expect(values, `${name} on ${path}`).not.toContain("'unsafe-eval'");
        expect(values, `${name} on ${path}`).not.toContain('*');
        if (name !== 'style-src') expect(values, `${name} on ${path}`).not.toContain("'unsafe-inline'");
      }
      const html = await res.text();
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
        ([, attrs, body]) => !/\bsrc=/.test(attrs ?? '') || (body ?? '').trim() !== '',
      );
      expect(inline, path).toEqual([]);
      expect(html).not.toMatch(/\son[a-z]+=/i);
    }
  });
});

describe('CSP and accessibility of each screen in Chromium', () => {
  it('sign-in', async () => {
    await page.getByRole('heading', { name: 'Sign in to Dispatch' }).waitFor();
    await audit('sign-in');
  });

  it('jobs table', async () => {
    await signIn(page, app.token, '/jobs');
    await page.locator('tbody tr[data-job-id]').first().waitFor();
    // The export control's own button (its placeholder is disabled).
    await page.getByRole('button', { name: 'Export CSV' }).and(page.locator(':enabled')).waitFor();
    await page.locator('[data-counts-ready]').waitFor();
    await audit('jobs');
  });

  it('jobs search done, late only, the branch list open', async () => {
    await page.goto(`${app.url}/jobs?q=a&late=1`);
    await page.getByRole('button', { name: 'Search again' }).waitFor();
    const branch = page.getByRole('combobox', { name: 'Branch' });
    await branch.click();
    await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first().waitFor();
    await audit('jobs search, late only, branch list');
    await page.keyboard.press('Escape');
  });

  it('job drawer, every tab', async () => {
    // A delivered job: its deliveries have a signature and proof-of-delivery photos.
    const id = app.server.db
      .prepare(
        `SELECT j.id FROM jobs j JOIN deliveries d ON d.job_id = j.id
         WHERE d.proof_of_delivery_images <> '[]' ORDER BY j.created_at DESC, j.id DESC LIMIT 1`,
      )
      .pluck()
      .get() as number;
    await page.goto(`${app.url}/jobs?page=1&job=${id}`);
    const drawer = page.getByRole('complementary', { name: `Job ${id}` });
    for (const tab of ['Overview', /^History/, /^Stops/, 'Raw JSON'] as const) {
      await drawer.getByRole('tab', { name: tab }).click();
      await drawer.getByRole('tabpanel').waitFor();
      if (tab === 'Raw JSON') await drawer.getByLabel('Job JSON').waitFor();
      if (String(tab) === String(/^Stops/)) {
        // The photos are lazy images: in view, they load (img-src is exercised).
        const photo = drawer.getByRole('img', { name: /^Proof of delivery image/ }).first();
        await photo.scrollIntoViewIfNeeded();
        await page.waitForFunction(() =>
          [...document.images].some((img) => img.complete && img.naturalWidth === 1),
        );
      }
      await audit(`drawer, ${String(tab)} tab`);
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  });

  it('branch list', async () => {
    await page.goto(`${app.url}/branches`);
    await page.getByRole('table', { name: 'Branches' }).waitFor();
    await audit('branch list');
  });

  it('branch editor with the zone map (offline style, worker, GeoJSON, images)', async () => {
    const workers: string[] = [];
    const errors: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.locator(`a[href="/branches/${branchWithZones}"]`).first().click();
    await page.waitForURL((u) => u.pathname === `/branches/${branchWithZones}`);
    await page.getByRole('form', { name: `Edit branch ${branchWithZones}` }).waitFor();
    await page.locator('.maplibregl-canvas').waitFor();
    await page.getByText('Offline base map: streets not shown').waitFor();
    await page.getByRole('button', { name: 'Draw zone' }).and(page.locator(':enabled')).waitFor();
    // maplibre's worker (it parses the GeoJSON sources: the zones, the pin) started from this
    // origin, and nothing failed on the way ("Worker failed to load" would be an error here).
    expect(workers.length).toBeGreaterThan(0);
    for (const url of workers) expect(new URL(url).origin).toBe(app.url);
    expect(errors).toEqual([]);
    await audit('branch editor');
  });

  it('found no CSP violation on any screen', async () => {
    await collectViolations('end');
    expect(cspViolations).toEqual([]);
    expect(cspConsole).toEqual([]);
  });

  it('found no serious or critical accessibility violation on any screen', () => {
    expect(axeIssues).toEqual([]);
  });
});
