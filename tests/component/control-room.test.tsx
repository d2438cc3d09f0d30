import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, fetchJobs } from '../../src/api';
import { RuntimeConfig } from '../../src/config';
import type { Job } from '../../src/contract';
import { exceptionRule, findExceptions } from '../../src/rules/exceptions';
import { TEST_REFERENCE_TIME, startTestServer, type TestServer } from '../support/server';
import { renderApp, stubWideScreen, testStatuses } from './render';

/**
 * The control room against the in-process server seeded as a working day (13:00 UTC), in pages
 * of 7, with one job in a status code the configuration does not name.
 */
const NOW = TEST_REFERENCE_TIME + 13 * 3600;
const UNNAMED = 42;
let server: TestServer;
let unnamedJob: number;

beforeAll(async () => {
  server = await startTestServer({ jobs: 700, pageSize: 7, referenceTime: NOW });
  unnamedJob = server.db
    .prepare('SELECT id FROM jobs WHERE status = 3 ORDER BY id LIMIT 1')
    .pluck()
    .get() as number;
  server.db.prepare('UPDATE jobs SET status = ? WHERE id = ?').run(UNNAMED, unnamedJob);
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.title = 'Dispatch';
});

const open = (path: string) => renderApp({ apiBaseUrl: server.url, token: server.token, path });
const config = RuntimeConfig.parse({ statuses: testStatuses });
const search = (history: { location: { search: string } }) => new URLSearchParams(history.location.search);

/** Every job the service holds, read page by page as a client would. */
async function everyJob(): Promise<Job[]> {
  const client = createApiClient({ baseUrl: server.url, getToken: () => server.token });
  const first = await fetchJobs(client, { page: 1 });
  const rest = await Promise.all(
    Array.from({ length: first.total_pages - 1 }, (_, i) => fetchJobs(client, { page: i + 2 })),
  );
  return [first, ...rest].flatMap((p) => p.jobs);
}

const listRows = () =>
  within(screen.getByRole('table', { name: 'Jobs needing attention, most urgent first' }))
    .getAllByRole('row')
    .slice(1);
const openReadDone = () => screen.findByText(/open jobs read\./, undefined, { timeout: 30_000 });

