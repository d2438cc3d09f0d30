import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_REFERENCE_TIME, startTestServer, type TestServer } from '../support/server';
import { renderApp, stubWideScreen } from './render';

/**
 * The operations map's view of the jobs screen without WebGL (jsdom): the view in the URL, its
 * summary of what is on the map and what is not, the list of what could not be placed, "all
 * matching" with its progress, Stop and cap, late only, and a service without coordinates.
 * jsdom is narrow (no media query matches): the map replaces the table. The map itself is
 * proven in Chromium (tests/e2e/ops-map.e2e.ts).
 */
let server: TestServer;
/** The newest job: its first delivery has no address and its rider no position. */
let newest: number;

beforeAll(async () => {
  server = await startTestServer({ jobs: 60, pageSize: 5 });
  newest = idsInOrder()[0]!;
  server.db.prepare('UPDATE deliveries SET address = NULL WHERE job_id = ? AND position = 0').run(newest);
  server.db
    .prepare(
      'UPDATE riders SET last_latitude = NULL, last_longitude = NULL WHERE id = (SELECT rider_id FROM jobs WHERE id = ?)',
    )
    .run(newest);
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function idsInOrder(db = () => server.db): number[] {
  return db().prepare('SELECT id FROM jobs ORDER BY created_at DESC, id DESC').pluck().all() as number[];
}

/** What page 1 (the 5 newest jobs) holds, counted in the database; stale riders at `now`. */
function pageOne(s: TestServer = server, now = Date.now() / 1000) {
  const ids = idsInOrder(() => s.db)
    .slice(0, 5)
    .join(',');
  const count = (sql: string) => s.db.prepare(sql).pluck().get() as number;
  const stops = (table: string, where: string) =>
    count(`SELECT count(*) FROM ${table} WHERE job_id IN (${ids}) AND ${where}`);
  const placed = "json_extract(address, '$.latitude') IS NOT NULL";
  return {
    stops: stops('pickups', '1') + stops('deliveries', '1'),
    placedStops: stops('pickups', placed) + stops('deliveries', placed),
    riders: count(`SELECT count(DISTINCT rider_id) FROM jobs WHERE id IN (${ids})`),
    placedRiders: count(
      `SELECT count(*) FROM riders WHERE last_latitude IS NOT NULL AND id IN (SELECT rider_id FROM jobs WHERE id IN (${ids}))`,
    ),
    staleRiders: count(
      `SELECT count(*) FROM riders WHERE last_latitude IS NOT NULL AND updated_at < ${now - 15 * 60} AND id IN (SELECT rider_id FROM jobs WHERE id IN (${ids}))`,
    ),
    branches: count(
      `SELECT count(*) FROM (SELECT branch_id FROM pickups WHERE job_id IN (${ids}) UNION SELECT branch_id FROM deliveries WHERE job_id IN (${ids}))`,
    ),
  };
}

const open = (path: string, config = {}, s: TestServer = server) =>
  renderApp({ apiBaseUrl: s.url, token: s.token, path, config });
const search = (history: { location: { search: string } }) => new URLSearchParams(history.location.search);
/** The map's summary: the live region that says what is on the map. */
const summary = () =>
  within(screen.getByRole('region', { name: 'Map' }))
    .getAllByRole('status')
    .find((el) => /on the map\b|has coordinates|^No (late )?jobs|^Loading jobs/.test(el.textContent ?? ''))!;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

describe('the map view of the jobs screen', () => {
  it('opens from the View switch into the URL, says what is on the map, and Back returns to the table', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TEST_REFERENCE_TIME * 1000);
    // A rider of page 1 (not the newest job's, who has no position) last seen 35 minutes ago: stale.
    const riderOf = server.db.prepare('SELECT rider_id FROM jobs WHERE id = ?').pluck();
    const staleRider = idsInOrder()
      .slice(1, 5)
      .map((id) => riderOf.get(id))
      .find((r) => r !== null && r !== riderOf.get(newest));
    server.db
      .prepare('UPDATE riders SET last_latitude = 51.5, last_longitude = -0.12, updated_at = ? WHERE id = ?')
      .run(TEST_REFERENCE_TIME - 35 * 60, staleRider);
    const user = userEvent.setup();
    const { history } = open('/jobs');
    const table = await screen.findByRole('region', { name: 'Jobs' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));

    await user.click(screen.getByRole('button', { name: 'Map' }));
    expect(search(history).get('view')).toBe('map');
    expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
    // Narrow: the map instead of the table.
    const region = await screen.findByRole('region', { name: 'Map' });
    expect(screen.queryByRole('region', { name: 'Jobs' })).not.toBeInTheDocument();
    const n = pageOne(server, TEST_REFERENCE_TIME);
    // Riders whose position is older than staleRiderMinutes are counted apart.
    expect(n.staleRiders).toBeGreaterThan(0);
    const stale = ` \\(${n.staleRiders} stale\\)`;
    await waitFor(() =>
      expect(summary()).toHaveTextContent(
        new RegExp(
          `^5 jobs on the map: ${n.placedStops} of ${n.stops} stops( \\(\\d+ late\\))?, ${n.placedRiders} of ${plural(n.riders, 'rider', 'riders')}${stale}, ${plural(n.branches, 'branch', 'branches')}\\. ` +
            `Not placed, for want of coordinates: ${plural(n.stops - n.placedStops, 'stop', 'stops')} and ${plural(n.riders - n.placedRiders, 'rider', 'riders')}\\.$`,
        ),
      ),
    );
    // The key says what a faded rider is.
    expect(within(region).getByRole('list', { name: /^Map key/ })).toHaveTextContent(
      'Stale rider: last seen over 15 min ago (faded)',
    );
    // Without WebGL the map says so; the rest of the view works.
    expect(await within(region).findByText('The map could not be shown')).toBeInTheDocument();

    act(() => history.back());
    await waitFor(() => expect(search(history).get('view')).toBeNull());
    expect(await screen.findByRole('region', { name: 'Jobs' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Map' })).not.toBeInTheDocument();
  });

  it('lists what could not be placed, by job, and opens a job from there', async () => {
    const user = userEvent.setup();
    const { history } = open('/jobs?view=map');
    const region = await screen.findByRole('region', { name: 'Map' });
    const n = pageOne();
    const missing = n.stops - n.placedStops + (n.riders - n.placedRiders);
    const disclosure = await within(region).findByText(`Not placed (${missing})`);
    await user.click(disclosure);
    const stops = within(region).getByRole('heading', { name: 'Stops without coordinates, by job' })
      .nextElementSibling as HTMLElement;
    const item = within(stops)
      .getAllByRole('listitem')
      .find((li) => li.textContent?.startsWith(`Job ${newest} `))!;
    expect(item).toHaveTextContent(/Delivery 1: no address/);
    const riders = within(region).getByRole('heading', { name: 'Riders without a last position' })
      .nextElementSibling as HTMLElement;
    expect(within(riders).getAllByRole('button', { name: `Job ${newest}` })).toHaveLength(1);

    await user.click(within(item).getByRole('button', { name: `Job ${newest}` }));
    expect(search(history).get('job')).toBe(String(newest));
    expect(await screen.findByRole('dialog', { name: `Job ${newest}` })).toBeInTheDocument();
  });

  it('loads every matching job up to the map’s cap, with progress and Stop, and says when the cap cuts it short', async () => {
    // Pages after the first are held until released: the load is seen in progress.
    let hold = true;
    let release = () => {};
    let held = new Promise<void>((resolve) => (release = resolve));
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (hold && url.pathname === '/v1/jobs' && Number(url.searchParams.get('page')) > 1) await held;
      return realFetch(input, init);
    });
    const user = userEvent.setup();
    const { history } = open('/jobs?view=map', { scanCaps: { search: 5000, map: 12 } });
    const region = await screen.findByRole('region', { name: 'Map' });
    await waitFor(() => expect(summary()).toHaveTextContent(/^5 jobs on the map/));

    await user.click(within(region).getByRole('button', { name: 'All matching' }));
    expect(search(history).get('scope')).toBe('all');
    expect(
      await within(region).findByText('Loading every matching job onto the map: 5 of 12…'),
    ).toBeInTheDocument();
    expect(within(region).getByRole('progressbar', { name: 'Map loading progress' })).toHaveAttribute(
      'aria-valuenow',
      '1',
    );
    await user.click(within(region).getByRole('button', { name: 'Stop loading' }));
    expect(
      await within(region).findByText('Stopped after 5 jobs of 12: the map shows those.'),
    ).toBeInTheDocument();
    expect(summary()).toHaveTextContent(/^5 jobs on the map/);

    hold = false;
    release();
    held = Promise.resolve();
    await user.click(within(region).getByRole('button', { name: 'Load them all' }));
    expect(
      await within(region).findByText(
        'The map shows the first 12 of the 60 matching jobs: it holds at most 12. Narrow the filters to see the rest.',
      ),
    ).toBeInTheDocument();
    expect(summary()).toHaveTextContent(/^12 jobs on the map/);

    // Back: the page again.
    act(() => history.back());
    await waitFor(() => expect(search(history).get('scope')).toBeNull());
    await waitFor(() => expect(summary()).toHaveTextContent(/^5 jobs on the map/));
  });

  it('applies "late only" to the map as to the table: the late jobs of the whole result', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TEST_REFERENCE_TIME * 1000);
    // Two of page 1's jobs made late: open, their pickup's slot ended three hours ago.
    const [a, b] = idsInOrder().slice(1, 3);
    for (const id of [a, b]) {
      server.db.prepare('UPDATE jobs SET status = 2 WHERE id = ?').run(id);
      server.db
        .prepare('UPDATE pickups SET status = 1, slot_to = ? WHERE job_id = ?')
        .run(TEST_REFERENCE_TIME - 3 * 3600, id);
    }
    const user = userEvent.setup();
    const { history } = open('/jobs?view=map');
    const header = (await screen.findByRole('heading', { name: 'Jobs', level: 1 })).closest('header')!;
    await waitFor(() => expect(header).toHaveTextContent(/(\d+) of the 5 jobs on this page (is|are) late/));
    expect(
      Number(/(\d+) of the 5 jobs on this page/.exec(header.textContent ?? '')![1]),
    ).toBeGreaterThanOrEqual(2);

    // Late only lists the whole result's late jobs: the map shows those.
    await user.click(screen.getByRole('checkbox', { name: 'Late only' }));
    expect(search(history).get('late')).toBe('1');
    await waitFor(() => expect(header).toHaveTextContent(/\d+ late jobs? of \d+ open/));
    const late = Number(/(\d+) late jobs? of/.exec(header.textContent ?? '')![1]);
    await waitFor(() =>
      expect(summary()).toHaveTextContent(
        new RegExp(`^${plural(late, 'job', 'jobs')} on the map: .*\\(\\d+ late\\)`),
      ),
    );
  });

  it('shows every late job with "All matching" from the browser’s working set, without a scan of its own', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TEST_REFERENCE_TIME * 1000);
    // Two jobs made late: open, their pickup's slot ended three hours ago.
    for (const id of idsInOrder().slice(1, 3)) {
      server.db.prepare('UPDATE jobs SET status = 2 WHERE id = ?').run(id);
      server.db
        .prepare('UPDATE pickups SET status = 1, slot_to = ? WHERE job_id = ?')
        .run(TEST_REFERENCE_TIME - 3 * 3600, id);
    }
    const realFetch = globalThis.fetch;
    const asked: URL[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/v1/jobs') asked.push(url);
      return realFetch(input, init);
    });
    open('/jobs?view=map&scope=all&late=1');
    const header = (await screen.findByRole('heading', { name: 'Jobs', level: 1 })).closest('header')!;
    await waitFor(() => expect(header).toHaveTextContent(/\d+ late jobs? of \d+ open/));
    const late = Number(/(\d+) late jobs? of/.exec(header.textContent ?? '')![1]);
    expect(late).toBeGreaterThanOrEqual(2);
    await waitFor(() =>
      expect(summary()).toHaveTextContent(new RegExp(`^${plural(late, 'job', 'jobs')} on the map: `)),
    );
    // The working set reads by status (open work) or by time (its window); a scan of every job
    // within these filters would read their pages beyond the table's page and the next (prefetched).
    const scan = asked.filter(
      (url) =>
        !url.searchParams.has('status') &&
        !url.searchParams.has('timestamp_from') &&
        Number(url.searchParams.get('page')) > 2,
    );
    expect(scan).toEqual([]);
  });

  it('says quietly that zones are not shown when the service does not list branches', async () => {
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      new URL(String(input)).pathname === '/v1/branches'
        ? new Response('{"error":{"code":"not_found","message":"Not Found"}}', { status: 404 })
        : realFetch(input, init),
    );
    open('/jobs?view=map');
    const region = await screen.findByRole('region', { name: 'Map' });
    expect(
      await within(region).findByText('Delivery zones are not shown: this service does not list branches.'),
    ).toBeInTheDocument();
  });

  it('says when a job to zoom to has no position', async () => {
    const user = userEvent.setup();
    server.db.prepare('UPDATE pickups SET address = NULL WHERE job_id = ?').run(newest);
    server.db.prepare('UPDATE deliveries SET address = NULL WHERE job_id = ?').run(newest);
    const { history } = open(`/jobs?view=map&job=${newest}`);
    const dialog = await screen.findByRole('dialog', { name: `Job ${newest}` });
    await user.click(await within(dialog).findByRole('button', { name: 'Zoom the map to this job' }));
    // Narrow: the panel closes so that the map shows.
    await waitFor(() => expect(search(history).get('job')).toBeNull());
    const region = screen.getByRole('region', { name: 'Map' });
    expect(
      await within(region).findByText(
        `Job ${newest} has no stop or rider with coordinates: it cannot be shown on the map.`,
      ),
    ).toBeInTheDocument();
  });
});

