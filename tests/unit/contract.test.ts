import { describe, expect, it } from 'vitest';
import {
  Actor,
  Branch,
  BranchesResponse,
  BranchResponse,
  Contact,
  ContactInput,
  Delivery,
  DeliveryZones,
  DeliveryZonesInput,
  ErrorBody,
  Job,
  JobsQuery,
  JobsResponse,
  Package,
  Pickup,
  Rider,
  StatusHistoryEntry,
  UpdateBranchBody,
  UpdateBranchResponse,
  issuesToDetails,
  jobsQueryToSearchParams,
  minutesOfDay,
  normalizeTime12h,
} from '../../src/contract';
import * as fx from './fixtures';

const clone = <T>(v: T): T => structuredClone(v);

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('response schemas are lenient', () => {
  it('reads a full job, keeping unknown fields', () => {
    const job = Job.parse({ ...fx.job, team_id: 'team-3', future_field: { a: 1 } });
    expect(job.id).toBe(1001);
    expect((job as Record<string, unknown>).team_id).toBe('team-3');
    expect(job.pickups[0]!.branch!.name).toBe(fx.branch.name);
    expect(job.deliveries[0]!.packages.length).toBe(fx.delivery.packages.length);
  });

  it('accepts the documented empties and nulls', () => {
    const r = Rider.parse({ ...fx.rider, dial_code: null, metadata: null, last_coordinates: null });
    expect(r.dial_code).toBe('');
    expect(r.metadata).toEqual({});
    expect(r.last_coordinates).toEqual({ latitude: null, longitude: null });
    const d = Delivery.parse({
      ...fx.delivery,
      address: null,
      customer: null,
      otp: null,
      proof_of_delivery_images: null,
    });
    expect(d.address).toBeNull();
    expect(d.otp).toBe('');
    expect(d.proof_of_delivery_images).toEqual([]);
    const b = Branch.parse({ ...fx.branch, delivery_zones: null, time_zone: '' });
    expect(b.delivery_zones).toBeNull();
  });

  it('reads a stop’s embedded branch without its lists, whole (v1) or summarised (branch_embed=summary)', () => {
    const whole = Pickup.parse({
      ...fx.pickup,
      branch: {
        ...fx.branch,
        contacts: 'not read',
        delivery_zones: { type: 'FeatureCollection', features: 'not read' },
      },
    });
    const summary = Pickup.parse({
      ...fx.pickup,
      branch: (({ delivery_zones: _z, contacts: _c, ...b }) => b)(fx.branch),
    });
    expect(whole.branch).not.toHaveProperty('delivery_zones');
    expect(whole.branch).not.toHaveProperty('contacts');
    expect(whole.branch).toEqual(summary.branch);
    expect(whole.branch?.name).toBe(fx.branch.name);
    // Still checked: the fields the jobs screens show.
    expect(Pickup.safeParse({ ...fx.pickup, branch: { ...fx.branch, name: 7 } }).success).toBe(false);
  });

  it('keeps undocumented address, customer and stop histories as they come', () => {
    const p = Pickup.parse({
      ...fx.pickup,
      address: { line1: '1 High St', geo: [1, 2] },
      status_history: [{ anything: true }],
    });
    expect(p.address).toEqual({ line1: '1 High St', geo: [1, 2] });
    expect(p.status_history).toEqual([{ anything: true }]);
  });

  it('reads contacts leniently (times as sent, missing days as none)', () => {
    const c = Contact.parse({ name: 'A', phone: '1', work_timings: { from: '9:00am', to: '5pm' } });
    expect(c.work_timings.from).toBe('9:00am');
    expect(c.work_days).toEqual([]);
  });

  it('rejects a response that breaks the required shape, with the path', () => {
    const bad = clone(fx.job) as Record<string, unknown>;
    bad.status = 'assigned';
    const res = JobsResponse.safeParse({ jobs: [bad], total_records: 1, page: 1, total_pages: 1 });
    expect(res.success).toBe(false);
    expect(messages(res)[0]).toMatch(/^jobs\.0\.status/);
    expect(JobsResponse.safeParse({ jobs: [], page: 1, total_pages: 0 }).success).toBe(false);
  });

  it.each([
    ['Actor', Actor, fx.actor, { user_type: 'x', user_name: 'y' }],
    ['Package', Package, { package_id: 'P', barcode: '1' }, { barcode: '1' }],
    [
      'StatusHistoryEntry',
      StatusHistoryEntry,
      fx.job.status_history[0],
      { status: 1, created_at: 'yesterday' },
    ],
    ['Rider', Rider, fx.rider, { ...fx.rider, id: 'x' }],
    ['Pickup', Pickup, fx.pickup, { ...fx.pickup, packages: 'none' }],
    ['Delivery', Delivery, fx.delivery, { ...fx.delivery, amount: '12.50' }],
    ['Branch', Branch, fx.branch, { ...fx.branch, coordinates: { latitude: 'n' } }],
    ['DeliveryZones', DeliveryZones, fx.zones, { type: 'FeatureCollection' }],
    ['BranchResponse', BranchResponse, { branch: fx.branch }, { branch: null }],
    [
      'BranchesResponse',
      BranchesResponse,
      { branches: [fx.branch], total_records: 1, page: 1, total_pages: 1 },
      { branches: [] },
    ],
    ['UpdateBranchResponse', UpdateBranchResponse, { branch: { id: 'LDN-02' } }, { branch: {} }],
    ['ErrorBody', ErrorBody, { error: { code: 'not_found', message: 'No branch LDN-9' } }, { error: 'boom' }],
  ] as const)('%s: accepts the valid fixture, rejects the invalid one', (_name, schema, valid, invalid) => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse(invalid).success).toBe(false);
  });
});

