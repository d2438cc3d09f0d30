import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BranchesResponse, UpdateBranchResponse } from '../../src/contract';
import { getBranch } from '../support/branches';
import { square } from '../support/geo';
import { startTestServer, type TestServer } from '../support/server';
import { client, parseError } from './http';

let server: TestServer;
let api: ReturnType<typeof client>;

// PUT changes state: every test gets its own freshly seeded server (small, so this stays fast).
beforeEach(async () => {
  server = await startTestServer({ jobs: 60 });
  api = client(server);
});
afterEach(async () => {
  await server.close();
});

/** The stored branch exactly as a client sees it. */
async function branchText(id: string): Promise<string> {
  const response = await api.get(`/v1/branches/${id}`);
  expect(response.status).toBe(200);
  return response.text();
}

async function putBranch(id: string, branch: unknown) {
  const response = await api.put(`/v1/branches/${id}`, { branch });
  return { status: response.status, body: (await response.json()) as unknown };
}

const zone = (id: string, ring: number[][], name = 'Zone') => ({
  id,
  type: 'Feature',
  properties: { name },
  geometry: { type: 'Polygon', coordinates: [ring] },
});

const bowTie = [
  [-0.1, 51.5],
  [-0.08, 51.52],
  [-0.08, 51.5],
  [-0.1, 51.52],
  [-0.1, 51.5],
];

const contact = {
  name: 'Night desk',
  phone: '+44 20 7946 0000',
  work_timings: { from: '06:00 PM', to: '11:30 PM' },
  work_days: ['friday', 'saturday'],
};

describe('GET /v1/branches (extension)', () => {
  it('lists every branch ordered by id in the contract shape', async () => {
    const body = BranchesResponse.parse(await api.getJson('/v1/branches'));
    const ids = body.branches.map((b) => b.id);
    expect(ids).toEqual([...ids].sort());
    expect(body).toMatchObject({ total_records: 8, page: 1, total_pages: 1 });
    expect(ids).toContain('LDN-01');
  });

  it('returns an empty page past the end and 400 on a bad page', async () => {
    expect(BranchesResponse.parse(await api.getJson('/v1/branches?page=2'))).toMatchObject({
      branches: [],
      total_records: 8,
    });
    const response = await api.get('/v1/branches?page=0');
    expect(response.status).toBe(400);
    expect(parseError(400, await response.json()).error.details?.[0]?.path).toBe('page');
  });
});

describe('GET /v1/branches/{id} (extension)', () => {
  it('returns the full branch', async () => {
    const branch = (await getBranch(server, 'LDN-01'))!;
    expect(branch).toMatchObject({ id: 'LDN-01', time_zone: 'Europe/London', active: true });
    expect(branch.delivery_zones?.type).toBe('FeatureCollection');
  });

  it('404s for an unknown branch, in the error format', async () => {
    const response = await api.get('/v1/branches/NOPE-01');
    expect(response.status).toBe(404);
    parseError(404, await response.json());
  });
});

