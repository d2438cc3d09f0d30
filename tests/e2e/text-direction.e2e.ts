/**
 * Text that could turn the page around or stretch it: a right-to-left override (U+202E) in an
 * order id and a rider's name, planted in the reference server's database, must not reverse the
 * words shown beside them (the job panel's header: the status after the order); and 10,000-character
 * names without a break must not make any screen wider than the viewport.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startApp, type App } from './support';

const RLO = '\u202E';
const LONG = 'W'.repeat(10_000);

let app: App;
let jobId: number;
let branchId: string;

beforeAll(async () => {
  app = await startApp({ jobs: 40 });
  const db = app.server.db;
  jobId = db
    .prepare(
      `SELECT id FROM jobs j WHERE rider_id IS NOT NULL
         AND EXISTS (SELECT 1 FROM pickups WHERE job_id = j.id)
       ORDER BY created_at DESC, id DESC LIMIT 1`,
    )
    .pluck()
    .get() as number;
  db.prepare(
    'UPDATE jobs SET created_at = (SELECT max(created_at) + 1 FROM jobs), order_id = ? WHERE id = ?',
  ).run(`${RLO}ORD-77`, jobId);
  db.prepare('UPDATE riders SET name = ? WHERE id = (SELECT rider_id FROM jobs WHERE id = ?)').run(
    `${RLO}Ada ${LONG}`,
    jobId,
  );
  branchId = db
    .prepare('SELECT branch_id FROM pickups WHERE job_id = ? ORDER BY position LIMIT 1')
    .pluck()
    .get(jobId) as string;
  db.prepare('UPDATE branches SET name = ?, formatted_address = ? WHERE id = ?').run(
    `${RLO}${LONG}`,
    LONG,
    branchId,
  );
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/**
 * The letters of the text in `selector`'s first element outside the `<bdi>` holding a
 * right-to-left override (the values planted with one), each with its left edge on screen,
 * word by word: a word reads left to right when its letters' edges increase.
 */
function wordsOutsideValues(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const root = document.querySelector(sel)!;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const words: { word: string; lefts: number[] }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('bdi')?.textContent?.includes('\u202e')) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\p{L}{2,}/gu)) {
        const lefts = [...match[0]].map((_, i) => {
          const range = document.createRange();
          range.setStart(node!, match.index + i);
          range.setEnd(node!, match.index + i + 1);
          return range.getBoundingClientRect().left;
        });
        words.push({ word: match[0], lefts });
      }
    }
    return words;
  }, selector);
}

const pageWidth = (page: Page) =>
  page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));

describe('text direction and length in Chromium', () => {
  it('keeps the status beside an order id with a right-to-left override reading left to right', async () => {
    const { page } = app;
    await signIn(page, app.token, `/jobs?job=${jobId}`);
    const header = page
      .locator('[data-job-panel], [role="dialog"]')
      .getByText(/^Order /)
      .first();
    await header.waitFor();
    await header.evaluate((el) => el.setAttribute('data-test-header', ''));
    const words = await wordsOutsideValues(page, '[data-test-header]');
    // "Order", and the status label after the order id.
    expect(words.length).toBeGreaterThanOrEqual(2);
    expect(words[0]!.word).toBe('Order');
    for (const { word, lefts } of words) {
      expect(
        lefts.every((left, i) => i === 0 || left > lefts[i - 1]!),
        `${word} reads left to right`,
      ).toBe(true);
    }
  });

  it('keeps every screen within the viewport with 10,000-character names, the whole name available', async () => {
    const { page } = app;
    for (const path of [`/jobs?job=${jobId}`, '/jobs', '/branches', `/branches/${branchId}`, '/overview']) {
      await page.goto(new URL(path, app.url).href);
      // The control room holds its stream of changes open: the network never idles there.
      if (path === '/overview')
        await page.locator('[data-read="Open work"][data-phase="done"]').waitFor({ timeout: 60_000 });
      else await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const { scroll, viewport } = await pageWidth(page);
      expect(scroll, path).toBeLessThanOrEqual(viewport);
    }
    // On the branch editor the name is in its field whole.
    await page.goto(new URL(`/branches/${branchId}`, app.url).href);
    await expect
      .poll(() => page.getByLabel('Name', { exact: true }).first().inputValue())
      .toBe(`${RLO}${LONG}`);
  }, 120_000);
});
