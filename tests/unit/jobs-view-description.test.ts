import { describe, expect, it } from 'vitest';
import { RuntimeConfig } from '../../src/config';
import { Job } from '../../src/contract';
import {
  describeFilters,
  noRowsReason,
  tableCaption,
  type TableView,
} from '../../src/features/jobs/table/view-description';
import { job as rawJob } from './fixtures';

const config = RuntimeConfig.parse({
  statuses: {
    '7': { label: 'Delivered', tone: 'success', final: true },
    '8': { label: 'Failed', tone: 'danger' },
  },
});
/** Intl writes narrow no-break spaces before AM/PM: compared as plain spaces. */
const plain = (parts: string[]) => parts.map((p) => p.replace(/[\u2009\u202f\u00a0]/g, ' '));
// 2025-12-10T09:00:00Z and 11:00Z.
const NINE = Date.UTC(2025, 11, 10, 9, 0) / 1000;
const ELEVEN = NINE + 2 * 3600;

describe('the active filters in words', () => {
  it('names each filter, the status by its label with its code', () => {
    expect(describeFilters({}, config, 'UTC')).toEqual([]);
    expect(describeFilters({ status: 8, branch_id: 'LDN-01', team_id: 'T-3' }, config, 'UTC')).toEqual([
      'status Failed (8)',
      'branch LDN-01',
      'team T-3',
    ]);
    expect(describeFilters({ status: 42 }, config, 'UTC')).toEqual(['status Status 42 (42)']);
  });

  it('gives the created range in the zone it is read in, the zone named', () => {
    expect(
      plain(describeFilters({ timestamp_from: NINE, timestamp_to: ELEVEN }, config, 'Europe/London')),
    ).toEqual(['created Dec 10, 09:00 AM GMT to Dec 10, 11:00 AM GMT']);
    expect(plain(describeFilters({ timestamp_from: NINE }, config, 'Asia/Kolkata'))).toEqual([
      'created from Dec 10, 02:30 PM GMT+5:30',
    ]);
    expect(plain(describeFilters({ timestamp_to: ELEVEN }, config, 'America/New_York'))).toEqual([
      'created up to Dec 10, 06:00 AM EST',
    ]);
  });
});

const job = Job.parse(rawJob);
const pageOf = (jobs: number, totalRecords: number, totalPages: number) => ({
  jobs: Array.from({ length: jobs }, (_, i) => ({ ...job, id: i + 1 })),
  total_records: totalRecords,
  total_pages: totalPages,
});
/** A first page of 5 jobs out of 12, no search, no filter, every job shown as a row. */
const view = (over: Partial<TableView>): TableView => ({
  search: null,
  page: 1,
  loaded: pageOf(5, 12, 3),
  shown: 5,
  rows: 5,
  filtered: false,
  ...over,
});

describe('which empty state applies', () => {
  it('has none while there are rows, or before the first page is in', () => {
    expect(noRowsReason(view({}))).toBeNull();
    expect(noRowsReason(view({ loaded: undefined, shown: 0, rows: 0 }))).toBeNull();
    expect(
      noRowsReason(view({ search: { q: 'ravi', reading: false, cappedAt: null }, shown: 2, rows: 2 })),
    ).toBeNull();
  });

  it('tells a page with no late job from a service with no job and filters matching none', () => {
    expect(noRowsReason(view({ rows: 0 }))).toEqual({ kind: 'none-late', loaded: 5 });
    expect(noRowsReason(view({ loaded: pageOf(0, 0, 0), shown: 0, rows: 0 }))).toEqual({ kind: 'no-jobs' });
    expect(noRowsReason(view({ loaded: pageOf(0, 0, 0), shown: 0, rows: 0, filtered: true }))).toEqual({
      kind: 'none-match-filters',
    });
  });

  it('offers the last page for a page past the end', () => {
    expect(
      noRowsReason(view({ page: 9, loaded: pageOf(0, 12, 3), shown: 0, rows: 0, filtered: true })),
    ).toEqual({
      kind: 'past-end',
      page: 9,
      totalRecords: 12,
      totalPages: 3,
    });
  });

  it('waits for a search still reading, then says whether its matches are all on time or none matched', () => {
    const search = { q: 'ravi', reading: true, cappedAt: null };
    expect(noRowsReason(view({ search, shown: 3, rows: 0 }))).toEqual({ kind: 'searching' });
    expect(noRowsReason(view({ search: { ...search, reading: false }, shown: 3, rows: 0 }))).toEqual({
      kind: 'none-late',
      loaded: 3,
      q: 'ravi',
    });
    expect(noRowsReason(view({ search: { ...search, reading: false }, shown: 0, rows: 0 }))).toEqual({
      kind: 'no-match',
      q: 'ravi',
      cappedAt: null,
    });
    expect(
      noRowsReason(view({ search: { q: 'ravi', reading: false, cappedAt: 400 }, shown: 0, rows: 0 })),
    ).toEqual({
      kind: 'no-match',
      q: 'ravi',
      cappedAt: 400,
    });
  });
});

describe('the table’s caption', () => {
  it('names the page or the search, the filters and late only', () => {
    expect(
      tableCaption({ q: null, page: 2, totalPages: 10, filterText: ['status Failed (8)'], lateOnly: true }),
    ).toBe('Jobs, page 2 of 10, status Failed (8), late only');
    expect(tableCaption({ q: 'ravi', page: 1, totalPages: 10, filterText: [], lateOnly: false })).toBe(
      'Jobs matching “ravi”',
    );
  });
});
