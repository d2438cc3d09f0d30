import { describe, expect, it } from 'vitest';
import { Job } from '../../src/contract';
import { CSV_FIELDS, escapeCell, isoLocal, jobCsvRow } from '../../src/features/jobs/header/csv';
import { RuntimeConfig } from '../../src/config';
import { lastRemark } from '../../src/job-views/job-facts';
import { addressText } from '../../src/job-views/stop-texts';
import { customerName, customerPhone, phoneOf } from '../../src/rules/customer';
import { earliestOpenSlot, lateRule } from '../../src/rules/lateness';
import { amountsOf, formatAmounts } from '../../src/job-views/money';
import { pageRange } from '../../src/features/jobs/table/page-range';
import { safeImageUrl } from '../../src/job-views/panel/safe-image-url';
import { teamsInJobs } from '../../src/job-views/seen-in-jobs';
import { timeline } from '../../src/job-views/panel/timeline';
import { filtersOf, validateJobsSearch, withFilters, withoutFilters } from '../../src/job-views/url-params';
import { presetRange, toZonedInput } from '../../src/features/jobs/filters/time-range';
import { fromZonedInput } from '../../src/features/jobs/filters/zoned-input';
import { actor, job as rawJob } from './fixtures';

const job = Job.parse(rawJob);
const config = RuntimeConfig.parse({
  statuses: {
    '2': { label: 'Assigned', tone: 'info' },
    '7': { label: 'Delivered', tone: 'success', final: true },
    '9': { label: 'Cancelled', tone: 'muted', final: true },
  },
  currency: 'GBP',
  branchCurrencies: { 'BER-01': 'EUR' },
});
const rule = lateRule(config);

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
    expect(
      validateJobsSearch({
        page: ' 4 ',
        status: '',
        timestamp_from: '1e3',
        timestamp_to: '0x10',
        job: '1.0',
      }),
    ).toEqual({ page: 4 });
    expect(
      validateJobsSearch({ page: 1_000_001, branch_id: 'x'.repeat(101), team_id: 'x'.repeat(100) }),
    ).toEqual({
      page: 1,
      team_id: 'x'.repeat(100),
    });
    // Every key is set, undefined when absent or invalid: the router lays it over the raw URL params.
    const read = validateJobsSearch({ page: 2, status: 'delivered', extra: 'dropped' } as never);
    expect(read).not.toHaveProperty('extra');
    expect(Object.keys(read).sort()).toEqual([
      'branch_id',
      'job',
      'late',
      'page',
      'q',
      'scope',
      'status',
      'team_id',
      'timestamp_from',
      'timestamp_to',
      'view',
    ]);
    expect(read.status).toBeUndefined();
  });

  it('reads the search and the late-only switch, and drops what they cannot be', () => {
    expect(validateJobsSearch({ q: '  ORD-12  ', late: '1' })).toEqual({ page: 1, q: 'ORD-12', late: 1 });
    expect(validateJobsSearch({ q: ' ', late: '2' })).toEqual({ page: 1 });
    expect(validateJobsSearch({ q: 'x'.repeat(101), late: 'yes' })).toEqual({ page: 1 });
  });

  it('reads the map view and its scope, and drops what they cannot be', () => {
    expect(validateJobsSearch({ view: 'map', scope: 'all' })).toEqual({ page: 1, view: 'map', scope: 'all' });
    expect(validateJobsSearch({ view: 'globe', scope: 'some' })).toEqual({ page: 1 });
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

  it('clears the filters and the search, keeping the open job, late only, the view and its scope', () => {
    expect(
      withoutFilters({
        page: 4,
        status: 7,
        branch_id: 'LDN-01',
        timestamp_from: 1000,
        q: 'ravi',
        job: 9,
        late: 1,
        view: 'map',
        scope: 'all',
      }),
    ).toEqual({ page: 1, job: 9, late: 1, view: 'map', scope: 'all' });
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

  it('finds the earliest slot among open stops: not completed, not in a final status, its job not final', () => {
    const branch = job.pickups[0]!.branch;
    expect(earliestOpenSlot(job, rule)).toEqual({
      kind: 'pickup',
      id: 1,
      from: 1_700_000_000,
      to: 1_700_003_600,
      branch,
    });
    const pickedUp = { ...job, pickups: job.pickups.map((p) => ({ ...p, completed: true })) };
    expect(earliestOpenSlot(pickedUp, rule)).toMatchObject({
      kind: 'delivery',
      id: 2,
      from: 1_700_003_600,
      to: 1_700_007_200,
    });
    const pickupCancelled = { ...job, pickups: job.pickups.map((p) => ({ ...p, status: 9 })) };
    expect(earliestOpenSlot(pickupCancelled, rule)).toMatchObject({ kind: 'delivery', id: 2 });
    const allDone = { ...pickedUp, deliveries: job.deliveries.map((d) => ({ ...d, completed: true })) };
    expect(earliestOpenSlot(allDone, rule)).toBeNull();
    expect(earliestOpenSlot({ ...job, status: 7 }, rule)).toBeNull();
  });

  it('sums delivery amounts per currency, to the cent, each delivery in its branch’s currency', () => {
    const d = job.deliveries[0]!;
    const currency = (branch: string | null) => (branch === 'BER-01' ? 'EUR' : 'GBP');
    const berlin = { ...d.branch!, id: 'BER-01' };
    const amounts = amountsOf(
      {
        ...job,
        deliveries: [
          { ...d, amount: 0.1 },
          { ...d, amount: 0.2 },
          { ...d, amount: 5, branch: berlin },
        ],
      },
      currency,
    );
    expect(amounts).toEqual([
      { currency: 'GBP', value: 0.3 },
      { currency: 'EUR', value: 5 },
    ]);
    expect(formatAmounts(amounts)).toBe(
      `${new Intl.NumberFormat(undefined, { style: 'currency', currency: 'GBP' }).format(0.3)} + ${new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(5)}`,
    );
    expect(amountsOf({ ...job, deliveries: [{ ...d, amount: null }] }, currency)).toEqual([]);
    expect(formatAmounts([])).toBe('—');
    // No currency configured: a plain number with two decimals.
    expect(formatAmounts([{ currency: '', value: 3 }])).toBe(
      new Intl.NumberFormat(undefined, { minimumFractionDigits: 2 }).format(3),
    );
  });

  it('orders the history oldest first and measures the time spent in each status', () => {
    const entries = timeline([
      { status: 3, remarks: '', created_by: actor, created_at: 1_000_600 },
      { status: 1, remarks: '', created_by: actor, created_at: 1_000_000 },
      { status: 2, remarks: 'a', created_by: actor, created_at: 1_000_300 },
    ]);
    expect(entries.map((e) => [e.status, e.spent])).toEqual([
      [1, 300],
      [2, 300],
      [3, null],
    ]);
  });

  it('finds the last remark (the failure reason of a failed job), and the team ids a service sends', () => {
    const history = [
      { status: 1, remarks: 'Order received', created_by: actor, created_at: 10 },
      { status: 8, remarks: 'Customer not at home', created_by: actor, created_at: 30 },
      { status: 6, remarks: '  ', created_by: actor, created_at: 40 },
    ];
    expect(lastRemark({ ...job, status_history: history })?.remarks).toBe('Customer not at home');
    expect(lastRemark({ ...job, status_history: [] })).toBeNull();
    const withTeam = (team: unknown) => ({ ...job, team_id: team }) as typeof job;
    expect([...teamsInJobs([withTeam('team-2'), withTeam(7), withTeam(''), withTeam(null), job])]).toEqual([
      'team-2',
      '7',
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

describe('created-time range in a named zone', () => {
  it('round-trips a datetime-local value in the zone, the end of a range covering its whole minute', () => {
    // 09:30 in London in December is 09:30 UTC; in Kolkata, 04:00 UTC.
    const london = fromZonedInput('2025-12-10T09:30', 'Europe/London')!;
    expect(london).toBe(Date.UTC(2025, 11, 10, 9, 30) / 1000);
    expect(fromZonedInput('2025-12-10T09:30', 'Asia/Kolkata')).toBe(Date.UTC(2025, 11, 10, 4, 0) / 1000);
    expect(fromZonedInput('2025-12-10T09:30', 'Europe/London', 'end')).toBe(london + 59);
    expect(toZonedInput(london, 'Europe/London')).toBe('2025-12-10T09:30');
    expect(toZonedInput(london, 'America/New_York')).toBe('2025-12-10T04:30');
    expect(toZonedInput(london + 59, 'Europe/London')).toBe('2025-12-10T09:30');
    expect(fromZonedInput('2025-02-30T10:00', 'Europe/London')).toBeNull();
    expect(fromZonedInput('yesterday', 'Europe/London')).toBeNull();
  });

  it('reads summer time and the clock changes of the zone', () => {
    // British Summer Time: 09:30 is 08:30 UTC.
    expect(fromZonedInput('2025-07-01T09:30', 'Europe/London')).toBe(Date.UTC(2025, 6, 1, 8, 30) / 1000);
    // 01:30 on 30 March 2025 does not exist in London (clocks go 01:00 → 02:00): read as 02:30 BST.
    expect(fromZonedInput('2025-03-30T01:30', 'Europe/London')).toBe(Date.UTC(2025, 2, 30, 1, 30) / 1000);
    // 01:30 on 26 October 2025 happens twice: the first (BST) is meant.
    expect(fromZonedInput('2025-10-26T01:30', 'Europe/London')).toBe(Date.UTC(2025, 9, 26, 0, 30) / 1000);
  });

  it('gives presets in the zone: today whole, rolling ones open-ended', () => {
    // 15:42:17 UTC on 10 Dec is 21:12 in Kolkata: "today" is Kolkata's 10 Dec.
    const now = Date.UTC(2025, 11, 10, 15, 42, 17);
    expect(presetRange('today', 'Asia/Kolkata', now)).toEqual({
      timestamp_from: Date.UTC(2025, 11, 9, 18, 30, 0) / 1000,
      timestamp_to: Date.UTC(2025, 11, 10, 18, 29, 59) / 1000,
    });
    // 23:00 in New York on 9 Dec is 04:00 UTC on 10 Dec: "today" there is still 9 Dec.
    expect(presetRange('today', 'America/New_York', Date.UTC(2025, 11, 10, 4, 0)).timestamp_from).toBe(
      Date.UTC(2025, 11, 9, 5, 0) / 1000,
    );
    const minute = Date.UTC(2025, 11, 10, 15, 42) / 1000;
    expect(presetRange('last24h', 'Europe/London', now)).toEqual({
      timestamp_from: minute - 86_400,
      timestamp_to: undefined,
    });
    expect(presetRange('last7d', 'Europe/London', now)).toEqual({
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

  it('drops bidirectional controls from text cells, before the formula guard', () => {
    const controls = [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ];
    for (const control of controls) {
      expect(escapeCell(`Ada${control} Lovelace${control}`)).toBe('Ada Lovelace');
    }
    expect(escapeCell('\u202E=HYPERLINK("https://evil.example")')).toBe(
      `'=HYPERLINK("https://evil.example")`,
    );
    // Other characters of right-to-left text stay: Arabic letters, and the joiners.
    expect(escapeCell('فرع دبي\u200D')).toBe('فرع دبي\u200D');
  });

  it('writes times as ISO 8601 in the viewer’s zone with its offset', () => {
    const iso = isoLocal(1_700_000_000);
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(new Date(iso).getTime()).toBe(1_700_000_000_000);
    expect(isoLocal(null)).toBe('');
  });

  it('makes one row per job, aligned with the header, with labels, currency, last remark and a readable slot', () => {
    const row = jobCsvRow(
      {
        ...job,
        notes: '=HYPERLINK("x")',
        status_history: [
          ...job.status_history,
          { status: 2, remarks: '=cmd|calc', created_by: actor, created_at: 1_700_000_400 },
        ],
      },
      config,
      1_700_000_000,
    );
    expect(row).toHaveLength(CSV_FIELDS.length);
    const cell = (name: (typeof CSV_FIELDS)[number]) => row[CSV_FIELDS.indexOf(name)];
    expect(cell('job_id')).toBe(1001);
    expect(cell('status_label')).toBe('Assigned');
    expect(cell('branch_ids')).toBe('LDN-01');
    expect(cell('total_amount')).toBe(12.5);
    expect(cell('currency')).toBe('GBP');
    expect(cell('earliest_open_slot')).toBe('pickup 1');
    // In the branch's zone, named: 1_700_000_000 is 22:13 UTC on 14 Nov 2023 (GMT in London).
    expect(String(cell('earliest_open_slot_readable')).replace(/[\u2009\u202f]/g, ' ')).toBe(
      'Pickup, Nov 14, 10:13 – 11:13 PM GMT (Europe/London)',
    );
    // The last remark is defused like every text cell.
    expect(cell('last_remark')).toBe(`'=cmd|calc`);
    expect(cell('last_remark_status')).toBe('Assigned');
    expect(cell('notes')).toBe(`'=HYPERLINK("x")`);
    expect(jobCsvRow({ ...job, status: 42 }, config, 1_700_000_000)[CSV_FIELDS.indexOf('status_label')]).toBe(
      'Status 42',
    );
  });

  it('says how late the job is at the export’s moment, in whole minutes as the table words it', () => {
    const PICKUP_END = 1_700_003_600;
    const lateBy = (j: Job, now: number) => jobCsvRow(j, config, now)[CSV_FIELDS.indexOf('late_by_minutes')];
    // 42 min 59 s after the pickup's slot ended: "late 42 min" on screen, 42 in the file.
    expect(lateBy(job, PICKUP_END + 42 * 60 + 59)).toBe(42);
    expect(lateBy(job, PICKUP_END + 3 * 3600 + 5 * 60)).toBe(185);
    // Before the slot ends (and within the grace period after): not late.
    expect(lateBy(job, PICKUP_END - 60)).toBe(0);
    expect(lateBy(job, PICKUP_END + rule.graceSeconds)).toBe(0);
    // A final job cannot be late: empty.
    expect(lateBy({ ...job, status: 7 }, PICKUP_END + 3600)).toBe('');
  });

  it('gives each delivery’s customer name, phone and address text, in order, one place each', () => {
    const deliveries = [
      {
        ...job.deliveries[0]!,
        customer: { name: 'Zoë Adams', phone: '+44 7700 900123' },
        address: {
          line1: '12 Mill Lane',
          city: 'London',
          postcode: 'E1 6AN',
          latitude: 51.5,
          longitude: -0.07,
        },
      },
      { ...job.deliveries[0]!, id: 3, customer: null, address: null },
      {
        ...job.deliveries[0]!,
        id: 4,
        customer: { first_name: 'Ravi', last_name: 'Mehta', dial_code: '91', mobile: '98200 12345' },
        address: { formatted_address: '=Flat 2, 7 Hill Road, Mumbai', city: 'Mumbai' },
      },
    ];
    const row = jobCsvRow({ ...job, deliveries }, config, 1_700_000_000);
    const cell = (name: (typeof CSV_FIELDS)[number]) => row[CSV_FIELDS.indexOf(name)];
    expect(cell('deliveries')).toBe(3);
    expect(cell('delivery_customer_names')).toBe('Zoë Adams; ; Ravi Mehta');
    // A leading "+" is defused like every text cell (rider_phone's too): a spreadsheet shows it as text.
    expect(cell('delivery_customer_phones')).toBe("'+44 7700 900123; ; +91 98200 12345");
    // The whole text when the address has one; its parts otherwise; never its coordinates.
    expect(cell('delivery_addresses')).toBe('12 Mill Lane, London, E1 6AN; ; =Flat 2, 7 Hill Road, Mumbai');
    expect(jobCsvRow(job, config, 1_700_000_000)[CSV_FIELDS.indexOf('delivery_addresses')]).toBe('');
  });

  it('reads the usual fields of a customer and an address, and nothing else', () => {
    expect(customerName({ full_name: 'Ana Lima' })).toBe('Ana Lima');
    expect(customerName({ first_name: 'Ana' })).toBe('Ana');
    expect(customerName({ id: 7 })).toBe('');
    expect(customerName(null)).toBe('');
    expect(customerPhone({ phone: ' 020 7946 0000 ', mobile: '1' })).toBe('020 7946 0000');
    expect(customerPhone({ mobile: '7700 900123' })).toBe('7700 900123');
    expect(customerPhone(null)).toBe('');
    expect(addressText({ text: '1 Quay St', line1: 'ignored' })).toBe('1 Quay St');
    expect(addressText({ street: 'Rua A', zip: 12345, country: 'BR' })).toBe('Rua A, 12345, BR');
    expect(addressText({ latitude: 1, longitude: 2 })).toBe('');
    expect(addressText({ address: { line1: 'nested' } })).toBe('');
    expect(addressText(null)).toBe('');
  });
});