describe('request schemas are strict', () => {
  const body = (branch: Record<string, unknown>) => UpdateBranchBody.safeParse({ branch });

  it('accepts every documented field', () => {
    const res = body({
      id: 'LDN-02',
      name: 'London North',
      active: false,
      coordinates: { latitude: 51.5, longitude: -0.1 },
      formatted_address: '2 Example Rd',
      delivery_zones: fx.zones,
      contacts: [fx.contact],
    });
    expect(messages(res)).toEqual([]);
    expect(body({}).success).toBe(true);
  });

  it('refuses unknown fields and a missing branch key', () => {
    expect(issuesToDetails(body({ nmae: 'x' }).error!.issues)[0]!.message).toBe('unknown field "nmae"');
    expect(UpdateBranchBody.safeParse({ name: 'x' }).success).toBe(false);
  });

  it.each([
    [
      { coordinates: { latitude: 91, longitude: 0 } },
      'branch.coordinates.latitude: Latitude must be between -90 and 90',
    ],
    [
      { coordinates: { latitude: 0, longitude: -180.5 } },
      'branch.coordinates.longitude: Longitude must be between -180 and 180',
    ],
    [
      { coordinates: { latitude: Number.NaN, longitude: 0 } },
      'branch.coordinates.latitude: Latitude must be a number',
    ],
    [{ name: '   ' }, 'branch.name: Name is required'],
    [{ id: 'has space' }, 'branch.id: Use 1-64 letters'],
    [{ active: 'yes' }, 'branch.active: Active must be true or false'],
  ])('rejects %j', (branch, expected) => {
    const res = UpdateBranchBody.safeParse({ branch });
    expect(messages(res).join('\n')).toContain(expected);
  });

  it('checks contacts: hh:mm AM|PM, weekday names, no repeats', () => {
    expect(ContactInput.safeParse(fx.contact).success).toBe(true);
    const bad = (patch: Record<string, unknown>) =>
      messages(ContactInput.safeParse({ ...fx.contact, ...patch })).join('\n');
    expect(bad({ work_timings: { from: '9:00 AM', to: '05:00 PM' } })).toContain(
      'work_timings.from: Use the form hh:mm AM',
    );
    expect(bad({ work_timings: { from: '13:00 PM', to: '05:00 PM' } })).toContain('work_timings.from');
    expect(bad({ work_timings: { from: '09:00 am', to: '05:00 PM' } })).toContain('work_timings.from');
    expect(bad({ work_days: ['Monday'] })).toContain(
      'work_days.0: Work days must be lowercase English weekday names',
    );
    expect(bad({ work_days: ['monday', 'monday'] })).toContain('Work days must not repeat');
    expect(bad({ phone: 'call me' })).toContain('phone');
  });

  it('checks zone rings: closed, at least 4 positions, in range, no consecutive duplicates', () => {
    const withRing = (ring: number[][]) => {
      const z = clone(fx.zones);
      z.features[0]!.geometry.coordinates = [ring];
      return messages(DeliveryZonesInput.safeParse(z)).join('\n');
    };
    expect(DeliveryZonesInput.safeParse(fx.zones).success).toBe(true);
    expect(
      withRing([
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ]),
    ).toContain('A ring must end at its first point');
    expect(
      withRing([
        [0, 0],
        [1, 0],
        [0, 0],
      ]),
    ).toContain('at least 4 positions');
    expect(
      withRing([
        [0, 0],
        [181, 0],
        [1, 1],
        [0, 0],
      ]),
    ).toContain('Longitude must be between -180 and 180');
    expect(
      withRing([
        [0, 0],
        [1, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ]),
    ).toContain('must not repeat a position consecutively');
  });

  it('checks the FeatureCollection shape: types exactly as the spec, string ids, unique ids', () => {
    const z = clone(fx.zones) as { type: string; features: Record<string, unknown>[] };
    expect(DeliveryZonesInput.safeParse({ ...z, type: 'featurecollection' }).success).toBe(false);
    expect(DeliveryZonesInput.safeParse({ ...z, features: [{ ...z.features[0], id: 7 }] }).success).toBe(
      false,
    );
    expect(
      DeliveryZonesInput.safeParse({
        ...z,
        features: [{ ...z.features[0], geometry: { type: 'Point', coordinates: [0, 0] } }],
      }).success,
    ).toBe(false);
    expect(
      messages(DeliveryZonesInput.safeParse({ ...z, features: [z.features[0], z.features[0]] })).join(),
    ).toContain('Zone ids must be unique');
  });

  it('maps issues to dotted detail paths', () => {
    const res = UpdateBranchBody.safeParse({ branch: { contacts: [{ ...fx.contact, name: '' }] } });
    expect(issuesToDetails(res.error!.issues)).toEqual([
      { path: 'branch.contacts.0.name', message: 'Name is required' },
    ]);
  });
});

describe('jobs query', () => {
  it('coerces query-string values and defaults the page', () => {
    expect(JobsQuery.parse({})).toEqual({ page: 1 });
    expect(
      JobsQuery.parse({
        page: '3',
        status: '2',
        branch_id: 'LDN-01',
        timestamp_from: '10',
        timestamp_to: '20',
      }),
    ).toEqual({
      page: 3,
      status: 2,
      branch_id: 'LDN-01',
      timestamp_from: 10,
      timestamp_to: 20,
    });
  });

  it.each([
    [{ page: '0' }, 'page: page must be at least 1'],
    [{ page: 'abc' }, 'page: page must be a whole number'],
    [{ page: '1.5' }, 'page: page must be a whole number'],
    [{ status: 'x' }, 'status: status must be a whole number'],
    [{ page: '0x10' }, 'page: page must be a whole number'],
    [{ page: '1e3' }, 'page: page must be a whole number'],
    [{ page: ['1', '2'] }, 'page: page must be given once'],
    [
      { timestamp_from: '20', timestamp_to: '10' },
      'timestamp_from: timestamp_from must not be after timestamp_to',
    ],
    [{ colour: 'red' }, ': unknown field "colour"'],
  ])('rejects %j', (query, expected) => {
    const res = JobsQuery.safeParse(query);
    expect(res.success).toBe(false);
    expect(
      issuesToDetails(res.error!.issues)
        .map((d) => `${d.path}: ${d.message}`)
        .join('\n'),
    ).toContain(expected);
  });

  it('serialises only present values', () => {
    expect(jobsQueryToSearchParams({ page: 2, status: 0, branch_id: undefined }).toString()).toBe(
      'page=2&status=0',
    );
  });
});

describe('12-hour times', () => {
  it.each([
    ['9:00am', '09:00 AM'],
    ['9 pm', '09:00 PM'],
    ['12:30 PM', '12:30 PM'],
    ['09:05 a.m.', '09:05 AM'],
  ])('reads %s leniently as %s', (input, out) => {
    expect(normalizeTime12h(input)).toBe(out);
  });

  it('refuses what is not a 12-hour time', () => {
    expect(normalizeTime12h('13:00 PM')).toBeNull();
    expect(normalizeTime12h('noon')).toBeNull();
    expect(normalizeTime12h('0:30 AM')).toBeNull();
  });

  it('counts minutes of the day (12 AM is midnight, 12 PM noon)', () => {
    expect(minutesOfDay('12:00 AM')).toBe(0);
    expect(minutesOfDay('12:00 PM')).toBe(720);
    expect(minutesOfDay('05:30 PM')).toBe(17 * 60 + 30);
  });
});
