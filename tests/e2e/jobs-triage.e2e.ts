import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_REFERENCE_TIME } from '../support/server';
import { NARROW, screenshot, searchOf, signIn, startApp, type App } from './support';

/**
 * The supervisor's daily loop in Chromium, against the built app and the reference server:
 * the search, late work, branch names, status counts, saved views, the job panel that follows
 * the selection, readable values and time zones. The viewer is in London; the page's clock
 * reads the seeded data's "now" (the reference time), so what is late is fixed.
 */
let app: App;
const NOW = TEST_REFERENCE_TIME;
const ROWS = 'table tbody tr[data-job-id]';

beforeAll(async () => {
  // Without the extension for scale (the job actions kept): the search scans, as on any bare
  // service (with the service's search: jobs-search-scale.e2e.ts).
  app = await startApp({ jobs: 400, timezoneId: 'Europe/London', extensions: false, jobActions: true });
});
afterAll(async () => {
  await app?.close();
});

const db = () => app.server.db;
const bodyRows = (page: Page) => page.locator(ROWS);
const rowOf = (page: Page, id: number) => page.locator(`${ROWS}[data-job-id="${id}"]`);
const panel = (page: Page, id: number) => page.getByRole('complementary', { name: `Job ${id}` });
const rangeText = (page: Page) =>
  page.getByRole('navigation', { name: 'Pages' }).locator('p').first().innerText();
const shownIds = async (page: Page) =>
  (await bodyRows(page).evaluateAll((rows) =>
    rows.map((r) => Number(r.getAttribute('data-job-id'))),
  )) as number[];
/** Ids in the service's order (newest first), with an optional WHERE. */
const idsInOrder = (where = '1 = 1', ...params: unknown[]) =>
  db()
    .prepare(`SELECT id FROM jobs WHERE ${where} ORDER BY created_at DESC, id DESC`)
    .pluck()
    .all(...params) as number[];
const count = (sql: string, ...params: unknown[]) =>
  db()
    .prepare(sql)
    .pluck()
    .get(...params) as number;

/** A signed-in tab at `path`, its clock at the seeded data's now. */
async function open(path: string, options: Parameters<App['newPage']>[0] = {}): Promise<Page> {
  const page = await app.newPage(options);
  await page.clock.setFixedTime(NOW * 1000);
  await signIn(page, app.token, path);
  await bodyRows(page).first().waitFor();
  return page;
}

