import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_REFERENCE_TIME, startTestServer, type TestServer } from '../support/server';
import { renderApp, stubWideScreen } from './render';

/**
 * "Late only" over the whole filtered result, read from the browser's working set, against the
 * in-process server (pages of 7), with the extension and without it (`bare`, where the set reads
 * page by page up to its caps): every job is made Delivered, then ten spread over the pages are
 * made late (each by a different amount) and two more open but not late.
 */
let server: TestServer;
let bare: TestServer;
let late: number[];
let openNotLate: number[];

const HOUR = 3600;

beforeAll(async () => {
  server = await startTestServer({ jobs: 60, pageSize: 7 });
  bare = await startTestServer({ jobs: 60, pageSize: 7, extensions: false });
  seed(bare);
  seed(server);
});
afterAll(async () => {
  await server.close();
  await bare.close();
});

/** The same jobs on both servers (same seed): ten late, two open not late, the rest Delivered. */
function seed(server: TestServer) {
  const ids = idsInOrder(server);
  server.db.prepare('UPDATE jobs SET status = 7').run();
  server.db.prepare('UPDATE pickups SET status = 7').run();
  server.db.prepare('UPDATE deliveries SET status = 7').run();
  const open = (id: number, pickupEnds: number) => {
    server.db.prepare('UPDATE jobs SET status = 2 WHERE id = ?').run(id);
    server.db.prepare('UPDATE pickups SET status = 1, slot_to = ? WHERE job_id = ?').run(pickupEnds, id);
    server.db
      .prepare('UPDATE deliveries SET status = 1, slot_to = ? WHERE job_id = ?')
      .run(TEST_REFERENCE_TIME + 5 * HOUR, id);
  };
  // Positions in the service's order: page 1 holds 0-6, so most of these are on later pages.
  const positions = [2, 8, 13, 20, 26, 33, 39, 44, 51, 58];
  late = positions.map((p) => ids[p]!);
  // The i-th is late by i + 1 hours: the service's order is not the order of lateness.
  late.forEach((id, i) => open(id, TEST_REFERENCE_TIME - (i + 1) * HOUR));
  openNotLate = [ids[5]!, ids[30]!];
  for (const id of openNotLate) open(id, TEST_REFERENCE_TIME + 2 * HOUR);
}
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function idsInOrder(server: TestServer): number[] {
  return server.db.prepare('SELECT id FROM jobs ORDER BY created_at DESC, id DESC').pluck().all() as number[];
}
const open = (path: string, on = server) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TEST_REFERENCE_TIME * 1000);
  return renderApp({ apiBaseUrl: on.url, token: on.token, path });
};
const shownIds = () =>
  within(screen.getByRole('region', { name: 'Jobs' }))
    .queryAllByRole('row')
    .map((r) => Number(r.getAttribute('data-job-id')))
    .filter(Boolean);
const header = () => screen.getByRole('heading', { name: 'Jobs', level: 1 }).closest('header')!;

