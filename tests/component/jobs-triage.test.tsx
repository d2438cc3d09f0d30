import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_REFERENCE_TIME, startTestServer, type TestServer } from '../support/server';
import { renderApp, stubWideScreen } from './render';

/**
 * The search, late work, status counts and the job panel, against the in-process server (pages
 * of 5) without the extension for scale: a bare service, where the search scans (with the
 * service's search: tests/component/jobs-service-search.test.tsx).
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ jobs: 60, pageSize: 5, extensions: false });
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const open = (path: string, config = {}) =>
  renderApp({ apiBaseUrl: server.url, token: server.token, path, config });
const search = (history: { location: { search: string } }) => new URLSearchParams(history.location.search);
const idsInOrder = (where = '1 = 1', ...params: unknown[]) =>
  server.db
    .prepare(`SELECT id FROM jobs WHERE ${where} ORDER BY created_at DESC, id DESC`)
    .pluck()
    .all(...params) as number[];
const shownIds = () =>
  within(screen.getByRole('region', { name: 'Jobs' }))
    .queryAllByRole('row')
    .map((r) => Number(r.getAttribute('data-job-id')))
    .filter(Boolean);

describe('jobs search', () => {
  it('answers from the loaded pages at once, then scans every page, and opens the job of an exact id', async () => {
    const user = userEvent.setup();
    const ids = idsInOrder();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { history } = open('/jobs');
    await waitFor(() => expect(shownIds()).toEqual(ids.slice(0, 5)));

    // A job id from page 9: not loaded, found by the scan; the exact id opens its job.
    const target = ids[42]!;
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(box, `${target}{Enter}`);
    expect(search(history).get('q')).toBe(String(target));
    // After the search's chunk (the matching, phone metadata) loads and the scan reaches page 9.
    await screen.findByRole('dialog', { name: `Job ${target}` }, { timeout: 15_000 });
    expect(search(history).get('job')).toBe(String(target));
    await screen.findByText(`1 match for “${target}” in all jobs (60 jobs read).`);
    // Every page read once by the scan (page 1 again: the loaded copy may be stale).
    const scanned = fetchSpy.mock.calls
      .map(([u]) => new URL(String(u)))
      .filter((u) => u.pathname === '/v1/jobs' && !u.searchParams.has('status'))
      .map((u) => Number(u.searchParams.get('page')));
    for (let p = 1; p <= 12; p++) expect(scanned).toContain(p);
    fetchSpy.mockRestore();
  });

  it('lists matches of the loaded pages before the scan has read them', async () => {
    const user = userEvent.setup();
    // The newest job's rider: page 1 is loaded, so their jobs there show at once.
    const rider = server.db
      .prepare(
        'SELECT r.username FROM jobs j JOIN riders r ON r.id = j.rider_id ORDER BY j.created_at DESC, j.id DESC LIMIT 1',
      )
      .pluck()
      .get() as string;
    const theirs = idsInOrder(
      'rider_id IN (SELECT id FROM riders WHERE instr(lower(username), lower(?)) > 0)',
      rider,
    );
    const onPageOne = theirs.filter((id) => idsInOrder().slice(0, 5).includes(id));
    // Once the search starts, every page request is held: what shows comes from the loaded page.
    let searching = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (searching && url.pathname === '/v1/jobs' && !url.searchParams.has('status')) await held;
      return realFetch(input, init);
    });
    open('/jobs');
    await waitFor(() => expect(shownIds()).toHaveLength(5));
    searching = true;
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), `${rider}{Enter}`);
    await waitFor(() => expect(shownIds()).toEqual(onPageOne));
    expect(screen.getByRole('button', { name: 'Stop searching' })).toBeInTheDocument();
    release();
    await screen.findByText(new RegExp(`^${theirs.length} match(es)? for`));
    expect(shownIds()).toEqual(theirs);
  });
});

describe('late work', () => {
  it('counts the late jobs on the page, and with late=1 lists the late jobs of the whole result', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TEST_REFERENCE_TIME * 1000);
    const [newest] = idsInOrder();
    server.db.prepare('UPDATE jobs SET status = 2 WHERE id = ?').run(newest);
    server.db
      .prepare('UPDATE pickups SET status = 1, slot_to = ? WHERE job_id = ?')
      .run(TEST_REFERENCE_TIME - 3 * 3600, newest);
    const user = userEvent.setup();
    const { history } = open('/jobs');
    await waitFor(() => expect(shownIds()).toHaveLength(5));
    const row = screen.getAllByRole('row').find((r) => r.getAttribute('data-job-id') === String(newest))!;
    expect(row).toHaveTextContent('late 3 h 00 min');
    const late = screen.getAllByRole('row').filter((r) => /late \d/.test(r.textContent ?? '')).length;
    const header = screen.getByRole('heading', { name: 'Jobs', level: 1 }).closest('header')!;
    expect(header).toHaveTextContent(`${late} of the 5 jobs on this page ${late === 1 ? 'is' : 'are'} late`);

    await user.click(screen.getByRole('checkbox', { name: 'Late only' }));
    await waitFor(() => expect(search(history).get('late')).toBe('1'));
    await waitFor(() => expect(header).toHaveTextContent(/\d+ late jobs? of \d+ open(?! within)/));
    const whole = Number(/(\d+) late jobs? of/.exec(header.textContent ?? '')![1]);
    expect(whole).toBeGreaterThanOrEqual(late);
    expect(shownIds()).toHaveLength(whole);
    expect(shownIds()).toContain(newest);
  });
});

describe('branch names', () => {
  it('offers the branches seen in the loaded jobs when the service has no branch list', async () => {
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      new URL(String(input)).pathname === '/v1/branches'
        ? new Response('{"error":{"code":"not_found","message":"Not Found"}}', { status: 404 })
        : realFetch(input, init),
    );
    const user = userEvent.setup();
    open('/jobs');
    await waitFor(() => expect(shownIds()).toHaveLength(5));
    const seen = server.db
      .prepare(
        `SELECT DISTINCT b.id, b.name FROM branches b WHERE b.id IN (
           SELECT branch_id FROM pickups WHERE job_id IN (${idsInOrder().slice(0, 5).join(',')})
           UNION SELECT branch_id FROM deliveries WHERE job_id IN (${idsInOrder().slice(0, 5).join(',')}))`,
      )
      .all() as { id: string; name: string }[];
    await user.click(await screen.findByRole('combobox', { name: 'Branch' }));
    const options = within(screen.getByRole('listbox', { name: 'Suggestions' })).getAllByRole('option');
    expect(options.map((o) => o.textContent).sort()).toEqual(seen.map((b) => `${b.name}${b.id}`).sort());
  });
});

describe('status counts', () => {
  it('counts each configured status with the other filters, and are not asked for when switched off', async () => {
    open('/jobs?branch_id=LDN-01');
    const chips = await screen.findByRole('toolbar', { name: 'Jobs by status' });
    const failed = server.db
      .prepare("SELECT count(*) FROM jobs WHERE status = 8 AND branch_id = 'LDN-01'")
      .pluck()
      .get() as number;
    const all = server.db
      .prepare("SELECT count(*) FROM jobs WHERE branch_id = 'LDN-01'")
      .pluck()
      .get() as number;
    await waitFor(() => expect(chips).toHaveAttribute('data-counts-ready', 'branch_id=LDN-01'));
    expect(within(chips).getByRole('button', { name: `Failed ${failed}` })).toBeInTheDocument();
    expect(within(chips).getByRole('button', { name: `All ${all}` })).toHaveAttribute('aria-pressed', 'true');
  });

  it('is off when the runtime config says so: no chips, no count requests', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    open('/jobs', { statusCounts: false });
    await waitFor(() => expect(shownIds()).toHaveLength(5));
    expect(screen.queryByRole('toolbar', { name: 'Jobs by status' })).not.toBeInTheDocument();
    const statusRequests = fetchSpy.mock.calls.filter(([u]) => new URL(String(u)).searchParams.has('status'));
    expect(statusRequests).toEqual([]);
    fetchSpy.mockRestore();
  });
});

describe('the job panel on a wide screen', () => {
  it('sits beside the table as a named region and follows the keyboard', async () => {
    stubWideScreen();
    const user = userEvent.setup();
    const { history } = open('/jobs');
    await waitFor(() => expect(shownIds()).toHaveLength(5));
    const ids = shownIds();
    await user.click(
      screen.getAllByRole('row').find((r) => r.getAttribute('data-job-id') === String(ids[0]))!,
    );
    const first = await screen.findByRole('complementary', { name: `Job ${ids[0]}` });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await within(first).findByRole('tab', { name: 'Overview' });
    await user.keyboard('j');
    await screen.findByRole('complementary', { name: `Job ${ids[1]}` });
    expect(search(history).get('job')).toBe(String(ids[1]));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('complementary')).not.toBeInTheDocument());
    expect(search(history).get('job')).toBeNull();
  });
});

describe("the rider's position in the job panel", () => {
  it('says how old it is, and marks it stale in words once older than staleRiderMinutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TEST_REFERENCE_TIME * 1000);
    const [, staleJob, freshJob] = idsInOrder();
    const [staleRider, freshRider] = server.db
      .prepare('SELECT id, name FROM riders ORDER BY id LIMIT 2')
      .all() as { id: number; name: string }[];
    const place = server.db.prepare(
      'UPDATE riders SET last_latitude = 51.5, last_longitude = -0.12, updated_at = ? WHERE id = ?',
    );
    place.run(TEST_REFERENCE_TIME - 35 * 60, staleRider!.id);
    place.run(TEST_REFERENCE_TIME - 3 * 60, freshRider!.id);
    const assign = server.db.prepare('UPDATE jobs SET rider_id = ?, status = 3 WHERE id = ?');
    assign.run(staleRider!.id, staleJob);
    assign.run(freshRider!.id, freshJob);

    const user = userEvent.setup();
    open(`/jobs?job=${staleJob}`);
    let dialog = await screen.findByRole('dialog', { name: `Job ${staleJob}` });
    const triage = await within(dialog).findByRole('region', { name: 'Needs attention' });
    expect(triage).toHaveTextContent(`${staleRider!.name}: 51.50000, -0.12000 ⚠ stale: last seen 35 min ago`);
    expect(within(dialog).getByRole('region', { name: `Rider: ${staleRider!.name}` })).toHaveTextContent(
      'stale: last seen 35 min ago',
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(
      screen.getAllByRole('row').find((r) => r.getAttribute('data-job-id') === String(freshJob))!,
    );
    dialog = await screen.findByRole('dialog', { name: `Job ${freshJob}` });
    const fresh = await within(dialog).findByRole('region', { name: 'Needs attention' });
    expect(fresh).toHaveTextContent(`${freshRider!.name}: 51.50000, -0.12000 as of 3 min ago`);
    expect(fresh).not.toHaveTextContent('stale');
  });
});