describe('search', () => {
  it('finds an order id on a page not loaded, with progress, and opens its panel; Esc goes to the table, then closes the panel, the search stays', async () => {
    const ids = idsInOrder();
    const target = ids[250]!; // page 13 of 20
    const orderId = db().prepare('SELECT order_id FROM jobs WHERE id = ?').pluck().get(target) as string;
    const page = await open('/jobs');
    // Hold the later pages a moment, to see the scan under way.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/v1\/jobs\?(.*&)?page=(1[0-9])(&|$)/, async (route) => {
      await held;
      await route.continue();
    });

    await page.keyboard.press('/');
    const box = page.getByRole('searchbox', { name: 'Search' });
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    // The box says what it is: a scan, the service having no search.
    expect(await box.evaluate((el) => el.getAttribute('aria-describedby'))).toBeTruthy();
    await page.getByText('The service has no search:').waitFor();
    await box.fill(orderId.toLowerCase());
    await box.press('Enter');
    await page.getByText(/^Searching for “.*”: [\d,]+ of 400 jobs read, 0 matches so far\.$/).waitFor();
    await page.getByRole('progressbar', { name: 'Search progress' }).waitFor();
    await screenshot(page, 'jobs-search-progress-1280');
    release();

    await panel(page, target).waitFor();
    await page.getByText(`1 match for “${orderId.toLowerCase()}” in all jobs (400 jobs read).`).waitFor();
    expect(await shownIds(page)).toEqual([target]);
    expect(searchOf(page).get('q')).toBe(orderId.toLowerCase());
    expect(searchOf(page).get('job')).toBe(String(target));
    await screenshot(page, 'jobs-search-found-1280');

    // The search box had the keyboard: Esc goes to the table (the found row), a second one closes the panel.
    await page.keyboard.press('Escape');
    expect(await rowOf(page, target).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await panel(page, target).waitFor({ state: 'detached' });
    expect(searchOf(page).get('job')).toBeNull();
    expect(searchOf(page).get('q')).toBe(orderId.toLowerCase());

    // Clearing the search brings back the page.
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await page.waitForURL((u) => !u.searchParams.has('q'));
    expect(await rangeText(page)).toContain('1–20 of 400 jobs');
    await page.context().close();
  });

  it('shows matches as they arrive, keeps them when stopped, and says when the cap cut the result short', async () => {
    // The username of the newest job's rider: the loaded page answers at once, the scan adds the rest.
    const rider = db()
      .prepare(
        'SELECT r.username FROM jobs j JOIN riders r ON r.id = j.rider_id ORDER BY j.created_at DESC, j.id DESC LIMIT 1',
      )
      .pluck()
      .get() as string;
    const page = await open('/jobs');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/v1\/jobs\?(.*&)?page=([3-9]|\d\d)(&|$)/, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill(rider);
    await box.press('Enter');
    // Pages 1 and 2 read: their matches are listed while the rest are held.
    await page.getByText(/^Searching for “.*”: 40 of 400 jobs read, \d+ match(es)? so far\.$/).waitFor();
    const firstTwoPages = idsInOrder().slice(0, 40);
    const shown = await shownIds(page);
    expect(shown.length).toBeGreaterThan(0);
    for (const id of shown) expect(firstTwoPages).toContain(id);
    await page.getByRole('button', { name: 'Stop searching' }).click();
    await page.getByText(new RegExp(`^Search stopped after 40 jobs: ${shown.length} match`)).waitFor();
    expect(await shownIds(page)).toEqual(shown);
    release();

    // Searching again reads everything: every job of that rider, in the service's order.
    await page.getByRole('button', { name: 'Search again' }).click();
    const all = idsInOrder(
      'rider_id IN (SELECT id FROM riders WHERE instr(lower(username), lower(?)) > 0)',
      rider,
    );
    await page.getByText(new RegExp(`^${all.length} match(es)? for “${rider}” in all jobs`)).waitFor();
    expect(await shownIds(page)).toEqual(all);
    await page.context().close();

    // With a cap of 100 (runtime config), the search says it read only part of the result.
    const capped = await app.newPage();
    await capped.route('**/config.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...config, scanCaps: { search: 100 } } });
    });
    await signIn(capped, app.token, '/jobs?q=nothing-like-this');
    await capped.getByText('No job matches “nothing-like-this”').waitFor();
    await capped
      .getByText(
        '0 matches for “nothing-like-this” in the first 100 of 400 jobs: the search reads at most 100. Narrow the filters to search the rest.',
      )
      .waitFor();
    await capped.context().close();
  });
});

