import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, closeServer } from '../../server/app';
import { TEST_REFERENCE_TIME, TEST_TOKEN } from '../support/server';
import { appBuild, signIn, startApp, type App } from './support';

/**
 * "The customer calls about last week's order", in Chromium against the reference server
 * seeded with 100,000 jobs (30 days of about 3,300): with the extension for scale, the service's
 * search finds an order 12 days old, by its order id (its panel opens) and by the customer's
 * phone typed as a person in the UK types it; without the extension (a second server on the
 * same database, EXTENSIONS off), the scan reads the newest 5,000 jobs and says what it left
 * out. Neither asks for anything the service lacks, and the console stays clean.
 */
/** 100,000 unless SEED_JOBS says otherwise (seeding 100,000 in memory takes minutes on a busy machine). */
const JOBS = Number(process.env.SEED_JOBS ?? 100_000);
const DAY = 86_400;
let app: App;
let bare: FastifyInstance;
let bareUrl: string;

beforeAll(async () => {
  app = await startApp({ jobs: JOBS, timezoneId: 'Europe/London' });
  bare = buildServer({ db: app.server.db, tokens: [TEST_TOKEN], staticDir: appBuild(), extensions: false });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;
}, 1_200_000);
afterAll(async () => {
  if (bare) await closeServer(bare, 1000);
  await app?.close();
});

type Target = { id: number; order_id: string; phone: string };
/** A job created 12 days before the data's now whose delivery customer has a UK phone. */
const oldOrder = (): Target =>
  app.server.db
    .prepare(
      `SELECT j.id, j.order_id, json_extract(d.customer, '$.phone') AS phone
         FROM jobs j JOIN deliveries d ON d.job_id = j.id
        WHERE j.created_at BETWEEN ? AND ? AND json_extract(d.customer, '$.phone') LIKE '+44 %'
        ORDER BY j.id LIMIT 1`,
    )
    .get(TEST_REFERENCE_TIME - 12.5 * DAY, TEST_REFERENCE_TIME - 11.5 * DAY) as Target;

/** `+44 7546 175923` as typed at home: `07546 175923`. */
const national = (phone: string) => `0${phone.replace(/^\+44\s*/, '')}`;

type Seen = { errors: string[]; urls: URL[] };
async function open(origin: string): Promise<{ page: Page; seen: Seen }> {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const seen: Seen = { errors: [], urls: [] };
  page.on('console', (m) => {
    if (m.type() === 'error') seen.errors.push(m.text());
  });
  page.on('pageerror', (e) => seen.errors.push(e.message));
  page.on('request', (r) => seen.urls.push(new URL(r.url())));
  await page.goto(`${origin}/sign-in`);
  await signIn(page, app.token, '/jobs');
  await page.locator('table tbody tr[data-job-id]').first().waitFor();
  return { page, seen };
}

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.fill(text);
  await box.press('Enter');
}

const shownIds = (page: Page) =>
  page
    .locator('table tbody tr[data-job-id]')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-job-id'))));

describe('search at 100,000 jobs', () => {
  it('with the service’s search: an order 12 days old, by order id and by a phone in national form', async () => {
    const target = oldOrder();
    expect(target).toBeDefined();
    const { page, seen } = await open(app.url);
    await page.getByText('Search covers all jobs:').waitFor();

    await search(page, target.order_id);
    await page.getByRole('complementary', { name: `Job ${target.id}` }).waitFor();
    await page
      .getByText(`1 match for “${target.order_id}” in all jobs, by the service’s search of all jobs.`)
      .waitFor();
    expect(await shownIds(page)).toEqual([target.id]);

    const typed = national(target.phone);
    await search(page, typed);
    await page
      .getByText(new RegExp(`^\\d+ match(es)? for “${typed}” in all jobs, by the service’s search`))
      .waitFor();
    expect(await shownIds(page)).toContain(target.id);

    // Answered by the search: no scan of the pages.
    expect(seen.urls.filter((u) => u.pathname === '/v1/jobs/search').length).toBe(2);
    expect(
      seen.urls.filter((u) => u.pathname === '/v1/jobs' && Number(u.searchParams.get('page')) > 2),
    ).toEqual([]);
    expect(seen.errors).toEqual([]);
    await page.context().close();
  });

  it('on a bare service: the scan of the newest 5,000, saying what it left out, with nothing asked that the service lacks', async () => {
    const target = oldOrder();
    const { page, seen } = await open(bareUrl);
    await page.getByText('The service has no search:').waitFor();
    await search(page, target.order_id);
    await page
      .getByText(
        `0 matches for “${target.order_id}” in the first 5,000 of ${JOBS.toLocaleString('en-GB')} jobs: the search reads at most 5,000. Narrow the filters to search the rest.`,
      )
      .waitFor({ timeout: 120_000 });
    expect(seen.urls.filter((u) => u.pathname.startsWith('/v1/jobs/'))).toEqual([]);
    expect(seen.errors).toEqual([]);
    await page.context().close();
  });
});
