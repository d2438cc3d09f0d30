/**
 * Pages of jobs with every stop's branch as large as a PUT can make it: zones at the corner
 * limit with the longest coordinates, zone properties at their limits (in characters JSON
 * escapes, so the bytes are the stored ones), the longest zone ids, the most contacts with the
 * longest names. Each branch is serialised once per page, the bytes are those of the whole page
 * as JSON, and the page stays within the size docs/production.md gives ("Limits").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BRANCH_CORNERS, ZONE_PROPERTY_LIMITS } from '../../server/zone-limits';
import { circle } from '../support/geo';
import { startTestServer, type TestServer } from '../support/server';

/** docs/production.md: a branch at the limits weighs at most this much JSON, in each stop that embeds it. */
const MAX_EMBED_BYTES = 300_000;
/** And a job's own fields, without its stops' branches. */
const MAX_JOB_BYTES = 10_000;

/** The most zones a branch may have (src/contract/input.ts). */
const ZONES = 500;
const CORNERS_PER_ZONE = MAX_BRANCH_CORNERS / ZONES;

/** Properties whose JSON is exactly `size` bytes: a quote and a control character escape to 2 and 6. */
function propertiesOf(size: number): Record<string, string> {
  const frame = Buffer.byteLength(JSON.stringify({ n: '' }));
  const unit = '"\u0001é'; // 2 + 6 + 2 bytes as JSON
  const room = size - frame;
  const value = unit.repeat(Math.floor(room / 10)) + 'x'.repeat(room % 10);
  const properties = { n: value };
  expect(Buffer.byteLength(JSON.stringify(properties))).toBe(size);
  return properties;
}

/**
 * Ids taking the branch's whole allowance of ids and properties (with empty properties, `{}`),
 * mostly in characters JSON escapes (6 bytes each).
 */
const ID_BYTES = Math.floor(ZONE_PROPERTY_LIMITS.perBranch / ZONES) - 2;
function idOf(i: number): string {
  const room = ID_BYTES - 2 - `${i}`.length;
  const id = `${i}${'\u0001'.repeat(Math.floor(room / 6))}${'x'.repeat(room % 6)}`;
  expect(Buffer.byteLength(JSON.stringify(id))).toBe(ID_BYTES);
  return id;
}

/**
 * Zone `i`: a square with two triangular holes (10 corners, three rings, so the most closing
 * positions for its corners), every coordinate with all six decimals near (-180, -90).
 */
function zoneAt(i: number) {
  const at = (dx: number, dy: number) => [
    Number((-(179 + (100_001 + i * 1000 + dx) / 1e6)).toFixed(6)),
    Number((-(89 + (100_001 + dy) / 1e6)).toFixed(6)),
  ];
  const ring = (...corners: [number, number][]) => [...corners, corners[0]!].map(([x, y]) => at(x, y));
  return {
    type: 'Feature',
    id: idOf(i),
    properties: {},
    geometry: {
      type: 'Polygon',
      coordinates: [
        ring([0, 0], [800, 0], [800, 800], [0, 800]),
        ring([100, 100], [100, 300], [300, 100]),
        ring([500, 500], [500, 700], [700, 500]),
      ],
    },
  };
}

let server: TestServer;
const auth = () => ({ authorization: `Bearer ${server.token}` });