describe('late work', () => {
  it('marks late rows, counts them on the page, lists the late jobs of the whole result, and says in the panel how late each stop is', async () => {
    // The newest job: its pickup's slot ended 12 minutes ago, its delivery's ends in 2 hours.
    const [newest] = idsInOrder();
    db().prepare('UPDATE jobs SET status = 2 WHERE id = ?').run(newest);
    db()
      .prepare('UPDATE pickups SET status = 1, slot_from = ?, slot_to = ? WHERE job_id = ?')
      .run(NOW - 3600, NOW - 12 * 60, newest);
    db()
      .prepare('UPDATE deliveries SET status = 1, slot_from = ?, slot_to = ? WHERE job_id = ?')
      .run(NOW, NOW + 7200, newest);
    const page = await open('/jobs');

    const row = rowOf(page, newest!);
    expect(await row.innerText()).toContain('late 12 min');
    // Every row either is late (and says so) or not; the header counts them, of the jobs on this page.
    const lateRows = await bodyRows(page)
      .filter({ hasText: /late \d/ })
      .count();
    expect(lateRows).toBeGreaterThan(0);
    await page
      .getByText(`${lateRows} of the 20 jobs on this page ${lateRows === 1 ? 'is' : 'are'} late`)
      .waitFor();
    await screenshot(page, 'jobs-late-1280');

    // Late only: the late jobs of the whole result (its open work read), in one list without the pager.
    await page.getByRole('checkbox', { name: 'Late only' }).check();
    await page.waitForURL((u) => u.searchParams.get('late') === '1');
    const summary = page.getByText(/^\d+ late jobs? of \d+ open$/);
    await summary.waitFor();
    const whole = Number(/^(\d+)/.exec(await summary.innerText())![1]);
    expect(whole).toBeGreaterThanOrEqual(lateRows);
    // Above 100 rows the list is virtual: only the rows in view are in the page.
    if (whole <= 100) await expect.poll(() => bodyRows(page).count()).toBe(whole);
    for (const text of (await bodyRows(page).allInnerTexts()).slice(0, 20)) expect(text).toMatch(/late \d/);
    expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);

    await row.click();
    const jobPanel = panel(page, newest!);
    await jobPanel.getByText(/^(Up to )?12 min past the slot: \d+ of \d+ stops$/).waitFor();
    await jobPanel.getByRole('tab', { name: /^Stops/ }).click();
    const pickup = jobPanel.getByRole('region', { name: /^Pickup 1/ });
    expect(await pickup.innerText()).toMatch(/Late 12 min: the slot ended 12 min ago/);
    const delivery = jobPanel.getByRole('region', { name: /^Delivery 1/ });
    expect(await delivery.innerText()).toMatch(/Open: the slot ends in 2 h 00 min/);
    await screenshot(page, 'jobs-late-panel-1280');
    await page.context().close();
  });

  it('labels history durations by the status they measure', async () => {
    const [id] = idsInOrder('status = 7');
    const history = db()
      .prepare('SELECT status, created_at FROM job_status_history WHERE job_id = ? ORDER BY created_at, id')
      .all(id) as { status: number; created_at: number }[];
    const page = await open(`/jobs?status=7&job=${id}`);
    await panel(page, id!)
      .getByRole('tab', { name: /^History/ })
      .click();
    const items = panel(page, id!)
      .getByRole('list', { name: 'Status history, oldest first' })
      .getByRole('listitem');
    const minutes = Math.floor((history[1]!.created_at - history[0]!.created_at) / 60);
    expect(await items.first().innerText()).toContain(`${minutes} min in Created`);
    expect(await items.last().innerText()).not.toMatch(/ in Delivered|so far/);
    await page.context().close();
  });
});

describe('names instead of ids', () => {
  it('picks a branch by name from a combobox, the URL keeping its id', async () => {
    const page = await open('/jobs');
    const branch = page.getByRole('combobox', { name: 'Branch' });
    await branch.click();
    await branch.fill('mumb');
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await expect.poll(() => options.allInnerTexts()).toEqual([expect.stringMatching(/^Mumbai .*BOM-01$/s)]);
    await screenshot(page, 'jobs-branch-combobox-1280');
    await branch.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('branch_id') === 'BOM-01');
    const inMumbai = count("SELECT count(*) FROM jobs WHERE branch_id = 'BOM-01'");
    await page.getByRole('navigation', { name: 'Pages' }).getByText(`of ${inMumbai} jobs`).waitFor();
    expect(await branch.inputValue()).toMatch(/^Mumbai /);

    // Arrow keys through the list, Esc puts back what is applied.
    await branch.fill('');
    await branch.press('ArrowDown');
    await branch.press('ArrowDown');
    // The second suggestion is the active one, named by the field for screen readers.
    const second = options.nth(1);
    await expect.poll(() => second.getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() => branch.getAttribute('aria-activedescendant'))
      .toBe(await second.getAttribute('id'));
    await branch.press('Escape');
    expect(await branch.inputValue()).toMatch(/^Mumbai /);
    expect(searchOf(page).get('branch_id')).toBe('BOM-01');

    // Team suggests the team ids seen.
    const team = page.getByRole('combobox', { name: 'Team' });
    await team.click();
    const teams = await page
      .getByRole('listbox', { name: 'Suggestions' })
      .getByRole('option')
      .allInnerTexts();
    expect(teams.length).toBeGreaterThan(0);
    for (const t of teams) expect(t).toMatch(/^team-\d+$/);
    await page.context().close();
  });

  it('counts jobs per status in chips that filter on click, and refresh with the table', async () => {
    const page = await open('/jobs');
    const chips = page.getByRole('toolbar', { name: 'Jobs by status' });
    await page.locator('[role="toolbar"][aria-label="Jobs by status"][data-counts-ready="all"]').waitFor();
    const failed = count('SELECT count(*) FROM jobs WHERE status = 8');
    const chip = chips.getByRole('button', { name: `Failed ${failed}` });
    expect(await chips.getByRole('button', { name: 'All 400' }).getAttribute('aria-pressed')).toBe('true');
    await chip.click();
    await page.waitForURL((u) => u.searchParams.get('status') === '8');
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('navigation', { name: 'Pages' }).getByText(`of ${failed} jobs`).waitFor();

    // A job fails elsewhere: Refresh brings the new count with the table.
    const [delivered] = idsInOrder('status = 7');
    db().prepare('UPDATE jobs SET status = 8 WHERE id = ?').run(delivered);
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await chips.getByRole('button', { name: `Failed ${failed + 1}` }).waitFor();
    db().prepare('UPDATE jobs SET status = 7 WHERE id = ?').run(delivered);
    await page.context().close();
  });

  it('saves the current view by name, applies it in one click, and shares it as its link', async () => {
    // Failed is final, so this view has no rows: a view is saved for its filters, rows or not.
    const page = await app.newPage();
    await page.clock.setFixedTime(NOW * 1000);
    await signIn(page, app.token, '/jobs?status=8&late=1');
    await page.getByRole('button', { name: 'Views' }).click();
    const views = page.getByRole('dialog', { name: 'Saved views' });
    await views.getByLabel('Save the current view as').fill('Failed, late');
    await views.getByRole('button', { name: 'Save view' }).click();
    const link = views.getByRole('link', { name: /^Failed, late/ });
    expect(await link.getAttribute('href')).toBe('/jobs?page=1&status=8&late=1');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByRole('checkbox', { name: 'Late only' }).uncheck();
    await page.waitForURL((u) => !u.searchParams.has('status') && !u.searchParams.has('late'));
    await page.getByRole('button', { name: 'Views (1)' }).click();
    await page
      .getByRole('dialog', { name: 'Saved views' })
      .getByRole('link', { name: /^Failed, late/ })
      .click();
    await page.waitForURL((u) => u.searchParams.get('status') === '8' && u.searchParams.get('late') === '1');
    expect(await page.getByRole('checkbox', { name: 'Late only' }).isChecked()).toBe(true);
    // Kept in this browser: another visit lists it.
    await page.reload();
    await page.getByRole('button', { name: 'Views (1)' }).waitFor();
    await page.context().close();
  });
});

