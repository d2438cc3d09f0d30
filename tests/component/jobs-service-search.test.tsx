/**
 * The jobs search against a fake service (pages of 5 of 30 jobs), with the service's search of
 * all jobs and without it: the browser asks the search only where the service's list answers
 * with `Changes-Cursor`, and otherwise scans as on any bare service. A phone typed nationally
 * (`07546 175923`) finds the job of `+44 7546 175923` both ways.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { job as fixture } from '../unit/fixtures';
import { renderApp } from './render';

const PAGE = 5;
const TOTAL = 30;
/** An old job (page 6 of 6): its customer's phone, its order id. */
const OLD = 3;
const PHONE = '+44 7546 175923';

const jobs = Array.from({ length: TOTAL }, (_, i) => {
  const id = TOTAL - i; // newest first
  return {
    ...fixture,
    id,
    order_id: `ORD-${String(id).padStart(4, '0')}`,
    created_at: fixture.created_at + id * 60,
    rider: null,
    deliveries: fixture.deliveries.map((d) => ({
      ...d,
      tracking_id: `TRK-${id}`,
      customer: {
        name: `Customer ${id}`,
        phone: id === OLD ? PHONE : `+44 20 7946 ${String(id).padStart(4, '0')}`,
      },
    })),
  };
});

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
const notFound = () => json({ error: { code: 'not_found', message: 'Not found' } }, 404);

/** The fake service: GET /v1/jobs (page and status only) and, when `search` is on, the search. */
function fakeService({ extension, search }: { extension: boolean; search: 'answers' | 'missing' }) {
  const asked: URL[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    asked.push(url);
    const headers: Record<string, string> = extension ? { 'Changes-Cursor': '1.42' } : {};
    if (url.pathname === '/v1/jobs') {
      const status = url.searchParams.get('status');
      const empty = url.searchParams.get('timestamp_to') === '0';
      const result = jobs.filter((j) => !empty && (status === null || j.status === Number(status)));
      const page = Number(url.searchParams.get('page') ?? 1);
      return json(
        {
          jobs: result.slice((page - 1) * PAGE, page * PAGE),
          total_records: result.length,
          page,
          total_pages: Math.ceil(result.length / PAGE),
        },
        200,
        headers,
      );
    }
    if (url.pathname === '/v1/jobs/search' && extension && search === 'answers') {
      const q = url.searchParams.get('q') ?? '';
      // As the reference server: by order id, or a phone in national form.
      const found = jobs.filter(
        (j) => j.order_id.toLowerCase() === q.toLowerCase() || (q.startsWith('07546') && j.id === OLD),
      );
      return json({ jobs: found, has_more: false });
    }
    return notFound();
  });
  return {
    searches: () => asked.filter((u) => u.pathname === '/v1/jobs/search').map((u) => u.searchParams.get('q')),
    pagesRead: () =>
      asked
        .filter((u) => u.pathname === '/v1/jobs' && !u.searchParams.has('status'))
        .map((u) => Number(u.searchParams.get('page'))),
  };
}

const open = (path: string) =>
  renderApp({
    apiBaseUrl: 'http://service.test',
    token: 'test-token',
    path,
    config: { statusCounts: false },
  });
const shownIds = () =>
  within(screen.getByRole('region', { name: 'Jobs' }))
    .queryAllByRole('row')
    .map((r) => Number(r.getAttribute('data-job-id')))
    .filter(Boolean);

async function searchFor(text: string) {
  const user = userEvent.setup();
  await waitFor(() => expect(shownIds()).toHaveLength(PAGE));
  await user.type(screen.getByRole('searchbox', { name: 'Search' }), `${text}{Enter}`);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the jobs search with the service’s search', () => {
  it('asks the service for what the loaded pages do not hold, and reads no other page', async () => {
    const service = fakeService({ extension: true, search: 'answers' });
    open('/jobs');
    await searchFor('07546 175923');
    await screen.findByText('1 match for “07546 175923” in all jobs, by the service’s search of all jobs.');
    expect(shownIds()).toEqual([OLD]);
    expect(service.searches()).toEqual(['07546 175923']);
    // Page 1 and the next page's prefetch; no scan.
    expect(service.pagesRead().filter((p) => p > 2)).toEqual([]);
  });

  it('opens the job of an exact order id it finds', async () => {
    fakeService({ extension: true, search: 'answers' });
    const { history } = open('/jobs');
    await searchFor('ORD-0003');
    await screen.findByRole('dialog', { name: `Job ${OLD}` }, { timeout: 15_000 });
    expect(new URLSearchParams(history.location.search).get('job')).toBe(String(OLD));
  });

  it('scans when the search answers 404 although the list names a cursor', async () => {
    const service = fakeService({ extension: true, search: 'missing' });
    open('/jobs');
    await searchFor('07546 175923');
    await screen.findByText(`1 match for “07546 175923” in all jobs (${TOTAL} jobs read).`);
    expect(shownIds()).toEqual([OLD]);
    expect(service.searches()).toEqual(['07546 175923']);
  });
});

describe('the jobs search on a bare service', () => {
  it('never asks for a search, scans every page and matches the phone in the browser', async () => {
    const service = fakeService({ extension: false, search: 'answers' });
    open('/jobs');
    await searchFor('07546 175923');
    await screen.findByText(`1 match for “07546 175923” in all jobs (${TOTAL} jobs read).`);
    expect(shownIds()).toEqual([OLD]);
    expect(service.searches()).toEqual([]);
    for (let p = 1; p <= TOTAL / PAGE; p++) expect(service.pagesRead()).toContain(p);
  });

  it('answers at once from the loaded page', async () => {
    fakeService({ extension: false, search: 'answers' });
    open('/jobs');
    // The newest job's customer, on page 1.
    await searchFor(`Customer ${TOTAL}`);
    await waitFor(() => expect(shownIds()).toEqual([TOTAL]));
  });
});