beforeAll(async () => {
  server = await startTestServer({ jobs: 200 });
  const branches = (await (await fetch(`${server.url}/v1/branches`, { headers: auth() })).json()) as {
    branches: { id: string }[];
  };
  expect(CORNERS_PER_ZONE).toBe(10);
  const features = Array.from({ length: ZONES }, (_, i) => zoneAt(i));
  const contacts = Array.from({ length: 50 }, (_, i) => ({
    name: `${'\u0002'.repeat(110)}${i}`.padEnd(120, '"'),
    phone: `+${'1'.repeat(31)}`,
    work_timings: { from: '09:00 AM', to: '05:00 PM' },
    work_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  }));
  for (const { id } of branches.branches) {
    const put = await fetch(`${server.url}/v1/branches/${id}`, {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({
        branch: {
          name: '\u0003'.repeat(200),
          formatted_address: '\u0004'.repeat(500),
          contacts,
          delivery_zones: { type: 'FeatureCollection', features },
        },
      }),
    });
    expect(put.status, await put.text()).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await server.close();
});

describe('a page of jobs at the limits of a branch', () => {
  it('embeds every stop’s whole branch, each within the documented size, and is the page as JSON', async () => {
    const response = await fetch(`${server.url}/v1/jobs?page=1`, {
      headers: { ...auth(), 'accept-encoding': 'identity' },
    });
    const text = await response.text();
    type Stop = { branch: { delivery_zones: { features: unknown[] } } };
    const page = JSON.parse(text) as { jobs: { pickups: Stop[]; deliveries: Stop[] }[] };
    expect(JSON.stringify(page)).toBe(text);
    const stops = page.jobs.flatMap((job) => [...job.pickups, ...job.deliveries]);
    expect(stops.length).toBeGreaterThan(page.jobs.length);
    let largest = 0;
    for (const stop of stops) {
      expect(stop.branch.delivery_zones.features).toHaveLength(ZONES);
      largest = Math.max(largest, Buffer.byteLength(JSON.stringify(stop.branch)));
    }
    expect(largest).toBeLessThanOrEqual(MAX_EMBED_BYTES);
    const bytes = Buffer.byteLength(text);
    expect(bytes).toBeLessThanOrEqual(stops.length * MAX_EMBED_BYTES + page.jobs.length * MAX_JOB_BYTES);
    console.log(
      `page 1: ${page.jobs.length} jobs, ${stops.length} stops, ${(bytes / 1e6).toFixed(1)} MB; largest branch ${largest} bytes`,
    );
  });

  it('refuses one byte more of properties than a branch may hold, saying so on the zone', async () => {
    // Ids of 8 bytes as JSON ("over-N"), properties filling the rest of the branch's bytes, then one more zone.
    const full = Math.ceil(ZONE_PROPERTY_LIMITS.perBranch / ZONE_PROPERTY_LIMITS.perZone);
    const each = Math.floor(ZONE_PROPERTY_LIMITS.perBranch / full) - 8;
    const features = Array.from({ length: full + 1 }, (_, i) => ({
      type: 'Feature',
      id: `over-${i}`,
      properties: i === full ? {} : propertiesOf(each),
      geometry: { type: 'Polygon', coordinates: [circle(10 + i, 10, 0.2, 8)] },
    }));
    const put = await fetch(`${server.url}/v1/branches/LDN-01`, {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ branch: { delivery_zones: { type: 'FeatureCollection', features } } }),
    });
    expect(put.status).toBe(400);
    const body = (await put.json()) as { error: { details: { path: string; message: string }[] } };
    expect(body.error.details).toEqual([
      {
        path: `branch.delivery_zones.features.${full}.properties`,
        message: `The zones' ids and properties take ${(full * (each + 8) + 10).toLocaleString('en-GB')} bytes as JSON in all; a branch takes at most ${ZONE_PROPERTY_LIMITS.perBranch.toLocaleString('en-GB')} bytes. Shorten this zone's or the others'.`,
      },
    ]);
  });

  it('refuses a zone whose properties pass their own limit, with the figures, nothing saved', async () => {
    const before = await (await fetch(`${server.url}/v1/branches/MAN-01`, { headers: auth() })).text();
    const features = [0, 1].map((i) => ({
      type: 'Feature',
      id: `big-${i}`,
      properties: propertiesOf(ZONE_PROPERTY_LIMITS.perZone + i),
      geometry: { type: 'Polygon', coordinates: [circle(10 + i, 10, 0.2, 8)] },
    }));
    const put = await fetch(`${server.url}/v1/branches/MAN-01`, {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ branch: { delivery_zones: { type: 'FeatureCollection', features } } }),
    });
    expect(put.status).toBe(400);
    const body = (await put.json()) as { error: { details: unknown[] } };
    expect(body.error.details).toEqual([
      {
        path: 'branch.delivery_zones.features.1.properties',
        message: `This zone's properties take ${(ZONE_PROPERTY_LIMITS.perZone + 1).toLocaleString('en-GB')} bytes as JSON; a zone takes at most ${ZONE_PROPERTY_LIMITS.perZone.toLocaleString('en-GB')} bytes.`,
      },
    ]);
    expect(await (await fetch(`${server.url}/v1/branches/MAN-01`, { headers: auth() })).text()).toBe(before);
  });
});