describe('the job panel beside the table', () => {
  it('follows the selection with j, k and the arrows, shows a clicked row, and closes with Esc back to the row', async () => {
    const page = await open('/jobs');
    const ids = await shownIds(page);
    await rowOf(page, ids[0]!).click();
    await panel(page, ids[0]!).waitFor();
    const historyLength = await page.evaluate(() => history.length);
    // The table keeps the keyboard while the panel follows.
    await page.keyboard.press('j');
    await panel(page, ids[1]!).waitFor();
    expect(searchOf(page).get('job')).toBe(String(ids[1]));
    await page.keyboard.press('ArrowDown');
    await panel(page, ids[2]!).waitFor();
    await page.keyboard.press('k');
    await panel(page, ids[1]!).waitFor();
    expect(await rowOf(page, ids[1]!).evaluate((el) => el === document.activeElement)).toBe(true);
    // Following replaces the history entry: Back leaves the panel, not step by step.
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    await screenshot(page, 'jobs-panel-follow-1280');

    await rowOf(page, ids[5]!).click();
    await panel(page, ids[5]!).waitFor();
    // Tab goes from the row into the panel.
    await page.keyboard.press('Tab');
    expect(await panel(page, ids[5]!).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await panel(page, ids[5]!).waitFor({ state: 'detached' });
    expect(searchOf(page).get('job')).toBeNull();
    await expect.poll(() => rowOf(page, ids[5]!).evaluate((el) => el === document.activeElement)).toBe(true);

    // `/` and then Esc: back to the table.
    await page.keyboard.press('/');
    await page.keyboard.press('Escape');
    expect(await rowOf(page, ids[5]!).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('stays an overlay on a narrow screen', async () => {
    const page = await open('/jobs', { viewport: NARROW });
    const [id] = await shownIds(page);
    await rowOf(page, id!).click();
    await page
      .getByRole('dialog', { name: `Job ${id}` })
      .getByRole('tab', { name: 'Overview' })
      .waitFor();
    expect(await page.getByRole('complementary').count()).toBe(0);
    await screenshot(page, 'jobs-panel-overlay-768');
    await page.context().close();
  });
});

describe('readable values', () => {
  it('labels payment types and rider statuses, formats amounts in the branch’s currency, and names every zone', async () => {
    // The newest job of Mumbai's first page that still has work open.
    const firstPage = idsInOrder("branch_id = 'BOM-01'").slice(0, 20);
    const open7 = new Set(idsInOrder("branch_id = 'BOM-01' AND status NOT IN (7, 9, 10)"));
    const id = firstPage.find((j) => open7.has(j));
    db().prepare('UPDATE deliveries SET payment_type = 2, amount_minor = 123450 WHERE job_id = ?').run(id);
    const riderStatus = count(
      'SELECT r.status FROM riders r JOIN jobs j ON j.rider_id = r.id WHERE j.id = ?',
      id,
    );
    const deliveries = count('SELECT count(*) FROM deliveries WHERE job_id = ?', id);
    const page = await open('/jobs?branch_id=BOM-01');
    const row = rowOf(page, id!);
    const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'INR' }).format(
      1234.5 * deliveries,
    );
    expect(await row.innerText()).toContain(amount);
    // The slot in Mumbai's zone, named.
    expect(await row.innerText()).toMatch(/GMT\+5:30/);
    // Date filters read the branch's zone and say so.
    await page.getByText("in Asia/Kolkata (branch BOM-01's zone)").waitFor();
    await page.getByRole('button', { name: 'Created from: any' }).click();
    const from = page.getByRole('dialog', { name: 'Created from' }).getByLabel('Created from (Asia/Kolkata)');
    await from.fill('2025-12-10T09:30');
    await from.press('Enter');
    await page.waitForURL(
      (u) => u.searchParams.get('timestamp_from') === String(Date.UTC(2025, 11, 10, 4, 0) / 1000),
    );

    await page.goto(`${app.url}/jobs?branch_id=BOM-01&job=${id}`);
    const jobPanel = panel(page, id!);
    await jobPanel.getByText('Times in Asia/Kolkata, the branch').waitFor();
    expect(await jobPanel.innerText()).toContain('Rider status');
    const riderLabels: Record<number, string> = { 1: 'Active', 2: 'Off duty', 3: 'Suspended' };
    expect(await jobPanel.getByRole('region', { name: /^Rider:/ }).innerText()).toContain(
      `${riderLabels[riderStatus]} ${riderStatus}`,
    );
    await jobPanel.getByRole('tab', { name: /^Stops/ }).click();
    const card = jobPanel.getByRole('region', { name: /^Delivery 1/ });
    expect(await card.innerText()).toMatch(/Payment type\s+Cash on delivery 2/);
    expect(await card.innerText()).toContain(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'INR' }).format(1234.5),
    );
    expect(await card.innerText()).toMatch(/GMT\+5:30/);

    // All times in the viewer's zone: London's names, the panel says so.
    await page.getByRole('checkbox', { name: /^All times in my zone/ }).check();
    await jobPanel.getByText('Times in Europe/London, your zone').waitFor();
    expect(await card.innerText()).toMatch(/GMT(?!\+)/);
    expect(await card.innerText()).not.toMatch(/GMT\+5:30/);
    await screenshot(page, 'jobs-readable-values-1280');
    await page.context().close();
  });
});

describe('mends', () => {
  it('applies arrow keys on the closed status select on Enter, not on each key', async () => {
    const page = await open('/jobs');
    const status = page.getByLabel('Status', { exact: true });
    const before = await page.evaluate(() => history.length);
    await status.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await status.inputValue()).toBe('2');
    expect(searchOf(page).get('status')).toBeNull();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('status') === '2');
    // One change of the filter, not one per key.
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    // Leaving the field applies a keyed choice too.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Tab');
    await page.waitForURL((u) => u.searchParams.get('status') === '1');
    await page.context().close();
  });

  it('keeps toasts clear of the pager', async () => {
    const page = await open('/jobs');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('dialog', { name: 'Export CSV' })
        .getByRole('button', { name: /^This page/ })
        .click(),
    ]);
    const toast = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    await toast.waitFor();
    const t = (await toast.boundingBox())!;
    const pager = (await page.getByRole('navigation', { name: 'Pages' }).boundingBox())!;
    expect(t.y + t.height).toBeLessThan(pager.y);
    await page.context().close();
  });
});
