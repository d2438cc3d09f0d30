/**
 * Pages of jobs with every stop's branch at the corner limit: each branch is serialised once per
 * page, the bytes are those of the whole page as JSON, and the page stays within the size
 * docs/production.md gives ("Limits").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BRANCH_CORNERS } from '../../server/zone-limits';
import { circle } from '../support/geo';
import { startTestServer, type TestServer } from '../support/server';

/** docs/production.md: a branch at the limit weighs at most this much JSON, in each stop that embeds it. */
const MAX_EMBED_BYTES = 130_000;
/** And a job's own fields, without its stops' branches. */
const MAX_JOB_BYTES = 10_000;

let server: TestServer;
const auth = () => ({ authorization: `Bearer ${server.token}` });

beforeAll(async () => {
  server = await startTestServer({ jobs: 200 });
  const branches = (await (await fetch(`${server.url}/v1/branches`, { headers: auth() })).json()) as {
    branches: { id: string }[];
  };
  // Five zones of a fifth of the limit each, at the far end of the world (the longest coordinates).
  const perZone = MAX_BRANCH_CORNERS / 5;
  for (const { id } of branches.branches) {
    const features = Array.from({ length: 5 }, (_, i) => ({
      type: 'Feature',
      id: `limit-${i}`,
      properties: { name: `Zone at the limit ${i + 1}` },
      geometry: {
        type: 'Polygon',
        coordinates: [
          circle(-179.5 + i * 0.1, -89.5, 0.04, perZone).map(([x, y]) => [
            Number(x.toFixed(6)),
            Number(y.toFixed(6)),
          ]),
        ],
      },
    }));
    const put = await fetch(`${server.url}/v1/branches/${id}`, {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ branch: { delivery_zones: { type: 'FeatureCollection', features } } }),
    });
    expect(put.status, await put.text()).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await server.close();
});

describe('a page of jobs at the corner limit', () => {
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
    for (const stop of stops) {
      expect(stop.branch.delivery_zones.features).toHaveLength(5);
      expect(JSON.stringify(stop.branch).length).toBeLessThanOrEqual(MAX_EMBED_BYTES);
    }
    const bytes = Buffer.byteLength(text);
    expect(bytes).toBeLessThanOrEqual(stops.length * MAX_EMBED_BYTES + page.jobs.length * MAX_JOB_BYTES);
    console.log(`page 1: ${page.jobs.length} jobs, ${stops.length} stops, ${(bytes / 1e6).toFixed(1)} MB`);
  });
});