describe('late only', () => {
  it('lists the late jobs of every page, latest first, in one list without the pager', async () => {
    open('/jobs?late=1');
    // Latest first: the last made late is the latest.
    const expected = [...late].reverse();
    // The first test waits for the app's first load as well as the working set's first read.
    await waitFor(() => expect(shownIds()).toEqual(expected), { timeout: 20_000 });
    await waitFor(() => expect(header()).toHaveTextContent('10 late jobs of 12 open'));
    expect(header()).not.toHaveTextContent('on this page');
    expect(screen.getByRole('columnheader', { name: /Late/ })).toHaveAttribute('aria-sort', 'descending');
    // One list: no pager pretending to page it.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    expect(
      screen.getByText('“Late only” lists every late job read in one list: no pages.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all late work in the control room' })).toHaveAttribute(
      'href',
      '/overview?reason=late',
    );
  });

  it('says without late only that its count is of the page, and keeps the branch and team in the control room link', async () => {
    const user = userEvent.setup();
    const { branch, team } = server.db
      .prepare('SELECT branch_id AS branch, team_id AS team FROM jobs WHERE id = ?')
      .get(late[0]) as { branch: string; team: string };
    const { history } = open(`/jobs?${new URLSearchParams({ branch_id: branch, team_id: team })}`);
    await screen.findByRole('navigation', { name: 'Pages' });
    await waitFor(() =>
      expect(header()).toHaveTextContent(/\d+ of the \d+ jobs? on this page (is|are) late/),
    );
    expect(screen.getByRole('link', { name: 'See all late work in the control room' })).toHaveAttribute(
      'href',
      `/overview?${new URLSearchParams({ branch_id: branch, team_id: team, reason: 'late' })}`,
    );

    await user.click(screen.getByRole('checkbox', { name: 'Late only' }));
    await waitFor(() => expect(new URLSearchParams(history.location.search).get('late')).toBe('1'));
    await waitFor(() =>
      expect(header()).toHaveTextContent(/^.*\d+ late jobs? of \d+ open within these filters/),
    );
  });

  it('opens a late job from a later page in the panel, and j moves the panel along the late rows', async () => {
    stubWideScreen();
    const user = userEvent.setup();
    const { history } = open('/jobs?late=1');
    const expected = [...late].reverse();
    await waitFor(() => expect(shownIds()).toEqual(expected));
    // The latest is on page 9 of the service's order, far from the page loaded.
    const row = (id: number) =>
      screen.getAllByRole('row').find((r) => r.getAttribute('data-job-id') === String(id))!;
    await user.click(row(expected[0]!));
    const panel = await screen.findByRole('complementary', { name: `Job ${expected[0]}` });
    // The panel's tabs come with its lazy chunk, transformed on first import under vitest.
    await within(panel).findByRole('tab', { name: 'Overview' }, { timeout: 15_000 });
    expect(within(panel).queryByText(/is not on the page shown now/)).not.toBeInTheDocument();
    await user.keyboard('j');
    await screen.findByRole('complementary', { name: `Job ${expected[1]}` });
    expect(new URLSearchParams(history.location.search).get('job')).toBe(String(expected[1]));
  });

  it('shows the first read’s progress with Stop on a service without the extension, and what a stop left out', async () => {
    // Without the extension the working set reads each open status page by page: the second
    // page of each status's read is held, so the read stops part way.
    const realFetch = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (
        url.pathname === '/v1/jobs' &&
        url.searchParams.has('status') &&
        url.searchParams.get('page') !== '1'
      )
        await held;
      return realFetch(input, init);
    });
    const user = userEvent.setup();
    open('/jobs?late=1', bare);
    const stop = await screen.findByRole('button', { name: 'Stop reading' });
    expect(
      await screen.findByRole('progressbar', { name: 'Late jobs: reading progress' }),
    ).toBeInTheDocument();
    // The first page of the Assigned jobs is in; its second is held.
    await screen.findByText(
      /^Looking for late jobs in the open work: 7 of 12 open jobs read, \d+ late jobs? so far…$/,
    );
    await user.click(stop);
    // What the set holds when stopped: the first page's 7.
    expect(
      await screen.findByText(/^Stopped after 7 open jobs: the table shows the \d+ late jobs? among them\./),
    ).toBeInTheDocument();
    expect(shownIds().length).toBeLessThan(10);
    release();
    await user.click(screen.getByRole('button', { name: 'Read them all' }));
    await waitFor(() => expect(header()).toHaveTextContent('10 late jobs of 12 open'));
    expect(screen.queryByRole('button', { name: 'Stop reading' })).not.toBeInTheDocument();
  });

  it('says a failure of the first read in words, with Retry, which reads again', async () => {
    const realFetch = globalThis.fetch;
    let failing = true;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (failing && url.pathname === '/v1/jobs' && url.searchParams.has('status'))
        return new Response('{"error":{"code":"bad_request","message":"The status filter is refused."}}', {
          status: 400,
          headers: { 'Content-Type': 'application/json' },
        });
      return realFetch(input, init);
    });
    const user = userEvent.setup();
    open('/jobs?late=1');
    expect(
      await screen.findByText(/^Could not read the open work: .*The status filter is refused/),
    ).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(shownIds()).toHaveLength(10));
    await waitFor(() => expect(header()).toHaveTextContent('10 late jobs of 12 open'));
  });

  it('says what the working set’s cap left out on a service without the extension, whatever the filters', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TEST_REFERENCE_TIME * 1000);
    renderApp({
      apiBaseUrl: bare.url,
      token: bare.token,
      path: '/jobs?late=1',
      config: { scanCaps: { search: 5000, map: 5000, impact: 5000, open: 7, overview: 5000 } },
    });
    expect(
      await screen.findByText(
        /^The late jobs shown are among the first 7 of the operation’s 12 open jobs: on a service without the extension, the browser holds at most 7\. The other 5 open jobs were not read, whatever the filters\./,
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(header()).toHaveTextContent(/late jobs? among the first 7 of the operation’s 12 open jobs read/),
    );
  });
});
