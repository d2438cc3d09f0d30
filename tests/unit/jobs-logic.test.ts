import { describe, expect, it } from 'vitest';
import { Job } from '../../src/contract';
import { CSV_FIELDS, escapeCell, isoLocal, jobCsvRow } from '../../src/features/jobs/csv';
import { earliestOpenSlot, pageRange, phoneOf, totalAmount } from '../../src/features/jobs/derive';
import { safeImageUrl, timeline } from '../../src/features/jobs/derive-details';
import { filtersOf, validateJobsSearch, withFilters } from '../../src/features/jobs/search';
import { fromLocalInput, presetRange, toLocalInput } from '../../src/features/jobs/time-range';
import { actor, job as rawJob } from './fixtures';

const job = Job.parse(rawJob);

describe('jobs search params', () => {
  it('falls back to defaults for anything invalid, never throws', () => {
    expect(validateJobsSearch({})).toEqual({ page: 1 });
    expect(
      validateJobsSearch({
        page: 'abc',
        status: 'delivered',
        branch_id: '',
        team_id: ' ',
        timestamp_from: '-5',
        job: 'x',
      }),
    ).toEqual({ page: 1 });
    expect(validateJobsSearch({ page: '0' }).page).toBe(1);
    expect(validateJobsSearch({ page: '2.5' }).page).toBe(1);
    expect(validateJobsSearch(null as never)).toEqual({ page: 1 });
  });

  it('reads valid values from the URL as numbers and trimmed text', () => {
    expect(
      validateJobsSearch({ page: '3', status: '7', branch_id: ' LDN-01 ', team_id: 'team-2', job: '18' }),
    ).toEqual({
      page: 3,
      status: 7,
      branch_id: 'LDN-01',
      team_id: 'team-2',
      job: 18,
    });
  });

  it('reads numbers as the app navigates with them, and only plain digits from the URL', () => {
    expect(validateJobsSearch({ page: 2, status: 0, branch_id: 7 as never, job: 18 })).toEqual({
      page: 2,
      status: 0,
      branch_id: '7',
      job: 18,
    });
    // An empty param (`?status=`) means no filter, not status 0; no hex, exponents or fractions.
    expect(validateJobsSearch({ page: ' 4 ', status: '', timestamp_from: '1e3', timestamp_to: '0x10', job: '1.0' })).toEqual({ page: 4 });
    expect(validateJobsSearch({ page: 1_000_001, branch_id: 'x'.repeat(101), team_id: 'x'.repeat(100) })).toEqual({
      page: 1,
      team_id: 'x'.repeat(100),
    });
    // Every key is set, undefined when absent or invalid: the router lays it over the raw URL params.
    const read = validateJobsSearch({ page: 2, status: 'delivered', extra: 'dropped' } as never);
    expect(read).not.toHaveProperty('extra');
    expect(Object.keys(read).sort()).toEqual(['branch_id', 'job', 'page', 'status', 'team_id', 'timestamp_from', 'timestamp_to']);
    expect(read.status).toBeUndefined();
  });

  it('reads a range typed backwards the way round it can match', () => {
    const s = validateJobsSearch({ timestamp_from: '2000', timestamp_to: '1000' });
    expect([s.timestamp_from, s.timestamp_to]).toEqual([1000, 2000]);
  });

  it('goes back to page 1 when a filter changes, and drops cleared filters', () => {
    const next = withFilters(
      { page: 4, status: 7, branch_id: 'LDN-01', job: 9 },
      { status: undefined, team_id: 'team-1' },
    );
    expect(next).toEqual({ page: 1, branch_id: 'LDN-01', team_id: 'team-1', job: 9 });
    expect(filtersOf(next)).toEqual({ branch_id: 'LDN-01', team_id: 'team-1' });
  });
});