describe('the control room', () => {
  it('lists every late, at-risk and stuck job of the open work across pages, most urgent first', async () => {
    const jobs = await everyJob();
    const expected = findExceptions(
      jobs.filter((j) => j.status !== UNNAMED),
      NOW,
      exceptionRule(config, (c) => String(c)),
    );
    // More than a page of them, late ones among them.
    expect(expected.list.length).toBeGreaterThan(7);
    expect(expected.counts.late).toBeGreaterThan(0);
    open('/overview');
    await openReadDone();
    const ids = listRows().map((r) => Number(r.getAttribute('data-job-id')));
    expect(ids).toEqual(expected.list.map((e) => e.job.id));
    // Every reason in words, and the counts that narrow the list.
    expect(
      screen.getByRole('button', { name: `Late ${expected.counts.late}`, pressed: false }),
    ).toBeInTheDocument();
    expect(within(listRows()[0]!).getByText(expected.list[0]!.reasons[0]!.text)).toBeInTheDocument();
    await waitFor(() =>
      expect(document.title).toBe(`(${expected.counts.late} late) Control room · Dispatch`),
    );
  });

  it('counts the jobs in statuses the configuration does not name, and links to them', async () => {
    open('/overview');
    const banner = await screen.findByText(
      /1 job is in statuses the configuration does not name/,
      undefined,
      {
        timeout: 10_000,
      },
    );
    expect(
      within(banner.closest('[role="status"]')!).getByRole('link', {
        name: 'See every job in the jobs screen',
      }),
    ).toHaveAttribute('href', '/jobs?page=1');
  });

  it('narrows the list by reason and by branch, in the URL', async () => {
    const user = userEvent.setup();
    const { history } = open('/overview');
    await openReadDone();
    const all = listRows().length;
    const late = screen.getByRole('button', { name: /^Late \d+$/ });
    const lateCount = Number(/\d+$/.exec(late.textContent!)![0]);
    await user.click(late);
    expect(search(history).get('reason')).toBe('late');
    expect(listRows()).toHaveLength(lateCount);
    expect(lateCount).toBeLessThan(all);
    for (const row of listRows()) expect(within(row).getByText(/^late /)).toBeInTheDocument();

    const branches = screen.getByRole('group', { name: 'Narrow the list by branch' });
    const first = within(branches).getAllByRole('button')[0]!;
    await user.click(first);
    expect(search(history).get('list_branch')).toBeTruthy();
    expect(listRows().length).toBeLessThanOrEqual(lateCount);
  });

  it('opens a row’s job in the panel beside the list, which follows j and k', async () => {
    stubWideScreen();
    const user = userEvent.setup();
    const { history } = open('/overview');
    await openReadDone();
    const [first, second] = listRows();
    await user.click(first!);
    const firstId = first!.getAttribute('data-job-id');
    expect(search(history).get('job')).toBe(firstId);
    expect(await screen.findByRole('heading', { name: `Job ${firstId}` })).toBeInTheDocument();
    first!.focus();
    await user.keyboard('j');
    const secondId = second!.getAttribute('data-job-id');
    expect(search(history).get('job')).toBe(secondId);
    expect(await screen.findByRole('heading', { name: `Job ${secondId}` })).toBeInTheDocument();
    expect(second).toHaveFocus();
    await user.keyboard('k');
    expect(search(history).get('job')).toBe(firstId);
  });

  it('shows the window’s figures, each chart also as a table, and opens a tile’s very jobs', async () => {
    const user = userEvent.setup();
    const from = NOW - 6 * 3600;
    const { history } = open(`/overview?window=custom&from=${from}&to=${NOW}`);
    const created = server.db
      .prepare('SELECT count(*) FROM jobs WHERE created_at >= ? AND created_at <= ?')
      .pluck()
      .get(from, NOW) as number;
    const tiles = await screen.findByRole('list', { name: 'The window in figures' });
    await waitFor(
      () =>
        expect(
          within(tiles).getByRole('link', { name: `Jobs: ${created}, see the jobs` }),
        ).toBeInTheDocument(),
      { timeout: 10_000 },
    );
    await user.click(within(tiles).getByRole('link', { name: /^Jobs:/ }));
    expect(search(history).get('list')).toBe('jobs');
    const listed = await screen.findByRole('region', { name: 'Jobs of the window' });
    expect(within(listed).getByText(new RegExp(`^${created} jobs`))).toBeInTheDocument();
    expect(within(listed).getAllByRole('row').length).toBe(Math.min(created, 150) + 1);
    const chart = screen.getByRole('figure', { name: /Jobs created and delivered per hour/ });
    await user.click(within(chart).getByRole('button', { name: 'Show as table' }));
    const table = within(chart).getByRole('table');
    const createdColumn = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Number(within(row).getAllByRole('cell')[0]!.textContent));
    expect(createdColumn.reduce((a, b) => a + b, 0)).toBe(created);
  });

  it('lists the riders, stale positions marked, and shows a rider’s open jobs', async () => {
    const user = userEvent.setup();
    const { history } = open('/overview');
    await openReadDone();
    const riders = screen.getByRole('region', { name: 'Riders, one per row' });
    const rows = within(riders).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(1);
    // Stale (no position, or older than 15 min) exactly where the service's data says so.
    const staleness = rows.map((row) => {
      const rider = server.db
        .prepare('SELECT last_latitude AS lat, updated_at AS at FROM riders WHERE id = ?')
        .get(Number(row.getAttribute('data-rider-id'))) as { lat: number | null; at: number };
      const stale = rider.lat === null || NOW - rider.at > 15 * 60;
      return [stale, /stale|no position/.test(row.textContent!)];
    });
    expect(staleness.some(([stale]) => stale)).toBe(true);
    expect(staleness.some(([stale]) => !stale)).toBe(true);
    for (const [stale, shown] of staleness) expect(shown).toBe(stale);
    const onDuty = rows.find((r) => within(r).queryByText('On duty'))!;
    await user.click(within(onDuty).getAllByRole('button')[0]!);
    const id = onDuty.getAttribute('data-rider-id');
    expect(search(history).get('rider')).toBe(id);
    const detail = document.querySelector(`[data-rider-detail="${id}"]`) as HTMLElement;
    expect(within(detail).getAllByRole('button', { name: /^Job \d+$/ }).length).toBeGreaterThan(0);
  });
});
