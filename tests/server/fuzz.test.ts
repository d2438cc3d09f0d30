/**
 * Generated bodies against PUT /v1/branches/{id} and generated query strings against
 * GET /v1/jobs, over real HTTP. Whatever arrives: never a 5xx; every refusal is a 4xx in the
 * error format of docs/design.md, decision 7; a refused body changes nothing (the branch and a hash
 * of every branch are compared with a snapshot); an accepted body is stored exactly as sent.
 * Also the caps that keep comb-shaped zones from holding the server for seconds.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANCH_ID_PATTERN, JobsResponse, TIME_12H, WEEKDAYS } from '../../src/contract';
import { MAX_BRANCH_CORNERS, zoneLimitIssues } from '../../server/zone-limits';
import { startTestServer, type TestServer } from '../support/server';
import { parseError, rawRequest, type RawResponse } from './http';

const BRANCH = 'LDN-01';
const JSON_TYPE = 'application/json';

let server: TestServer;
let snapshot: { branch: string; all: string };
const started = performance.now();
/** Bodies sent per group, by status. */
const tally = new Map<string, Map<number, number>>();

beforeAll(async () => {
  server = await startTestServer({ jobs: 40 });
  snapshot = await takeSnapshot();
});

afterAll(async () => {
  await server.close();
  const rows = [...tally].map(([group, statuses]) => ({
    group,
    bodies: [...statuses.values()].reduce((a, b) => a + b, 0),
    statuses: [...statuses].map(([status, n]) => `${status}×${n}`).join(' '),
  }));
  console.log(`fuzz: ${totalSent()} requests in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.table(rows);
});

const totalSent = () =>
  [...tally.values()].reduce((sum, statuses) => sum + [...statuses.values()].reduce((a, b) => a + b, 0), 0);

function count(group: string, status: number): void {
  const statuses = tally.get(group) ?? new Map<number, number>();
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  tally.set(group, statuses);
}

const auth = () => ({ authorization: `Bearer ${server.token}` });
const get = (path: string) => rawRequest(`${server.url}${path}`, { headers: auth() });

/** The stored branch as a client sees it, and a hash of every branch. */
async function takeSnapshot(): Promise<{ branch: string; all: string }> {
  const [branch, all] = await Promise.all([get(`/v1/branches/${BRANCH}`), get('/v1/branches')]);
  expect(branch.status).toBe(200);
  expect(all.status).toBe(200);
  return { branch: branch.text, all: createHash('sha256').update(all.text).digest('hex') };
}

/** `content-type: null` sends none. */
function put(
  body: string | Buffer,
  headers: Record<string, string | null> = {},
  id = BRANCH,
): Promise<RawResponse> {
  const merged: Record<string, string | null> = { ...auth(), 'content-type': JSON_TYPE, ...headers };
  const sent = Object.fromEntries(
    Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== null),
  );
  return rawRequest(`${server.url}/v1/branches/${id}`, { method: 'PUT', headers: sent, body });
}

/** A 4xx in the documented format (of `expected` when given), and nothing stored changed. */
async function expectRefused(group: string, response: RawResponse, expected?: number): Promise<void> {
  count(group, response.status);
  // An unexpected success fails here, without leaving a stale snapshot to fail the tests after it.
  if (response.status < 400) snapshot = await takeSnapshot();
  if (expected !== undefined) expect(response.status, response.text.slice(0, 300)).toBe(expected);
  expect(response.status, response.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(response.status, response.text.slice(0, 300)).toBeLessThan(500);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  parseError(response.status, response.json());
  expect(await takeSnapshot()).toEqual(snapshot);
}

async function refuses(group: string, body: string | Buffer, expected?: number, headers = {}): Promise<void> {
  await expectRefused(group, await put(body, headers), expected);
}

const json = (branch: unknown) => JSON.stringify({ branch });
/** What a value becomes on the wire (-0 is 0, undefined entries drop out). */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

// ---------------------------------------------------------------- valid building blocks

const text = (min: number, max: number) => fc.string({ unit: 'grapheme', minLength: min, maxLength: max });
const trimmedWithin = (max: number) => (s: string) => s.trim().length > 0 && s.trim().length <= max;
const PHONE = /^\+?[0-9][0-9 ()-]{4,30}$/;

/** No key that JSON parsing refuses (`__proto__`, `constructor.prototype`): those are tested on purpose below. */
function safeKeys(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  return Object.entries(value).every(
    ([key, child]) =>
      key !== '__proto__' &&
      !(key === 'constructor' && child !== null && typeof child === 'object' && 'prototype' in child) &&
      safeKeys(child),
  );
}

const latitude = fc.double({ min: -90, max: 90, noNaN: true });
const longitude = fc.double({ min: -180, max: 180, noNaN: true });
const coordinates = fc.record({ latitude, longitude });

const contact = fc.record({
  name: text(1, 30).filter(trimmedWithin(120)),
  phone: fc.stringMatching(PHONE).filter((p) => PHONE.test(p.trim())),
  work_timings: fc.record({ from: fc.stringMatching(TIME_12H), to: fc.stringMatching(TIME_12H) }),
  work_days: fc.uniqueArray(fc.constantFrom(...WEEKDAYS), { maxLength: 7 }),
});
type Contact = typeof contact extends fc.Arbitrary<infer T> ? T : never;

const round6 = (n: number) => Number(n.toFixed(6)) + 0;

/** A closed counter-clockwise square, as the client writes it. */
const square = (lon: number, lat: number, size: number): number[][] =>
  [
    [lon, lat],
    [lon + size, lat],
    [lon + size, lat + size],
    [lon, lat + size],
    [lon, lat],
  ].map(([x, y]) => [round6(x!), round6(y!)]);

const squareRing = fc
  .record({
    lon: fc.double({ min: -179, max: 178, noNaN: true }),
    lat: fc.double({ min: -89, max: 88, noNaN: true }),
    size: fc.double({ min: 0.001, max: 1, noNaN: true }),
  })
  .map(({ lon, lat, size }) => square(lon, lat, size));

const properties = fc
  .dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 })
  .filter(safeKeys);

interface Zone {
  type: 'Feature';
  id: string;
  properties: Record<string, unknown>;
  geometry: { type: 'Polygon'; coordinates: number[][][] };
}
const zone = fc.record({
  type: fc.constant('Feature' as const),
  id: fc.string({ minLength: 1, maxLength: 20 }),
  properties,
  geometry: fc.record({ type: fc.constant('Polygon' as const), coordinates: squareRing.map((r) => [r]) }),
});
const zones = (features: fc.Arbitrary<Zone[]>) =>
  features.map((list) => ({ type: 'FeatureCollection' as const, features: list }));
const validZones = zones(fc.uniqueArray(zone, { selector: (z) => z.id, maxLength: 4 }));

const validPatch = fc.record(
  {
    name: text(1, 60).filter(trimmedWithin(200)),
    active: fc.boolean(),
    coordinates,
    formatted_address: text(0, 80).filter((s) => s.length <= 500),
    contacts: fc.array(contact, { maxLength: 5 }),
    delivery_zones: validZones,
  },
  { requiredKeys: [] },
);
type Patch = typeof validPatch extends fc.Arbitrary<infer T> ? T : never;

/** The branch as the server should store a valid patch: names and phones trimmed, nothing else touched. */
function expectedStored(patch: Patch): Record<string, unknown> {
  const trimContact = (c: Contact) => ({ ...c, name: c.name.trim(), phone: c.phone.trim() });
  return wire({
    ...patch,
    ...(patch.name !== undefined && { name: patch.name.trim() }),
    ...(patch.contacts && { contacts: patch.contacts.map(trimContact) }),
  }) as Record<string, unknown>;
}

// ---------------------------------------------------------------- invalid building blocks

type Kind = 'string' | 'boolean' | 'number' | 'object' | 'array';
const isKind = (value: unknown, kind: Kind) =>
  kind === 'array'
    ? Array.isArray(value)
    : kind === 'object'
      ? value !== null && typeof value === 'object' && !Array.isArray(value)
      : typeof value === kind;
/**
 * Any JSON-able value of another kind, judged as it arrives (NaN and ±Infinity become null).
 * Without the keys JSON parsing refuses for the whole body (`safeKeys`): fc.anything makes
 * objects with an own `__proto__` key now and then, and those bodies are refused before any
 * field is looked at (tested on purpose below), so they have no path into the field.
 */
const notA = (kind: Kind) =>
  fc
    .anything({ maxDepth: 2 })
    .filter((v) => v !== undefined && safeKeys(v) && !isKind((wire([v]) as unknown[])[0], kind));

const blank = fc.stringMatching(/^[ \t\n\r\u00a0\u2003\ufeff]*$/);
const tooLong = (max: number) =>
  fc
    .string({ unit: 'binary-ascii', minLength: max + 1, maxLength: max + 300 })
    .filter((s) => s.trim().length > max);
const outOf = (limit: number) =>
  fc.oneof(
    fc.double({ min: limit, max: 1e308, minExcluded: true, noNaN: true, noDefaultInfinity: true }),
    fc.double({ min: -1e308, max: -limit, maxExcluded: true, noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(limit + 1e-9, -limit - 1e-9, limit * 2),
  );

const badContact = fc.oneof(
  notA('object'),
  contact.chain((c) =>
    fc.oneof(
      fc.oneof(notA('string'), blank, tooLong(120)).map((name) => ({ ...c, name })),
      fc
        .oneof(
          notA('string'),
          fc.string().filter((p) => !PHONE.test(p.trim())),
        )
        .map((phone) => ({ ...c, phone })),
      fc
        .oneof(notA('object'), fc.constant({ from: c.work_timings.from }))
        .map((work_timings) => ({ ...c, work_timings })),
      fc
        .oneof(
          notA('string'),
          fc.string().filter((t) => !TIME_12H.test(t)),
        )
        .map((from) => ({ ...c, work_timings: { ...c.work_timings, from } })),
      fc
        .oneof(
          notA('array'),
          fc.constant(['monday', 'monday']),
          fc
            .string()
            .filter((d) => !(WEEKDAYS as readonly string[]).includes(d))
            .map((d) => [d]),
          fc.constant(['Monday']),
        )
        .map((work_days) => ({ ...c, work_days })),
      fc.constant({ ...c, email: 'someone@example.com' }),
      fc.constantFrom('name', 'phone', 'work_timings', 'work_days').map((key) => {
        const { [key]: _dropped, ...rest } = c;
        return rest;
      }),
    ),
  ),
);

/** Rings that break decision 10: open, too short, repeated points, self-crossing, spikes, bad positions. */
const badRing = fc.oneof(
  squareRing.map((r) => r.slice(0, 4)), // open
  squareRing.map((r) => [...r.slice(0, 4), [r[0]![0]! + 0.5, r[0]![1]!]]), // ends elsewhere
  fc.array(fc.tuple(longitude, latitude), { maxLength: 3 }), // too few positions
  squareRing.map((r) => [r[0]!, r[1]!, r[0]!]), // closed but 3 positions
  squareRing.map((r) => [r[0]!, r[1]!, r[1]!, r[2]!, r[3]!, r[4]!]), // a repeated position
  fc
    .record({
      x: fc.double({ min: -170, max: 170, noNaN: true }),
      y: fc.double({ min: -80, max: 80, noNaN: true }),
    })
    .map(({ x, y }) => [
      [round6(x), round6(y)],
      [round6(x + 1), round6(y + 1)],
      [round6(x + 1), round6(y)],
      [round6(x), round6(y + 1)],
      [round6(x), round6(y)],
    ]), // bow tie
  squareRing.map(([a, b]) => {
    const [x, y] = a!;
    const s = b![0]! - x!;
    return [a!, [round6(x! + 2 * s), y!], [round6(x! + s), y!], [round6(x! + s), round6(y! + s)], a!]; // spike
  }),
  squareRing.map((r) => r.map(([x, y]) => [x!, y!, 0, 1])), // positions of 4 numbers
  squareRing.map((r) => r.map(([x]) => [x!])), // positions of 1 number
  squareRing.map((r) => r.map(([x, y]) => [String(x), String(y)])), // strings
);

/** A polygon that fails: a bad exterior, no ring at all, or a hole outside its outline. */
const badPolygon = fc.oneof(
  badRing.map((ring) => [ring]),
  fc.constant([]),
  squareRing.map((outer) => [outer, square(outer[0]![0]! > 0 ? -170 : 170, 0, 0.1)]),
  notA('array'),
);

const brokenFeature = (features: Zone[]) =>
  fc.nat({ max: features.length }).chain((at) => {
    const place = (broken: unknown) => [...features.slice(0, at), broken, ...features.slice(at)];
    const base = features[0] ?? {
      type: 'Feature',
      id: 'z',
      properties: {},
      geometry: { type: 'Polygon', coordinates: [square(0, 0, 1)] },
    };
    return fc.oneof(
      badPolygon.map((coords) =>
        place({ ...base, id: 'broken-zone', geometry: { type: 'Polygon', coordinates: coords } }),
      ),
      fc.oneof(notA('string'), fc.constant(''), tooLong(100)).map((id) => place({ ...base, id })),
      fc
        .constantFrom('MultiPolygon', 'Point', 'polygon', 'LineString')
        .map((type) => place({ ...base, id: 'broken-zone', geometry: { ...base.geometry, type } })),
      fc
        .oneof(notA('object'), fc.constant(null))
        .map((props) => place({ ...base, id: 'broken-zone', properties: props })),
      fc
        .constantFrom('feature', 'FeatureCollection', null)
        .map((type) => place({ ...base, id: 'broken-zone', type })),
      fc.constant(place({ ...base, id: 'broken-zone', bbox: [0, 0, 1, 1] })),
      fc.constant(features.length > 0 ? place({ ...base }) : place({ ...base, geometry: null })), // duplicate id
    );
  });

const badZones = fc.oneof(
  notA('object'),
  fc
    .constantFrom('Feature', 'featurecollection', 'GeometryCollection')
    .map((type) => ({ type, features: [] })),
  notA('array').map((features) => ({ type: 'FeatureCollection', features })),
  fc.constant({ type: 'FeatureCollection' }),
  fc
    .uniqueArray(zone, { selector: (z) => z.id, maxLength: 3 })
    .chain(brokenFeature)
    .map((features) => ({
      type: 'FeatureCollection',
      features,
    })),
);

const BRANCH_FIELDS = [
  'id',
  'name',
  'active',
  'coordinates',
  'formatted_address',
  'delivery_zones',
  'contacts',
];

/** One field wrong (type, range, shape or length), alongside valid changes to other fields. */
const wrongField = fc
  .oneof(
    fc.record({
      field: fc.constant('id'),
      value: fc.oneof(
        notA('string'),
        fc.string().filter((s) => !BRANCH_ID_PATTERN.test(s)),
      ),
    }),
    fc.record({ field: fc.constant('name'), value: fc.oneof(notA('string'), blank, tooLong(200)) }),
    fc.record({
      field: fc.constant('active'),
      value: fc.oneof(notA('boolean'), fc.constantFrom('true', 'false', 0, 1)),
    }),
    fc.record({
      field: fc.constant('coordinates'),
      value: fc.oneof(
        notA('object'),
        fc.record({ latitude: outOf(90), longitude }),
        fc.record({ latitude, longitude: outOf(180) }),
        fc.record({ latitude: notA('number'), longitude }),
        fc.record({ latitude, longitude: notA('number') }),
        fc.record({ latitude }),
        fc.record({ latitude, longitude, altitude: fc.double({ noNaN: true, noDefaultInfinity: true }) }),
        fc.record({ lat: latitude, lng: longitude }),
      ),
    }),
    fc.record({ field: fc.constant('formatted_address'), value: fc.oneof(notA('string'), tooLong(500)) }),
    fc.record({
      field: fc.constant('contacts'),
      value: fc.oneof(
        notA('array'),
        fc
          .tuple(fc.array(contact, { maxLength: 3 }), badContact, fc.array(contact, { maxLength: 2 }))
          .map(([before, bad, after]) => [...before, bad, ...after]),
        fc.array(contact, { minLength: 51, maxLength: 53 }),
      ),
    }),
    fc.record({ field: fc.constant('delivery_zones'), value: badZones }),
    fc.record({
      field: fc.string({ maxLength: 20 }).filter((k) => !BRANCH_FIELDS.includes(k) && k !== '__proto__'),
      value: fc.jsonValue({ maxDepth: 1 }),
    }),
  )
  .chain(({ field, value }) =>
    validPatch.map((patch) => {
      const branch: Record<string, unknown> = { ...patch };
      Object.defineProperty(branch, field, { value, enumerable: true, writable: true, configurable: true });
      return { field, branch };
    }),
  );

// ---------------------------------------------------------------- PUT /v1/branches/{id}

describe('PUT /v1/branches/{id} under generated bodies', () => {
  it('stores valid bodies exactly as sent (names trimmed)', async () => {
    await fc.assert(
      fc.asyncProperty(validPatch, async (patch) => {
        const response = await put(json(patch));
        count('valid', response.status);
        expect(response.status, response.text.slice(0, 300)).toBe(200);
        const stored = (
          JSON.parse((await get(`/v1/branches/${BRANCH}`)).text) as { branch: Record<string, unknown> }
        ).branch;
        for (const [key, value] of Object.entries(expectedStored(patch)))
          expect(stored[key], key).toEqual(value);
        snapshot = await takeSnapshot();
      }),
      { numRuns: 150 },
    );
  });

  it('refuses a wrong field (type, range, shape, length, unknown key) and keeps the valid ones out too', async () => {
    await fc.assert(
      fc.asyncProperty(wrongField, async ({ branch }) => {
        await refuses('wrong field', json(branch), 400);
      }),
      { numRuns: 650 },
    );
  });

  it('refuses __proto__, constructor.prototype, constructor and prototype keys at every depth, polluting nothing', async () => {
    // Where a key can go: [path into the body, whether plain "constructor"/"prototype" are unknown keys there].
    const places: [string[], boolean][] = [
      [[], true],
      [['branch'], true],
      [['branch', 'coordinates'], true],
      [['branch', 'contacts', '0'], true],
      [['branch', 'contacts', '0', 'work_timings'], true],
      [['branch', 'delivery_zones'], true],
      [['branch', 'delivery_zones', 'features', '0'], true],
      [['branch', 'delivery_zones', 'features', '0', 'geometry'], true],
      [['branch', 'delivery_zones', 'features', '0', 'properties'], false],
      [['branch', 'delivery_zones', 'features', '0', 'properties', 'nested'], false],
    ];
    const body = fc.record({
      patch: fc.record({
        name: text(1, 20).filter(trimmedWithin(200)),
        coordinates,
        contacts: fc.array(contact, { minLength: 1, maxLength: 2 }),
        delivery_zones: zones(fc.uniqueArray(zone, { selector: (z) => z.id, minLength: 1, maxLength: 2 })),
      }),
      place: fc.constantFrom(...places),
      key: fc.constantFrom('__proto__', 'constructor.prototype', 'constructor', 'prototype'),
      value: fc.oneof(fc.constant({ polluted: true }), fc.jsonValue({ maxDepth: 1 })),
    });
    await fc.assert(
      fc.asyncProperty(
        body.filter(({ place, key }) => place[1] || key === '__proto__' || key === 'constructor.prototype'),
        async ({ patch, place: [path], key, value }) => {
          const root: Record<string, unknown> = { branch: structuredClone(patch) };
          const branch = root.branch as { delivery_zones: { features: Record<string, unknown>[] } };
          branch.delivery_zones.features[0]!.properties = { nested: {} };
          let target = root;
          for (const step of path) target = target[step] as Record<string, unknown>;
          const [own, inner] = key.split('.') as [string, string | undefined];
          const injected = inner ? Object.defineProperty({}, inner, { value, enumerable: true }) : value;
          Object.defineProperty(target, own, { value: injected, enumerable: true });
          await refuses('prototype keys', JSON.stringify(root), 400);
        },
      ),
      { numRuns: 200 },
    );
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses NaN, Infinity and other non-numbers where a number goes (as they would arrive: 1e999, "NaN", null...)', async () => {
    const SLOT = '"<<slot>>"';
    const tokens = [
      '1e999',
      '-1e999',
      '1e309',
      '"NaN"',
      '"Infinity"',
      '"-Infinity"',
      'null',
      'NaN',
      'Infinity',
      '-Infinity',
      '"1"',
      'true',
      '[]',
      '{}',
      '01',
      '.5',
      '5.',
      '+1',
      '0x1',
    ];
    const body = fc
      .record({
        slot: fc.constantFrom('latitude', 'longitude', 'position x', 'position y', 'closing position'),
        ring: squareRing,
        coords: coordinates,
        token: fc.constantFrom(...tokens),
      })
      .map(({ slot, ring, coords, token }) => {
        const slotted: unknown[][] = ring.map((p) => [...p]);
        const corner = slot === 'closing position' ? 4 : 1;
        if (slot.startsWith('position') || slot === 'closing position')
          slotted[corner]![slot.endsWith('y') ? 1 : 0] = '<<slot>>';
        const branch = {
          coordinates:
            slot === 'latitude' || slot === 'longitude' ? { ...coords, [slot]: '<<slot>>' } : coords,
          delivery_zones: {
            type: 'FeatureCollection',
            features: [
              {
                type: 'Feature',
                id: 'z',
                properties: {},
                geometry: { type: 'Polygon', coordinates: [slotted] },
              },
            ],
          },
        };
        return json(branch).replace(SLOT, token);
      });
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        await refuses('non-numbers', text, 400);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses out-of-range coordinates and positions', async () => {
    const body = fc.oneof(
      fc.record({ latitude: outOf(90), longitude }).map((c) => ({ coordinates: c })),
      fc.record({ latitude, longitude: outOf(180) }).map((c) => ({ coordinates: c })),
      fc
        .record({
          ring: squareRing,
          at: fc.nat({ max: 3 }),
          axis: fc.constantFrom(0, 1),
          value: fc.oneof(outOf(90), outOf(180)),
        })
        .filter(({ axis, value }) => Math.abs(value) > (axis === 0 ? 180 : 90))
        .map(({ ring, at, axis, value }) => {
          const moved = ring.map((p) => [...p]);
          moved[at]![axis] = value;
          if (at === 0) moved[4]![axis] = value;
          return {
            delivery_zones: {
              type: 'FeatureCollection',
              features: [
                {
                  type: 'Feature',
                  id: 'far',
                  properties: {},
                  geometry: { type: 'Polygon', coordinates: [moved] },
                },
              ],
            },
          };
        }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (branch) => {
        await refuses('out of range', json(branch), 400);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses open, tiny, repeating, self-intersecting and spiked rings, with a path into the zone', async () => {
    const body = fc
      .tuple(fc.uniqueArray(zone, { selector: (z) => z.id, maxLength: 3 }), fc.nat(), badPolygon)
      .map(([features, at, coordinates]) => {
        const index = at % (features.length + 1);
        const broken = {
          type: 'Feature',
          id: '\u0000broken',
          properties: {},
          geometry: { type: 'Polygon', coordinates },
        };
        return {
          index,
          branch: {
            delivery_zones: {
              type: 'FeatureCollection',
              features: [...features.slice(0, index), broken, ...features.slice(index)],
            },
          },
        };
      });
    await fc.assert(
      fc.asyncProperty(body, async ({ index, branch }) => {
        const response = await put(json(branch));
        await expectRefused('bad rings', response, 400);
        const paths = parseError(400, response.json()).error.details?.map((d) => d.path) ?? [];
        expect(
          paths.some((p) => p.startsWith(`branch.delivery_zones.features.${index}`)),
          paths.join(', '),
        ).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses over-long strings, up to 900 KB', async () => {
    const body = fc.oneof(
      fc.nat({ max: 100_000 }).map((n) => ({ name: 'x'.repeat(201 + n) })),
      fc.nat({ max: 100_000 }).map((n) => ({ formatted_address: `${'é'.repeat(501 + n)}` })),
      fc.nat({ max: 10_000 }).map((n) => ({ id: `A${'b'.repeat(64 + n)}` })),
      fc.nat({ max: 10_000 }).map((n) => ({ name: '🚚'.repeat(201 + n) })), // limits count code points
    );
    await fc.assert(
      fc.asyncProperty(body, async (branch) => {
        await refuses('long strings', json(branch), 400);
      }),
      { numRuns: 30 },
    );
    for (const field of ['name', 'formatted_address', 'id']) {
      await refuses('long strings', json({ [field]: 'y'.repeat(900_000) }), 400);
    }
  });

  it('refuses 10,000 and 100,000 levels of nesting without a stack overflow', async () => {
    const nest = (kind: 'array' | 'object' | 'mixed', depth: number) => {
      const open = kind === 'array' ? '[' : kind === 'object' ? '{"a":' : '[{"a":';
      const close = kind === 'array' ? ']' : kind === 'object' ? '}' : '}]';
      const times = kind === 'mixed' ? depth / 2 : depth;
      return `${open.repeat(times)}1${close.repeat(times)}`;
    };
    const body = fc
      .record({
        kind: fc.constantFrom('array' as const, 'object' as const, 'mixed' as const),
        depth: fc.constantFrom(34, 10_000, 100_000),
        where: fc.constantFrom('body', 'branch', 'name', 'contacts', 'properties'),
      })
      .map(({ kind, depth, where }) => {
        const deep = nest(kind, depth);
        if (where === 'body') return deep;
        const holder =
          where === 'branch'
            ? { branch: '<<deep>>' }
            : where === 'properties'
              ? {
                  branch: {
                    delivery_zones: {
                      type: 'FeatureCollection',
                      features: [
                        {
                          type: 'Feature',
                          id: 'd',
                          properties: { deep: '<<deep>>' },
                          geometry: { type: 'Polygon', coordinates: [square(0, 0, 1)] },
                        },
                      ],
                    },
                  },
                }
              : { branch: { [where]: '<<deep>>' } };
        return JSON.stringify(holder).replace('"<<deep>>"', deep);
      });
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        await refuses('deep nesting', text, 400);
      }),
      { numRuns: 25 },
    );
  });

  it('refuses bodies over 1 MiB with 413', async () => {
    const positions = (n: number) =>
      Array.from({ length: n }, (_, i) => [round6(-0.1 + i * 1e-6), round6(51.5 + (i % 7) * 1e-6)]);
    const bodies = [
      json({ name: 'x'.repeat(1_048_577) }),
      `${' '.repeat(1_048_576)}${json({ name: 'Padded' })}`,
      json({ name: 'Padded' }) + ' '.repeat(1_048_576),
      json({
        delivery_zones: {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              id: 'big',
              properties: {},
              geometry: { type: 'Polygon', coordinates: [positions(100_000)] },
            },
          ],
        },
      }),
      JSON.stringify([...Array(300_000).keys()]),
    ];
    for (const body of bodies) {
      expect(Buffer.byteLength(body)).toBeGreaterThan(1_048_576);
      await refuses('over 1 MiB', body, 413);
    }
  });

  it('refuses 100,000-vertex zones that fit in 1 MiB (position caps)', async () => {
    // Random positions, nudged so none repeats the one before (the schema would refuse that first).
    const ring = fc
      .array(fc.tuple(fc.integer({ min: -9, max: 9 }), fc.integer({ min: -9, max: 9 })), {
        minLength: 100_000,
        maxLength: 100_000,
      })
      .map((positions) => {
        const ring: number[][] = [];
        for (const [x, y] of positions) {
          const last = ring[ring.length - 1];
          ring.push(last && last[0] === x && last[1] === y ? [x === 9 ? -9 : x + 1, y] : [x, y]);
        }
        const [first, last] = [ring[0]!, ring[ring.length - 1]!];
        if (first[0] === last[0] && first[1] === last[1]) ring.pop();
        return [...ring, first];
      });
    await fc.assert(
      fc.asyncProperty(ring, async (positions) => {
        const body = json({
          delivery_zones: {
            type: 'FeatureCollection',
            features: [
              {
                type: 'Feature',
                id: 'huge',
                properties: {},
                geometry: { type: 'Polygon', coordinates: [positions] },
              },
            ],
          },
        });
        expect(Buffer.byteLength(body)).toBeLessThan(1_048_576);
        const response = await put(body);
        await expectRefused('100k-vertex zone', response, 400);
        expect(parseError(400, response.json()).error.details).toContainEqual({
          path: 'branch.delivery_zones.features.0.geometry.coordinates',
          message: expect.stringMatching(
            /^The delivery zones have (99,999|100,000) corners in all; a branch takes at most 5,000/,
          ) as unknown as string,
        });
      }),
      { numRuns: 4, endOnFailure: true },
    );
  });

  it('refuses other content types with 415: text, forms, none, another charset', async () => {
    const contentType = fc.oneof(
      fc.constantFrom(
        'text/plain',
        'text/plain; charset=utf-8',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=xyz',
        'application/xml',
        'text/json',
        'application/jsonp',
        'application/merge-patch+json',
        'application/json-patch+json',
        'application/json; charset=latin1',
        'application/json; charset=iso-8859-1',
        'application/json; charset=utf-16',
        'application/json;charset="windows-1252"',
        '',
        null,
      ),
      fc.stringMatching(/^[a-z]{1,12}\/[a-z0-9.+-]{1,20}$/).filter((t) => t !== 'application/json'),
    );
    await fc.assert(
      fc.asyncProperty(contentType, validPatch, async (type, patch) => {
        const body = type?.startsWith('application/x-www-form') ? 'branch%5Bname%5D=Form' : json(patch);
        await refuses('content types', body, 415, { 'content-type': type });
      }),
      { numRuns: 150 },
    );
  });

  it('refuses what is not JSON: syntax errors, truncations, empty bodies, bad UTF-8, lone surrogates', async () => {
    const notJson = (s: string) => {
      try {
        JSON.parse(s);
        return false;
      } catch {
        return true;
      }
    };
    const body = fc.oneof(
      fc
        .string({ unit: 'binary' })
        .filter(notJson)
        .map((s) => Buffer.from(s)),
      validPatch
        .chain((patch) => {
          const whole = json(patch);
          return fc.nat({ max: whole.length - 1 }).map((cut) => Buffer.from(whole.slice(0, cut)));
        })
        .filter((b) => notJson(b.toString())),
      validPatch.map((patch) => Buffer.from(`${json(patch)} trailing`)),
      validPatch
        .map((patch) => Buffer.from(json(patch).replace(/"/g, "'")))
        .filter((b) => notJson(b.toString())),
      fc
        .constantFrom(
          '',
          ' ',
          '\n\t ',
          '{"branch":{"name":"x",}}',
          '{"branch":{/* c */}}',
          '{branch:{}}',
          '{"branch":{"name":"a\u0001"}}',
        )
        .map((s) => Buffer.from(s)),
      // Valid UTF-8 turned invalid: a stray continuation byte, an overlong form, a lone lead byte.
      fc
        .constantFrom([0x80], [0xc0, 0xaf], [0xe2, 0x82], [0xff], [0xed, 0xa0, 0x80])
        .map((bad) =>
          Buffer.concat([Buffer.from('{"branch":{"name":"Caf'), Buffer.from(bad), Buffer.from('"}}')]),
        ),
      // Valid JSON, but not Unicode text.
      fc
        .constantFrom('\\ud800', '\\udfff', 'a\\ud83d', '\\ude9a b')
        .map((s) => Buffer.from(`{"branch":{"name":"${s}"}}`)),
      fc
        .constantFrom('\\ud800')
        .map((s) =>
          Buffer.from(
            `{"branch":{"delivery_zones":{"type":"FeatureCollection","features":[{"type":"Feature","id":"z","properties":{"${s}":1},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}}]}}}`,
          ),
        ),
    );
    await fc.assert(
      fc.asyncProperty(body, async (bytes) => {
        await refuses('not JSON', bytes, 400);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses JSON that is not {"branch": {...}}: arrays, scalars, null, extra keys', async () => {
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)),
      fc.array(
        validPatch.map((patch) => ({ branch: patch })),
        { maxLength: 2 },
      ),
      notA('object').map((branch) => ({ branch })),
      fc.constant({}),
      fc
        .constantFrom('Branch', 'branches', 'data', ' branch')
        .chain((key) => validPatch.map((patch) => ({ [key]: patch }))),
      fc
        .tuple(
          validPatch,
          fc.string({ maxLength: 10 }).filter((k) => k !== 'branch' && k !== '__proto__'),
          fc.jsonValue({ maxDepth: 1 }),
        )
        .map(([patch, key, value]) =>
          Object.defineProperty({ branch: patch }, key, { value, enumerable: true }),
        ),
    );
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        await refuses('not a branch object', JSON.stringify(value), 400);
      }),
      { numRuns: 150 },
    );
  });

  it('answers unknown branch ids with a 4xx (404 for well-formed ids), changing nothing', async () => {
    const id = fc.oneof(
      fc
        .stringMatching(BRANCH_ID_PATTERN)
        .filter((s) => !/^(LDN|MAN|BER|PAR|MAD|AMS|DXB|BOM)-01$/.test(s))
        .map((s) => ({ raw: s, wellFormed: true })),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }).map((s) => ({ raw: s, wellFormed: false })),
    );
    await fc.assert(
      fc.asyncProperty(id, validPatch, async ({ raw, wellFormed }, patch) => {
        const response = await put(json(patch), {}, percentEncode(raw));
        await expectRefused('unknown ids', response, wellFormed ? 404 : undefined);
      }),
      { numRuns: 100 },
    );
  });

  it('sent at least 2,000 generated bodies', () => {
    expect(totalSent()).toBeGreaterThanOrEqual(2000);
  });
});

// ---------------------------------------------------------------- zone size and work caps

/**
 * A comb: `teeth` long horizontal teeth side by side (4 positions each) off a spine, closed.
 * Every long edge overlaps every other in longitude: the self-intersection sweep's worst case.
 */
function comb(teeth: number): number[][] {
  const ring: number[][] = [];
  for (let j = 0; j < teeth; j++) {
    const y = round6(-60 + j * 0.01);
    const top = round6(y + 0.005);
    ring.push([0, y], [100, y], [100, top], [0, top]);
  }
  ring.push([-1, ring[ring.length - 1]![1]!], [-1, -60], [0, -60]);
  return ring;
}

/** A closed wavy circle of `n` vertices (an ordinary outline), or a star with random radii (`spiky`). */
function outline(n: number, lon: number, lat: number, spiky = false): number[][] {
  let state = 1;
  const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
  const ring = Array.from({ length: n }, (_, i) => {
    const angle = (2 * Math.PI * i) / n;
    const r = spiky ? 0.6 + 0.4 * random() : 1 + 0.02 * Math.sin(angle * 37);
    return [
      Number((lon + 2 * r * Math.cos(angle)).toFixed(4)) + 0,
      Number((lat + 1.3 * r * Math.sin(angle)).toFixed(4)) + 0,
    ];
  });
  return [...ring, ring[0]!];
}

const collection = (...rings: number[][][]) => ({
  type: 'FeatureCollection',
  features: rings.map((ring, i) => ({
    type: 'Feature',
    id: `zone-${i}`,
    properties: { name: `Zone ${i}` },
    geometry: { type: 'Polygon', coordinates: [ring] },
  })),
});

async function putZones(label: string, zones: ReturnType<typeof collection>): Promise<RawResponse> {
  const body = json({ delivery_zones: zones });
  const t0 = performance.now();
  const response = await put(body);
  console.log(
    `${label}: ${response.status} in ${(performance.now() - t0).toFixed(0)} ms (${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB)`,
  );
  return response;
}

describe('zone caps: no single PUT can keep the server busy for seconds', () => {
  it(`refuses a 45,000-vertex comb: over ${MAX_BRANCH_CORNERS.toLocaleString('en-GB')} corners`, async () => {
    const response = await putZones('45k-vertex comb', collection(comb(11_250)));
    await expectRefused('zone caps', response, 400);
    expect(parseError(400, response.json()).error).toMatchObject({
      message: 'The delivery zones are too large or too intricate to check',
      details: [
        {
          path: 'branch.delivery_zones.features.0.geometry.coordinates',
          message:
            'The delivery zones have 45,002 corners in all; a branch takes at most 5,000. Simplify this zone or the others.',
        },
      ],
    });
  });

  it('refuses a 10,000-vertex comb under a corner cap raised to 50,000 (MAX_BRANCH_CORNERS): far too much work for the sweep', () => {
    expect(zoneLimitIssues(collection(comb(2_500)).features, 50_000)).toEqual([
      {
        path: 'branch.delivery_zones.features.0.geometry.coordinates',
        message: expect.stringMatching(/too intricate to check/) as unknown as string,
      },
    ]);
    // An ordinary outline of the same size is fine under that cap.
    expect(zoneLimitIssues(collection(outline(10_000, -0.1, 51.5, true)).features, 50_000)).toEqual([]);
  });

  it(`refuses more than ${MAX_BRANCH_CORNERS.toLocaleString('en-GB')} corners on one branch, pointing at the zone that passes the cap`, async () => {
    const response = await putZones(
      '3 × 2k-vertex outlines',
      collection(outline(2_000, -20, 0), outline(2_000, 0, 0), outline(2_000, 20, 0)),
    );
    await expectRefused('zone caps', response, 400);
    expect(parseError(400, response.json()).error.details).toEqual([
      {
        path: 'branch.delivery_zones.features.2.geometry.coordinates',
        message:
          'The delivery zones have 6,000 corners in all; a branch takes at most 5,000. Simplify this zone or the others.',
      },
    ]);
  });

  it.each([
    ['a 5,000-vertex outline', () => collection(outline(5_000, -0.1, 51.5))],
    [
      'a 5,000-vertex random star (the sweep’s bad case among ordinary shapes)',
      () => collection(outline(5_000, -0.1, 51.5, true)),
    ],
    [
      'three 1,600-vertex outlines (4,800 corners)',
      () => collection(outline(1_600, -20, 0), outline(1_600, 0, 0), outline(1_600, 20, 0)),
    ],
  ])('accepts %s and stores it exactly', async (label, zones) => {
    const stored = async () =>
      (JSON.parse((await get(`/v1/branches/${BRANCH}`)).text) as { branch: { delivery_zones: unknown } })
        .branch.delivery_zones;
    const before = await stored();
    const sent = zones();
    const response = await putZones(label, sent);
    count('zone caps', response.status);
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    expect(await stored()).toEqual(sent);
    // Put the small zones back: every job page embeds the branch, zones included.
    expect((await put(json({ delivery_zones: before }))).status).toBe(200);
    snapshot = await takeSnapshot();
  });
});

// ---------------------------------------------------------------- GET /v1/jobs

/** Percent-encodes every byte of the UTF-8 form except unreserved characters (lone surrogates become U+FFFD). */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

describe('GET /v1/jobs under generated query strings', () => {
  const FILTERS = ['page', 'status', 'branch_id', 'team_id', 'timestamp_from', 'timestamp_to'];
  const name = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...FILTERS) },
    fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'hasOwnProperty',
      'page[]',
      'status[0]',
      'PAGE',
      'page ',
      '',
    ),
    fc.string({ unit: 'binary', maxLength: 12 }),
  );
  const value = fc.oneof(
    fc.integer().map(String),
    fc.constantFrom(
      '1',
      '2',
      '0',
      '-1',
      '1.5',
      '1e3',
      '1e400',
      '-1e400',
      'NaN',
      'Infinity',
      '0x10',
      ' 7 ',
      '',
      ' ',
      '١٢٣',
      '１',
    ),
    fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
    fc.constantFrom(String(Number.MAX_SAFE_INTEGER), String(Number.MAX_SAFE_INTEGER + 2), '9'.repeat(400)),
    fc.constantFrom('LDN-01', 'team-1', 'team-3'),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ minLength: 90, maxLength: 120 }),
  );
  /** Mostly well-encoded pairs, sometimes raw fragments: stray %, +, &&, ==, malformed escapes. */
  const query = fc
    .array(
      fc.oneof(
        {
          weight: 8,
          arbitrary: fc.tuple(name, value).map(([n, v]) => `${percentEncode(n)}=${percentEncode(v)}`),
        },
        fc.constantFrom(
          '%',
          '%zz',
          'page=%E0%A4%A',
          'page=1+1',
          '&',
          '==',
          'page',
          'status=',
          '%00=%00',
          'page=1%00',
        ),
      ),
      { maxLength: 8 },
    )
    .map((pairs) => pairs.join('&'));

  it('never answers 5xx; a 200 is a jobs page, anything else a 4xx in the error format', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const response = await get(`/v1/jobs?${q}`);
        count('GET /v1/jobs query', response.status);
        expect(response.status, `?${q}: ${response.text.slice(0, 200)}`).toBeLessThan(500);
        if (response.status === 200) expect(JobsResponse.safeParse(response.json()).success).toBe(true);
        else {
          expect(response.status).toBeGreaterThanOrEqual(400);
          parseError(response.status, response.json());
        }
      }),
      { numRuns: 400 },
    );
  });

  it('the same for filters sent as a JSON body (the spec sample)', async () => {
    const body = fc.oneof(
      fc.dictionary(
        fc.oneof(fc.constantFrom(...FILTERS), fc.string({ maxLength: 8 })),
        fc.jsonValue({ maxDepth: 2 }),
        { maxKeys: 4 },
      ),
      fc.jsonValue({ maxDepth: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (filters) => {
        const response = await rawRequest(`${server.url}/v1/jobs`, {
          headers: { ...auth(), 'content-type': JSON_TYPE },
          body: JSON.stringify(filters),
        });
        count('GET /v1/jobs body', response.status);
        expect(response.status, response.text.slice(0, 200)).toBeLessThan(500);
        if (response.status !== 200) parseError(response.status, response.json());
      }),
      { numRuns: 100 },
    );
  });
});