describe('derived job facts', () => {
  it('infers the rows shown from the totals, also on a short last page', () => {
    expect(pageRange(1, 20, 200, 10)).toEqual({ first: 1, last: 20 });
    expect(pageRange(3, 20, 200, 10)).toEqual({ first: 41, last: 60 });
    expect(pageRange(10, 5, 185, 10)).toEqual({ first: 181, last: 185 });
    expect(pageRange(1, 7, 7, 1)).toEqual({ first: 1, last: 7 });
    expect(pageRange(12, 0, 200, 10)).toBeNull();
  });

  it('finds the earliest slot among stops that are not completed', () => {
    expect(earliestOpenSlot(job)).toEqual({ kind: 'pickup', id: 1, from: 1_700_000_000, to: 1_700_003_600 });
    const pickedUp = { ...job, pickups: job.pickups.map((p) => ({ ...p, completed: true })) };
    expect(earliestOpenSlot(pickedUp)).toEqual({
      kind: 'delivery',
      id: 2,
      from: 1_700_003_600,
      to: 1_700_007_200,
    });
    const allDone = { ...pickedUp, deliveries: job.deliveries.map((d) => ({ ...d, completed: true })) };
    expect(earliestOpenSlot(allDone)).toBeNull();
  });

  it('sums delivery amounts to the cent and says when there are none', () => {
    const d = job.deliveries[0]!;
    expect(
      totalAmount({
        ...job,
        deliveries: [
          { ...d, amount: 0.1 },
          { ...d, amount: 0.2 },
        ],
      }),
    ).toBe(0.3);
    expect(totalAmount({ ...job, deliveries: [{ ...d, amount: null }] })).toBeNull();
  });

  it('orders the history oldest first and measures the time between statuses', () => {
    const entries = timeline([
      { status: 3, remarks: '', created_by: actor, created_at: 1_000_600 },
      { status: 1, remarks: '', created_by: actor, created_at: 1_000_000 },
      { status: 2, remarks: 'a', created_by: actor, created_at: 1_000_300 },
    ]);
    expect(entries.map((e) => [e.status, e.sincePrevious])).toEqual([
      [1, null],
      [2, 300],
      [3, 300],
    ]);
  });

  it('writes a phone with its dial code, whichever form the code takes', () => {
    expect(phoneOf('+44', '7700900123')).toBe('+44 7700900123');
    expect(phoneOf('971', '50 123')).toBe('+971 50 123');
    expect(phoneOf('', '07700')).toBe('07700');
    expect(phoneOf('+44', '')).toBe('');
  });

  it('only lets http(s) URLs become images', () => {
    expect(safeImageUrl('https://pod.example.com/a.jpg')).toBe('https://pod.example.com/a.jpg');
    expect(safeImageUrl({ url: 'http://x.example/b.png' })).toBe('http://x.example/b.png');
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'file:///etc/passwd',
      '//evil.example/x',
      'https://',
      42,
      null,
      { src: 7 },
    ]) {
      expect(safeImageUrl(bad)).toBeNull();
    }
  });
});

describe('created-time range in the viewer’s zone', () => {
  it('round-trips a datetime-local value, the end of a range covering its whole minute', () => {
    const start = fromLocalInput('2025-12-10T09:30')!;
    expect(start).toBe(new Date(2025, 11, 10, 9, 30).getTime() / 1000);
    expect(fromLocalInput('2025-12-10T09:30', 'end')).toBe(start + 59);
    expect(toLocalInput(start)).toBe('2025-12-10T09:30');
    expect(toLocalInput(start + 59)).toBe('2025-12-10T09:30');
    expect(fromLocalInput('2025-02-30T10:00')).toBeNull();
    expect(fromLocalInput('yesterday')).toBeNull();
  });

  it('gives presets in the viewer’s zone: today whole, rolling ones open-ended', () => {
    const now = new Date(2025, 11, 10, 15, 42, 17).getTime();
    expect(presetRange('today', now)).toEqual({
      timestamp_from: new Date(2025, 11, 10, 0, 0, 0).getTime() / 1000,
      timestamp_to: new Date(2025, 11, 10, 23, 59, 59).getTime() / 1000,
    });
    const minute = new Date(2025, 11, 10, 15, 42).getTime() / 1000;
    expect(presetRange('last24h', now)).toEqual({ timestamp_from: minute - 86_400, timestamp_to: undefined });
    expect(presetRange('last7d', now)).toEqual({
      timestamp_from: minute - 7 * 86_400,
      timestamp_to: undefined,
    });
  });
});

describe('CSV cells', () => {
  it('escapes text that a spreadsheet would run as a formula', () => {
    for (const v of ['=1+1', '+1', '-1', '@A1', '\tx', '\rx', '=cmd\nline two'])
      expect(escapeCell(v)).toBe(`'${v}`);
    for (const v of ['plain', ' =not first', '1=1', '', 'a-b']) expect(escapeCell(v)).toBe(v);
    expect(escapeCell(-12.5)).toBe(-12.5);
    expect(escapeCell(null)).toBeNull();
  });

  it('writes times as ISO 8601 in the viewer’s zone with its offset', () => {
    const iso = isoLocal(1_700_000_000);
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(new Date(iso).getTime()).toBe(1_700_000_000_000);
    expect(isoLocal(null)).toBe('');
  });

  it('makes one row per job, aligned with the header, with labels from the dictionary', () => {
    const statuses = { '2': { label: 'Assigned', tone: 'info' as const } };
    const row = jobCsvRow({ ...job, notes: '=HYPERLINK("x")' }, { statuses });
    expect(row).toHaveLength(CSV_FIELDS.length);
    const cell = (name: (typeof CSV_FIELDS)[number]) => row[CSV_FIELDS.indexOf(name)];
    expect(cell('job_id')).toBe(1001);
    expect(cell('status_label')).toBe('Assigned');
    expect(cell('branch_ids')).toBe('LDN-01');
    expect(cell('total_amount')).toBe(12.5);
    expect(cell('earliest_open_slot')).toBe('pickup 1');
    expect(cell('notes')).toBe(`'=HYPERLINK("x")`);
    expect(jobCsvRow({ ...job, status: 42 }, { statuses })[CSV_FIELDS.indexOf('status_label')]).toBe(
      'Status 42',
    );
  });
});