describe('PUT /v1/branches/{id}: each field', () => {
  it('changes only the name, answers { branch: { id } } and stamps updated_at / updated_by', async () => {
    const before = (await getBranch(server, 'LDN-01'))!;
    const { status, body } = await putBranch('LDN-01', { name: '  London Docklands  ' });
    expect(status).toBe(200);
    expect(UpdateBranchResponse.parse(body).branch.id).toBe('LDN-01');
    const after = (await getBranch(server, 'LDN-01'))!;
    expect(after.name).toBe('London Docklands');
    expect(after.updated_at).toBeGreaterThan(before.updated_at);
    expect(after.updated_by).toMatchObject({ user_type: 'api', user_name: 'API client' });
    expect(after.updated_by?.user_id).toMatch(/^token-[0-9a-f]{8}$/);
    const { name: _n, updated_at: _u, updated_by: _b, ...rest } = after;
    const { name: _n0, updated_at: _u0, updated_by: _b0, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
  });

  it('changes active', async () => {
    expect((await putBranch('LDN-01', { active: false })).status).toBe(200);
    expect((await getBranch(server, 'LDN-01'))!.active).toBe(false);
    expect((await putBranch('LDN-01', { active: true })).status).toBe(200);
    expect((await getBranch(server, 'LDN-01'))!.active).toBe(true);
  });

  it('changes coordinates', async () => {
    expect((await putBranch('LDN-01', { coordinates: { latitude: 51.5, longitude: -0.12 } })).status).toBe(
      200,
    );
    expect((await getBranch(server, 'LDN-01'))!.coordinates).toEqual({ latitude: 51.5, longitude: -0.12 });
  });

  it('changes formatted_address', async () => {
    expect(
      (await putBranch('LDN-01', { formatted_address: '1 New Street, London E1 1AA, United Kingdom' }))
        .status,
    ).toBe(200);
    expect((await getBranch(server, 'LDN-01'))!.formatted_address).toBe(
      '1 New Street, London E1 1AA, United Kingdom',
    );
  });

  it('replaces contacts wholesale, and [] clears them', async () => {
    expect((await getBranch(server, 'LDN-01'))!.contacts.length).toBeGreaterThan(1);
    expect((await putBranch('LDN-01', { contacts: [contact] })).status).toBe(200);
    expect((await getBranch(server, 'LDN-01'))!.contacts).toEqual([contact]);
    expect((await putBranch('LDN-01', { contacts: [] })).status).toBe(200);
    expect((await getBranch(server, 'LDN-01'))!.contacts).toEqual([]);
  });

  it('replaces delivery_zones wholesale, keeps holes and properties, and an empty collection clears them', async () => {
    const outer = square(-0.1, 51.5, 0.04);
    const hole = [
      [-0.09, 51.51],
      [-0.09, 51.52],
      [-0.08, 51.52],
      [-0.08, 51.51],
      [-0.09, 51.51],
    ];
    const zones = {
      type: 'FeatureCollection',
      features: [
        { ...zone('docks', outer, 'Docks'), geometry: { type: 'Polygon', coordinates: [outer, hole] } },
        {
          ...zone('east', square(0, 51.5, 0.01), 'East'),
          properties: { name: 'East', colour: '#0a0', max_minutes: 45 },
        },
      ],
    };
    expect((await putBranch('LDN-01', { delivery_zones: zones })).status).toBe(200);
    expect((await getBranch(server, 'LDN-01'))!.delivery_zones).toEqual(zones);
    const empty = { type: 'FeatureCollection', features: [] };
    expect((await putBranch('LDN-01', { delivery_zones: empty })).status).toBe(200);
    expect((await getBranch(server, 'LDN-01'))!.delivery_zones).toEqual(empty);
  });

  it('answers a PUT of zones with the branch exactly as a GET then serves it, byte for byte', async () => {
    const ring = square(0, 51.5, 0.02);
    const zones = {
      type: 'FeatureCollection',
      features: [
        {
          ...zone('docks', ring, 'Docks'),
          properties: { name: 'Dȯcks ✓', colour: '#0a0', nested: { steps: [1, null, 'two'] } },
          geometry: { type: 'Polygon', coordinates: [ring, square(0.005, 51.505, 0.005)] },
        },
        zone('east', square(0.1, 51.5, 0.01), 'East'),
      ],
    };
    // A literal -0 (JSON.stringify never writes one) is stored, and answered, as 0.
    const body = JSON.stringify({ branch: { name: 'Docks', delivery_zones: zones } }).replace(
      '[0,51.5]',
      '[-0,51.5]',
    );
    expect(body).toContain('[-0,51.5]');
    const put = await api.put('/v1/branches/LDN-01', body);
    expect(put.status).toBe(200);
    const answered = await put.text();
    expect(answered).toBe(await branchText('LDN-01'));
    expect(answered).not.toContain('-0,');
  });

  it('accepts back the values it serves (a GET → PUT round trip of every editable field)', async () => {
    const branch = (await getBranch(server, 'PAR-01'))!;
    const { id, name, active, coordinates, formatted_address, delivery_zones, contacts } = branch;
    const { status } = await putBranch('PAR-01', {
      id,
      name,
      active,
      coordinates,
      formatted_address,
      delivery_zones,
      contacts,
    });
    expect(status).toBe(200);
    const after = (await getBranch(server, 'PAR-01'))!;
    expect({ ...after, updated_at: 0, updated_by: null }).toEqual({
      ...branch,
      updated_at: 0,
      updated_by: null,
    });
  });

  it('keeps updated_at strictly increasing across updates in the same second', async () => {
    const stamps: number[] = [];
    for (let i = 0; i < 3; i++) {
      expect((await putBranch('LDN-01', { name: `Name ${i}` })).status).toBe(200);
      stamps.push((await getBranch(server, 'LDN-01'))!.updated_at);
    }
    expect(stamps[1]).toBeGreaterThan(stamps[0]!);
    expect(stamps[2]).toBeGreaterThan(stamps[1]!);
  });

  it('treats an empty patch as no change', async () => {
    const before = await branchText('LDN-01');
    expect((await putBranch('LDN-01', {})).status).toBe(200);
    expect(await branchText('LDN-01')).toBe(before);
  });

  it('404s for an unknown branch', async () => {
    const { status, body } = await putBranch('NOPE-01', { name: 'x' });
    expect(status).toBe(404);
    parseError(404, body);
  });
});

describe('PUT /v1/branches/{id}: rename', () => {
  const jobCount = (branchId: string) =>
    server.db.prepare('SELECT count(*) FROM jobs WHERE branch_id = ?').pluck().get(branchId) as number;

  it('moves the branch and everything that references it, in one step', async () => {
    const before = (await getBranch(server, 'LDN-01'))!;
    const jobsBefore = totalRecords(await api.getJson('/v1/jobs?branch_id=LDN-01'));
    expect(jobsBefore).toBeGreaterThan(0);

    const { status, body } = await putBranch('LDN-01', { id: 'LDN-99', name: 'London East' });
    expect(status).toBe(200);
    expect(UpdateBranchResponse.parse(body).branch.id).toBe('LDN-99');

    expect((await api.get('/v1/branches/LDN-01')).status).toBe(404);
    const after = (await getBranch(server, 'LDN-99'))!;
    expect(after).toMatchObject({
      id: 'LDN-99',
      name: 'London East',
      contacts: before.contacts,
      delivery_zones: before.delivery_zones,
    });

    expect(totalRecords(await api.getJson('/v1/jobs?branch_id=LDN-01'))).toBe(0);
    const moved = (await api.getJson('/v1/jobs?branch_id=LDN-99')) as {
      total_records: number;
      jobs: { pickups: { branch: { id: string } }[] }[];
    };
    expect(moved.total_records).toBe(jobsBefore);
    expect(moved.jobs.every((j) => j.pickups[0]!.branch.id === 'LDN-99')).toBe(true);
    for (const table of ['pickups', 'deliveries', 'jobs', 'branch_contacts', 'branch_zones']) {
      expect(
        server.db.prepare(`SELECT count(*) FROM ${table} WHERE branch_id = 'LDN-01'`).pluck().get(),
        table,
      ).toBe(0);
    }
  });

  it('409s when the new id is taken, and changes nothing', async () => {
    const [london, berlin] = [await branchText('LDN-01'), await branchText('BER-01')];
    const jobs = jobCount('LDN-01');
    const { status, body } = await putBranch('LDN-01', { id: 'BER-01', name: 'Should not stick' });
    expect(status).toBe(409);
    expect(parseError(409, body).error.details).toContainEqual(
      expect.objectContaining({ path: 'branch.id' }),
    );
    expect(await branchText('LDN-01')).toBe(london);
    expect(await branchText('BER-01')).toBe(berlin);
    expect(jobCount('LDN-01')).toBe(jobs);
  });

  it('409s when the new id differs from another only in case, naming that branch, and changes nothing', async () => {
    const [london, berlin] = [await branchText('LDN-01'), await branchText('BER-01')];
    for (const wanted of ['ber-01', 'Ber-01', 'bEr-01']) {
      const { status, body } = await putBranch('LDN-01', { id: wanted, name: 'Should not stick' });
      expect(status, wanted).toBe(409);
      const { error } = parseError(409, body);
      expect(error.message).toBe(
        'A branch with id "BER-01" already exists: ids that differ only in case are the same id',
      );
      expect(error.details).toEqual([
        {
          path: 'branch.id',
          message: 'Taken by branch BER-01: ids that differ only in case are the same id',
        },
      ]);
    }
    expect(await branchText('LDN-01')).toBe(london);
    expect(await branchText('BER-01')).toBe(berlin);
  });

  it('finds a branch by its id in any case, as permissions compare ids', async () => {
    const found = await api.get('/v1/branches/ber-01');
    expect(found.status).toBe(200);
    expect(((await found.json()) as { branch: { id: string } }).branch.id).toBe('BER-01');
    const { status, body } = await putBranch('bEr-01', { name: 'Berlin Mitte' });
    expect(status).toBe(200);
    expect(UpdateBranchResponse.parse(body).branch).toMatchObject({ id: 'BER-01', name: 'Berlin Mitte' });
    expect((await api.get('/v1/branches/BER-02')).status).toBe(404);
  });

  it('renames a branch to its own id in another case', async () => {
    const jobs = jobCount('LDN-01');
    const { status, body } = await putBranch('LDN-01', { id: 'ldn-01' });
    expect(status).toBe(200);
    expect(UpdateBranchResponse.parse(body).branch.id).toBe('ldn-01');
    expect(
      ((await (await api.get('/v1/branches/LDN-01')).json()) as { branch: { id: string } }).branch.id,
    ).toBe('ldn-01');
    expect(jobCount('ldn-01')).toBe(jobs);
    // And back: the only id equal to LDN-01 regardless of case is its own.
    expect((await putBranch('ldn-01', { id: 'LDN-01' })).status).toBe(200);
    expect(jobCount('LDN-01')).toBe(jobs);
  });

  it('refuses an id outside the safe alphabet', async () => {
    const { status, body } = await putBranch('LDN-01', { id: '../etc' });
    expect(status).toBe(400);
    expect(parseError(400, body).error.details?.[0]?.path).toBe('branch.id');
  });
});

describe('PUT /v1/branches/{id}: validation', () => {
  it('points at the exact field: branch.contacts.0.work_timings.from', async () => {
    const { status, body } = await putBranch('LDN-01', {
      contacts: [{ ...contact, work_timings: { from: '25:00', to: '05:00 PM' } }],
    });
    expect(status).toBe(400);
    expect(parseError(400, body).error.details?.map((d) => d.path)).toEqual([
      'branch.contacts.0.work_timings.from',
    ]);
  });

  it('refuses a self-intersecting (bow-tie) zone with a path into the zone', async () => {
    const zones = {
      type: 'FeatureCollection',
      features: [zone('ok', square(-0.1, 51.5, 0.01)), zone('bow', bowTie)],
    };
    const { status, body } = await putBranch('LDN-01', { delivery_zones: zones });
    expect(status).toBe(400);
    const details = parseError(400, body).error.details ?? [];
    expect(details).toHaveLength(1);
    expect(details[0]!.path).toBe('branch.delivery_zones.features.1.geometry.coordinates.0');
    expect(details[0]!.message).toMatch(/cross/);
  });

  it.each([
    ['an unknown field', { colour: 'red' }, 'branch'],
    ['a name of the wrong type', { name: 42 }, 'branch.name'],
    ['an empty name', { name: '   ' }, 'branch.name'],
    ['latitude out of range', { coordinates: { latitude: 91, longitude: 0 } }, 'branch.coordinates.latitude'],
    [
      'an open ring',
      {
        delivery_zones: { type: 'FeatureCollection', features: [zone('z', square(0, 0, 0.01).slice(0, 4))] },
      },
      'branch.delivery_zones.features.0.geometry.coordinates.0',
    ],
    [
      'a repeated weekday',
      { contacts: [{ ...contact, work_days: ['monday', 'monday'] }] },
      'branch.contacts.0.work_days',
    ],
  ])('refuses %s with a detail on its path', async (_label, patch, path) => {
    const { status, body } = await putBranch('LDN-01', patch);
    expect(status).toBe(400);
    expect(parseError(400, body).error.details?.map((d) => d.path)).toContain(path);
  });
});

describe('a rejected PUT leaves the stored branch byte-for-byte unchanged', () => {
  const json = 'application/json';
  const rejections: [string, string, Record<string, string>, number][] = [
    [
      'invalid field',
      JSON.stringify({ branch: { name: 'New', active: 'yes' } }),
      { 'content-type': json },
      400,
    ],
    [
      'bow-tie zone next to valid changes',
      JSON.stringify({
        branch: { name: 'New', delivery_zones: { type: 'FeatureCollection', features: [zone('b', bowTie)] } },
      }),
      { 'content-type': json },
      400,
    ],
    [
      'duplicate id',
      JSON.stringify({ branch: { id: 'BER-01', name: 'New' } }),
      { 'content-type': json },
      409,
    ],
    [
      'duplicate id in another case',
      JSON.stringify({ branch: { id: 'ber-01', name: 'New' } }),
      { 'content-type': json },
      409,
    ],
    [
      'If-Match naming another version',
      JSON.stringify({ branch: { name: 'New' } }),
      { 'content-type': json, 'if-match': '"0.0"' },
      412,
    ],
    ['malformed JSON', '{"branch": {"name": "New"', { 'content-type': json }, 400],
    [
      '__proto__ key',
      '{"branch": {"name": "New", "__proto__": {"active": false}}}',
      { 'content-type': json },
      400,
    ],
    [
      'wrong content type',
      JSON.stringify({ branch: { name: 'New' } }),
      { 'content-type': 'text/plain' },
      415,
    ],
    [
      'body over 1 MiB',
      JSON.stringify({ branch: { name: 'New', formatted_address: 'x'.repeat(1_100_000) } }),
      { 'content-type': json },
      413,
    ],
    [
      'missing token',
      JSON.stringify({ branch: { name: 'New' } }),
      { 'content-type': json, authorization: '' },
      401,
    ],
  ];

  it.each(rejections)('%s', async (_label, body, headers, expected) => {
    const before = await branchText('LDN-01');
    const response = await api.put('/v1/branches/LDN-01', body, headers);
    expect(response.status).toBe(expected);
    parseError(expected, await response.json());
    expect(await branchText('LDN-01')).toBe(before);
  });
});

function totalRecords(body: unknown): number {
  return (body as { total_records: number }).total_records;
}
