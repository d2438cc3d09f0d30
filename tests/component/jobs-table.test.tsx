import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_REFERENCE_TIME, startTestServer, type TestServer } from '../support/server';
import { renderApp, testStatuses } from './render';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ jobs: 200 });
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function open(path: string) {
  return renderApp({ apiBaseUrl: server.url, token: server.token, path });
}

/** The body rows of the jobs table (each row is one job). */
function jobRows() {
  const table = screen.getByRole('table');
  return within(table).getAllByRole('row').slice(1);
}

async function waitForRange(text: string | RegExp) {
  const nav = await screen.findByRole('navigation', { name: 'Pages' });
  await waitFor(() => expect(nav).toHaveTextContent(text));
}

const count = (sql: string, ...params: unknown[]) =>
  server.db
    .prepare(sql)
    .pluck()
    .get(...params) as number;
/** "N–M of TOTAL jobs" for a page of 20 (the reference server's default page size). */
const rangeOf = (page: number, total: number) =>
  `${(page - 1) * 20 + 1}–${Math.min(page * 20, total)} of ${total} jobs`;
const search = (history: { location: { search: string } }) => new URLSearchParams(history.location.search);

describe('jobs table', () => {
  it('lists the first page newest first, with the status label (its code on hover), rider, branch and range', async () => {
    open('/jobs');
    await waitForRange('1–20 of 200 jobs');
    const rows = jobRows();
    expect(rows).toHaveLength(20);
    const first = rows[0]!;
    const newest = server.db
      .prepare('SELECT id, status FROM jobs ORDER BY created_at DESC, id DESC LIMIT 1')
      .get() as { id: number; status: number };
    expect(first).toHaveTextContent(String(newest.id));
    // The label alone in the table; the code stays on hover.
    const label = testStatuses[String(newest.status) as keyof typeof testStatuses].label;
    const badge = within(first).getByTitle(`Status code ${newest.status}`);
    expect(badge).toHaveTextContent(new RegExp(`^${label}$`));
    // Column headers the supervisor scans.
    for (const name of [
      'Job',
      'Order',
      'Status',
      'Rider',
      'Branch',
      'Stops',
      'Earliest open slot',
      'Amount',
      'Created',
      'Updated',
    ]) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    // Created time: relative on screen, the exact time in the viewer's zone on hover.
    const time = first.querySelector('time')!;
    expect(time.getAttribute('title')).toMatch(/\d{2}:\d{2}:\d{2}/);
  });

  it('shows each job’s type by its label (the code on hover), and a code the dictionary does not name as sent', async () => {
    const firstPage = server.db
      .prepare('SELECT id, type FROM jobs ORDER BY created_at DESC, id DESC LIMIT 20')
      .all() as { id: number; type: string }[];
    const unnamed = firstPage[0]!.type;
    const labels: Record<string, string> = {
      on_demand: 'On demand',
      scheduled: 'Scheduled',
      same_day: 'Same day',
      return: 'Return',
    };
    const jobTypes = Object.fromEntries(
      Object.entries(labels)
        .filter(([code]) => code !== unnamed)
        .map(([code, label]) => [code, { label }]),
    );
    renderApp({ apiBaseUrl: server.url, token: server.token, path: '/jobs', config: { jobTypes } });
    await waitForRange('1–20 of 200 jobs');
    expect(screen.getByRole('columnheader', { name: 'Type' })).toBeInTheDocument();
    const rows = jobRows();
    let named = 0;
    for (const [i, { type }] of firstPage.entries()) {
      const cell = within(rows[i]!).getByTitle(new RegExp(`^Type code ${type}\\b`));
      if (type === unnamed) {
        expect(cell).toHaveTextContent(new RegExp(`^${type}$`));
        expect(cell).toHaveAttribute('title', `Type code ${type} is not in the dictionary`);
      } else {
        named++;
        expect(cell).toHaveTextContent(new RegExp(`^${labels[type]}$`));
        expect(cell).toHaveAttribute('title', `Type code ${type}`);
      }
    }
    expect(named).toBeGreaterThan(0);
  });

  it('sends the filters to the service, shows what matches, keeps them in the URL and resets to page 1', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { history } = open('/jobs?page=3');
    await waitForRange('41–60 of 200 jobs');

    await user.selectOptions(screen.getByLabelText('Status'), 'Delivered (7)');
    await waitFor(() => expect(search(history).get('status')).toBe('7'));
    expect(search(history).get('page')).toBe('1');
    const delivered = count('SELECT count(*) FROM jobs WHERE status = 7');
    await waitForRange(rangeOf(1, delivered));
    for (const row of jobRows())
      expect(within(row).getByTitle('Status code 7')).toHaveTextContent(/^Delivered$/);

    // The branch and team with the most delivered jobs in the seed.
    const { branch, team, name, matching } = server.db
      .prepare(
        `SELECT j.branch_id AS branch, j.team_id AS team, b.name AS name, count(*) AS matching
         FROM jobs j JOIN branches b ON b.id = j.branch_id WHERE j.status = 7
         GROUP BY j.branch_id, j.team_id ORDER BY matching DESC, j.branch_id, j.team_id LIMIT 1`,
      )
      .get() as { branch: string; team: string; name: string; matching: number };
    expect(matching).toBeGreaterThan(0);
    await user.type(screen.getByLabelText('Branch'), `${branch}{Enter}`);
    await user.type(screen.getByLabelText('Team'), `${team}{Enter}`);
    await waitForRange(new RegExp(`^1–${matching} of ${matching} jobs`));
    expect(search(history).get('branch_id')).toBe(branch);
    expect(search(history).get('team_id')).toBe(team);
    expect(jobRows()).toHaveLength(matching);
    for (const row of jobRows()) expect(row).toHaveTextContent(name);

    const urls = fetchSpy.mock.calls.map(([input]) => String(input));
    expect(urls).toContain(
      `${server.url}/v1/jobs?page=1&status=7&branch_id=${branch}&team_id=${team}&branch_embed=summary`,
    );
  });

  it('filters on a created-time range typed in the viewer’s zone, with presets and a hint naming the timestamp', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { history } = open('/jobs');
    await waitForRange('of 200 jobs');
    // The hint says which timestamp the service filters on, and is the range's description.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByRole('group', { name: 'Created between' })).toHaveAccessibleDescription(
      new RegExp(`when the job was created \\(created_at\\), both ends included, in ${zone} \\(your zone\\)`),
    );

    // The seeded jobs span December 2025; pick a window of two days in the viewer's zone. Each
    // bound is one button (one Tab stop) opening its date-time field in a popover.
    const setBound = async (name: string, value: string, apply: 'Enter' | 'button') => {
      await user.click(screen.getByRole('button', { name: `${name}: any` }));
      const panel = await screen.findByRole('dialog', { name });
      const field = within(panel).getByLabelText(`${name} (${zone})`);
      await waitFor(() => expect(field).toHaveFocus());
      // A date-time picker delivers a whole value (user-event cannot type into datetime-local).
      fireEvent.change(field, { target: { value } });
      if (apply === 'Enter') await user.keyboard('{Enter}');
      else await user.click(within(panel).getByRole('button', { name: 'Apply' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };
    await setBound('Created from', '2025-12-10T00:00', 'Enter');
    await setBound('Created to', '2025-12-11T23:59', 'button');
    const fromEpoch = Math.floor(new Date(2025, 11, 10, 0, 0).getTime() / 1000);
    const toEpoch = Math.floor(new Date(2025, 11, 11, 23, 59, 59).getTime() / 1000);
    await waitFor(() => expect(search(history).get('timestamp_to')).toBe(String(toEpoch)));
    expect(search(history).get('timestamp_from')).toBe(String(fromEpoch));
    const inRange = count('SELECT count(*) FROM jobs WHERE created_at BETWEEN ? AND ?', fromEpoch, toEpoch);
    await waitForRange(`of ${inRange} jobs`);
    expect(fetchSpy.mock.calls.map(([u]) => String(u))).toContain(
      `${server.url}/v1/jobs?page=1&timestamp_from=${fromEpoch}&timestamp_to=${toEpoch}&branch_embed=summary`,
    );
    // The buttons show the bounds, and focus is back on the last one used.
    expect(screen.getByRole('button', { name: 'Created from: 2025-12-10 00:00' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Created to: 2025-12-11 23:59' })).toHaveFocus();

    // A preset replaces the range ("last 7 days" is open-ended so new jobs keep showing).
    const clicked = Math.floor(Date.now() / 1000);
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(search(history).get('timestamp_to')).toBeNull());
    const since = Number(search(history).get('timestamp_from'));
    // Seven days before the moment of the click, to the minute, however long the click took to land.
    expect(since % 60).toBe(0);
    expect(since).toBeGreaterThan(clicked - 7 * 86400 - 60);
    expect(since).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) - 7 * 86400);

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(search(history).get('timestamp_from')).toBeNull());
    await waitForRange('1–20 of 200 jobs');
  });

  it('reproduces a pasted link, and Back and Forward restore the exact view', async () => {
    const user = userEvent.setup();
    const { history } = open('/jobs?status=7&branch_id=LDN-01&page=1');
    const matching = count("SELECT count(*) FROM jobs WHERE status = 7 AND branch_id = 'LDN-01'");
    await waitForRange(`1–${matching} of ${matching} jobs`);
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Delivered (7)');
    // The branch shows by name (its id is in the URL).
    expect(screen.getByLabelText('Branch')).toHaveValue('London Shoreditch');

    await user.selectOptions(screen.getByLabelText('Status'), 'Any status');
    const ldn = count("SELECT count(*) FROM jobs WHERE branch_id = 'LDN-01'");
    expect(ldn).toBeGreaterThan(20);
    await waitForRange(rangeOf(1, ldn));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitForRange(rangeOf(2, ldn));

    history.back();
    await waitForRange(rangeOf(1, ldn));
    history.back();
    await waitForRange(`1–${matching} of ${matching} jobs`);
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Delivered (7)');
    history.forward();
    await waitForRange(rangeOf(1, ldn));
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Any status');
    expect(screen.getByLabelText('Branch')).toHaveValue('London Shoreditch');
  });

  it('reads invalid search values as their defaults instead of failing', async () => {
    open('/jobs?page=abc&status=delivered&timestamp_from=-5&branch_id=&job=x');
    await waitForRange('1–20 of 200 jobs');
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Any status');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('pages with first, previous, next, last and the page field, and offers the last page past the end', async () => {
    const user = userEvent.setup();
    const { history } = open('/jobs');
    await waitForRange('1–20 of 200 jobs');
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await waitForRange('181–200 of 200 jobs');
    expect(search(history).get('page')).toBe('10');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitForRange('161–180 of 200 jobs');

    const field = screen.getByRole('spinbutton', { name: /Page/ });
    await user.clear(field);
    await user.type(field, '4{Enter}');
    await waitForRange('61–80 of 200 jobs');

    await user.click(screen.getByRole('button', { name: 'First page' }));
    await waitForRange('1–20 of 200 jobs');
    cleanup();

    // A page past the end (say, after the result shrank) offers the last page.
    const past = open('/jobs?page=99');
    expect(await screen.findByText('Page 99 is past the end')).toBeInTheDocument();
    expect(screen.getByText(/There are 200 jobs on 10 pages/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the last page (10)' }));
    await waitForRange('181–200 of 200 jobs');
    expect(search(past.history).get('page')).toBe('10');
  });

  it('loads the next page once the rows are shown, so Next shows it without asking again', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    open('/jobs');
    const total = count('SELECT count(*) FROM jobs');
    await waitForRange(rangeOf(1, total));
    const pageTwo = () =>
      fetchSpy.mock.calls.map(([u]) => String(u)).filter((u) => /[?&]page=2(&|$)/.test(u));
    await waitFor(() => expect(pageTwo()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitForRange(rangeOf(2, total));
    expect(pageTwo()).toHaveLength(1);
  });

  it('filters on a status code that is not in the dictionary', async () => {
    const user = userEvent.setup();
    const { history } = open('/jobs');
    await waitForRange('1–20 of 200 jobs');
    await user.selectOptions(screen.getByLabelText('Status'), 'Other code…');
    await user.type(screen.getByLabelText('Status code'), '42{Enter}');
    await waitFor(() => expect(search(history).get('status')).toBe('42'));
    expect(await screen.findByText(/Nothing matches status Status 42 \(42\)\./)).toBeInTheDocument();
    // A pasted link with that code shows it in the code field.
    cleanup();
    open('/jobs?status=42');
    expect(await screen.findByLabelText('Status code')).toHaveValue('42');
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Other code…');
  });

  it('names the active filters when nothing matches and clears them on request', async () => {
    const user = userEvent.setup();
    const { history } = open('/jobs?branch_id=NOPE-99&status=7');
    expect(await screen.findByText('No jobs match these filters')).toBeInTheDocument();
    expect(screen.getByText(/Nothing matches status Delivered \(7\), branch NOPE-99\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await waitForRange('1–20 of 200 jobs');
    expect(search(history).get('branch_id')).toBeNull();
    expect(search(history).get('status')).toBeNull();
  });

  it('moves between rows with the keyboard, opens with Enter, closes with Esc; / focuses the search and Esc comes back', async () => {
    const user = userEvent.setup();
    const { history } = open('/jobs');
    await waitForRange('1–20 of 200 jobs');
    const rows = jobRows();
    const secondId = rows[1]!.getAttribute('data-job-id');

    rows[0]!.focus();
    await user.keyboard('j');
    expect(jobRows()[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowUp}');
    expect(jobRows()[1]).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: `Job ${secondId}` });
    expect(search(history).get('job')).toBe(secondId);
    expect(await within(dialog).findByRole('tab', { name: 'Overview' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(search(history).get('job')).toBeNull();
    await waitFor(() => expect(jobRows()[1]).toHaveFocus());

    await user.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(jobRows()[1]).toHaveFocus();
  });

  it('hides columns from the chooser and remembers the choice in this browser', async () => {
    const user = userEvent.setup();
    open('/jobs');
    await waitForRange('1–20 of 200 jobs');
    // The chooser's code loads after the rows; its disabled button holds the place until then.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Columns' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const panel = await screen.findByRole('dialog', { name: 'Show or hide columns' });
    await user.click(within(panel).getByRole('checkbox', { name: 'Rider' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'Total delivery amount' }));
    expect(screen.queryByRole('columnheader', { name: 'Rider' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Amount' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Columns (2 hidden)' })).toHaveFocus();

    // Another visit in the same browser keeps the choice.
    const saved = localStorage.getItem('dispatch.jobs.columns');
    cleanup();
    localStorage.setItem('dispatch.jobs.columns', saved!);
    open('/jobs');
    await waitForRange('1–20 of 200 jobs');
    expect(screen.queryByRole('columnheader', { name: 'Rider' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
  });
});

/** "late 42 min", "late 3 h 00 min", "late 1 d 6 h", "late 45 s" in seconds; 0 for an empty cell. */
function lateSeconds(text: string): number {
  if (!text) return 0;
  const m = /^late (?:(\d+) d )?(?:(\d+) h ?)?(?:(\d+) min)?(?:(\d+) s)?$/.exec(text);
  if (!m) throw new Error(`not a lateness: ${text}`);
  const [d, h, min, sec] = m.slice(1).map((v) => Number(v ?? 0));
  return ((d! * 24 + h!) * 60 + min!) * 60 + sec!;
}

describe('the Late column', () => {
  it('shows how late each loaded job is and sorts the loaded rows by it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TEST_REFERENCE_TIME * 1000);
    const [newest, second] = server.db
      .prepare('SELECT id FROM jobs ORDER BY created_at DESC, id DESC LIMIT 2')
      .pluck()
      .all() as number[];
    // Open jobs whose pickup slot ended 42 min and 3 h ago; their deliveries are not due yet.
    const makeLate = (id: number, seconds: number) => {
      server.db.prepare('UPDATE jobs SET status = 2 WHERE id = ?').run(id);
      server.db
        .prepare('UPDATE pickups SET status = 1, slot_to = ? WHERE job_id = ?')
        .run(TEST_REFERENCE_TIME - seconds, id);
      server.db
        .prepare('UPDATE deliveries SET status = 1, slot_to = ? WHERE job_id = ?')
        .run(TEST_REFERENCE_TIME + 3600, id);
    };
    makeLate(newest!, 42 * 60 + 10);
    makeLate(second!, 3 * 3600);
    const user = userEvent.setup();
    open('/jobs');
    await waitForRange('1–20 of 200 jobs');

    const header = screen.getByRole('columnheader', { name: 'Late' });
    // By the cell's column id: a selection column comes first where the service offers job actions.
    const lateOf = (row: HTMLElement) => row.querySelector('td[data-col="late"]')!.textContent ?? '';
    const rowOf = (id: number) => jobRows().find((r) => r.getAttribute('data-job-id') === String(id))!;
    expect(lateOf(rowOf(newest!))).toBe('late 42 min');
    expect(lateOf(rowOf(second!))).toBe('late 3 h 00 min');
    // Said once in a row: the status cell is the label alone.
    expect(within(rowOf(newest!)).getByTitle('Status code 2')).toHaveTextContent(/^Assigned$/);
    expect(rowOf(newest!).textContent!.match(/late \d/g)).toHaveLength(1);
    // The service's order until asked; the other headers do not sort.
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Status' })).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'Status' })).queryByRole('button')).toBeNull();
    const serviceOrder = jobRows().map((r) => r.getAttribute('data-job-id'));

    // Latest first, then the rest; the same 20 loaded rows.
    await user.click(within(header).getByRole('button', { name: 'Late' }));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('This page’s jobs by lateness');
    let lateness = jobRows().map((r) => lateSeconds(lateOf(r)));
    expect(lateness).toEqual([...lateness].sort((a, b) => b - a));
    const ids = () => jobRows().map((r) => r.getAttribute('data-job-id'));
    expect(ids().indexOf(String(second))).toBeLessThan(ids().indexOf(String(newest)));
    expect([...ids()].sort()).toEqual([...serviceOrder].sort());

    // Least late first (jobs that cannot be late stay last), then back to the service's order.
    await user.click(within(header).getByRole('button', { name: 'Late' }));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    lateness = jobRows().map((r) => lateSeconds(lateOf(r)));
    const late = lateness.filter(Boolean);
    expect(late).toEqual([...late].sort((a, b) => a - b));
    expect(ids().indexOf(String(newest))).toBeLessThan(ids().indexOf(String(second)));
    await user.click(within(header).getByRole('button', { name: 'Late' }));
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(ids()).toEqual(serviceOrder);
    expect(pages).toHaveTextContent('In the service’s order');

    // The column chooser lists it.
    await waitFor(() => expect(screen.getByRole('button', { name: /^Columns/ })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: /^Columns/ }));
    const panel = await screen.findByRole('dialog', { name: 'Show or hide columns' });
    await user.click(within(panel).getByRole('checkbox', { name: 'Lateness' }));
    expect(screen.queryByRole('columnheader', { name: 'Late' })).not.toBeInTheDocument();
  });
});
