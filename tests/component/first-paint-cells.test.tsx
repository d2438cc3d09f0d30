import { render } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../src/contract';
import { readJobsResponse } from '../../src/contract/job-read';
import { JOB_COLUMNS, cellView, type CellContext } from '../../src/features/jobs/cells';
import { htmlMake, type Make } from '../../src/ui/view';
import { startTestServer, type TestServer } from '../support/server';
import { testStatuses } from './render';

/**
 * The jobs table's cells are written once (src/features/jobs/cells.ts) and built by two
 * renderers: React in the app, and `htmlMake` (HTML text) in the entry script's first paint.
 * Both must give the same markup once parsed, for every column and for the odd jobs the seed
 * rarely has.
 */

let server: TestServer;
let jobs: Job[] = [];

beforeAll(async () => {
  server = await startTestServer({ jobs: 60 });
  const response = await fetch(`${server.url}/v1/jobs?page=1`, { headers: { Authorization: `Bearer ${server.token}` } });
  jobs = readJobsResponse(await response.json())!.jobs;
});
afterAll(async () => {
  await server.close();
});

/** Seeded jobs, plus variants with what the seed may lack. */
function variants(): [string, Job][] {
  const base = jobs[0]!;
  const withStops = jobs.find((j) => j.pickups.length > 0 && j.deliveries.length > 0) ?? base;
  const pickup = withStops.pickups[0]!;
  const branchB = { ...pickup.branch!, id: 'XYZ-09', name: 'Elsewhere "quoted" & <b>' };
  return [
    ...jobs.slice(0, 20).map((j): [string, Job] => [`seeded job ${j.id}`, j]),
    ['no rider', { ...base, rider: null }],
    ['a rider with no name or contact', { ...base, rider: base.rider && { ...base.rider, name: '', username: '', mobile: '', email: '' } }],
    ['a status not in the dictionary', { ...base, status: 42 }],
    ['empty order id and type', { ...base, order_id: '', type: '' }],
    ['pickups at two branches', { ...withStops, pickups: [pickup, { ...pickup, id: pickup.id + 1, branch: branchB }] }],
    ['no branch on its pickups', { ...withStops, pickups: withStops.pickups.map((p) => ({ ...p, branch: null })) }],
    [
      'every stop completed',
      {
        ...withStops,
        pickups: withStops.pickups.map((p) => ({ ...p, completed: true })),
        deliveries: withStops.deliveries.map((d) => ({ ...d, completed: true })),
      },
    ],
    ['an open slot with no end', { ...withStops, pickups: [{ ...pickup, completed: false, pickup_slot_to: null }] }],
    ['no delivery amounts', { ...withStops, deliveries: withStops.deliveries.map((d) => ({ ...d, amount: null })) }],
  ];
}

const ctx = (): CellContext => ({ statuses: testStatuses, now: 1_767_225_600 });

function rowOf<N>(make: Make<N>, job: Job): N {
  return make('tr', null, ...JOB_COLUMNS.map((c) => make('td', null, cellView(make, c.id, job, ctx()))));
}

/** The first paint's row for `job`, parsed as the browser parses the first paint's markup. */
function parsedRow(job: Job): HTMLTableRowElement {
  const tbody = document.createElement('tbody');
  tbody.innerHTML = rowOf(htmlMake, job).html;
  return tbody.querySelector('tr')!;
}

describe('cells of the jobs table', () => {
  it('have the same markup from React and from the first paint, for every column', () => {
    for (const [name, job] of variants()) {
      const react = render(createElement('table', null, createElement('tbody', null, rowOf(createElement as Make<ReactNode>, job))));
      const fromReact = react.container.querySelector('tr')!.outerHTML;
      react.unmount();
      expect(parsedRow(job).outerHTML, name).toBe(fromReact);
    }
  });

  it('show what each odd case means', () => {
    const text = (job: Job) => parsedRow(job).textContent;
    const cases = Object.fromEntries(variants());
    expect(text(cases['no rider']!)).toContain('Unassigned');
    expect(text(cases['a status not in the dictionary']!)).toContain('Status 42');
    expect(text(cases['pickups at two branches']!)).toContain('+1');
    expect(text(cases['every stop completed']!)).toContain('None open');
  });
});

describe('htmlMake', () => {
  it('keeps values and text as data: markup in them never becomes elements', () => {
    const hostile = '"><img src=x onerror="alert(1)">&amp; </span><b>';
    const host = document.createElement('div');
    host.innerHTML = htmlMake('span', { title: hostile, 'data-x': 'a&b' }, hostile, htmlMake('input', { value: hostile, disabled: true })).html;
    expect(host.children).toHaveLength(1);
    const span = host.firstElementChild!;
    expect(span.getAttribute('title')).toBe(hostile);
    expect(span.getAttribute('data-x')).toBe('a&b');
    expect(span.childNodes[0]!.textContent).toBe(hostile);
    expect(span.querySelectorAll('*')).toHaveLength(1); // the input, nothing from the text
    const input = span.querySelector('input')!;
    expect(input.value).toBe(hostile);
    expect(input.disabled).toBe(true);
  });
});