describe('the map view on a wide screen', () => {
  it('sits beside the table, the split moved with the arrow keys and remembered', async () => {
    stubWideScreen();
    const user = userEvent.setup();
    const first = open('/jobs?view=map');
    await screen.findByRole('region', { name: 'Map' });
    expect(screen.getByRole('region', { name: 'Jobs' })).toBeInTheDocument();
    const separator = screen.getByRole('separator', { name: 'Table and map widths' });
    expect(separator).toHaveAttribute('aria-valuenow', '50');
    separator.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(separator).toHaveAttribute('aria-valuenow', '60');
    expect(separator).toHaveAttribute('aria-valuetext', 'Table 60%, map 40%');
    await user.keyboard('{End}');
    expect(separator).toHaveAttribute('aria-valuenow', '75');
    first.unmount();

    open('/jobs?view=map');
    expect(await screen.findByRole('separator', { name: 'Table and map widths' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
  });
});

describe('clearing the filters on the map view', () => {
  /** The view and its scope, as the URL holds them. */
  const viewOf = (history: { location: { search: string } }) => [
    search(history).get('view'),
    search(history).get('scope'),
  ];

  it('keeps the map and "All matching" on "Clear all"', async () => {
    const user = userEvent.setup();
    const { history } = open('/jobs?view=map&scope=all&status=7&q=zz');
    const region = await screen.findByRole('region', { name: 'Map' });
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(search(history).get('status')).toBeNull());
    expect(search(history).get('q')).toBeNull();
    expect(viewOf(history)).toEqual(['map', 'all']);
    expect(region).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'All matching' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('keeps them on "Clear all filters" when nothing matches', async () => {
    stubWideScreen();
    const user = userEvent.setup();
    const { history } = open('/jobs?view=map&scope=all&branch_id=NOPE-99');
    await user.click(await screen.findByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(search(history).get('branch_id')).toBeNull());
    expect(viewOf(history)).toEqual(['map', 'all']);
    expect(screen.getByRole('region', { name: 'Map' })).toBeInTheDocument();
  });

  it('keeps them, and the open job, on "Clear filters and keep looking"', async () => {
    const user = userEvent.setup();
    const { history } = open('/jobs?view=map&scope=all&status=7&job=999999');
    const dialog = await screen.findByRole('dialog', { name: 'Job 999999' });
    await user.click(await within(dialog).findByRole('button', { name: 'Clear filters and keep looking' }));
    await waitFor(() => expect(search(history).get('status')).toBeNull());
    expect(viewOf(history)).toEqual(['map', 'all']);
    expect(search(history).get('job')).toBe('999999');
  });
});

describe('the map view against a service whose addresses carry no coordinates', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startTestServer({ jobs: 20, pageSize: 5 });
    bare.db.exec(`
      UPDATE pickups SET address = json_remove(address, '$.latitude', '$.longitude') WHERE address IS NOT NULL;
      UPDATE deliveries SET address = json_remove(address, '$.latitude', '$.longitude') WHERE address IS NOT NULL;
      UPDATE riders SET last_latitude = NULL, last_longitude = NULL;
    `);
  });
  afterAll(async () => {
    await bare.close();
  });

  it('says so, and shows the branches', async () => {
    open('/jobs?view=map', {}, bare);
    await screen.findByRole('region', { name: 'Map' });
    const n = pageOne(bare);
    expect(n.placedStops).toBe(0);
    await waitFor(() =>
      expect(summary()).toHaveTextContent(
        `None of the ${n.stops} stops and ${plural(n.riders, 'rider', 'riders')} of these 5 jobs has coordinates: ` +
          `the service sends addresses without a position. The map shows their ${plural(n.branches, 'branch', 'branches')}.`,
      ),
    );
  });
});
